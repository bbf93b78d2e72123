"""A reduction that reads a collapse of parallel dims runs on the collapse's source.

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
division's map): the norm and its division are one kernel.

Taken: a static generic with a reduction loop and no `linalg.index`, that
reads `collapse_shape(x)` through the identity map, where every merged group
is read by a parallel loop (a reduced loop keeps its order of accumulation
that way), whose other inputs are function arguments or constants (reshaped
anew), and whose results only reshapes read, or elementwise generics that
move onto the new space next (nothing is cut from the kernels its readers
form). Its inits are fills (built anew) or reshaped.
Nothing is computed differently: each output element reduces the same
elements in the same order.
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
from mlirfuse.transforms.reshape_maps import expanded_map
from mlirfuse.transforms.reshape_operands import generic_inputs, is_identity, shape_free_elementwise
from mlirfuse.transforms.reshape_views import is_reshape

_Space = tuple[list[list[int]], list[int]]  # per old loop its new loops; new extents


def reduction_through_collapse(generic: ir.Operation) -> ir.Operation | None:
    """Re-express `generic` on the source of the collapse it reads (module
    docstring); the new generic when it did."""
    found = _pivot(generic)
    if found is None or not _readers_are_reshapes(generic):
        return None
    collapse, position = found
    groups = reassociation_groups(collapse)
    space: _Space = (groups, static_shape(collapse.operands[0]))
    iterators = iterator_names(generic)
    if any(len(g) > 1 and "parallel" not in iterators[c] for c, g in enumerate(groups)):
        return None
    maps = _new_maps(generic, space)
    if maps is None:
        return None
    with ir.InsertionPoint(generic), generic.location:
        operands = _new_operands(generic, position, collapse.operands[0], maps)
        loops = [iterators[c] for c, group in enumerate(groups) for _ in group]
        new = _rebuilt(generic, operands, [m for m, _ in maps], loops)
    old_operands = list(generic.operands)
    with Rewrite("a reduction on the space of the collapse it reads", generic) as rw:
        for old, result in zip(generic.results, new.results, strict=True):
            _read_directly(old, result, rw)
            if list(old.uses):  # elementwise readers: they move onto the new space next
                with ir.InsertionPoint(generic), generic.location:
                    rw.replace_uses(old, reshaped(result, static_shape(old)))
        rw.erase(generic)
        for value in old_operands:
            rw.erase_if_dead(value)
        rw.erase_if_unused(collapse)
    return new


def _read_directly(old: ir.Value, result: ir.Value, rw: Rewrite) -> None:
    """Each reshape in the chains of reshapes that read `old` reads `result`
    by one reshape of its own instead (a reshape of a reshape is one)."""
    todo = [user for user in users_of(old) if is_reshape(user)]
    while todo:
        reshape = todo.pop()
        todo.extend(user for user in users_of(reshape.results[0]) if is_reshape(user))
        with ir.InsertionPoint(reshape), reshape.location:
            direct = reshaped(result, static_shape(reshape.results[0]))
        rw.replace_op(reshape, [direct])
        if direct != result:
            rw.erase_if_unused(direct.owner)


def _pivot(generic: ir.Operation) -> tuple[ir.Operation, int] | None:
    """The collapse the generic reads through the identity, and its operand index."""
    if generic.name != "linalg.generic" or not all(is_static_tensor(v) for v in generic.operands):
        return None
    if all("parallel" in it for it in iterator_names(generic)):
        return None  # elementwise: reshape_propagation.py's
    body = generic.regions[0].blocks[0]
    if any(op.operation.name == "linalg.index" for op in body.operations):
        return None
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
