"""An `expand_shape` inside a kernel, moved above the chain that computes it.

PyTorch's packed in-projection (`nn.MultiheadAttention` with k is v, or q is
k is v) projects to P·E features, then `unflatten(-1, (P, E))` and a
transpose that brings P to the front: in the kernel, a contraction, its
bias epilogue, an `expand_shape` of the features, and a `linalg.transpose`.
`inner_reshapes.sink_plan` moves a reshape only past an elementwise producer
whose inputs all come from outside the kernel; here the producer's input is
the contraction, computed in the kernel, so the back end refused the group
(`gpu-reshape-inside`) and the transpose became a copy kernel of its own.

But a split of parallel loops is no change to what any op computes: every
op of the chain can run on the split loops instead. `expand_chain_plan`
re-expresses the reshape's producer on the reshape's space and, through
each input it reads in the kernel, that input's producer on its share of the
split (its maps are projected permutations, so each of its dims is a loop
or a broadcast), down to values from outside the kernel, which are reshaped
views (`ir_access.reshaped`). Reduction loops (a contraction's `k`) stay
whole: only the dims the reshape splits must be parallel. Every op of the
chain must be read by the next one only, once (it is replaced, not copied;
the next one may also take it as an init it does not read: the op-level
merge reuses a matmul's result as its epilogue's buffer), have
one result, no `linalg.index` in its body (the loops it would index
change), static shapes (but the op the expand reads, whose dynamic dim the
expand may keep whole: `dynamic_expand.py`), and an init that is either not read or a
`linalg.fill` (a contraction's zero), which is rebuilt on the new shape;
and the reshape must be read in the kernel by transposes only (nothing
outside it), none of them read by a generic of the kernel (which the fusion
rewrite merges it into): any other reader would leave a contraction on
split loops feeding an epilogue in another order, which only the fallback
schedule takes (it could not tile ConvNeXt's layer-scaled residual).
After the move, `contraction_copies.fold_epilogue_transpose` folds the
transpose into the contraction's output map: one kernel writes the layout
the attention reads. One generic reader is taken too where it reads the
expand once through a permutation of all its loops and the chain ends in an
elementwise epilogue of one contraction (a channels-first ConvNeXt block's
layer scale and residual after the FFN's second Linear on the flattened
tokens): after the move, `fold_epilogue_permuted_read` makes the
contraction and its epilogue write the reader's order, which it then reads
through the identity, so the contraction schedule takes the kernel.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.analysis.structured import PARALLEL, dim_position, structured_view
from mlirfuse.gpu.contraction_copies import (
    NAMED_CONTRACTIONS,
    all_f32,
    fold_epilogue_permuted_read,
    permuted_read,
)
from mlirfuse.gpu.dynamic_expand import (
    dynamic_dims_read,
    in_shape,
    result_sizes,
    splits_statically,
)
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.opshape import is_contraction
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.generalize import generalize
from mlirfuse.transforms.ir_access import (
    is_static_tensor,
    reassociation_groups,
    reshaped,
    set_indexing_maps,
    static_shape,
)
from mlirfuse.transforms.reshape_maps import expanded_map

_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")
_TERMINATORS = ("gpu.yield", "func.return")


@dataclass(frozen=True)
class ChainInput:
    """One input of a chain op on the split loops: read from outside the
    kernel (`source`, reshaped to `shape`) or computed by `step`."""

    operand: ir.Value
    shape: tuple[int, ...]
    source: ir.Value | None
    step: ExpandStep | None


@dataclass(frozen=True)
class ExpandStep:
    """A chain op on the split loops: its inputs there, its maps over the
    split loops (inputs, then the init), their iterators, its result shape."""

    op: ir.Operation
    inputs: tuple[ChainInput, ...]
    maps: tuple[ir.AffineMap, ...]
    iterators: tuple[str, ...]
    shape: tuple[int, ...]


Inside = Callable[[ir.Operation], bool]


def expand_chain_plan(reshape: ir.Operation, inside: Inside) -> ExpandStep | None:
    """The producer chain of `reshape` (an `expand_shape` of the kernel) on
    the reshape's space, or None when it cannot move there."""
    if reshape.name != "tensor.expand_shape" or not splits_statically(reshape):
        return None
    users = _readers(reshape.results[0])
    if not all(user.name not in _TERMINATORS and user.results and inside(user) for user in users):
        return None  # a result of the kernel too: the group would keep the chain's ops
    # Only a transpose folds into the contraction's output map after the
    # move, or a generic's permuted read does (`fold_epilogue_permuted_read`);
    # any other reader leaves a contraction on split loops feeding an
    # epilogue in another order, which only the fallback schedule takes,
    # and it could not tile ConvNeXt's layer-scaled residual.
    permuted = len(users) == 1 and _permuted_reader(reshape.results[0], users[0])
    if not permuted and not all(user.name == "linalg.transpose" for user in users):
        return None
    if not permuted and any(_merged_later(user, inside) for user in users):
        return None
    groups = reassociation_groups(reshape)
    with reshape.context:
        fine = static_shape(reshape.results[0])
        step = _step(reshape.operands[0], groups, fine, inside, top=True)
        if permuted and (step is None or not _relayable(step)):
            return None
    return step


