"""dominates / properly_dominates over nested scf.for / scf.if regions,
linalg bodies and block arguments (the bindings have no DominanceInfo)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mlir import ir

from mlirfuse.analysis import dominates, properly_dominates
from mlirfuse.context import make_context, parse_module

NESTED = """
func.func @f(%n: index, %x: f32, %t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant {tag = "c0"} 0 : index
  %c1 = arith.constant {tag = "c1"} 1 : index
  %c4 = arith.constant {tag = "c4"} 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (f32) {
    %cond = arith.cmpi slt, %i, %n {tag = "cmp"} : index
    %v = scf.if %cond -> (f32) {
      %a = arith.addf %acc, %x {tag = "then"} : f32
      scf.yield %a : f32
    } else {
      %b = arith.mulf %acc, %acc {tag = "else"} : f32
      scf.yield %b : f32
    } {tag = "if"}
    %w = arith.addf %v, %acc {tag = "after_if"} : f32
    scf.yield %w : f32
  } {tag = "for"}
  %e = tensor.empty() {tag = "empty"} : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %r {tag = "body"} : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %z = arith.addf %r, %x {tag = "end"} : f32
  return %z : f32
}
"""


def _walk(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner.operation
                yield from _walk(inner.operation)


@pytest.fixture(scope="module")
def ir_ops() -> Iterator[tuple[ir.Module, dict[str, ir.Operation]]]:
    ctx = make_context()
    module = parse_module(NESTED, ctx, "nested.mlir")
    tagged = {}
    for op in _walk(module.operation):
        if "tag" in op.attributes:
            tagged[ir.StringAttr(op.attributes["tag"]).value] = op
    with ctx:
        yield module, tagged


def _func(module: ir.Module) -> ir.Operation:
    return module.body.operations[0].operation


def test_outer_constant_dominates_op_two_regions_deep(ir_ops):
    _, ops = ir_ops
    assert properly_dominates(ops["c0"], ops["then"])
    assert dominates(ops["c0"].results[0], ops["then"])


def test_then_branch_does_not_dominate_else_branch(ir_ops):
    _, ops = ir_ops
    assert not properly_dominates(ops["then"], ops["else"])
    assert not properly_dominates(ops["else"], ops["then"])


def test_op_nested_in_if_does_not_dominate_op_after_the_if(ir_ops):
    _, ops = ir_ops
    assert not properly_dominates(ops["else"], ops["after_if"])
    assert not dominates(ops["then"].results[0], ops["after_if"])


def test_enclosing_op_dominates_nested_ops_but_its_result_does_not(ir_ops):
    _, ops = ir_ops
    assert properly_dominates(ops["if"], ops["then"])
    assert not properly_dominates(ops["if"], ops["then"], enclosing_ok=False)
    assert not dominates(ops["if"].results[0], ops["then"])
    assert dominates(ops["if"].results[0], ops["after_if"])


def test_loop_induction_variable_dominates_only_inside_the_loop(ir_ops):
    _, ops = ir_ops
    body = ops["for"].regions[0].blocks[0]
    induction, acc = body.arguments[0], body.arguments[1]
    assert dominates(induction, ops["cmp"])
    assert dominates(acc, ops["then"])  # two levels below the block of the argument
    assert not dominates(induction, ops["end"])


def test_function_argument_dominates_everything_in_the_function(ir_ops):
    module, ops = ir_ops
    x = _func(module).regions[0].blocks[0].arguments[1]
    for tag in ("c0", "then", "else", "after_if", "body", "end"):
        assert dominates(x, ops[tag]), tag


def test_loop_result_dominates_later_ops_not_its_own_body(ir_ops):
    _, ops = ir_ops
    result = ops["for"].results[0]
    assert dominates(result, ops["end"])
    assert dominates(result, ops["body"])  # used inside a later linalg body
    assert not dominates(result, ops["after_if"])
    assert not dominates(result, ops["for"])


def test_an_op_does_not_properly_dominate_itself(ir_ops):
    _, ops = ir_ops
    assert not properly_dominates(ops["cmp"], ops["cmp"])
    assert not dominates(ops["cmp"].results[0], ops["cmp"])


def test_later_op_does_not_dominate_earlier_one(ir_ops):
    _, ops = ir_ops
    assert not properly_dominates(ops["end"], ops["c0"])
    assert not properly_dominates(ops["c4"], ops["c1"])
    assert properly_dominates(ops["c1"], ops["c4"])


def test_value_defined_before_a_region_op_dominates_its_nested_users(ir_ops):
    _, ops = ir_ops
    cond = ops["cmp"].results[0]
    assert dominates(cond, ops["else"])
    assert dominates(cond, ops["if"])


def test_linalg_body_arguments_are_local_to_the_body(ir_ops):
    _, ops = ir_ops
    generic = ops["body"].parent.operation
    body_arg = generic.regions[0].blocks[0].arguments[0]
    assert dominates(body_arg, ops["body"])
    assert not dominates(body_arg, ops["end"])
    assert dominates(ops["empty"].results[0], ops["body"])


def test_module_encloses_everything_and_parentless_ops_are_safe(ir_ops):
    module, ops = ir_ops
    assert properly_dominates(module.operation, ops["then"])
    assert not properly_dominates(ops["then"], module.operation)
    assert not properly_dominates(module.operation, ops["then"], enclosing_ok=False)


def test_ops_in_different_functions_do_not_dominate_each_other():
    ctx = make_context()
    text = """module {
    func.func @a(%x: f32) -> f32 {
      %0 = arith.addf %x, %x {tag = "a"} : f32
      return %0 : f32
    }
    func.func @b(%x: f32) -> f32 {
      %0 = arith.addf %x, %x {tag = "b"} : f32
      return %0 : f32
    }
    }"""
    module = parse_module(text, ctx, "two.mlir")
    with ctx:
        ops = {
            ir.StringAttr(o.attributes["tag"]).value: o
            for o in _walk(module.operation)
            if "tag" in o.attributes
        }
        assert not properly_dominates(ops["a"], ops["b"])
        assert not dominates(ops["a"].results[0], ops["b"])


def test_entry_block_dominates_later_blocks_of_a_multi_block_region():
    ctx = make_context()
    text = """func.func @cfg(%c: i1, %x: f32) -> f32 {
  %a = arith.addf %x, %x {tag = "entry"} : f32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = arith.mulf %a, %a {tag = "left"} : f32
  return %b : f32
^bb2:
  %d = arith.subf %a, %a {tag = "right"} : f32
  return %d : f32
}"""
    module = parse_module(text, ctx, "cfg.mlir")
    with ctx:
        ops = {
            ir.StringAttr(o.attributes["tag"]).value: o
            for o in _walk(module.operation)
            if "tag" in o.attributes
        }
        assert properly_dominates(ops["entry"], ops["left"])
        assert dominates(ops["entry"].results[0], ops["right"])
        # Conservative: a non-entry block dominates nothing outside itself.
        assert not properly_dominates(ops["left"], ops["right"])
        assert not dominates(ops["left"].results[0], ops["right"])
