"""The `Size` of an index value and the `Size`s of a tensor's dims (see
`symbolic.py`). Read-only: nothing here changes the IR."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from mlir import ir

from mlirfuse.analysis.symbolic import Size, product
from mlirfuse.context import GROUP_OP

Dims = tuple[Size | None, ...]

_FALSE, _TRUE = Size.const(0), Size.const(1)
# arith.cmpi predicates: eq ne slt sle sgt sge ult ule ugt uge.
_COMPARE: dict[int, Callable[[Fraction], bool]] = {
    0: lambda d: d == 0,
    1: lambda d: d != 0,
    2: lambda d: d < 0,
    3: lambda d: d <= 0,
    4: lambda d: d > 0,
    5: lambda d: d >= 0,
}
# What is known of `x ? 0` for a product of extents x >= 0 (not its value).
_AGAINST_ZERO = {2: False, 5: True}
_CASTS = frozenset(
    {"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci"}
)
_DIVISIONS = frozenset({"arith.divsi", "arith.divui", "arith.floordivsi", "arith.ceildivsi"})


class SizeEvaluator:
    """Memoised `Size`s of one function's values."""

    def __init__(self) -> None:
        self._values: dict[ir.Value, Size | None] = {}
        self._shapes: dict[ir.Value, Dims] = {}

    # -- index and integer values ------------------------------------------

    def value(self, value: ir.Value) -> Size | None:
        if value in self._values:
            return self._values[value]
        self._values[value] = None  # a cycle (in a loop body) stays unknown
        found = self._value(value)
        self._values[value] = found
        return found

    def _value(self, value: ir.Value) -> Size | None:
        if isinstance(value, ir.BlockArgument):
            return _argument_symbol(value)
        op = value.owner.operation
        name = op.name
        if name == "arith.constant":
            return _constant(op)
        if name in _CASTS:
            return self.value(op.operands[0])
        if name == "tensor.dim":
            index = self.value(op.operands[1])
            if index is None or not index.is_const:
                return None
            dims = self.shape(op.operands[0])
            position = int(index.coef)
            return dims[position] if 0 <= position < len(dims) else None
        if name == "affine.apply":
            return self._affine(op)
        if name == "arith.select":
            return self._select(op)
        if name == "arith.cmpi":
            return self._compare(op)
        return self._binary(name, op)

    def _binary(self, name: str, op: ir.Operation) -> Size | None:
        if name not in ("arith.muli", "arith.addi", "arith.subi") and name not in _DIVISIONS:
            return None
        a, b = self.value(op.operands[0]), self.value(op.operands[1])
        if a is None or b is None:
            return None
        if name == "arith.muli":
            return a * b
        if name == "arith.addi":
            return a.plus(b)
        if name == "arith.subi":
            return a.plus(b, -1)
        return a.exact_div(b)

    def _select(self, op: ir.Operation) -> Size | None:
        cond = self.value(op.operands[0])
        if cond is not None and cond.is_const:
            return self.value(op.operands[1] if cond.coef else op.operands[2])
        a, b = self.value(op.operands[1]), self.value(op.operands[2])
        return a if a is not None and a == b else None

    def _compare(self, op: ir.Operation) -> Size | None:
        predicate = ir.IntegerAttr(op.attributes["predicate"]).value
        if predicate not in _COMPARE:
            return None
        a, b = self.value(op.operands[0]), self.value(op.operands[1])
        if a is None or b is None:
            return None
        difference = a.plus(b, -1)
        if difference is not None and difference.is_const:
            return _TRUE if _COMPARE[predicate](difference.coef) else _FALSE
        if b == _FALSE and a.non_negative() and predicate in _AGAINST_ZERO:
            return _TRUE if _AGAINST_ZERO[predicate] else _FALSE
        return None

    def _affine(self, op: ir.Operation) -> Size | None:
        amap = ir.AffineMapAttr(op.attributes["map"]).value
        if len(amap.results) != 1:
            return None
        operands = [self.value(v) for v in op.operands]
        return _affine_expr(amap.results[0], operands, amap.n_dims)

    # -- tensor dims --------------------------------------------------------

    def shape(self, value: ir.Value) -> Dims:
        """Each dim of the ranked tensor `value`; () for anything else."""
        if value not in self._shapes:
            self._shapes[value] = self._shape(value)
        return self._shapes[value]

    def _shape(self, value: ir.Value) -> Dims:
        if not isinstance(value.type, ir.RankedTensorType):
            return ()
        static = _static_dims(value.type)
        if None not in static:
            return static
        value = _through_inits(value)
        if isinstance(value, ir.BlockArgument):
            name = _argument_name(value)
            return tuple(
                s if s is not None or name is None else Size.symbol(f"{name}.d{i}")
                for i, s in enumerate(static)
            )
        return _merge(static, self._shape_of_result(value.owner.operation, value))

    def _shape_of_result(self, op: ir.Operation, value: ir.Value) -> Dims:
        name = op.name
        if name == "tensor.empty":
            return self._dynamic_operands(list(op.operands), value)
        if name == "tensor.expand_shape":
            return self._dynamic_operands(list(op.operands)[1:], value)
        if name == "tensor.collapse_shape":
            source = self.shape(op.operands[0])
            groups = _reassociation(op)
            return tuple(product([source[i] for i in g]) if source else None for g in groups)
        if name == "tensor.cast":
            return self.shape(op.operands[0])
        if name == "tensor.extract_slice":
            # Its dynamic sizes in order (a dim a rank-reducing slice drops is a static 1).
            return self._dynamic_operands(_segment(op, 2), value)
        if name == GROUP_OP:  # a formed kernel's result: what its body yields
            body = op.regions[0].blocks[0]
            terminator = list(body.operations)[-1].operation
            return self.shape(terminator.operands[ir.OpResult(value).result_number])
        if name == "tensor.reshape":
            shape_op = op.operands[1]
            elements = shape_op.owner.operation if isinstance(shape_op, ir.OpResult) else None
            if elements is not None and elements.name == "tensor.from_elements":
                return tuple(self.value(v) for v in elements.operands)
        return ()

    def _dynamic_operands(self, operands: list[ir.Value], value: ir.Value) -> Dims:
        """Static dims, and one operand per dynamic dim in order (as the op
        verifier requires; a mismatch, mid-rewrite, proves nothing)."""
        static = _static_dims(value.type)
        if sum(s is None for s in static) != len(operands):
            return ()
        it = iter(operands)
        return tuple(s if s is not None else self.value(next(it)) for s in static)


