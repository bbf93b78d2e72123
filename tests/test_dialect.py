"""The fusion dialect (IRDL): parse, print, verify, round trip; inline-groups."""

from __future__ import annotations

import pytest
from mlir import ir

from mlirfuse.context import (
    group_accepts_result_types,
    group_result_order,
    group_segment_sizes,
    load_fusion_dialect,
    parse_module,
)
from mlirfuse.passes import get_pass_class
from mlirfuse.passes.inline_groups import InlineGroups, collect_groups

GROUP = """
func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %g:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<4xf32>
    %x = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    gpu.yield %a, %x : tensor<4xf32>, tensor<4xf32>
  }) {fusion.pattern = "elementwise-chain", fusion.id = 7 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<4xf32>, tensor<4xf32>)
  return %g#0, %g#1 : tensor<4xf32>, tensor<4xf32>
}
"""


def test_group_round_trips(ctx: ir.Context) -> None:
    module = parse_module(GROUP, ctx, "g.mlir")
    assert module.operation.verify()
    printed = str(module)
    assert '"fusion.group"() ({' in printed
    assert (
        '{fusion.id = 7 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes' in printed
    )
    again = parse_module(printed, ctx, "again.mlir")
    assert str(again) == printed


def test_group_attributes_and_results_are_visible(ctx: ir.Context) -> None:
    module = parse_module(GROUP, ctx, "g.mlir")
    (group,) = collect_groups(module.operation)
    assert len(group.results) == 2
    assert ir.StringAttr(group.attributes["fusion.pattern"]).value == "elementwise-chain"
    assert ir.IntegerAttr(group.attributes["fusion.id"]).value == 7
    assert group.regions[0].blocks[0].operations[2].name == "gpu.yield"


def test_loading_the_dialect_twice_is_harmless(ctx: ir.Context) -> None:
    load_fusion_dialect(ctx)
    assert parse_module(GROUP, ctx, "g.mlir").operation.verify()


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        (
            '%r = "fusion.group"() {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>}'
            " : () -> f32",
            "unexpected number of regions: expected 1 but got 0",
            2,
        ),
        (
            '%r = "fusion.group"(%a) ({\n gpu.yield %a : f32\n }) : (f32) -> f32',
            "expects exactly 0 operands",
            2,
        ),
        (
            '%r = "fusion.group"() ({\n %x = arith.addf %a, %a : f32\n }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32',
            "block with no terminator",
            3,
        ),
        (
            '%r = "fusion.group"() ({\n scf.yield %a : f32\n }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32',
            "'scf.yield' op expects parent op",
            3,
        ),
    ],
)
def test_malformed_groups_fail_with_a_location(
    ctx: ir.Context, body: str, message: str, line: int
) -> None:
    text = f"func.func @f(%a: f32) -> f32 {{\n  {body}\n  return %r : f32\n}}"
    with pytest.raises(ir.MLIRError) as failure:
        parse_module(text, ctx, "bad.mlir")
    (diag,) = failure.value.error_diagnostics
    assert message in diag.message
    assert str(diag.location).startswith(f'loc("bad.mlir":{line}:')


def test_results_of_different_types_round_trip(ctx: ir.Context) -> None:
    """Up to 7 results have a slot (and a type variable) each (docs/dialect.md)."""
    text = """
    func.func @f(%a: f32, %b: i32) -> (f32, i32) {
      %r:2 = "fusion.group"() ({ gpu.yield %a, %b : f32, i32 }) {resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (f32, i32)
      return %r#0, %r#1 : f32, i32
    }"""
    module = parse_module(text, ctx, "types.mlir")
    assert module.operation.verify()
    assert parse_module(str(module), ctx, "again.mlir").operation.verify()


def test_results_past_the_typed_slots_share_one_type(ctx: ir.Context) -> None:
    types = ["f32"] * 7 + ["i32", "i64"]
    assert group_segment_sizes(9) == [1, 1, 1, 1, 1, 1, 1, 2]
    assert group_accepts_result_types(["f32", "i32", "f64"])
    # As given, the tail differs in type: the dialect refuses this order (below).
    assert group_result_order(types) != list(range(len(types)))
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    values = ", ".join(f"%a{i}" for i in range(len(types)))
    type_list = ", ".join(types)
    sizes = ", ".join(map(str, group_segment_sizes(len(types))))
    text = f"""
    func.func @f({args}) {{
      %r:9 = "fusion.group"() ({{ gpu.yield {values} : {type_list} }}) {{resultSegmentSizes = array<i32: {sizes}>}} : () -> ({type_list})
      return
    }}"""
    with pytest.raises(ir.MLIRError, match="expected 'i32' but got 'i64'"):
        parse_module(text, ctx, "tail.mlir")


def test_results_of_the_common_type_go_last() -> None:
    """A group yields its rarer types in the typed slots, so at most 7
    results may differ from the most common type, in any order."""
    types = ["f32"] * 3 + ["i1"] + ["f32"] * 4 + ["i64"]
    order = group_result_order(types)
    assert order == [3, 8, 0, 1, 2, 4, 5, 6, 7]
    assert len({types[i] for i in order[7:]}) == 1
    assert group_accepts_result_types(types)
    assert group_result_order(["f32", "i1", "f32"]) == [0, 1, 2]  # kept as given
    eight_others = ["f32", "f32"] + [f"i{w}" for w in (1, 2, 4, 8, 16, 32, 64, 128)]
    assert not group_accepts_result_types(eight_others)


def test_group_without_segment_sizes_is_rejected(ctx: ir.Context) -> None:
    text = """
    func.func @f(%a: f32) -> f32 {
      %r = "fusion.group"() ({ gpu.yield %a : f32 }) : () -> f32
      return %r : f32
    }"""
    with pytest.raises(ir.MLIRError, match="'resultSegmentSizes' attribute is expected"):
        parse_module(text, ctx, "noattr.mlir")


def test_inline_groups_forwards_results(ctx: ir.Context) -> None:
    module = parse_module(GROUP, ctx, "g.mlir")
    InlineGroups()(module)
    text = str(module)
    assert "fusion.group" not in text and "gpu.yield" not in text
    assert "%1 = linalg.exp ins(%arg0 : tensor<4xf32>) outs(%0 : tensor<4xf32>)" in text
    assert "return %arg0, %1 : tensor<4xf32>, tensor<4xf32>" in text
    assert get_pass_class("mlirfuse-inline-groups") is InlineGroups


def test_inline_groups_reports_a_yield_mismatch(ctx: ir.Context) -> None:
    text = """
    func.func @f(%a: f32) -> f32 {
      %r = "fusion.group"() ({ gpu.yield %a, %a : f32, f32 }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> f32
      return %r : f32
    }"""
    module = parse_module(text, ctx, "m.mlir")
    with pytest.raises(ir.MLIRError) as failure:
        InlineGroups()(module)
    (diag,) = failure.value.error_diagnostics
    assert "yields 2 values for 1 group results" in diag.message
    assert str(diag.location) == 'loc("m.mlir":3:32)'
