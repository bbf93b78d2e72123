"""The sibling rule (`merge_siblings`) on analysis graphs: merges, refusals, switches."""

from __future__ import annotations

from pathlib import Path

from mlir import ir

from mlirfuse.analysis import DataflowGraph
from mlirfuse.context import make_context, parse_module
from mlirfuse.policy.sibling_rules import merge_siblings
from mlirfuse.transforms.sibling_apply import singleton_groups
from mlirfuse.vocab.model import Group
from mlirfuse.vocab.options import FusionOptions

REPO = Path(__file__).resolve().parent.parent
ID = "affine_map<(d0) -> (d0)>"


def _generic(result: str, inputs: list[str], body_op: str) -> str:
    maps = ", ".join([ID] * (len(inputs) + 1))
    ins = ", ".join(inputs)
    types = ", ".join(["tensor<8xf32>"] * len(inputs))
    args = ", ".join(f"%i{k}: f32" for k in range(len(inputs)))
    operands = ", ".join(f"%i{k}" for k in range(len(inputs))) if len(inputs) > 1 else "%i0, %i0"
    return (
        f'  {result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel"]}}'
        f" ins({ins} : {types}) outs(%e : tensor<8xf32>) {{\n"
        f"  ^bb0({args}, %o: f32):\n    %r = {body_op} {operands} : f32\n    linalg.yield %r : f32\n"
        "  } -> tensor<8xf32>\n"
    )


def _graph(body: str, results: str) -> tuple[DataflowGraph, tuple[ir.Context, ir.Module]]:
    text = (
        "func.func @f(%x: tensor<8xf32>, %z: tensor<8xf32>) -> ("
        + ", ".join(["tensor<8xf32>"] * results.count("%"))
        + ") {\n"
        "  %e = tensor.empty() : tensor<8xf32>\n"
        + body
        + f"  return {results} : "
        + ", ".join(["tensor<8xf32>"] * results.count("%"))
        + "\n}\n"
    )
    ctx = make_context()
    module = parse_module(text, ctx)
    func = module.body.operations[0]
    return DataflowGraph.build(func), (ctx, module)


def test_two_readers_of_one_value_merge() -> None:
    body = _generic("%a", ["%x"], "arith.addf") + _generic("%b", ["%x"], "arith.mulf")
    graph, _keep = _graph(body, "%a, %b")
    groups, refusals = merge_siblings(graph, singleton_groups(graph), FusionOptions())
    merged = [g for g in groups if len(g.ops) > 1]
    assert [g.pattern for g in merged] == ["sibling"]
    assert merged[0].ops == (1, 2)
    assert refusals == []


def test_switched_off_merges_nothing() -> None:
    body = _generic("%a", ["%x"], "arith.addf") + _generic("%b", ["%x"], "arith.mulf")
    graph, _keep = _graph(body, "%a, %b")
    groups, _ = merge_siblings(graph, singleton_groups(graph), FusionOptions(siblings=False))
    assert all(len(g.ops) == 1 for g in groups)
    groups, _ = merge_siblings(graph, singleton_groups(graph), FusionOptions(enabled=False))
    assert all(len(g.ops) == 1 for g in groups)


def test_path_through_another_group_is_a_cycle() -> None:
    # A -> G.x and G.y -> B with x, y unrelated: no op-level path from A to B,
    # but G is one kernel, so merging A and B would wait on itself.
    body = (
        _generic("%a", ["%x"], "arith.addf")
        + _generic("%gx", ["%a"], "arith.mulf")
        + _generic("%gy", ["%z"], "arith.subf")
        + _generic("%b", ["%x", "%gy"], "arith.addf")
    )
    graph, _keep = _graph(body, "%gx, %b")
    assert not graph.reachable(1, 4)
    groups = [
        Group(0, (1,), "single", 1),
        Group(1, (2, 3), "elementwise-chain", None),
        Group(2, (4,), "single", 4),
    ]
    merged, refusals = merge_siblings(graph, groups, FusionOptions())
    assert all(len(g.ops) <= 2 for g in merged)
    assert [r.code for r in refusals] == ["cycle"]
    assert "through op 2" in refusals[0].message


