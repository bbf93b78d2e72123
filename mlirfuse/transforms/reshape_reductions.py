"""A reduction that reads a collapse runs on the collapse's source.

YOSO's attention normalises each query row: torch merges batch and heads
(`q.reshape(B * H, S, D)`, a `collapse_shape` of `2x4x24x16` to `8x24x16`),
reduces each row to `8x24x1`, and the division reads the norm back as
`2x4x24` (collapse to 192, expand). The reshapes stand between the
reduction and its division (`gpu-reshape-inside`): two kernels. IREE moves
such a collapse below the reduction; so does this rewrite. The reduction is
re-expressed on the source's space (`2x4x24x16` -> `2x4x24x1`, each loop of
a merged dim becomes the group's loops, of the same iterator type), and the
reshapes that read its result read the new result by one reshape each
(here a unit-dim collapse to `2x4x24`, which the GPU back end folds into the
division's map): the norm and its division are one kernel. Neighborhood
attention's softmax runs over each query's 5x5 window flattened to 25: the
max and the sum reduce both dims of the window instead, so the scores, the
exponentials and the division around them need no reshape either.

Taken: a static generic with a reduction loop that reads `collapse_shape(x)`
through the identity map, whose other inputs are function arguments or
constants (reshaped anew), and whose results keep their sizes but for unit
dims (every merged group is reduced: its readers read the new results
through unit-dim reshapes, which the GPU back end folds into their maps), or
are read only by reshapes, or by elementwise generics that move onto the new
space next (nothing is cut from the kernels its readers form). Its inits are
fills (built anew) or reshaped. A `linalg.index` of a merged loop (an
argmax's position) becomes the row-major index of the group's loops; over
merged parallel dims an argmax stays (a softmax's max moved without the sum
that reads the exponentials after it would cut the two apart).
Nothing is computed differently: each output element reduces the same
elements in the same order (a merged reduced loop runs as its group's loops,
outer to inner), and an argmax picks the same position.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    is_static_tensor,
    iterator_names,
    producer_of,
    reassociation_groups,
    reshaped,
    set_indexing_maps,
    static_shape,
    users_of,
)
from mlirfuse.transforms.ir_utils import linear_index
from mlirfuse.transforms.reshape_maps import expanded_map
from mlirfuse.transforms.reshape_operands import generic_inputs, is_identity, shape_free_elementwise
from mlirfuse.transforms.reshape_views import is_reshape, read_directly

_Space = tuple[list[list[int]], list[int]]  # per old loop its new loops; new extents


def reduction_through_collapse(generic: ir.Operation) -> ir.Operation | None:
    """Re-express `generic` on the source of the collapse it reads (module
    docstring); the new generic when it did."""
    found = _pivot(generic)
    if found is None:
        return None
    collapse, position = found
    groups = reassociation_groups(collapse)
    space: _Space = (groups, static_shape(collapse.operands[0]))
    iterators = iterator_names(generic)
    maps = _new_maps(generic, space)
    if maps is None:
        return None
    if not _same_results(generic, maps) and (
        _indexed(generic) or not _readers_are_reshapes(generic)
    ):
        return None
    with ir.InsertionPoint(generic), generic.location:
        operands = _new_operands(generic, position, collapse.operands[0], maps)
        loops = [iterators[c] for c, group in enumerate(groups) for _ in group]
        new = _rebuilt(generic, operands, [m for m, _ in maps], loops)
    old_operands = list(generic.operands)
    with Rewrite("a reduction on the space of the collapse it reads", generic) as rw:
        _renumber_indices(new, space, rw)
        for old, result in zip(generic.results, new.results, strict=True):
            read_directly(old, result, rw)  # elementwise readers move onto the new space next
        rw.erase(generic)
        for value in old_operands:
            rw.erase_if_dead(value)
        rw.erase_if_unused(collapse)
    return new


def _pivot(generic: ir.Operation) -> tuple[ir.Operation, int] | None:
    """The collapse the generic reads through the identity, and its operand index."""
    if generic.name != "linalg.generic" or not all(is_static_tensor(v) for v in generic.operands):
        return None
    if all("parallel" in it for it in iterator_names(generic)):
        return None  # elementwise: reshape_propagation.py's
    inputs = len(generic.operands) - len(generic.results)
    maps = indexing_maps(generic)
    for i in range(inputs):
        producer = producer_of(generic.operands[i])
        if producer is None or producer.name != "tensor.collapse_shape":
            continue
        if is_identity(maps[i]) and _computed(producer.operands[0]):
            others = [v for j, v in enumerate(generic.operands[:inputs]) if j != i]
            return (producer, i) if all(_argument_or_constant(v) for v in others) else None
    return None


def _computed(value: ir.Value) -> bool:
    producer = producer_of(value)
    return producer is not None and producer.name.startswith("linalg.")


def _readers_are_reshapes(generic: ir.Operation) -> bool:
    """Every reader of the results is a reshape, or an elementwise generic
    (the norm's clamp) of no other computed input whose readers are such in
    turn: `reshape_propagation.reshape_through` moves it onto the new space
    next, so no reshape is left between the reduction and its epilogue."""
    readers = [user for r in generic.results for user in users_of(r)]
    if not readers:
        return False
    for reader in readers:
        if is_reshape(reader):
            continue
        if not shape_free_elementwise(reader) or not _readers_are_reshapes(reader):
            return False
        computed = [v for v in generic_inputs(reader) if not _argument_or_constant(v)]
        if any(producer_of(v) != generic for v in computed):
            return False
    return True


def _same_results(generic: ir.Operation, maps: list[tuple[ir.AffineMap, list[int]]]) -> bool:
    """Each result keeps its sizes but for unit dims (the merged groups are
    reduced): its readers read it through a unit-dim reshape, which the GPU
    back end folds into their maps, so nothing is cut from their kernels."""
    inits = maps[len(generic.operands) - len(generic.results) :]
    for result, (_, shape) in zip(generic.results, inits, strict=True):
        if [s for s in static_shape(result) if s != 1] != [s for s in shape if s != 1]:
            return False
    return True


def _indexed(generic: ir.Operation) -> bool:
    """The body reads a loop's position (an argmax): moved over a merged
    parallel group, such a max would leave the sum after it (which reads
    another computed value) on the collapsed space, a kernel apart."""
    return any(
        op.operation.name == "linalg.index" for op in generic.regions[0].blocks[0].operations
    )


def _renumber_indices(new: ir.Operation, space: _Space, rw: Rewrite) -> None:
    """Each `linalg.index` of an old loop in the body of `new` becomes the
    row-major index of that loop's new loops (an argmax's position)."""
    groups, fine = space
    for op in list(new.regions[0].blocks[0].operations):
        if op.operation.name == "linalg.index":
            loop = int(ir.IntegerAttr(op.attributes["dim"]).value)
            with op.location:
                index = linear_index(groups[loop], fine, ir.InsertionPoint(op))
            rw.replace_op(op, [index])


def _new_maps(generic: ir.Operation, space: _Space) -> list[tuple[ir.AffineMap, list[int]]] | None:
    """Each operand's map on the new loops, with its shape there."""
    groups, fine = space
    moved: list[tuple[ir.AffineMap, list[int]]] = []
    for amap, value in zip(indexing_maps(generic), generic.operands, strict=True):
        found = expanded_map(amap, static_shape(value), groups, fine)
        if found is None:
            return None
        moved.append(found)
    return moved


