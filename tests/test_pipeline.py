"""mlirfuse.pipeline: splitting, named pipelines, building one PassManager."""

from __future__ import annotations

from pathlib import Path

import pytest
from mlir import ir

from mlirfuse.context import parse_module
from mlirfuse.pipeline import (
    PipelineError,
    build_pass_manager,
    load_named_pipeline,
    named_pipelines,
    parse_options,
    parse_pipeline,
    pipeline_text,
    run_pipeline,
)
from mlirfuse.upstream_passes import parse_help, upstream_passes

TWO_GROUPS = """
func.func @f(%a: f32) -> f32 {
  %0 = "fusion.group"() ({
    %s = arith.addf %a, %a : f32
    gpu.yield %s : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  %1 = "fusion.group"() ({
    %s = arith.addf %a, %a : f32
    gpu.yield %s : f32
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
  %m = arith.mulf %0, %1 : f32
  return %m : f32
}
"""


def test_splits_module_pipeline_into_elements() -> None:
    text = "builtin.module(a,b{x=1 y=2},func.func(c,d),mlirfuse-fuse{target=h200})"
    elements = parse_pipeline(text)
    assert [e.text for e in elements] == [
        "a",
        "b{x=1 y=2}",
        "func.func(c,d)",
        "mlirfuse-fuse{target=h200}",
    ]
    assert [e.is_mlirfuse for e in elements] == [False, False, False, True]
    assert elements[3].options == {"target": "h200"}
    assert elements[1].options == {}  # upstream options stay in the verbatim text


def test_bare_list_and_nested_module_mean_the_same() -> None:
    bare = parse_pipeline(" canonicalize , func.func(cse) ")
    wrapped = parse_pipeline("builtin.module(builtin.module(canonicalize),func.func(cse))")
    assert [e.text for e in bare] == [e.text for e in wrapped] == ["canonicalize", "func.func(cse)"]
    assert pipeline_text(bare) == "builtin.module(canonicalize,func.func(cse))"
    assert parse_pipeline("builtin.module()") == []


def test_option_values_quotes_and_flags() -> None:
    assert parse_options("{a=1 b='x y' flag c={1,2}}") == {
        "a": "1",
        "b": "x y",
        "flag": "true",
        "c": "{1,2}",
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("builtin.module(cse", "unbalanced"),
        ("cse)", "unbalanced ')'"),
        ("func.func(mlirfuse-inline-groups)", "move them out of 'func.func(...)'"),
        ("mlirfuse-inline-groups(cse)", "malformed options for pass 'mlirfuse-inline-groups'"),
        ("@no-such-pipeline", "unknown named pipeline '@no-such-pipeline'"),
    ],
)
def test_malformed_pipelines_are_rejected(text: str, message: str) -> None:
    with pytest.raises(PipelineError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_pipeline(text)


def test_named_pipelines_load_from_search_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine.pipeline").write_text(
        "# my pipeline\nbuiltin.module(\n  # inline first\n  mlirfuse-inline-groups,\n  cse\n)\n"
    )
    (tmp_path / "outer.pipeline").write_text("canonicalize, @mine")
    (tmp_path / "loop.pipeline").write_text("@loop")
    monkeypatch.setenv("MLIRFUSE_PIPELINE_PATH", str(tmp_path))
    assert {"mine", "outer", "cpu-llvm"} <= set(named_pipelines())
    assert "#" not in load_named_pipeline("mine")
    assert [e.name for e in parse_pipeline("@outer")] == [
        "canonicalize",
        "mlirfuse-inline-groups",
        "cse",
    ]
    with pytest.raises(PipelineError, match="includes itself"):
        parse_pipeline("@loop")
    with pytest.raises(PipelineError, match="did you mean @mine"):
        load_named_pipeline("mines")


def test_unknown_upstream_pass_names_nearest(ctx: ir.Context) -> None:
    with pytest.raises(
        PipelineError, match=r"unknown pass 'canonicalise'; did you mean 'canonicalize'"
    ):
        build_pass_manager("builtin.module(canonicalise)", ctx)
    with pytest.raises(PipelineError, match=r"unknown pass 'csee'; did you mean 'cse'"):
        build_pass_manager("func.func(csee)", ctx)


def test_unknown_mlirfuse_pass_and_options_are_named(ctx: ir.Context) -> None:
    with pytest.raises(PipelineError, match=r"did you mean 'mlirfuse-inline-groups'"):
        build_pass_manager("mlirfuse-inline-group", ctx)
    with pytest.raises(
        PipelineError, match=r"unknown option 'depth' for pass 'mlirfuse-inline-groups'"
    ):
        build_pass_manager("mlirfuse-inline-groups{depth=1}", ctx)
    with pytest.raises(
        PipelineError, match=r"unknown option 'max-iteration'.*did you mean 'max-iterations'"
    ):
        build_pass_manager("canonicalize{max-iteration=2}", ctx)


def test_pass_manager_keeps_element_order(ctx: ir.Context) -> None:
    pm = build_pass_manager(
        "builtin.module(func.func(cse),mlirfuse-inline-groups,canonicalize)", ctx
    )
    text = str(pm)
    assert (
        text.index("func.func(cse)")
        < text.index("mlirfuse-inline-groups")
        < text.index("canonicalize")
    )


def _count(module: ir.Module, name: str) -> int:
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return len(found)


@pytest.mark.parametrize(
    ("pipeline", "adds_left"),
    [("mlirfuse-inline-groups,func.func(cse)", 1), ("func.func(cse),mlirfuse-inline-groups", 2)],
)
def test_interleaving_order_changes_the_result(
    ctx: ir.Context, pipeline: str, adds_left: int
) -> None:
    module = parse_module(TWO_GROUPS, ctx, "two.mlir")
    run_pipeline(module, pipeline)
    assert _count(module, "fusion.group") == 0
    assert _count(module, "arith.addf") == adds_left


def test_upstream_pass_list_comes_from_mlir_opt_help() -> None:
    sample = "    Passes:\n      --cse      -   Eliminate common sub-expressions\n      --canonicalize   -   Canonicalize operations\n        --max-iterations=<long>   - Max. iterations\nGeneric Options:\n      --not-a-pass  -   x\n"
    parsed = parse_help(sample)
    assert set(parsed) == {"cse", "canonicalize"}
    assert parsed["canonicalize"].options == ["max-iterations"]
    stored = upstream_passes()
    assert "one-shot-bufferize" in stored
    assert "bufferize-function-boundaries" in stored["one-shot-bufferize"].options


def test_pipeline_in_a_callers_plain_context() -> None:
    """A user's own context gets the fusion dialect when an mlirfuse pass runs;
    its allow-unregistered setting is kept."""
    user_ctx = ir.Context()
    user_ctx.allow_unregistered_dialects = True
    with user_ctx:
        module = ir.Module.parse("func.func @f() {\n  return\n}")
    assert not user_ctx.is_registered_operation("fusion.group")
    run_pipeline(module, "mlirfuse-verify-groups,canonicalize")
    assert user_ctx.is_registered_operation("fusion.group")
    assert user_ctx.allow_unregistered_dialects


def test_fusion_ops_parsed_before_the_dialect_are_refused() -> None:
    user_ctx = ir.Context()
    user_ctx.allow_unregistered_dialects = True
    with user_ctx:
        module = ir.Module.parse(TWO_GROUPS)
    with pytest.raises(PipelineError, match="load_fusion_dialect"):
        run_pipeline(module, "mlirfuse-inline-groups")
