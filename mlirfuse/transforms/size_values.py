"""Building tensors whose dims are proven sizes (`analysis/symbolic.py`).

A rewrite that re-expresses an op on another shape needs that shape's
dynamic dims as SSA values: `tensor.empty(%b32)`, `expand_shape .. output_shape
[%b, 32]`. `SizeValues` finds, for a `Size`, the first index value in the
function that has it (`dynamic_sizes.py` made every spelling of it that
one) above the op being rewritten, or builds `c * s` from the value of `s`
just before it.
Static shapes need none of this and build exactly what they did before.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.analysis.symbolic import Size
from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.transforms.ir_access import reshaped

Dims = list[Size]


def dims_of(value: ir.Value, evaluate: SizeEvaluator) -> Dims | None:
    """The dims of the ranked tensor `value`, or None when one is unproven."""
    found = evaluate.shape(value)
    if not isinstance(value.type, ir.RankedTensorType) or None in found:
        return None
    return [d for d in found if d is not None]


def tensor_type(dims: Dims, element: ir.Type) -> ir.RankedTensorType:
    dynamic = ir.ShapedType.get_dynamic_size()
    return ir.RankedTensorType.get([int(d.coef) if d.is_const else dynamic for d in dims], element)


class SizeValues:
    """Index values for `Size`s in one function, looked up or built."""

    def __init__(self, block: ir.Block, before: ir.Operation) -> None:
        """Sizes for ops built just before `before` (an op of `block`): only
        values defined above it are used, so every one dominates them."""
        self.evaluate = SizeEvaluator()
        self._block = block
        self._before = before
        self._first: dict[Size, ir.Value] | None = None

    def _table(self) -> dict[Size, ir.Value]:
        if self._first is None:
            self._first = {}
            for op in self._block.operations:
                if op.operation == self._before:
                    break
                for result in op.operation.results:
                    if isinstance(result.type, ir.IndexType):
                        size = self.evaluate.value(result)
                        if size is not None and size not in self._first:
                            self._first[size] = result
        return self._first

    def value(self, size: Size) -> ir.Value | None:
        """An index value equal to `size`, built at the current insertion
        point if none exists (a constant, or a constant times a known size)."""
        table = self._table()
        if size in table:
            return table[size]
        if size.is_const:
            return arith.ConstantOp(ir.IndexType.get(), int(size.coef)).result
        for known, value in table.items():
            factor = size.exact_div(known)
            if factor is not None and factor.is_const and _scales(size, known):
                scale = arith.ConstantOp(ir.IndexType.get(), int(factor.coef)).result
                return arith.MulIOp(value, scale).result
        return None

    def buildable(self, shapes: list[Dims]) -> bool:
        """Whether `value` finds or can build every dynamic dim of `shapes`
        (checked before anything is built)."""
        dynamic = [d for dims in shapes for d in dims if not d.is_const]
        if not dynamic:
            return True  # static shapes need no value (and no walk of the block)
        table = self._table()
        return all(d in table or any(_scales(d, k) for k in table) for d in dynamic)

    def dynamic(self, dims: Dims) -> list[ir.Value] | None:
        values = [self.value(d) for d in dims if not d.is_const]
        return None if any(v is None for v in values) else [v for v in values if v is not None]

    def empty(self, dims: Dims, element: ir.Type) -> ir.Value | None:
        """`tensor.empty` of `dims`, at the current insertion point."""
        sizes = self.dynamic(dims)
        if sizes is None:
            return None
        return _empty(dims, element, sizes)

    def can_reshape(self, value: ir.Value, dims: Dims) -> bool:
        """Whether `reshaped(value, dims)` builds (checked before building)."""
        have = dims_of(value, self.evaluate)
        if have is None or _product(have) != _product(dims):
            return False
        # Same elements: one collapse or expand, or two through the flat vector.
        return have == dims or self.buildable([dims])

    def reshaped(self, value: ir.Value, dims: Dims) -> ir.Value | None:
        """`value` as `dims` by one collapse or expand (or two, through the flat
        vector), at the current insertion point; None when it cannot be built."""
        have = dims_of(value, self.evaluate)
        if have is None:
            return None
        element = ir.RankedTensorType(value.type).element_type
        if have == dims:
            return value
        if all(d.is_const for d in [*have, *dims]):
            return reshaped(value, [int(d.coef) for d in dims])
        out = tensor_type(dims, element)
        groups = regroup_sizes(have, dims)
        if groups is not None:
            return tensor.CollapseShapeOp(out, value, groups).result
        groups = regroup_sizes(dims, have)
        if groups is not None:
            sizes = self.dynamic(dims)
            if sizes is None:
                return None
            static = list(out.shape)
            return tensor.ExpandShapeOp(out, value, groups, sizes, static).result
        if len(have) == 1 or _product(have) != _product(dims):
            return None  # no proven regrouping of the same elements
        flat = self.reshaped(value, [_product(have)])
        return None if flat is None else self.reshaped(flat, dims)


def regroup_sizes(fine: Dims, coarse: Dims) -> list[list[int]] | None:
    """Consecutive runs of `fine` whose products are `coarse`, in order
    (trailing unit dims join the last run); None when there are none."""
    groups: list[list[int]] = []
    at = 0
    for want in coarse:
        run = [at] if at < len(fine) else []
        while run and _product([fine[i] for i in run]) != want and run[-1] + 1 < len(fine):
            run.append(run[-1] + 1)
        if not run or _product([fine[i] for i in run]) != want:
            return None
        groups.append(run)
        at = run[-1] + 1
    if not groups:
        return None
    while at < len(fine) and fine[at] == 1:
        groups[-1].append(at)
        at += 1
    return groups if at == len(fine) else None


def _scales(size: Size, known: Size) -> bool:
    """`size` is a whole multiple of `known` (of the same symbols)."""
    factor = size.exact_div(known)
    return factor is not None and factor.is_const and factor.coef > 0


def _product(dims: Dims) -> Size:
    total = Size.const(1)
    for d in dims:
        total = total * d
    return total


def _empty(dims: Dims, element: ir.Type, sizes: list[ir.Value]) -> ir.Value:
    result = tensor_type(dims, element)
    return ir.Operation.create("tensor.empty", results=[result], operands=sizes).results[0]
