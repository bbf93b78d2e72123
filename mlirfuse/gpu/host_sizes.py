"""Dynamic sizes of a function's values as expressions of its arguments' dims.

`SizeTracer(func).dims(value)` gives a tensor's or memref's sizes as size
expressions (`sizes.py`): integers where the type is static, otherwise traced
back through the host arithmetic (`tensor.dim`/`memref.dim`, `arith` integer
ops, casts, `affine.apply`/`min`/`max`, compares and selects that the
non-negativity of sizes decides) and through the ops that produce the
value (`tensor.empty`/`memref.alloc` operands, a linalg op's destination,
reshapes, slices, pads, concatenations, insertions, `fusion.group` yields)
to the function's arguments.
`scalar(value)` does the same for an integer value. A size it cannot follow
raises `UnknownSize`. Both the split (`isolate.py`, function level) and the
launch reader (`launch_info.py`, one lowered unit) use it.
"""

from __future__ import annotations

from collections.abc import Callable

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.sizes import (
    Expr,
    UnknownSize,
    arg_dim,
    binary,
    nonnegative,
    product,
    scalar_arg,
)

_BINARY = {
    "arith.addi": "add",
    "arith.subi": "sub",
    "arith.muli": "mul",
    "arith.divsi": "floordiv",  # sizes are non-negative: truncation is floor
    "arith.divui": "floordiv",
    "arith.floordivsi": "floordiv",
    "arith.ceildivsi": "ceildiv",
    "arith.ceildivui": "ceildiv",
    "arith.remsi": "mod",
    "arith.remui": "mod",
    "arith.minsi": "min",
    "arith.minui": "min",
    "arith.maxsi": "max",
    "arith.maxui": "max",
}
_CASTS = {"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci"}
# Host ops that only compute sizes (allowed in a unit's host code).
SIZE_OPS = {*_BINARY, *_CASTS, "arith.constant", "arith.cmpi", "arith.select"} | {
    "affine.apply",
    "affine.min",
    "affine.max",
    "memref.dim",
    "tensor.dim",
}
_DYNAMIC = ir.ShapedType.get_dynamic_size()


def _is_dynamic(size: int) -> bool:
    return size == _DYNAMIC or size < 0


