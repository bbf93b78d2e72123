"""The geometry of `slice_split`: the static boxes slices read, and a
generic rebuilt on one box of its loops (each input sliced at the box, each
`linalg.index` shifted by the box's offset, unit dims dropped as the
collapses after the slice drop them)."""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.mutation import erase
from mlirfuse.transforms.ir_access import (
    PARALLEL_ITERATOR,
    has_uses,
    indexing_maps,
    producer_of,
    reassociation_groups,
    static_shape,
    users_of,
)
from mlirfuse.transforms.ir_utils import clone_with_indices

Box = tuple[tuple[int, ...], tuple[int, ...]]  # (offsets, sizes)


def box_of(slice_op: ir.Operation) -> Box | None:
    """The static box a rank-keeping, unit-stride slice reads; None otherwise."""
    if slice_op.name != "tensor.extract_slice" or len(slice_op.operands) != 1:
        return None
    offsets = tuple(ir.DenseI64ArrayAttr(slice_op.attributes["static_offsets"]))
    sizes = tuple(ir.DenseI64ArrayAttr(slice_op.attributes["static_sizes"]))
    strides = tuple(ir.DenseI64ArrayAttr(slice_op.attributes["static_strides"]))
    source = ir.RankedTensorType(slice_op.operands[0].type)
    result = ir.RankedTensorType(slice_op.results[0].type)
    if any(s != 1 for s in strides) or result.rank != source.rank:
        return None
    if not result.has_static_shape or min(offsets, default=0) < 0:
        return None
    return offsets, sizes


def disjoint(boxes: list[Box]) -> bool:
    for i, (a_off, a_size) in enumerate(boxes):
        for b_off, b_size in boxes[i + 1 :]:
            if all(
                a < b + bs and b < a + as_
                for a, as_, b, bs in zip(a_off, a_size, b_off, b_size, strict=True)
            ):
                return False
    return True


def dim_of(expr: ir.AffineExpr) -> int | None:
    return expr.position if isinstance(expr, ir.AffineDimExpr) else None


def constant_of(expr: ir.AffineExpr) -> int | None:
    return expr.value if isinstance(expr, ir.AffineConstantExpr) else None


def collapse_chain(
    slice_op: ir.Operation, sizes: tuple[int, ...]
) -> tuple[ir.Operation, list[list[int]]]:
    """The last op of the chain of sole-reader collapses after `slice_op`
    that only merge the box's unit dims into others, and for each of its
    result dims the box dims it holds: the shape the slice is computed in."""
    last, groups = slice_op, [[d] for d in range(len(sizes))]
    while True:
        readers = users_of(last.results[0])
        if len(readers) != 1 or readers[0].name != "tensor.collapse_shape":
            return last, groups
        merged = [
            [d for g in group for d in groups[g]] for group in reassociation_groups(readers[0])
        ]
        if any(sum(sizes[d] != 1 for d in group) > 1 for group in merged):
            return last, groups
        last, groups = readers[0], merged


def generic_on_box(
    op: ir.Operation, box: Box, groups: list[list[int]], result_type: ir.Type
) -> ir.Value:
    """`op` computed on `box` of its loops, in `result_type`: its dim j holds
    the box dims `groups[j]` (at most one above 1), built at the insertion point."""
    offsets, sizes = box
    loop_of = {d: j for j, group in enumerate(groups) for d in group if sizes[d] != 1}
    maps = indexing_maps(op)
    n_in = len(op.operands) - 1
    inputs, input_maps = [], []
    for value, amap in zip(list(op.operands)[:n_in], maps[:n_in], strict=True):
        sliced, new_map = _input_on_box(value, amap, box, loop_of, len(groups))
        inputs.append(sliced)
        input_maps.append(new_map)
    shape = ir.RankedTensorType(result_type).shape
    init = _init_on_box(result_type)
    identity = ir.AffineMap.get_identity(len(shape))
    new = linalg.GenericOp(
        [result_type],
        inputs,
        [init],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in [*input_maps, identity]]),
        ir.ArrayAttr.get([ir.Attribute.parse(PARALLEL_ITERATOR)] * len(shape)),
    )
    old_body = op.regions[0].blocks[0]
    body = new.regions[0].blocks.append(*[a.type for a in old_body.arguments])
    ip = ir.InsertionPoint(body)
    with ip:
        indices = [_box_index(loop_of.get(d), offset) for d, offset in enumerate(offsets)]
    mapping = dict(zip(old_body.arguments, body.arguments, strict=True))
    clone_with_indices([o.operation for o in old_body.operations], mapping, indices, ip)
    _drop_unread(indices)
    return new.results[0]


