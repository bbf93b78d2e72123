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
import math

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.padding import strided_generic
from mlirfuse.mutation import replace_op
from mlirfuse.transforms.ir_access import users_of

_DYNAMIC = ir.ShapedType.get_dynamic_size()
_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")


def collapsed_slices_to_gathers(func: ir.Operation) -> int:
    """Each `collapse_shape` of a static `extract_slice` (maybe through
    `expand_shape`s: xLSTM's chunked heads, `x[:, :, :24].view(..., 3, 8,
    16).flatten(0, 2)`; and through collapses that are views: RWKV-7's
    step `x[:, t]` squeezed, then heads and batch merged) that is no view
    -> a gather of the slice's source (module docstring). Returns how many."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        collapse = op_view.operation
        if collapse.name != "tensor.collapse_shape":
            continue
        view = _strided_view(collapse.operands[0])
        if view is None or view.collapse_is_view(_groups(collapse)):
            continue
        result_type = ir.RankedTensorType(collapse.results[0].type)
        with ir.InsertionPoint(collapse), collapse.location:
            gather = _gather(view, _groups(collapse), result_type)
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
            gather = _gather(_SliceView(slice_op, []), unflattened, result_type)
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


class _SliceView:
    """A static `extract_slice`, then reshapes of it, each a view (every
    `expand_shape`; a `collapse_shape` of contiguous dims, such as one
    dropping a unit dim): the memory stride of each dim of the last one, and
    the source element a position of it holds."""

    def __init__(self, slice_op: ir.Operation, reshapes: list[ir.Operation]) -> None:
        self.slice_op = slice_op
        self.source_shape = ir.RankedTensorType(slice_op.operands[0].type).shape
        self.offsets = _attribute(slice_op, "static_offsets")
        self.strides = _attribute(slice_op, "static_strides")
        self.kept = _kept_dims(slice_op)
        self.slice_shape = ir.RankedTensorType(slice_op.results[0].type).shape
        self.reshapes = reshapes  # first (nearest the slice) first

    @property
    def shape(self) -> list[int]:
        last = self.reshapes[-1].results[0] if self.reshapes else self.slice_op.results[0]
        return list(ir.RankedTensorType(last.type).shape)

    def memory_strides(self) -> list[int]:
        """Of each dim of the view, in elements of the first dense tensor
        below it: the slice's source, or what that source is a view of when
        it is a strided view itself (LeViT's subsample `x[:, ::2, ::2]`, one
        slice per dim: dense rows of the inner slice are no dense rows of
        the tensor in memory)."""
        below = _strided_view(self.slice_op.operands[0])
        outer = below.memory_strides() if below is not None else _dense(self.source_shape)
        strides = [
            self.strides[self.kept[dim]] * outer[self.kept[dim]]
            for dim in range(len(self.slice_shape))
        ]
        for reshape in self.reshapes:
            strides = _reshaped_strides(reshape, strides)
        return strides

    def collapse_is_view(self, groups: list[list[int]]) -> bool:
        """Whether each group of collapsed dims is contiguous in memory: unit
        dims take no part; of two neighbours in a group, the outer one's
        memory stride is the inner one's times its size."""
        shape, strides = self.shape, self.memory_strides()
        for group in groups:
            spread = [dim for dim in group if shape[dim] != 1]
            for outer, inner in itertools.pairwise(spread):
                if strides[outer] != strides[inner] * shape[inner]:
                    return False
        return True

    def source_coords(self, at: list[ir.Value]) -> list[ir.Value]:
        """The source element at view position `at` (index values)."""
        for reshape in reversed(self.reshapes):  # back to the slice's dims
            if reshape.name == "tensor.expand_shape":
                at = _flatten(at, _groups(reshape), _shape(reshape.results[0]))
            else:
                at = _unflatten(at, _groups(reshape), _shape(reshape.operands[0]))
        position = {self.kept[dim]: value for dim, value in enumerate(at)}
        index = ir.IndexType.get()
        coords = []
        for dim, (offset, stride) in enumerate(zip(self.offsets, self.strides, strict=True)):
            start = arith.ConstantOp(index, offset).result
            if dim not in position:
                coords.append(start)
                continue
            step = arith.ConstantOp(index, stride).result
            coords.append(arith.AddIOp(start, arith.MulIOp(position[dim], step).result).result)
        return coords