def _readers(value: ir.Value) -> list[ir.Operation]:
    """The ops using `value`, each once (a generic may read it and write
    into it)."""
    readers: list[ir.Operation] = []
    for use in value.uses:
        if use.owner.operation not in readers:
            readers.append(use.owner.operation)
    return readers


def _permuted_reader(value: ir.Value, reader: ir.Operation) -> bool:
    """`reader` is a generic reading `value` once, as an input, through a
    permutation of all its loops; it may also write into it (the fusion
    rewrite reuses a dying input of the result's type as the init: SigLIP-2's
    patch embedding plus its position table, whose expand then stayed in
    the kernel the plan had counted it out of)."""
    view = structured_view(reader)
    if reader.name != "linalg.generic" or view is None:
        return False
    operands = list(reader.operands)
    reads = [i for i, v in enumerate(operands[: view.num_inputs]) if v == value]
    writes = [v for v in operands[view.num_inputs :] if v == value]
    uses = [use for use in value.uses if use.owner.operation == reader]
    if len(reads) != 1 or len(uses) != 1 + len(writes):
        return False
    return permuted_read(view.maps[reads[0]]) is not None


def _relayable(step: ExpandStep) -> bool:
    """The moved chain ends in an elementwise epilogue (identity output, its
    maps plain dims) of one contraction it reads through the identity: after
    the move both can write the permuted reader's order."""
    if step.op.name != "linalg.generic" or any(kind != PARALLEL for kind in step.iterators):
        return False
    identity = ir.AffineMap.get_identity(len(step.iterators))
    if step.maps[-1] != identity:
        return False
    if any(dim_position(e) is None and not _constant(e) for m in step.maps for e in m.results):
        return False
    found = [
        i
        for i, chain_input in enumerate(step.inputs)
        if chain_input.step is not None
        and (chain_input.step.op.name in NAMED_CONTRACTIONS or is_contraction(chain_input.step.op))
    ]
    return len(found) == 1 and step.maps[found[0]] == identity


def _constant(expr: ir.AffineExpr) -> bool:
    return isinstance(expr, ir.AffineConstantExpr)


def _merged_later(transpose: ir.Operation, inside: Inside) -> bool:
    """A generic of the kernel reads the transpose: the fusion rewrite's
    op-level merge folds the transpose into it (a permuted map), so the
    kernel the back end builds has that generic as the reshape's reader
    (HunYuan's rotary after the q projection: planned as one kernel here,
    then its tiling failed)."""
    readers = [use.owner.operation for use in transpose.results[0].uses]
    return any(r.name == "linalg.generic" and inside(r) for r in readers)


