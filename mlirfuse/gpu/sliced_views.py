"""Views read only through slices, as views of a slice of their source.

A slice of an `expand_shape` or `collapse_shape` whose kept part is one
contiguous run of the source (whole rows inside each group's first non-unit
dim, its pivot) becomes the reshape of a slice of the source: a matmul's
rows viewed as [1, tokens] and read at the last tokens is then a matmul
whose result is read at its last rows, which `sliced_producers.py` shrinks.
"""

from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.gpu.slice_reads import Part, SliceRead, reread_at, slice_op, slice_readers
from mlirfuse.mutation import erase
from mlirfuse.transforms.ir_access import reassociation_groups


def shrink_expand(expand: ir.Operation) -> bool:
    """An `expand_shape` read only through slices that keep whole each
    group's dims inside its first non-unit one (its pivot): the expansion of
    a slice of its source instead (a matmul's rows viewed as [1, tokens],
    read at the last tokens), so that the source's producer sees a slice
    reader and shrinks in turn."""
    readers = slice_readers(expand)
    if readers is None or len(expand.operands) != 1 or not _passes_above(expand):
        return False
    shape = list(ir.RankedTensorType(expand.results[0].type).shape)
    groups = reassociation_groups(expand)
    pivots = [_pivot(group, shape) for group in groups]
    box = [(0, n) for n in shape]
    for pivot, group in zip(pivots, groups, strict=True):
        inside = group[group.index(pivot) + 1 :]
        spans = [read.span(pivot) for read in readers[0]]
        if any(read.span(d) != (0, shape[d]) for read in readers[0] for d in inside):
            return False
        box[pivot] = (min(f for f, _ in spans), max(e for _, e in spans))
    if box == [(0, n) for n in shape]:
        return False
    smaller = _expansion_of_part(expand, groups, pivots, box)
    for read in readers[0]:
        _reread_view(read, smaller, box)
    erase(expand, "a slice of an expand_shape is the expansion of a slice")
    return True


def _expansion_of_part(
    expand: ir.Operation, groups: list[list[int]], pivots: list[int], box: list[tuple[int, int]]
) -> ir.Value:
    """The expand_shape of the source's part the box covers."""
    shape = list(ir.RankedTensorType(expand.results[0].type).shape)
    source = expand.operands[0]
    element = ir.RankedTensorType(source.type).element_type
    new_shape = [end - first for first, end in box]
    offsets, sizes = [], []
    for pivot, group in zip(pivots, groups, strict=True):
        inner = math.prod(shape[d] for d in group[group.index(pivot) + 1 :])
        offsets.append(box[pivot][0] * inner)
        sizes.append(new_shape[pivot] * inner)
    with ir.InsertionPoint(expand), expand.location:
        part = slice_op(
            ir.RankedTensorType.get(sizes, element), source, offsets, sizes, [1] * len(sizes)
        )
        return tensor.expand_shape(
            ir.RankedTensorType.get(new_shape, element),
            part,
            expand.attributes["reassociation"],
            [],
            ir.DenseI64ArrayAttr.get(new_shape),
        )


def shrink_collapse(collapse: ir.Operation) -> bool:
    """A `collapse_shape` read only through slices whose span of each
    collapsed dim is whole rows of the group's dims inside its pivot (its
    first non-unit dim): the collapse of a slice of its source instead."""
    readers = slice_readers(collapse)
    if readers is None or len(collapse.operands) != 1 or not _passes_above(collapse):
        return False
    source_shape = list(ir.RankedTensorType(collapse.operands[0].type).shape)
    groups = reassociation_groups(collapse)
    pivots = [_pivot(group, source_shape) for group in groups]
    source_box = [(0, n) for n in source_shape]
    for dim, (pivot, group) in enumerate(zip(pivots, groups, strict=True)):
        inner = math.prod(source_shape[d] for d in group[group.index(pivot) + 1 :])
        spans = [read.span(dim) for read in readers[0]]
        first, end = min(f for f, _ in spans), max(e for _, e in spans)
        if first % inner or end % inner:
            return False
        source_box[pivot] = (first // inner, end // inner)
    if source_box == [(0, n) for n in source_shape]:
        return False
    smaller = _view_of_part(collapse, source_box)
    starts = []
    for pivot, group in zip(pivots, groups, strict=True):
        inner = math.prod(source_shape[d] for d in group[group.index(pivot) + 1 :])
        starts.append(source_box[pivot][0] * inner)
    for read in readers[0]:
        reread_at(read, smaller, starts)
    erase(collapse, "a slice of a collapse_shape is the collapse of a slice")
    return True


def _passes_above(view: ir.Operation) -> bool:
    """Whether a slice may go above `view`: its source is an argument or a
    structured op's result, not a pad (whose view chains `padding.py` and
    `gather_compose.py` rewrite as gathers, and a slice between would hide)."""
    source = view.operands[0].owner
    if isinstance(source, ir.Block):
        return True
    return source.operation.name.startswith("linalg.") or source.operation.name in (
        "tensor.expand_shape",
        "tensor.collapse_shape",
    )


def _view_of_part(collapse: ir.Operation, box: list[tuple[int, int]]) -> ir.Value:
    """The collapse_shape of the source's part `box`."""
    source = collapse.operands[0]
    element = ir.RankedTensorType(source.type).element_type
    sizes = [end - first for first, end in box]
    shape = [math.prod(sizes[d] for d in group) for group in reassociation_groups(collapse)]
    with ir.InsertionPoint(collapse), collapse.location:
        part = slice_op(
            ir.RankedTensorType.get(sizes, element),
            source,
            [first for first, _ in box],
            sizes,
            [1] * len(sizes),
        )
        return tensor.collapse_shape(
            ir.RankedTensorType.get(shape, element), part, collapse.attributes["reassociation"]
        )


def _reread_view(read: SliceRead, result: ir.Value, box: list[tuple[int, int]]) -> None:
    """The slice `read` of a view, taken from its smaller view `result` (of
    the box)."""
    reread_at(read, result, [first for first, _ in box])


def source_part(view: ir.Operation, offsets: list[int], sizes: list[int]) -> Part | None:
    """The part of an expand_shape's or collapse_shape's source that its
    part at `offsets` and `sizes` views, where that is one box; else None."""
    groups = reassociation_groups(view)
    source_shape = list(ir.RankedTensorType(view.operands[0].type).shape)
    if view.name == "tensor.expand_shape":
        shape = list(ir.RankedTensorType(view.results[0].type).shape)
        parts: list[tuple[int, int]] = []
        for group in groups:
            pivot = _pivot(group, shape)
            inside = group[group.index(pivot) + 1 :]
            if any((offsets[d], sizes[d]) != (0, shape[d]) for d in inside):
                return None
            inner = math.prod(shape[d] for d in inside)
            parts.append((offsets[pivot] * inner, sizes[pivot] * inner))
        return [first for first, _ in parts], [size for _, size in parts]
    source_offsets, source_sizes = [0] * len(source_shape), list(source_shape)
    for dim, group in enumerate(groups):
        pivot = _pivot(group, source_shape)
        inner = math.prod(source_shape[d] for d in group[group.index(pivot) + 1 :])
        if offsets[dim] % inner or sizes[dim] % inner:
            return None
        source_offsets[pivot], source_sizes[pivot] = offsets[dim] // inner, sizes[dim] // inner
    return source_offsets, source_sizes


def _pivot(group: list[int], shape: list[int]) -> int:
    """A reshape group's first non-unit dim (its last where all are unit)."""
    return next((d for d in group if shape[d] != 1), group[-1])
