"""A collapse_shape of a strided slice, and a returned slice, as gathers.

`x[:, :k].flatten()` (a top-k router's chosen experts, sliced from the
sorted candidates and flattened) is an `extract_slice` that keeps part of an
inner dim, then a `collapse_shape` over it. The slice is a strided view, and
collapsing a strided view is no view: bufferization copies it with a loop,
which ran on the host between the two kernels. Before planning, such a
collapse becomes one generic of the collapsed shape that reads the slice's
source at the element each position holds (a gather the planner sees, fuses
or launches like any other), and the slice stays for its other readers.

A slice the function returns (`torch.topk(x, k).values` as a model's
output) is likewise no kernel's result, and the split took function results
only from kernels: it becomes the same gather. So does an `insert_slice`
into any tensor but a splat (which `padding.insert_slices_as_pads` makes a
pad): `mask[..., 1:] = mask[..., :-1].clone()` (a top-p filter keeping the
first token past the threshold) had no lowering between kernels; as a
gather, each point reads the inserted slice inside it, the destination
elsewhere.
"""

from __future__ import annotations

import itertools

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.padding import strided_generic
from mlirfuse.mutation import replace_op
from mlirfuse.transforms.ir_access import users_of

_DYNAMIC = ir.ShapedType.get_dynamic_size()


def collapsed_slices_to_gathers(func: ir.Operation) -> int:
    """Each `collapse_shape` of a static `extract_slice` that is no view ->
    a gather of its source (module docstring). Returns how many."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        collapse = op_view.operation
        if collapse.name != "tensor.collapse_shape":
            continue
        slice_op = defining_op(collapse.operands[0])
        if slice_op is None or slice_op.name != "tensor.extract_slice":
            continue
        groups = _groups(collapse)
        if not _static_slice(slice_op) or _collapse_is_view(slice_op, groups):
            continue
        result_type = ir.RankedTensorType(collapse.results[0].type)
        with ir.InsertionPoint(collapse), collapse.location:
            gather = _gather(slice_op, groups, result_type)
        replace_op(collapse, [gather.results[0]], "a collapse of a strided slice becomes a gather")
        done += 1
    return done


def returned_slices_to_gathers(func: ir.Operation) -> int:
    """Each static `extract_slice` the function returns -> a gather of its
    source, for every reader (module docstring). Returns how many."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        slice_op = op_view.operation
        if slice_op.name != "tensor.extract_slice" or not _static_slice(slice_op):
            continue
        if not any(user.name == "func.return" for user in users_of(slice_op.results[0])):
            continue
        result_type = ir.RankedTensorType(slice_op.results[0].type)
        unflattened = [[dim] for dim in range(result_type.rank)]
        with ir.InsertionPoint(slice_op), slice_op.location:
            gather = _gather(slice_op, unflattened, result_type)
        replace_op(slice_op, [gather.results[0]], "a returned slice becomes a gather")
        done += 1
    return done


def inserted_slices_to_gathers(func: ir.Operation) -> int:
    """Each static, same-rank `insert_slice` left -> a gather of its source
    inside the slice and of its destination elsewhere. Returns how many."""
    done = 0
    for op_view in reversed(list(func.regions[0].blocks[0].operations)):
        insert = op_view.operation
        if insert.name != "tensor.insert_slice" or len(insert.operands) != 2:
            continue
        source, dest = insert.operands
        source_type, dest_type = (ir.RankedTensorType(v.type) for v in (source, dest))
        offsets, strides = (
            _attribute(insert, "static_offsets"),
            _attribute(insert, "static_strides"),
        )
        if not (source_type.has_static_shape and dest_type.has_static_shape):
            continue
        if source_type.rank != dest_type.rank or min(strides) < 1 or min(offsets) < 0:
            continue

        def outside(at: list[ir.Value], dest: ir.Value = dest) -> ir.Value:
            return tensor.ExtractOp(dest, at).result

        with ir.InsertionPoint(insert), insert.location:
            gather = strided_generic(source, offsets, strides, dest_type, outside)
        replace_op(insert, [gather.results[0]], "an insert_slice becomes a gather")
        done += 1
    return done


