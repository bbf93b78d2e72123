"""Small IR helpers shared by the fusion rewrites (no decisions here)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cmp_to_key

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.analysis.symbolic_eval import same_shape_init


def is_inside(op: ir.Operation, container: ir.Operation) -> bool:
    """`op` is nested (at any depth) in `container`'s regions."""
    cur = op.operation
    while cur.parent is not None:
        cur = cur.parent.operation
        if cur == container:
            return True
    return False


def used_values(op: ir.Operation) -> Iterator[ir.Value]:
    """Operands of `op` and of every op nested in it."""
    found: list[ir.Value] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        found.extend(inner.operands)
        return ir.WalkResult.ADVANCE

    op.operation.walk(visit)
    return iter(found)


def in_block_order(ops: list[ir.Operation]) -> list[ir.Operation]:
    def compare(a: ir.Operation, b: ir.Operation) -> int:
        if a == b:
            return 0
        return -1 if a.is_before_in_block(b) else 1

    return sorted(ops, key=cmp_to_key(compare))


def remap_operands(op: ir.Operation, mapping: dict[ir.Value, ir.Value]) -> None:
    """Replace, in `op` and its nested ops, every operand found in `mapping`."""

    def visit(inner: ir.Operation) -> ir.WalkResult:
        for i, value in enumerate(inner.operands):
            if value in mapping:
                inner.operands[i] = mapping[value]
        return ir.WalkResult.ADVANCE

    op.operation.walk(visit)


def clone_with_indices(
    ops: list[ir.Operation],
    mapping: dict[ir.Value, ir.Value],
    indices: list[ir.Value],
    ip: ir.InsertionPoint | None = None,
) -> None:
    """Clone `ops` (a generic body's, in order) at `ip` (the current
    insertion point when None), each `linalg.index d` replaced by
    `indices[d]`; `mapping` (old value -> new) is read and extended."""
    for op in ops:
        if op.name == "linalg.index":
            mapping[op.results[0]] = indices[ir.IntegerAttr(op.attributes["dim"]).value]
            continue
        clone = op.clone(ip=ip)
        remap_operands(clone, mapping)
        mapping.update(zip(op.results, clone.results, strict=True))


def replace_uses_outside(value: ir.Value, new: ir.Value, container: ir.Operation) -> None:
    """Uses of `value` not nested in `container` now use `new`."""
    for use in list(value.uses):
        owner = use.owner.operation
        if owner != container and not is_inside(owner, container):
            owner.operands[use.operand_number] = new


def sizes_of(value: ir.Value, shaped: ir.RankedTensorType | None = None) -> list[int | ir.Value]:
    """`shaped`'s sizes (by default `value`'s type), a `tensor.dim` of `value`
    for each dynamic one (built at the current insertion point): what a
    `tensor.empty` standing in for `value` takes."""
    shaped = ir.RankedTensorType(value.type) if shaped is None else shaped
    index = ir.IndexType.get()
    return [
        tensor.DimOp(value, arith.ConstantOp(index, d).result).result
        if shaped.is_dynamic_dim(d)
        else size
        for d, size in enumerate(shaped.shape)
    ]


def held_sizes_of(value: ir.Value, shaped: ir.RankedTensorType) -> list[int | ir.Value]:
    """As `sizes_of`, but each dynamic size is the value that already holds
    it where one does (a destination's `tensor.empty` operand, through
    linalg inits; an `expand_shape`'s output size), a `tensor.dim` of
    `value` only otherwise: a `tensor.dim` of a kernel op's result keeps
    that op alive outside the loops it is fused into."""
    return [
        _held_size(value, d) if shaped.is_dynamic_dim(d) else size
        for d, size in enumerate(shaped.shape)
    ]


def _held_size(value: ir.Value, d: int) -> ir.Value:
    start = value
    while isinstance(value, ir.OpResult):
        if (init := same_shape_init(value)) is not None:
            value = init
            continue
        op = value.owner.operation
        if op.name not in ("tensor.empty", "tensor.expand_shape"):
            break
        rt = ir.RankedTensorType(value.type)
        if not rt.is_dynamic_dim(d):
            break
        position = sum(rt.is_dynamic_dim(i) for i in range(d))
        return list(op.operands)[position + (op.name == "tensor.expand_shape")]
    index = ir.IndexType.get()
    return tensor.DimOp(start, arith.ConstantOp(index, d).result).result


def multiply_accumulate(
    inputs: list[ir.Value], init: ir.Value, maps: list[ir.AffineMap], reduced: list[bool]
) -> ir.Operation:
    """A `linalg.generic` computing `init += lhs * rhs` over loops whose kinds
    `reduced` gives, reading `inputs` (lhs, rhs) and `init` through `maps`;
    built at the current insertion point, floating-point elements only. An
    input narrower than `init` (16-bit operands, an f32 accumulator) is
    widened with `extf` first, as a named matmul of those types does."""
    kinds = ["reduction" if r else "parallel" for r in reduced]
    new = linalg.GenericOp(
        [init.type],
        inputs,
        [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
        ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{k}>") for k in kinds]),
    )
    element = ir.RankedTensorType(init.type).element_type
    elements = [ir.RankedTensorType(v.type).element_type for v in inputs]
    block = new.regions[0].blocks.append(*elements, element)
    with ir.InsertionPoint(block):
        lhs, rhs, acc = (_widened(a, element) for a in block.arguments)
        linalg.YieldOp([arith.AddFOp(acc, arith.MulFOp(lhs, rhs).result).result])
    return new.operation


def _widened(value: ir.Value, element: ir.Type) -> ir.Value:
    """`value` as `element`: itself, or its `extf` when narrower."""
    return value if value.type == element else arith.ExtFOp(element, value).result


def index_constant(value: int, ip: ir.InsertionPoint) -> ir.Value:
    """An `arith.constant` of index type."""
    index = ir.IndexType.get()
    return arith.ConstantOp(index, ir.IntegerAttr.get(index, value), ip=ip).result


def linear_index(group: list[int], shape: list[int], ip: ir.InsertionPoint) -> ir.Value:
    """The row-major index of the dims `group` (of `shape`) as one value."""
    total: ir.Value | None = None
    stride = 1
    for dim in reversed(group):
        if shape[dim] != 1:
            term = linalg.IndexOp(dim, ip=ip).result
            if stride != 1:
                term = arith.MulIOp(term, index_constant(stride, ip), ip=ip).result
            total = term if total is None else arith.AddIOp(total, term, ip=ip).result
        stride *= shape[dim]
    return index_constant(0, ip) if total is None else total
