"""What the softmax walk's expressions make of TOSA's spellings
(`analysis/attention_exprs.py`): a row max starting at the lowest finite value
of its type, and `a · (1 / b)`. test_lit/gpu/tosa-attention.mlir runs whole
chains; these pin the cases it does not reach (16-bit maxima, the operand order)."""

from __future__ import annotations

import pytest
from mlir import ir

from mlirfuse.analysis.attention_exprs import X, body_exprs, constant_expr, reduction_expr
from mlirfuse.context import make_context, parse_module

REDUCE = """
func.func @f(%x: tensor<4x8x{t}>, %init: tensor<4x{t}>) -> tensor<4x{t}> {{
  %r = linalg.reduce ins(%x : tensor<4x8x{t}>) outs(%init : tensor<4x{t}>) dimensions = [1]
    (%in: {t}, %acc: {t}) {{
      %m = arith.maximumf %in, %acc : {t}
      linalg.yield %m : {t}
    }}
  return %r : tensor<4x{t}>
}}
"""

PRODUCT = """
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {{
  %one = arith.constant {numerator} : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}}
       ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {{
  ^bb0(%x: f32, %s: f32, %o: f32):
    %q = arith.divf %one, %s : f32
    %p = {product}
    linalg.yield %p : f32
  }} -> tensor<4xf32>
  return %r : tensor<4xf32>
}}
"""


def _body(module: ir.Module, name: str) -> ir.Block:
    """The body of `module`'s first `name` op (the caller keeps `module`)."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found[0].regions[0].blocks[0]


def _constant(value: str, element: str) -> tuple[object, ...] | None:
    """constant_expr of `arith.constant value : element` (as the IR holds it)."""
    text = f"func.func @c() {{\n  %c = arith.constant {value} : {element}\n  return\n}}"
    module = parse_module(text, ir.Context.current)
    func = module.body.operations[0]
    return constant_expr(func.regions[0].blocks[0].operations[0].results[0])


@pytest.mark.parametrize(
    ("element", "lowest"),
    [("f32", "-3.40282347E+38"), ("f16", "-6.550400e+04"), ("bf16", "-3.389530e+38")],
)
def test_row_max_from_the_lowest_finite_value(element: str, lowest: str) -> None:
    with make_context():
        module = parse_module(REDUCE.format(t=element), ir.Context.current)
        block = _body(module, "linalg.reduce")
        init = _constant(lowest, element)
        assert init is not None and init[1] > float("-inf")
        assert reduction_expr(block, X, init) == ("rowmax", X)
        assert reduction_expr(block, X, ("const", float("-inf"))) == ("rowmax", X)
        # Any other start is max(start, rowmax x), not the row's maximum.
        assert reduction_expr(block, X, ("const", 0.0)) is None
        assert reduction_expr(block, X, ("const", -1e30)) is None


@pytest.mark.parametrize("product", ["arith.mulf %x, %q : f32", "arith.mulf %q, %x : f32"])
def test_times_the_reciprocal_is_a_division(product: str) -> None:
    with make_context():
        module = parse_module(PRODUCT.format(numerator="1.0", product=product), ir.Context.current)
        block = _body(module, "linalg.generic")
        a, b = ("a",), ("b",)
        assert body_exprs(block, [a, b, None]) == [("arith.divf", a, b)]


def test_times_another_quotient_is_not() -> None:
    with make_context():
        text = PRODUCT.format(numerator="2.0", product="arith.mulf %x, %q : f32")
        module = parse_module(text, ir.Context.current)
        block = _body(module, "linalg.generic")
        a, b = ("a",), ("b",)
        assert body_exprs(block, [a, b, None]) == [
            ("arith.mulf", a, ("arith.divf", ("const", 2.0), b))
        ]