def _step(
    value: ir.Value, groups: list[list[int]], fine: list[int], inside: Inside, top: bool = False
) -> ExpandStep | None:
    """`value`'s producer on its result dims split by `groups` into `fine`.
    Only the op the expand reads (`top`) may have a dynamic dim, one the
    expand keeps whole (`splits_statically`), read from outside the kernel
    in the shape it needs: its result's size is read off its inputs."""
    op = defining_op(value)
    view = structured_view(op) if op is not None and inside(op) else None
    if op is None or view is None or len(op.results) != 1 or not _read_once(value):
        return None
    static = all(is_static_tensor(v) for v in op.operands)
    if "linalg.index" in view.body_ops or not (static or top):
        return None
    if op.name in NAMED_CONTRACTIONS and not all_f32(op):
        return None  # a 16-bit matmul stays named: the tensor-core path knows it by name
    extents = _loop_extents(view.maps, list(op.operands))
    loop_groups, loop_fine, iterators = _split_loops(
        view.maps[-1], view.iterators, groups, fine, extents
    )
    if loop_groups is None:
        return None
    maps: list[ir.AffineMap] = []
    inputs: list[ChainInput] = []
    for index, operand in enumerate(list(op.operands)[: view.num_inputs]):
        moved = expanded_map(view.maps[index], static_shape(operand), loop_groups, loop_fine)
        if moved is None:
            return None
        found = _input(operand, view.maps[index], moved[1], loop_groups, inside)
        if found is None:
            return None
        maps.append(moved[0])
        inputs.append(found)
    out = expanded_map(view.maps[-1], static_shape(value), loop_groups, loop_fine)
    if out is None or not _init_rebuildable(op, view.num_inputs, view.iterators):
        return None
    if not dynamic_dims_read(out, maps):
        return None
    return ExpandStep(op, tuple(inputs), (*maps, out[0]), iterators, tuple(out[1]))


def _read_once(value: ir.Value) -> bool:
    """`value` is read by one op, as one operand (the op is replaced, not
    copied). The op-level merge may also have made it that reader's init, a
    buffer reused for the epilogue (`transforms/merge.py`: a matmul's bias
    and scale merged into one generic, written into the matmul's result):
    the body does not read that init, and the move builds a fresh one."""
    uses = list(value.uses)
    reader = uses[0].owner.operation if uses else None
    if reader is None or any(use.owner.operation != reader for use in uses):
        return False
    view = structured_view(reader)
    if view is None or reader.name != "linalg.generic":
        return len(uses) == 1
    numbers = [use.operand_number for use in uses]
    inits = [n for n in numbers if n >= view.num_inputs]
    body = reader.regions[0].blocks[0]
    unread = all(not list(body.arguments[n].uses) for n in inits)
    return len(numbers) - len(inits) == 1 and unread


def _split_loops(
    out_map: ir.AffineMap,
    iterators: tuple[str, ...],
    groups: list[list[int]],
    fine: list[int],
    extents: dict[int, int],
) -> tuple[list[list[int]] | None, list[int], tuple[str, ...]]:
    """Per loop of the op, the split loops it becomes (the result dim's group
    for a loop the result is indexed by, else one loop of its own, of its
    extent), their extents and iterators. None when a split loop is no
    parallel result dim."""
    owner = {}
    for dim, expr in enumerate(out_map.results):
        loop = dim_position(expr)
        if loop is None:
            return None, [], ()
        owner[loop] = dim
    loop_groups: list[list[int]] = []
    loop_fine: list[int] = []
    split_iterators: list[str] = []
    for loop, kind in enumerate(iterators):
        dims = [fine[f] for f in groups[owner[loop]]] if loop in owner else [extents[loop]]
        if len(dims) > 1 and kind != PARALLEL:
            return None, [], ()
        loop_groups.append(list(range(len(loop_fine), len(loop_fine) + len(dims))))
        loop_fine.extend(dims)
        split_iterators.extend([kind] * len(dims))
    return loop_groups, loop_fine, tuple(split_iterators)


def _loop_extents(maps: tuple[ir.AffineMap, ...], operands: list[ir.Value]) -> dict[int, int]:
    """Each loop's extent, read from an operand dim it indexes."""
    found: dict[int, int] = {}
    for amap, operand in zip(maps, operands, strict=True):
        for dim, expr in enumerate(amap.results):
            if (loop := dim_position(expr)) is not None:
                found.setdefault(loop, static_shape(operand)[dim])
    return found


