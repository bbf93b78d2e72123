"""Reshapes move out of kernels through the elementwise generics next to them.

Exported models reshape between a compute op and the elementwise ops that
could be its epilogue: a matmul's bias add is 2-D, its GELU reads the result
expanded to N x H x W x C; a grouped convolution's result (N x G x C/G x H x W)
is collapsed to N x C x H x W for the batch norm that follows; a 1-D
depthwise convolution written as a 2-D one drops a unit dim. The reshape
stands between two ops of one kernel (`gpu-reshape-inside`). As IREE's
reshape propagation does, an all-parallel generic that reads
`reshape(x)`, with `x` computed by a linalg op, is re-expressed on `x`'s
iteration space (`reshape_through`):

- through an `expand_shape` the generic's loops collapse along its
  reassociation (each operand's run of a group's dims becomes one dim);
- through a `collapse_shape` its loops expand (each dim of a group becomes
  the group's dims, operands expanded alike);

its results are reshaped back for their readers, where a reshape of that
reshape cancels or combines (`_rewire`). One read through a permutation (a
folded transpose: a ViT's patch embedding flattened to tokens) moves alike
(`reshape_maps.pivot_loops`). The reshape so moves one generic
down, to the next op that cannot follow it (a contraction, a reduction, the
return): a kernel boundary, where the GPU back end reads it as a view. A
collapse read by a reduction moves below it too: of parallel dims where only
reshapes, or elementwise generics that then follow it, read the reduction,
of reduced dims always (`reshape_reductions.py`). First, a transpose that
moves only unit dims becomes the reshape it is (`unit_transposes.py`).

Its other operands are read on the new shape (`reshape_operands.py`).
Operands that are function arguments or constants (or contiguous slices of
them: a ViT's position embedding) are reshaped anew, and so are results of
reductions and contractions that reach the pivot through another
contraction (no kernel holds them and the generic: a W8A8 layer's
per-token scale, `reshape_views.behind_other_anchor`). Another computed
value is only where the reshape costs no fusion
(`reshape_views.costs_no_fusion`: the generic reads it through reshapes no
kernel fuses through already) and where the generic's results go where no
kernel fuses anyway (`_readers_end_kernels`): the reshapes moved back after
the generic must not cut a reduction from its prologue. A generic reading
another computed value that would need one is left alone. Nothing is
computed differently: a reshape keeps the row-major order of the elements
and an elementwise body sees the same element at every point.
"""

from __future__ import annotations

from dataclasses import replace

from mlir import ir

from mlirfuse.analysis.kinds import ROOTS
from mlirfuse.analysis.registry import classify_op
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    producer_of,
    reassociation_groups,
    set_indexing_maps,
    set_parallel_loops,
    users_of,
)
from mlirfuse.transforms.reshape_maps import (
    collapsed_map,
    expanded_map,
    permutation,
    pivot_loops,
)
from mlirfuse.transforms.reshape_operands import (
    Reshaping,
    computed_reshape,
    generic_inputs,
    is_identity,
    operand_on,
    shape_free_elementwise,
)
from mlirfuse.transforms.reshape_reductions import reduction_through_collapse
from mlirfuse.transforms.reshape_views import is_reshape
from mlirfuse.transforms.size_values import Dims, SizeValues, dims_of, tensor_type
from mlirfuse.transforms.unit_transposes import unit_transposes_to_reshapes

_ENDS = ("func.return", "tensor.extract_slice")  # readers no kernel fuses through
# The generic's loops on the pivot's other side: groups, extents, through an expand.
_Loops = tuple[list[list[int]], Dims, bool]


# -- the rewrite -------------------------------------------------------------------


def _pivot(generic: ir.Operation) -> tuple[ir.Operation, list[int]] | None:
    """The first reshape of a computed value that the generic reads with its
    identity map (its loops are the reshape's shape), else the first it reads
    through a permutation (a transpose folded into the map, `head_layout.py`),
    with the loop that reads each of its dims."""
    inputs = len(generic.operands) - len(generic.results)
    maps: list[ir.AffineMap] = []  # parsed only when a reshape is read (the rescans are many)
    permuted: tuple[ir.Operation, list[int]] | None = None
    for i in range(inputs):
        reshape = computed_reshape(generic.operands[i])
        if reshape is None:
            continue
        maps = maps or indexing_maps(generic)
        if is_identity(maps[i]):
            return reshape, list(range(maps[i].n_dims))
        if permuted is None and (perm := permutation(maps[i])) is not None:
            permuted = reshape, perm
    return permuted