def _dense(shape: list[int]) -> list[int]:
    """The memory strides of a dense row-major tensor of `shape`."""
    return [math.prod(shape[dim + 1 :]) for dim in range(len(shape))]


def _shape(value: ir.Value) -> list[int]:
    return list(ir.RankedTensorType(value.type).shape)


def _reshaped_strides(reshape: ir.Operation, strides: list[int]) -> list[int]:
    """The memory strides of a reshape's result dims from its operand's: an
    expanded dim's are its group's, split by the sizes inside it; a
    collapsed group (a view: contiguous) strides as its innermost dim of
    more than one element."""
    if reshape.name == "tensor.expand_shape":
        shape = _shape(reshape.results[0])
        split = [0] * len(shape)
        for outer, group in zip(strides, _groups(reshape), strict=True):
            for position, dim in enumerate(group):
                split[dim] = outer * math.prod(shape[d] for d in group[position + 1 :])
        return split
    shape = _shape(reshape.operands[0])
    collapsed = []
    for group in _groups(reshape):
        spread = [dim for dim in group if shape[dim] != 1] or group
        collapsed.append(strides[spread[-1]])
    return collapsed


def _flatten(at: list[ir.Value], groups: list[list[int]], shape: list[int]) -> list[ir.Value]:
    """Positions of an expand_shape's result -> of its operand."""
    index = ir.IndexType.get()
    folded = []
    for group in groups:
        flat = at[group[0]]
        for dim in group[1:]:
            extent = arith.ConstantOp(index, shape[dim]).result
            flat = arith.AddIOp(arith.MulIOp(flat, extent).result, at[dim]).result
        folded.append(flat)
    return folded


def _unflatten(at: list[ir.Value], groups: list[list[int]], shape: list[int]) -> list[ir.Value]:
    """Positions of a collapse_shape's result -> of its operand (`shape`)."""
    index = ir.IndexType.get()
    position: list[ir.Value | None] = [None] * len(shape)
    for flat, group in zip(at, groups, strict=True):
        rest = flat
        for dim in reversed(group):  # innermost first
            extent = arith.ConstantOp(index, shape[dim]).result
            position[dim] = arith.RemUIOp(rest, extent).result
            rest = arith.DivUIOp(rest, extent).result
    return [p for p in position if p is not None]


def _strided_view(value: ir.Value) -> _SliceView | None:
    """The static slice (through expand_shapes, and collapse_shapes that are
    views of it) `value` is, or None."""
    reshapes: list[ir.Operation] = []
    producer = defining_op(value)
    while producer is not None and producer.name in _RESHAPES:
        if len(producer.operands) != 1:
            return None  # dynamic output sizes
        reshapes.insert(0, producer)
        producer = defining_op(producer.operands[0])
    if producer is None or producer.name != "tensor.extract_slice" or not _static_slice(producer):
        return None
    for number, reshape in enumerate(reshapes):
        if reshape.name == "tensor.expand_shape":
            continue
        if not _SliceView(producer, reshapes[:number]).collapse_is_view(_groups(reshape)):
            return None  # a copy already, not a view of the slice
    return _SliceView(producer, reshapes)


def _gather(
    view: _SliceView, groups: list[list[int]], result_type: ir.RankedTensorType
) -> ir.Operation:
    """out[i..] = source[the element the view position i.. unflattens to holds]."""

    def read(at: list[ir.Value]) -> ir.Value:
        coords = _unflatten(at, groups, view.shape)
        return tensor.ExtractOp(view.slice_op.operands[0], view.source_coords(coords)).result

    return index_generic(result_type, read)
