"""What a softmax region computes, as expression trees over the score element.

The attention matcher does not look for op names or a library of spellings:
it evaluates every op that reads the scores `x` (a tensor of the score space,
keys innermost) symbolically and asks whether the value reaching the second
contraction *is* `exp(x - rowmax(x)) / rowsum(exp(x - rowmax(x)))` (optionally
with fully masked rows set to zero, as `scaled_dot_product_attention` spells
it). An expression is a nested tuple: ("x",) the score element, ("const", v),
("rowmax", e) / ("rowsum", e) / ("rowall", e) a statistic of the row over the
key dim, and (op name, operands...) for a body op (`arith.cmpf` carries its
predicate). Casts between float widths are transparent.
"""

from __future__ import annotations

import math
from typing import Any, TypeAlias

from mlir import ir

Expr: TypeAlias = tuple[Any, ...]

X: Expr = ("x",)
NEG_INF: Expr = ("const", -math.inf)
ZERO: Expr = ("const", 0.0)
ROWMAX: Expr = ("rowmax", X)
EXP: Expr = ("math.exp", ("arith.subf", X, ROWMAX))
SOFTMAX: Expr = ("arith.divf", EXP, ("rowsum", EXP))
# A row whose scores are all -inf: every probability 0 instead of NaN.
ALL_MASKED: Expr = ("rowall", ("arith.cmpf", 1, X, NEG_INF))  # 1: oeq
SOFTMAX_ZERO_ROWS: Expr = ("arith.select", ALL_MASKED, ZERO, SOFTMAX)

_TRANSPARENT = frozenset({"arith.extf", "arith.truncf"})
_COMBINERS = {"arith.maximumf": "rowmax", "arith.maxnumf": "rowmax", "arith.addf": "rowsum"}
_COMBINER_INIT = {"rowmax": -math.inf, "rowsum": 0.0}
_BOOL_COMBINERS = {"arith.andi": "rowall"}


def constant_expr(value: ir.Value) -> Expr | None:
    """A scalar or splat `arith.constant` as ("const", v); None otherwise."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.operation.name != "arith.constant":
        return None
    attr = owner.operation.attributes["value"]
    if isinstance(attr, ir.FloatAttr):
        return ("const", float(attr.value))
    if isinstance(attr, ir.BoolAttr):
        return ("const", bool(attr.value))
    if isinstance(attr, ir.IntegerAttr):
        return _integer(attr)
    if isinstance(attr, ir.DenseElementsAttr) and attr.is_splat:
        return constant_expr_of_attr(attr.get_splat_value())
    return None


def constant_expr_of_attr(attr: ir.Attribute) -> Expr | None:
    if isinstance(attr, ir.FloatAttr):
        return ("const", float(attr.value))
    if isinstance(attr, ir.IntegerAttr):
        return _integer(attr)
    return None


def _integer(attr: ir.IntegerAttr) -> Expr:
    if ir.IntegerType(attr.type).width == 1:
        return ("const", attr.value != 0)
    return ("const", int(attr.value))


def body_exprs(block: ir.Block, args: list[Expr | None]) -> list[Expr | None]:
    """The yielded values of a linalg body, given an expression per block argument
    (None: unknown). Any op outside the small arithmetic vocabulary gives None."""
    env: dict[ir.Value, Expr | None] = dict(zip(block.arguments, args, strict=True))
    yielded: list[Expr | None] = []
    for op_view in block.operations:
        op = op_view.operation
        if op.name == "linalg.yield":
            yielded = [_lookup(env, v) for v in op.operands]
            break
        if len(op.results) != 1:
            return [None]
        env[op.results[0]] = _op_expr(op, [_lookup(env, v) for v in op.operands])
    return yielded


def _lookup(env: dict[ir.Value, Expr | None], value: ir.Value) -> Expr | None:
    if value in env:
        return env[value]
    return constant_expr(value)  # captured from above: only constants are known


def _op_expr(op: ir.Operation, operands: list[Expr | None]) -> Expr | None:
    if op.name == "arith.constant":
        return constant_expr(op.results[0])
    if any(o is None for o in operands):
        return None
    if op.name in _TRANSPARENT:
        return operands[0]
    if op.name == "arith.cmpf":
        predicate = int(ir.IntegerAttr(op.attributes["predicate"]).value)
        return ("arith.cmpf", predicate, *operands)
    if op.name.startswith(("arith.", "math.")):
        return (op.name, *operands)
    return None


def reduction_expr(block: ir.Block, element: Expr, init: Expr | None) -> Expr | None:
    """The row statistic a reduction body computes from `element`, when its first
    result folds `element` into the accumulator with a known combiner and `init`
    is that combiner's identity (maximum: -inf, sum: 0, and: true)."""
    acc: Expr = ("acc",)
    args: list[Expr | None] = [element, acc] + [None] * (len(block.arguments) - 2)
    yielded = body_exprs(block, args)
    if not yielded or yielded[0] is None:
        return None
    first = yielded[0]
    if len(first) != 3 or {first[1], first[2]} != {element, acc}:
        return None
    name = first[0]
    if name in _COMBINERS:
        statistic = _COMBINERS[name]
        return (statistic, element) if init == ("const", _COMBINER_INIT[statistic]) else None
    if name in _BOOL_COMBINERS and init == ("const", True):
        return (_BOOL_COMBINERS[name], element)
    return None