def test_independent_kernels_only_when_asked() -> None:
    body = _generic("%a", ["%x"], "arith.addf") + _generic("%b", ["%z"], "arith.mulf")
    graph, _keep = _graph(body, "%a, %b")
    groups, _ = merge_siblings(graph, singleton_groups(graph), FusionOptions())
    assert all(len(g.ops) == 1 for g in groups)
    groups, _ = merge_siblings(graph, singleton_groups(graph), FusionOptions(independent=True))
    assert [g.pattern for g in groups if len(g.ops) > 1] == ["independent"]


def test_attention_projections_are_one_horizontal_group() -> None:
    ctx = make_context()
    module = parse_module((REPO / "examples" / "attention_qkv.mlir").read_text(), ctx)
    graph = DataflowGraph.build(module.body.operations[0])
    groups, refusals = merge_siblings(graph, singleton_groups(graph), FusionOptions())
    assert refusals == []
    merged = [g for g in groups if len(g.ops) > 1]
    assert len(merged) == 1 and merged[0].pattern == "horizontal-contraction"
    assert len(merged[0].ops) == 3
    groups, _ = merge_siblings(
        graph, singleton_groups(graph), FusionOptions(horizontal_contraction=False)
    )
    assert all(len(g.ops) == 1 for g in groups)


def test_readers_of_one_value_are_not_independent() -> None:
    ctx = make_context()
    module = parse_module((REPO / "examples" / "attention_qkv.mlir").read_text(), ctx)
    graph = DataflowGraph.build(module.body.operations[0])
    only_independent = FusionOptions(siblings=False, horizontal_contraction=False, independent=True)
    groups, _ = merge_siblings(graph, singleton_groups(graph), only_independent)
    assert all(len(g.ops) == 1 for g in groups)


def test_merge_sibling_generics_api() -> None:
    import pytest

    import mlirfuse

    body = _generic("%a", ["%x"], "arith.addf") + _generic("%b", ["%x", "%z"], "arith.mulf")
    graph, (_ctx, module) = _graph(body, "%a, %b")
    merged = mlirfuse.merge_sibling_generics([graph.ops[1], graph.ops[2]])
    module.operation.verify()
    assert len(merged.results) == 2
    assert [str(v.type) for v in merged.operands].count("tensor<8xf32>") == 4  # %x, %z, 2 inits
    with pytest.raises(ValueError, match="same-space"):
        mlirfuse.merge_sibling_generics([merged])


def test_apply_merged_group_concatenates_inside_one_group() -> None:
    """What an umbrella pass calls for a "horizontal-contraction" group with epilogues."""
    import numpy as np

    from mlirfuse.runner import run
    from mlirfuse.transforms.sibling_apply import apply_merged_group

    text = (REPO / "test_lit" / "siblings" / "umbrella.mlir").read_text()
    text = text[text.index("#bias") :].replace("[#id, #bias, #id]", "[#eye, #bias, #eye]")
    text = "#eye = affine_map<(d0, d1) -> (d0, d1)>\n" + text
    module = parse_module(text, make_context())
    block = module.body.operations[0].regions[0].blocks[0]
    kernel_ops = [
        op.operation
        for op in block.operations
        if op.operation.name in ("linalg.matmul", "linalg.generic")
    ]
    group = apply_merged_group(block, kernel_ops, "horizontal-contraction", 3)
    module.operation.verify()
    inside = [op.operation.name for op in group.regions[0].blocks[0].operations]
    assert inside.count("linalg.matmul") == 1 and "tensor.concat" in inside
    rng = np.random.default_rng(0)
    shapes = [(8, 32), (16, 32), (16, 32), (16,), (16,)]
    arrays = [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
    for want, got in zip(run(text, None, *arrays), run(str(module), None, *arrays), strict=True):
        assert float(np.abs(want - got).max()) <= 1e-5 * float(np.abs(want).max())
