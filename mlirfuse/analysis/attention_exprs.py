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
ONE: Expr = ("const", 1.0)
ROWMAX: Expr = ("rowmax", X)
EXP: Expr = ("math.exp", ("arith.subf", X, ROWMAX))
SOFTMAX: Expr = ("arith.divf", EXP, ("rowsum", EXP))
# A row whose scores are all -inf: every probability 0 instead of NaN.
ALL_MASKED: Expr = ("rowall", ("arith.cmpf", 1, X, NEG_INF))  # 1: oeq
SOFTMAX_ZERO_ROWS: Expr = ("arith.select", ALL_MASKED, ZERO, SOFTMAX)

_TRANSPARENT = frozenset({"arith.extf", "arith.truncf"})
_COMBINERS = {"arith.maximumf": "rowmax", "arith.maxnumf": "rowmax", "arith.addf": "rowsum"}
_COMBINER_INIT = {"rowmax": -math.inf, "rowsum": 0.0}
# The lowest finite value of each float type: TOSA's `reduce_max` starts its
# maximum there instead of at -inf. max(lowest, rowmax x) differs from
# rowmax x only on a row of -inf scores, whose softmax is NaN (0 / 0) with
# either (exp(x - m) is 0 for every key, m finite or not), so it is the
# statistic `exp(x - rowmax x) / rowsum(…)` reads.
_LOWEST = {"f32": -3.4028234663852886e38, "bf16": -3.3895313892515355e38, "f16": -65504.0}
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
        return _normal((op.name, *operands))
    return None


def _normal(expr: Expr) -> Expr:
    """`a · (1 / b)` (TOSA's `reciprocal` then `mul`) is `a / b`."""
    if expr[0] != "arith.mulf":
        return expr
    for a, b in ((expr[1], expr[2]), (expr[2], expr[1])):
        if b[0] == "arith.divf" and b[1] == ONE:
            return ("arith.divf", a, b[2])
    return expr


def reduction_expr(block: ir.Block, element: Expr, init: Expr | None) -> Expr | None:
    """The row statistic a reduction body computes from `element`, when its first
    result folds `element` into the accumulator with a known combiner and `init`
    is that combiner's identity (maximum: -inf, or the lowest finite value of
    its type, `_LOWEST`; sum: 0; and: true)."""
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
        identities = {("const", _COMBINER_INIT[statistic])}
        if statistic == "rowmax":
            lowest = _LOWEST.get(str(block.arguments[1].type))
            identities |= set() if lowest is None else {("const", lowest)}
        return (statistic, element) if init in identities else None
    if name in _BOOL_COMBINERS and init == ("const", True):
        return (_BOOL_COMBINERS[name], element)
    return None