def _input(
    operand: ir.Value,
    amap: ir.AffineMap,
    shape: list[int],
    loop_groups: list[list[int]],
    inside: Inside,
) -> ChainInput | None:
    """`operand` read on the split loops as `shape`: a view of a value from
    outside the kernel, or its producer split the same way."""
    source = outside_source(operand, inside)
    if source is not None:
        if not is_static_tensor(source):
            found = in_shape(source, shape)
            return None if found is None else ChainInput(operand, tuple(shape), found, None)
        if math.prod(static_shape(source)) != math.prod(shape):
            return None  # a scalar, or no view of the same elements
        return ChainInput(operand, tuple(shape), source, None)
    if not all(is_static_tensor(v) for v in (operand,)):
        return None  # a producer in the kernel: static chains only
    groups, at = [], 0
    for expr in amap.results:  # each dim of the operand becomes its loop's share
        width = len(loop_groups[p]) if (p := dim_position(expr)) is not None else 1
        groups.append(list(range(at, at + width)))
        at += width
    step = _step(operand, groups, shape, inside)
    return None if step is None else ChainInput(operand, tuple(shape), None, step)


def outside_source(value: ir.Value, inside: Inside) -> ir.Value | None:
    """`value`, or the value from outside the kernel it is a reshape of:
    forming the group pulls a view of an argument (a bias vector expanded to
    C x 1 x 1) into its body, and a reshape keeps the row-major order, so the
    input is reshaped from that value directly. None: the kernel computes it."""
    op = defining_op(value)
    while op is not None and inside(op):
        if op.name not in _RESHAPES:
            return None
        value = op.operands[0]
        op = defining_op(value)
    return value


def _init_rebuildable(op: ir.Operation, num_inputs: int, iterators: tuple[str, ...]) -> bool:
    """The init is not read by the body, or is a `linalg.fill` (rebuilt). A
    named op reads it only when it reduces (a matmul accumulates into it; a
    transpose, broadcast or copy does not)."""
    init = op.operands[num_inputs]
    fill = defining_op(init)
    if fill is not None and fill.name == "linalg.fill":
        return True
    if op.name != "linalg.generic":
        return all(kind == PARALLEL for kind in iterators)
    return not list(list(op.regions[0].blocks[0].arguments)[num_inputs].uses)


def move_expand(reshape: ir.Operation, plan: ExpandStep) -> None:
    """Rewrite: the chain on the split loops, built before `reshape`, which
    its last op's new result replaces; the old chain goes."""
    with ir.InsertionPoint(reshape), reshape.location:
        new = _build(plan, reshape)
    with Rewrite("a kernel's expand_shape moved above the chain computing it", reshape) as rw:
        rw.replace_op(reshape, [new])
        _erase_chain(plan, rw)
    readers = _readers(new)
    if len(readers) == 1 and _permuted_reader(new, readers[0]):
        reader = readers[0]
        fold_epilogue_permuted_read(reader, list(reader.operands).index(new))


def _build(step: ExpandStep, at: ir.Operation) -> ir.Value:
    values = [
        _build(i.step, at) if i.step is not None else reshaped(_known(i.source), list(i.shape))
        for i in step.inputs
    ]
    element = ir.RankedTensorType(step.op.results[0].type).element_type
    empty = tensor.EmptyOp(result_sizes(step.shape, step.maps, values), element).result
    old_init = defining_op(step.op.operands[len(step.inputs)])
    init = empty
    if old_init is not None and old_init.name == "linalg.fill":
        init = linalg.fill(old_init.operands[0], outs=[empty])
    new = step.op.clone(ir.InsertionPoint(at)).operation
    if new.name != "linalg.generic":  # a named op's maps cannot change
        new = generalize(new)
    for index, value in enumerate([*values, init]):
        new.operands[index] = value
    set_indexing_maps(new, list(step.maps))
    new.attributes["iterator_types"] = ir.ArrayAttr.get(
        [ir.Attribute.parse(f"#linalg.iterator_type<{kind}>") for kind in step.iterators]
    )
    new.results[0].set_type(ir.RankedTensorType.get(list(step.shape), element))
    return new.results[0]


def _known(value: ir.Value | None) -> ir.Value:
    assert value is not None  # an input without a step has a source
    return value


def _erase_chain(step: ExpandStep, rw: Rewrite) -> None:
    init = step.op.operands[len(step.inputs)]
    rw.erase(step.op)
    rw.erase_if_dead(init)
    for chain_input in step.inputs:
        if chain_input.step is not None:
            _erase_chain(chain_input.step, rw)
        elif (view := defining_op(chain_input.operand)) is not None and view.name in _RESHAPES:
            rw.erase_if_unused(view)  # a view of an outside value the group held
