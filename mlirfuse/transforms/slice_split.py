"""An elementwise generic read only through disjoint slices is computed per slice.

torch-mlir exports an adaptive pooling with uneven windows (10x10 -> 7x7) as a
gather of every window into one tensor (C x 7 x 3 x 7 x 3: each output
pixel's up-to-3x3 window), then nine static slices of it, one per window
offset, summed by one generic. The slices read the gather's result at
constant offsets of dims the sum does not loop over, so no kernel grid holds
both (the planner's `incompatible-space`): the gather is a kernel of its own
and its result a round trip. Computed per slice instead, each slice is a
generic over the slice's points alone, the same shape as its reader, and
fuses with it like any elementwise producer; nothing is computed twice (the
slices are disjoint), and points no slice reads are not computed at all.

The rewrite takes an all-parallel, one-result generic with an identity output
map, static shapes, a body that does not read its init, inputs read through
maps whose results are loop dims or constants, and nothing upstream of its
inputs (through views and elementwise generics) computed by a reduction or a
named op: an epilogue stays with the kernel it finishes. Every reader is a
static, unit-stride slice that keeps the rank, or a reshape whose readers
all are and whose every group holds at most one dim above 1 (the slice is
then taken on the generic, the reshape after it); the distinct slices are
pairwise disjoint; and the parts meet again in one kernel (`_readers_allow`:
one reader, readers that read one another, or the parts of one earlier
split). Each slice becomes the generic over the slice's box, built in the
shape of the collapses that follow it (`slice_boxes.py`).
"""

from __future__ import annotations

import math

from mlir import ir

from mlirfuse.mutation import Rewrite, erase
from mlirfuse.transforms.ir_access import (
    has_uses,
    indexing_maps,
    iterator_names,
    producer_of,
    reduced_loops,
    static_shape,
    users_of,
)
from mlirfuse.transforms.slice_boxes import (
    Box,
    box_of,
    collapse_chain,
    constant_of,
    dim_of,
    disjoint,
    generic_on_box,
    reshaped,
    slice_value,
    source_box,
)

_RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape")
_VIEWS = (*_RESHAPES, "tensor.extract_slice")
_SPLIT_ATTR = "mlirfuse.slice_split"


def split_sliced_generics(func_op: ir.Operation) -> int:
    """Generics computed per slice (module docstring) until none is left to
    split; returns how many were."""
    done = 0
    with func_op.context:
        for _ in range(len(list(func_op.regions[0].blocks[0].operations))):
            step = _split_generics(func_op)
            if not step:
                break
            done += step
        for op in _top_ops(func_op):
            if _SPLIT_ATTR in op.attributes:
                del op.attributes[_SPLIT_ATTR]
    return done


def _split_of(op: ir.Operation) -> int | None:
    """The split `op` is a part of (marked while the rewrite runs: an
    operation's Python hash changes with its operands, so no dict can key it)."""
    if _SPLIT_ATTR not in op.attributes:
        return None
    return int(ir.IntegerAttr(op.attributes[_SPLIT_ATTR]).value)


def _top_ops(func_op: ir.Operation) -> list[ir.Operation]:
    return [o.operation for o in func_op.regions[0].blocks[0].operations]


def _reads_reduction(value: ir.Value) -> bool:
    """Whether `value` is computed, through views and elementwise generics,
    from a reduction's or a named linalg op's result: the split would take
    an epilogue (a bias add, a cast after a matmul) from the kernel it
    finishes, or a head split's slices from the layout folds that read them."""
    pending, seen = [value], []
    while pending:
        op = producer_of(pending.pop())
        if op is None or op in seen:
            continue
        seen.append(op)
        if op.name in _VIEWS:
            pending.append(op.operands[0])
        elif op.name == "linalg.generic":
            if any(reduced_loops(op)):
                return True
            pending.extend(op.operands)
        elif op.name.startswith("linalg."):
            return True
    return False


def _splittable(op: ir.Operation) -> bool:
    if op.name != "linalg.generic" or len(op.results) != 1 or len(op.regions) != 1:
        return False
    if any("parallel" not in name for name in iterator_names(op)):
        return False
    result = op.results[0]
    if not ir.RankedTensorType(result.type).has_static_shape:
        return False
    maps = indexing_maps(op)
    if maps[-1] != ir.AffineMap.get_identity(maps[-1].n_dims):
        return False
    if has_uses(op.regions[0].blocks[0].arguments[len(maps) - 1]):
        return False  # the body reads its init
    inputs = list(op.operands)[: len(op.operands) - 1]
    for value, amap in zip(inputs, maps[:-1], strict=True):
        if not isinstance(value.type, ir.RankedTensorType) or _reads_reduction(value):
            return False
        if not all(dim_of(e) is not None or constant_of(e) is not None for e in amap.results):
            return False
    return True


def _final_readers(value: ir.Value) -> list[ir.Operation]:
    """The ops reading `value` through slices and reshapes."""
    found: list[ir.Operation] = []
    pending = [value]
    while pending:
        for user in users_of(pending.pop()):
            if user.name in _VIEWS:
                pending.append(user.results[0])
            elif user not in found:
                found.append(user)
    return found