def _merge(static: Dims, derived: Dims) -> Dims:
    if len(derived) != len(static):
        return static
    return tuple(s if s is not None else d for s, d in zip(static, derived, strict=True))


def _static_dims(t: ir.Type) -> Dims:
    rt = ir.RankedTensorType(t)
    return tuple(
        None if rt.is_dynamic_dim(i) else Size.const(rt.get_dim_size(i)) for i in range(rt.rank)
    )


def _through_inits(value: ir.Value) -> ir.Value:
    """A destination-style result has its init's shape: follow inits back."""
    for _ in range(10_000):
        if not isinstance(value, ir.OpResult):
            return value
        init = same_shape_init(value)
        if init is None:
            return value
        value = init
    return value


def same_shape_init(value: ir.Value) -> ir.Value | None:
    """The init operand whose shape the linalg result `value` has, or None."""
    if not isinstance(value, ir.OpResult):
        return None
    op = value.owner.operation
    if not op.name.startswith("linalg."):
        return None
    results = list(op.results)
    operands = list(op.operands)
    first_init = _first_init(op, len(operands), len(results))
    if first_init is None:
        return None
    init = operands[first_init + value.result_number]
    # Equal types (dynamic dims included) also rule out ops whose trailing
    # operands are not their destinations.
    return init if init.type == value.type else None


def _first_init(op: ir.Operation, num_operands: int, num_results: int) -> int | None:
    """Index of the first init operand: from `operandSegmentSizes` (ins, outs)
    when the op has it, else the trailing operands (transpose, map, reduce)."""
    if num_results == 0 or num_results > num_operands:
        return None
    if "operandSegmentSizes" in op.attributes:
        sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
        if len(sizes) != 2 or sizes[1] != num_results:
            return None
        return sizes[0]
    return num_operands - num_results


def _segment(op: ir.Operation, index: int) -> list[ir.Value]:
    """The operands of variadic segment `index` (`operandSegmentSizes`)."""
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    start = sum(sizes[:index])
    return list(op.operands)[start : start + sizes[index]]


def _reassociation(op: ir.Operation) -> list[list[int]]:
    attr = ir.ArrayAttr(op.attributes["reassociation"])
    return [[ir.IntegerAttr(i).value for i in ir.ArrayAttr(g)] for g in attr]


def _argument_name(value: ir.BlockArgument) -> str | None:
    """`argN` for an argument of a function's entry block, else None."""
    owner = value.owner.owner
    if owner is None or owner.operation.name != "func.func":
        return None
    return f"arg{value.arg_number}"


def _argument_symbol(value: ir.BlockArgument) -> Size | None:
    name = _argument_name(value)
    if name is None or not isinstance(value.type, ir.IndexType):
        return None
    return Size.symbol(name)


def _constant(op: ir.Operation) -> Size | None:
    attr = op.attributes["value"]
    if not isinstance(attr, ir.IntegerAttr):
        return None
    width = ir.IntegerType(attr.type).width if isinstance(attr.type, ir.IntegerType) else 64
    value = attr.value
    return Size.const(int(value != 0) if width == 1 else value)


def _affine_expr(expr: ir.AffineExpr, operands: list[Size | None], dims: int) -> Size | None:
    if isinstance(expr, ir.AffineConstantExpr):
        return Size.const(expr.value)
    if isinstance(expr, ir.AffineDimExpr):
        return operands[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return operands[dims + expr.position]
    if not isinstance(expr, ir.AffineBinaryExpr):
        return None
    a = _affine_expr(expr.lhs, operands, dims)
    b = _affine_expr(expr.rhs, operands, dims)
    if a is None or b is None:
        return None
    if isinstance(expr, ir.AffineAddExpr):
        return a.plus(b)
    if isinstance(expr, ir.AffineMulExpr):
        return a * b
    if isinstance(expr, ir.AffineFloorDivExpr | ir.AffineCeilDivExpr):
        return a.exact_div(b)
    if isinstance(expr, ir.AffineModExpr):
        return _FALSE if a.exact_div(b) is not None else None
    return None


def loop_sizes(maps: tuple[ir.AffineMap, ...], operands: list[ir.Value]) -> Dims:
    """Each loop's extent, read off the operands' dims through pure-dim map
    results (as `structured.loop_ranges` does for static extents)."""
    evaluate = SizeEvaluator()
    found: list[Size | None] = [None] * (maps[0].n_dims if maps else 0)
    for value, amap in zip(operands, maps, strict=False):
        dims = evaluate.shape(value)
        for position, expr in enumerate(amap.results):
            known = isinstance(expr, ir.AffineDimExpr) and position < len(dims)
            if known and found[expr.position] is None:
                found[expr.position] = dims[position]
    return tuple(found)