def _drop_unread(indices: list[ir.Value]) -> None:
    """The box indices the body never read (built for every dim up front),
    with the index and constant ops only they used."""
    pending = [producer_of(v) for v in indices]
    while pending:
        op = pending.pop()
        if op is None or any(has_uses(r) for r in op.results):
            continue
        pending.extend(producer_of(v) for v in op.operands)
        erase(op, "drop a box index the body does not read")


def _box_index(loop: int | None, offset: int) -> ir.Value:
    """A box dim's index in the old loops: the new `loop` shifted by
    `offset`, or `offset` alone for a unit dim."""
    index_type = ir.IndexType.get()
    if loop is None:
        return arith.ConstantOp(index_type, offset).result
    index = linalg.IndexOp(loop).result
    if not offset:
        return index
    return arith.AddIOp(index, arith.ConstantOp(index_type, offset).result).result


def _input_on_box(
    value: ir.Value, amap: ir.AffineMap, box: Box, loop_of: dict[int, int], loops: int
) -> tuple[ir.Value, ir.AffineMap]:
    """The part of an input the box reads, and its map on the new loops
    (`loop_of`: old loop -> new; a unit or constant dim reads 0)."""
    offsets, sizes = box
    shape = static_shape(value)
    starts, lengths, exprs = [], [], []
    for expr in amap.results:
        dim = dim_of(expr)
        if dim is not None:
            starts.append(offsets[dim])
            lengths.append(sizes[dim])
            new = loop_of.get(dim)
            exprs.append(ir.AffineConstantExpr.get(0) if new is None else ir.AffineDimExpr.get(new))
        else:
            starts.append(constant_of(expr) or 0)
            lengths.append(1)
            exprs.append(ir.AffineConstantExpr.get(0))
    new_map = ir.AffineMap.get(loops, 0, exprs)
    if lengths == shape and not any(starts):
        return value, new_map
    return slice_value(value, starts, lengths), new_map


def _init_on_box(result_type: ir.Type) -> ir.Value:
    """The body never reads its init (`_splittable`): an empty tensor serves."""
    shaped = ir.RankedTensorType(result_type)
    return tensor.EmptyOp(list(shaped.shape), shaped.element_type).result


def slice_value(value: ir.Value, offsets: list[int], sizes: list[int]) -> ir.Value:
    element = ir.RankedTensorType(value.type).element_type
    result = ir.RankedTensorType.get(sizes, element)
    return tensor.ExtractSliceOp(result, value, [], [], [], offsets, sizes, [1] * len(sizes)).result


def reshaped(like: ir.Operation, result_type: ir.Type, source: ir.Value) -> ir.Value:
    """`source` reshaped as `like` reshapes (its reassociation) to `result_type`."""
    reassociation = like.attributes["reassociation"]
    if like.name == "tensor.collapse_shape":
        return tensor.CollapseShapeOp(result_type, source, reassociation).result
    shape = list(ir.RankedTensorType(result_type).shape)
    return tensor.ExpandShapeOp(result_type, source, reassociation, [], shape).result


def source_box(slice_op: ir.Operation, reshape: ir.Operation) -> tuple[list[int], list[int]] | None:
    """The box of the reshape's source the slice reads, where every group of
    the reshape has at most one dim above 1 (on its wide side)."""
    box = box_of(slice_op)
    assert box is not None
    source_shape = static_shape(reshape.operands[0])
    result_shape = static_shape(reshape.results[0])
    offsets = [0] * len(source_shape)
    sizes = [1] * len(source_shape)
    for dim, group in enumerate(reassociation_groups(reshape)):
        if reshape.name == "tensor.collapse_shape":  # a collapse: `group` holds source dims
            wide = [d for d in group if source_shape[d] != 1]
            if len(wide) > 1:
                return None
            if wide:
                offsets[wide[0]] = box[0][dim]
                sizes[wide[0]] = box[1][dim]
            continue
        wide = [d for d in group if result_shape[d] != 1]  # an expand: result dims
        if len(wide) > 1:
            return None
        if wide:
            offsets[dim] = box[0][wide[0]]
            sizes[dim] = box[1][wide[0]]
    return offsets, sizes