def _readers_allow(op: ir.Operation) -> bool:
    """Whether the parts will meet again in one kernel: the slices of `op`
    are read by one op, by elementwise generics that read one another (an
    uneven pooling's running sum of its windows), or by the parts of one
    earlier split (the window table a gather reads). Slices read by
    unrelated kernels (a rotary table's sine and cosine halves) are views of
    one kernel's result already; split, a part could be left a kernel alone."""
    readers = _final_readers(op.results[0])
    if len(readers) == 1 or _connected_elementwise(readers):
        return True
    splits = {_split_of(reader) for reader in readers}
    return len(splits) == 1 and None not in splits


def _connected_elementwise(ops: list[ir.Operation]) -> bool:
    """All-parallel generics over as many points, each linked to the others
    by what one reads of another (through views)."""
    if any(o.name != "linalg.generic" or any(reduced_loops(o)) for o in ops):
        return False
    if len({math.prod(static_shape(o.results[0])) for o in ops}) != 1:
        return False
    reached, pending = [ops[0]], [ops[0]]
    while pending:
        current = pending.pop()
        linked = _final_readers(current.results[0]) + [
            p for v in current.operands for p in [_through_views(v)] if p is not None
        ]
        for other in linked:
            if other in ops and other not in reached:
                reached.append(other)
                pending.append(other)
    return len(reached) == len(ops)


def _through_views(value: ir.Value) -> ir.Operation | None:
    op = producer_of(value)
    while op is not None and op.name in _VIEWS:
        op = producer_of(op.operands[0])
    return op


def _split_generics(func_op: ir.Operation) -> int:
    """Split the first splittable generic; 1 if one was (the op list is then
    stale: its slices are gone)."""
    for op in _top_ops(func_op):
        if not _splittable(op) or not _readers_allow(op):
            continue
        boxes = _reader_boxes(op)
        if boxes is None or not disjoint(list(dict.fromkeys(boxes))):
            continue
        splits = {_split_of(r) for r in _final_readers(op.results[0])}
        split_id = splits.pop() if len(splits) == 1 else None
        if split_id is None:
            marked = [_split_of(o) for o in _top_ops(func_op)]
            split_id = max((m for m in marked if m is not None), default=-1) + 1
        _slices_above_reshapes(op)
        for part in _split(op, users_of(op.results[0])):
            part.attributes[_SPLIT_ATTR] = ir.IntegerAttr.get(
                ir.IntegerType.get_signless(64), split_id
            )
        return 1
    return 0


def _reader_boxes(op: ir.Operation) -> list[Box] | None:
    """The boxes of `op`'s result its readers slice: directly, or through a
    reshape whose every reader is a slice it can be taken before; None
    where a reader is anything else."""
    boxes: list[Box] = []
    for user in users_of(op.results[0]):
        if user.name not in _RESHAPES:
            box = box_of(user)
            if box is None:
                return None
            boxes.append(box)
            continue
        inner = users_of(user.results[0])
        for slice_op in inner:
            moved = source_box(slice_op, user) if box_of(slice_op) is not None else None
            if moved is None:
                return None
            boxes.append((tuple(moved[0]), tuple(moved[1])))
        if not inner:
            return None
    return boxes or None


def _split(op: ir.Operation, readers: list[ir.Operation]) -> list[ir.Operation]:
    """`op` computed per slice of `readers`; returns the new generics."""
    built: dict[tuple[Box, str], ir.Value] = {}
    with Rewrite("a generic read through disjoint slices computed per slice", op) as rw:
        for reader in readers:
            box = box_of(reader)
            assert box is not None
            last, groups = collapse_chain(reader, box[1])
            key = (box, str(last.results[0].type))
            if key not in built:
                with ir.InsertionPoint(op), reader.location:
                    built[key] = generic_on_box(op, box, groups, last.results[0].type)
            rw.replace_op(last, [built[key]])
            if last != reader:
                rw.erase(reader)
        rw.erase(op)
        for operand in op.operands:
            rw.erase_if_dead(operand)
    return [value.owner.operation for value in built.values()]


def _slices_above_reshapes(op: ir.Operation) -> None:
    """Each slice of a reshape of `op` taken on `op`'s result instead, the
    reshape after it (`_reader_boxes` checked every one can be)."""
    for reshape in [u for u in users_of(op.results[0]) if u.name in _RESHAPES]:
        for slice_op in users_of(reshape.results[0]):
            moved = source_box(slice_op, reshape)
            assert moved is not None
            with ir.InsertionPoint(slice_op), slice_op.location:
                sliced = slice_value(op.results[0], *moved)
                regrouped = reshaped(reshape, slice_op.results[0].type, sliced)
            with Rewrite("a slice taken before the reshape it read", slice_op) as rw:
                rw.replace_op(slice_op, [regrouped])
        erase(reshape, "drop a reshape its slices no longer read")