def _new_operands(
    generic: ir.Operation,
    position: int,
    source: ir.Value,
    moved: list[tuple[ir.AffineMap, list[int]]],
) -> list[ir.Value]:
    """The inputs on the new space (the collapse's source at `position`,
    arguments and constants reshaped), then the inits."""
    inputs = len(generic.operands) - len(generic.results)
    values: list[ir.Value] = []
    for i, (value, (_, shape)) in enumerate(zip(generic.operands, moved, strict=True)):
        if i == position:
            values.append(source)
        else:
            values.append(_init(value, shape) if i >= inputs else reshaped(value, shape))
    return values


def _argument_or_constant(value: ir.Value) -> bool:
    if isinstance(value, ir.BlockArgument):
        return True
    producer = producer_of(value)
    return producer is not None and producer.name == "arith.constant"


def _init(value: ir.Value, shape: list[int]) -> ir.Value:
    """A fill of a `tensor.empty` built anew on `shape`, else `value` reshaped."""
    producer = producer_of(value)
    element = ir.RankedTensorType(value.type).element_type
    if producer is not None and producer.name == "linalg.fill":
        empty = producer_of(producer.operands[1])
        if empty is not None and empty.name == "tensor.empty":
            fresh = tensor.empty(shape, element)
            return linalg.fill(producer.operands[0], outs=[fresh])
    return reshaped(value, shape)


def _rebuilt(
    generic: ir.Operation, operands: list[ir.Value], maps: list[ir.AffineMap], iterators: list[str]
) -> ir.Operation:
    """`generic` with `operands`, `maps` and `iterators`, its body as it is."""
    new = generic.clone(ir.InsertionPoint(generic)).operation
    for i, value in enumerate(operands):
        new.operands[i] = value
    set_indexing_maps(new, maps)
    new.attributes["iterator_types"] = ir.ArrayAttr.get(
        [ir.Attribute.parse(it) for it in iterators]
    )
    inputs = len(operands) - len(generic.results)
    for result, init in zip(new.results, operands[inputs:], strict=True):
        result.set_type(init.type)
    return new