def _new_inputs(
    generic: ir.Operation, pivot: _Loops, how: Reshaping
) -> tuple[list[ir.Value], list[ir.AffineMap]] | None:
    """The generic's inputs and maps on the pivot's source space, or None
    (then nothing is built)."""
    groups, fine, expand = pivot
    sizes = how.sizes
    inputs = len(generic.operands) - len(generic.results)
    planned: list[tuple[ir.Value, Dims, ir.AffineMap]] = []
    for value, amap in zip(
        list(generic.operands)[:inputs], indexing_maps(generic)[:inputs], strict=True
    ):
        have = dims_of(value, sizes.evaluate)
        if have is None:
            return None
        moved = (collapsed_map if expand else expanded_map)(amap, have, groups, fine)
        if moved is None or operand_on(value, moved[1], how, build=False) is None:
            return None
        planned.append((value, moved[1], moved[0]))
    values = [operand_on(v, shape, how, build=True) for v, shape, _ in planned]
    if any(v is None for v in values):
        return None  # a dynamic size with no value to build it from
    return [v for v in values if v is not None], [m for _, _, m in planned]


def _loops(reshape: ir.Operation, perm: list[int], sizes: SizeValues) -> tuple[_Loops, Dims] | None:
    """The generic's loops on the other side of the pivot (`pivot_loops`):
    their groups and extents for the maps, and the new loop space."""
    expand = reshape.name == "tensor.expand_shape"
    source, result = (_dims(v, sizes) for v in (reshape.operands[0], reshape.results[0]))
    fine, coarse = (result, source) if expand else (source, result)
    found = pivot_loops(perm, reassociation_groups(reshape), fine, coarse, expand=expand)
    return None if found is None else ((found[0], found[1], expand), found[2])


def _element(value: ir.Value) -> ir.Type:
    return ir.RankedTensorType(value.type).element_type


def _dims(value: ir.Value, sizes: SizeValues) -> Dims:
    found = dims_of(value, sizes.evaluate)
    assert found is not None  # every value reached here was proven first
    return found


def reshape_through(generic: ir.Operation) -> ir.Operation | None:
    """Re-express `generic` on the space of the computed reshape it reads
    (module docstring); the new generic when it did."""
    if generic.name != "linalg.generic":
        return None
    pivot = _pivot(generic)  # the cheaper test first
    if pivot is None or not shape_free_elementwise(generic, dynamic=True):
        return None
    sizes = SizeValues(generic.block, before=generic)
    loops = _loops(*pivot, sizes)
    if loops is None:
        return None
    moved, space = loops
    found = [dims_of(r, sizes.evaluate) for r in generic.results]
    outs = [d for d in found if d is not None]
    if len(outs) != len(found) or not sizes.buildable([space, *outs]):
        return None
    with ir.InsertionPoint(generic), generic.location:
        how = Reshaping(sizes, pivot[0].operands[0])
        built = _new_inputs(generic, moved, how)
        if built is None and _readers_end_kernels(generic):
            built = _new_inputs(generic, moved, replace(how, views=True))
        if built is None:
            return None
        values, maps = built
        inits = [sizes.empty(space, _element(r)) for r in generic.results]
        new = generic.clone(ir.InsertionPoint(generic)).operation
        for i, v in enumerate([*values, *inits]):
            new.operands[i] = v
        set_parallel_loops(new, len(space), len(inits))
        set_indexing_maps(new, [*maps, *indexing_maps(new)])
        for old, result in zip(generic.results, new.results, strict=True):
            result.set_type(tensor_type(space, _element(old)))
        backs = [sizes.reshaped(r, out) for out, r in zip(outs, new.results, strict=True)]
    old_inputs = generic_inputs(generic)
    with Rewrite("an elementwise generic on the space of the reshape it reads", generic) as rw:
        for old in generic.operands:
            rw.erase_if_dead(old)
        rw.replace_op(generic, backs)
    _drop_dead(old_inputs)
    for back, result in zip(backs, new.results, strict=True):
        _rewire(back, result)
    return new