class SizeTracer:
    """Sizes of the values of one function, in its arguments' dims."""

    def __init__(self, func: ir.Operation) -> None:
        block = func.regions[0].blocks[0]
        self.args = {a: i for i, a in enumerate(block.arguments)}
        self._dims: dict[ir.Value, list[Expr]] = {}
        self._scalars: dict[ir.Value, Expr] = {}

    def dims(self, value: ir.Value) -> list[Expr]:
        if value not in self._dims:
            self._dims[value] = self._trace_dims(value)
        return self._dims[value]

    def scalar(self, value: ir.Value) -> Expr:
        if value not in self._scalars:
            self._scalars[value] = self._trace_scalar(value)
        return self._scalars[value]

    def known(self, value: ir.Value) -> bool:
        try:
            self.dims(value)
        except UnknownSize:
            return False
        return True

    def _trace_dims(self, value: ir.Value) -> list[Expr]:
        shape = list(ir.ShapedType(value.type).shape)
        if not any(_is_dynamic(s) for s in shape):
            return shape
        if value in self.args:
            i = self.args[value]
            return [arg_dim(i, d) if _is_dynamic(s) else s for d, s in enumerate(shape)]
        op = defining_op(value)
        if op is None:
            raise UnknownSize(f"a block argument of type {value.type}")
        traced = self._dims_from(op, value)
        # The type's static sizes win (a cast may refine a traced size).
        return [t if _is_dynamic(s) else s for s, t in zip(shape, traced, strict=True)]

    def _dims_from(self, op: ir.Operation, value: ir.Value) -> list[Expr]:
        name = op.name
        result = _result_index(op, value)
        handler = _DIM_RULES.get(name)
        if handler is not None:
            return handler(self, op)
        if name.startswith("linalg.") or name in ("scf.forall", "bufferization.to_tensor"):
            inits = len(op.operands) - len(op.results)
            return self.dims(op.operands[inits + result]) if inits >= 0 else _unknown(op)
        if name == GROUP_OP:
            terminator = list(op.regions[0].blocks[0].operations)[-1].operation
            return self.dims(terminator.operands[result])
        return _unknown(op)

    def _dynamic_operands(self, static: list[int], operands: list[ir.Value]) -> list[Expr]:
        """A mixed static/dynamic list: each dynamic entry is the next operand."""
        values = iter(operands)
        return [self.scalar(next(values)) if _is_dynamic(s) else s for s in static]

    def _trace_scalar(self, value: ir.Value) -> Expr:
        if value in self.args:
            return scalar_arg(self.args[value])
        op = defining_op(value)
        if op is None:
            raise UnknownSize("a size computed from a block argument")
        name = op.name
        if name == "arith.constant":
            attr = op.attributes["value"]
            if not isinstance(attr, ir.IntegerAttr | ir.BoolAttr):
                raise UnknownSize(f"constant {attr}")
            number = int(ir.IntegerAttr(attr).value)
            return number & 1 if str(value.type) == "i1" else number
        if name in ("tensor.dim", "memref.dim"):
            index = self.scalar(op.operands[1])
            if not isinstance(index, int):
                raise UnknownSize("a dim of a dynamic index")
            return self.dims(op.operands[0])[index]
        if name in _CASTS:
            return self.scalar(op.operands[0])
        if name in _BINARY:
            a, b = (self.scalar(v) for v in op.operands)
            return binary(_BINARY[name], a, b)
        if name == "arith.cmpi":
            return _compare(op, self.scalar(op.operands[0]), self.scalar(op.operands[1]))
        if name == "arith.select":
            condition = self.scalar(op.operands[0])
            if not isinstance(condition, int):
                raise UnknownSize("a select on a condition the sizes do not decide")
            return self.scalar(op.operands[1] if condition else op.operands[2])
        if name in ("affine.apply", "affine.min", "affine.max"):
            return self._affine(op)
        if name == "tensor.extract":
            return self._extract(op)
        raise UnknownSize(f"'{name}' computes a size")

    def _affine(self, op: ir.Operation) -> Expr:
        amap = ir.AffineMapAttr(op.attributes["map"]).value
        operands = [self.scalar(v) for v in op.operands]
        dims, symbols = operands[: amap.n_dims], operands[amap.n_dims :]
        results = [affine_expr(e, dims, symbols) for e in amap.results]
        if op.name == "affine.apply":
            return results[0]
        combine = "min" if op.name == "affine.min" else "max"
        value = results[0]
        for other in results[1:]:
            value = binary(combine, value, other)
        return value

    def _extract(self, op: ir.Operation) -> Expr:
        """An element of a `tensor.from_elements` (a reshape's shape)."""
        source = defining_op(op.operands[0])
        if source is None or source.name != "tensor.from_elements" or len(op.operands) != 2:
            raise UnknownSize("'tensor.extract' of a computed tensor")
        index = self.scalar(op.operands[1])
        if not isinstance(index, int):
            raise UnknownSize("'tensor.extract' at a dynamic index")
        return self.scalar(source.operands[index])


def _result_index(op: ir.Operation, value: ir.Value) -> int:
    for i, result in enumerate(op.results):
        if result == value:
            return i
    return 0


def _unknown(op: ir.Operation) -> list[Expr]:
    raise UnknownSize(f"the sizes of a '{op.name}' result")


_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
_SIGN = {  # predicate -> the differences a - b (as -1, 0, 1) for which it holds
    "eq": {0},
    "ne": {-1, 1},
    "slt": {-1},
    "ult": {-1},
    "sle": {-1, 0},
    "ule": {-1, 0},
    "sgt": {1},
    "ugt": {1},
    "sge": {0, 1},
    "uge": {0, 1},
}


def _compare(op: ir.Operation, a: Expr, b: Expr) -> Expr:
    """0 or 1 where the comparison of sizes is decided (sizes are >= 0)."""
    predicate = str(op.attributes["predicate"]).split(":")[0].strip()
    kind = _PREDICATES[int(predicate)] if predicate.isdigit() else predicate
    difference = binary("sub", a, b)
    if isinstance(difference, int):
        return int((difference > 0) - (difference < 0) in _SIGN[kind])
    if b == 0 and nonnegative(a) and kind in ("slt", "ult", "sge", "uge"):
        return int(kind in ("sge", "uge"))  # a >= 0
    raise UnknownSize(f"a comparison of sizes not decided ('{kind}')")