def _attribute(op: ir.Operation, name: str) -> list[int]:
    return list(ir.DenseI64ArrayAttr(op.attributes[name]))


def _static_slice(slice_op: ir.Operation) -> bool:
    """Offsets, sizes and strides in the attributes, static shapes throughout."""
    source = ir.RankedTensorType(slice_op.operands[0].type)
    result = ir.RankedTensorType(slice_op.results[0].type)
    numbers = [_attribute(slice_op, f"static_{n}") for n in ("offsets", "sizes", "strides")]
    return (
        len(slice_op.operands) == 1
        and source.has_static_shape
        and result.has_static_shape
        and all(_DYNAMIC not in values for values in numbers)
    )


def _collapse_is_view(slice_op: ir.Operation, groups: list[list[int]]) -> bool:
    """Whether each group of collapsed dims is contiguous in the slice's
    memory (its source a dense buffer): then the collapse is a view. Unit
    dims take no part; of two neighbours in a group, the outer one's memory
    stride is the inner one's times its size."""
    source = ir.RankedTensorType(slice_op.operands[0].type).shape
    strides = _attribute(slice_op, "static_strides")
    kept = _kept_dims(slice_op)
    shape = ir.RankedTensorType(slice_op.results[0].type).shape

    def memory_stride(dim: int) -> int:
        inner = 1
        for size in source[kept[dim] + 1 :]:
            inner *= size
        return strides[kept[dim]] * inner

    for group in groups:
        spread = [dim for dim in group if shape[dim] != 1]
        for outer, inner in itertools.pairwise(spread):
            if memory_stride(outer) != memory_stride(inner) * shape[inner]:
                return False
    return True


def _groups(reshape: ir.Operation) -> list[list[int]]:
    return [
        [ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)]
        for g in ir.ArrayAttr(reshape.attributes["reassociation"])
    ]


def _kept_dims(slice_op: ir.Operation) -> list[int]:
    """The source dim of each result dim (a rank-reducing slice drops unit dims)."""
    sizes = _attribute(slice_op, "static_sizes")
    shape = ir.RankedTensorType(slice_op.results[0].type).shape
    kept: list[int] = []
    for dim, size in enumerate(sizes):
        if len(kept) < len(shape) and size == shape[len(kept)]:
            kept.append(dim)
    return kept


def _gather(
    slice_op: ir.Operation, groups: list[list[int]], result_type: ir.RankedTensorType
) -> ir.Operation:
    """out[i..] = source[offset + stride * (the slice position i.. unflattens to)]."""
    source = slice_op.operands[0]
    offsets, strides = (
        _attribute(slice_op, "static_offsets"),
        _attribute(slice_op, "static_strides"),
    )
    kept = _kept_dims(slice_op)
    slice_shape = ir.RankedTensorType(slice_op.results[0].type).shape

    def read(at: list[ir.Value]) -> ir.Value:
        index = ir.IndexType.get()
        position: dict[int, ir.Value] = {}
        for flat, group in zip(at, groups, strict=True):
            rest = flat
            for dim in reversed(group):  # innermost first
                extent = arith.ConstantOp(index, slice_shape[dim]).result
                position[kept[dim]] = arith.RemUIOp(rest, extent).result
                rest = arith.DivUIOp(rest, extent).result
        coords = []
        for dim, (offset, stride) in enumerate(zip(offsets, strides, strict=True)):
            start = arith.ConstantOp(index, offset).result
            if dim not in position:
                coords.append(start)
                continue
            step = arith.ConstantOp(index, stride).result
            coords.append(arith.AddIOp(start, arith.MulIOp(position[dim], step).result).result)
        return tensor.ExtractOp(source, coords).result

    return index_generic(result_type, read)