def _readers_end_kernels(generic: ir.Operation) -> bool:
    """Every reader of the generic's results (through reshapes) is one it
    cannot share a kernel with anyway (a contraction, a convolution, a
    slice, the return) or an elementwise generic, which moves on in its
    turn. The
    generic's results are reshaped back for them: a reduction reading one
    would lose its prologue to that reshape."""
    todo = [user for r in generic.results for user in users_of(r)]
    while todo:
        user = todo.pop()
        if is_reshape(user):
            todo.extend(u for r in user.results for u in users_of(r))
        elif user.name == "linalg.generic" and shape_free_elementwise(user, dynamic=True):
            continue
        elif user.name not in _ENDS and classify_op(user).kind not in ROOTS:
            return False
    return True


def _drop_dead(values: list[ir.Value]) -> None:
    """Erase the reshapes and elementwise generics behind `values` that
    nothing reads any more (the pivot, recomputed producers)."""
    todo = list(values)
    gone: list[ir.Value] = []  # results of the ops erased here: their handles dangle
    while todo:
        value = todo.pop()
        if any(value == g for g in gone):  # compares handles, reads no IR
            continue  # read twice (`ins(%v, %v)`) or a sibling result of an erased op
        op = producer_of(value)
        if op is None or not (is_reshape(op) or op.name in ("linalg.generic", "tensor.empty")):
            continue
        if any(list(r.uses) for r in op.results):
            continue
        operands = list(op.operands)
        gone.extend(op.results)
        with Rewrite("an unused reshape or generic", op) as rw:
            rw.erase(op)
        todo.extend(operands)


def _rewire(back: ir.Value, result: ir.Value) -> None:
    """Readers of `back` (a reshape of `result`) that are reshapes themselves
    read one reshape of `result` instead (none where the shapes agree)."""
    if back == result:
        return
    for user in users_of(back):
        if not is_reshape(user):
            continue
        sizes = SizeValues(user.block, before=user)
        want = dims_of(user.results[0], sizes.evaluate)
        if want is None or not sizes.buildable([want]):
            continue
        with ir.InsertionPoint(user), user.location:
            direct = sizes.reshaped(result, want)
        with Rewrite("a reshape of a reshape as one", user) as rw:
            rw.replace_op(user, [direct])
        if direct is not None:
            _rewire(direct, result)  # a chain of reshapes (collapse to 1-D, expand): one
    owner = producer_of(back)
    if owner is not None and not list(back.uses):
        with Rewrite("an unused reshape", owner) as rw:
            rw.erase(owner)


def _top_ops(func_op: ir.Operation) -> list[ir.Operation]:
    return [op.operation for op in func_op.regions[0].blocks[0].operations]


def propagate_reshapes(func_op: ir.Operation) -> int:
    """Move reshapes of computed values through the elementwise generics
    that read them, to a fixed point; returns the rewrites."""
    done, start = 0, 0
    with func_op.context:
        done += unit_transposes_to_reshapes(func_op)
        budget = 4 * len(_top_ops(func_op))
        while done < budget:
            # Erased ops leave the scan: rescan a fresh list after each rewrite,
            # from the new generic on. A rewrite changes no op before it in a
            # way that lets that op move (their inputs stay), so they are not
            # tried again.
            moved = _one(func_op, start)
            if moved is None:
                break
            start, done = moved, done + 1
    return done


def _one(func_op: ir.Operation, start: int) -> int | None:
    """Rewrite the first generic from position `start` that can move; the
    new generic's position, or None when none could."""
    for op in _top_ops(func_op)[start:]:
        if op.name != "linalg.generic":
            continue
        new = reshape_through(op) or reduction_through_collapse(op)
        if new is not None:
            return next(i for i, o in enumerate(_top_ops(func_op)) if o == new)
    return None