def affine_expr(e: ir.AffineExpr, dims: list[Expr], symbols: list[Expr]) -> Expr:
    """An affine expression over size expressions."""
    if isinstance(e, ir.AffineConstantExpr):
        return int(e.value)
    if isinstance(e, ir.AffineDimExpr):
        return dims[e.position]
    if isinstance(e, ir.AffineSymbolExpr):
        return symbols[e.position]
    kinds: list[tuple[type, str]] = [
        (ir.AffineAddExpr, "add"),
        (ir.AffineMulExpr, "mul"),
        (ir.AffineModExpr, "mod"),
        (ir.AffineFloorDivExpr, "floordiv"),
        (ir.AffineCeilDivExpr, "ceildiv"),
    ]
    for cls, op in kinds:
        if isinstance(e, cls):
            lhs = affine_expr(e.lhs, dims, symbols)  # type: ignore[attr-defined]
            rhs = affine_expr(e.rhs, dims, symbols)  # type: ignore[attr-defined]
            if op == "mul" and rhs == -1:
                return binary("sub", 0, lhs)
            if op == "add" and isinstance(rhs, dict) and "sub" in rhs and rhs["sub"][0] == 0:
                return binary("sub", lhs, rhs["sub"][1])
            return binary(op, lhs, rhs)
    raise UnknownSize(f"affine expression {e}")


def _empty(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    shape = list(ir.ShapedType(op.results[0].type).shape)
    return tracer._dynamic_operands(shape, list(op.operands))


def _alloc(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    shape = list(ir.ShapedType(op.results[0].type).shape)
    dynamic = sum(1 for s in shape if _is_dynamic(s))
    return tracer._dynamic_operands(shape, list(op.operands)[:dynamic])


def _expand(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_output_shape"]))
    return tracer._dynamic_operands(static, list(op.operands)[1:])


def reassociation(op: ir.Operation) -> list[list[int]]:
    return [
        [ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)]
        for g in ir.ArrayAttr(op.attributes["reassociation"])
    ]


def _collapse(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    source = tracer.dims(op.operands[0])
    return [product([source[d] for d in group]) for group in reassociation(op)]


def _cast(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    return tracer.dims(op.operands[0])


def _slice(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    view = op.opview
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
    sizes = tracer._dynamic_operands(static, list(view.sizes))  # type: ignore[attr-defined]
    rank = ir.ShapedType(op.results[0].type).rank
    if len(sizes) != rank:  # rank-reducing: drop the unit sizes the type drops
        sizes = [s for s in sizes if s != 1]
        if len(sizes) != rank:
            raise UnknownSize("a rank-reducing slice")
    return sizes


def _pad(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    source = tracer.dims(op.operands[0])
    low = list(ir.DenseI64ArrayAttr(op.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(op.attributes["static_high"]))
    view = op.opview
    lows = tracer._dynamic_operands(low, list(view.low))  # type: ignore[attr-defined]
    highs = tracer._dynamic_operands(high, list(view.high))  # type: ignore[attr-defined]
    return [
        binary("add", binary("add", s, lo), h) for s, lo, h in zip(source, lows, highs, strict=True)
    ]


def _concat(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    """The first input's sizes, the concatenated dim the sum of the inputs'."""
    axis = int(ir.IntegerAttr(op.attributes["dim"]).value)
    inputs = [tracer.dims(v) for v in op.operands]
    total: Expr = 0
    for dims in inputs:
        total = binary("add", total, dims[axis])
    return [total if d == axis else size for d, size in enumerate(inputs[0])]


def _insert(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    """An insertion's result: its destination's sizes."""
    return tracer.dims(op.operands[1])


def _reshape(tracer: SizeTracer, op: ir.Operation) -> list[Expr]:
    shape = defining_op(op.operands[1])
    if shape is None or shape.name != "tensor.from_elements":
        raise UnknownSize("a reshape to a computed shape")
    return [tracer.scalar(v) for v in shape.operands]


_DIM_RULES: dict[str, Callable[[SizeTracer, ir.Operation], list[Expr]]] = {
    "tensor.empty": _empty,
    "memref.alloc": _alloc,
    "memref.alloca": _alloc,
    "tensor.expand_shape": _expand,
    "memref.expand_shape": _expand,
    "tensor.collapse_shape": _collapse,
    "memref.collapse_shape": _collapse,
    "tensor.cast": _cast,
    "memref.cast": _cast,
    "tensor.extract_slice": _slice,
    "memref.subview": _slice,
    "tensor.pad": _pad,
    "tensor.reshape": _reshape,
    "tensor.concat": _concat,
    "tensor.insert_slice": _insert,
}
