"""A reshape between two ops of a kernel, moved to the kernel's edge.

Exported norms often compute their prologue in the matmul's 2-D space and
the statistics in the model's 3-D one: `%e = extf(%x) : 64x128` then
`expand_shape %e : 2x32x128` read by the row reductions. When the elementwise
producer `%e` joins the norm's kernel, the reshape sits inside it
(`gpu-reshape-inside`: tile-and-fuse cannot fuse through it). But the
producer can as well be computed in the reshape's space: an all-parallel
generic with identity outputs sees the same element at every point whatever
the row-major shape, so `expand(extf(%x)) == extf(expand(%x))`. When every
input of the producer comes from outside the kernel, the reshape so moves
onto those inputs, a view the kernel reads. A dynamic dim moves the same
way when its size is proven (`analysis/symbolic.py`): the reshapes and the
init are built from the first value of that size above the kernel
(`transforms/size_values.py`), as `reshape_propagation.py` builds them.

`sink_plan` answers whether (and how) for one reshape, given which ops are
the kernel's; the back end's predicate (`lowerability._reshape_inside`)
accepts such a reshape and `sink_group_reshapes` rewrites every one in the
`fusion.group`s before kernels are formed, so the plan and what is built
agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.inner_expand_chains import (
    ExpandStep,
    expand_chain_plan,
    move_expand,
    outside_source,
)
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    reassociation_groups,
    set_indexing_maps,
    set_parallel_loops,
)
from mlirfuse.transforms.reshape_maps import collapsed_map, expanded_map
from mlirfuse.transforms.reshape_operands import shape_free_elementwise
from mlirfuse.transforms.size_values import Dims, SizeValues, dims_of

_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")


@dataclass(frozen=True)
class SinkPlan:
    """The producer re-expressed on the reshape's result space."""

    producer: ir.Operation
    inputs: tuple[tuple[ir.Value, Dims], ...]  # each input and its shape there
    maps: tuple[ir.AffineMap, ...]  # the inputs' maps there
    space: Dims  # the reshape's result shape: the producer's loops there
    sizes: SizeValues  # where the dynamic sizes of these shapes are found
    kept: Dims | None = None  # the producer's shape, where its group yields it


def sink_plan(reshape: ir.Operation, inside: Callable[[ir.Operation], bool]) -> SinkPlan | None:
    """How the producer of `reshape` moves past it, or None: the producer is
    an elementwise generic of the kernel (`inside`) whose one result only the
    reshape reads (and its group's yield), and none of its inputs is
    computed in the kernel."""
    with reshape.context:
        return _sink_plan(reshape, inside)


def _sink_plan(reshape: ir.Operation, inside: Callable[[ir.Operation], bool]) -> SinkPlan | None:
    if reshape.name not in _RESHAPES or not all(
        isinstance(v.type, ir.RankedTensorType) for v in (reshape.operands[0], reshape.results[0])
    ):
        return None
    producer = defining_op(reshape.operands[0])
    if producer is None or not inside(producer):
        return None
    if not shape_free_elementwise(producer, dynamic=True):
        return None
    if len(producer.results) != 1:
        return None
    owners = [use.owner.operation for use in producer.results[0].uses]
    if not all(owner == reshape or _group_yield(owner) for owner in owners):
        return None
    sizes = _sizes_above(reshape)
    kept = None
    if any(_group_yield(owner) for owner in owners):
        # Kept too: the group yields the moved producer reshaped back.
        kept = dims_of(producer.results[0], sizes.evaluate)
        if kept is None or not sizes.can_reshape(reshape.results[0], kept):
            return None
    expand = reshape.name == "tensor.expand_shape"
    fine = dims_of(reshape.results[0] if expand else reshape.operands[0], sizes.evaluate)
    space = dims_of(reshape.results[0], sizes.evaluate)
    if fine is None or space is None:
        return None
    groups = reassociation_groups(reshape)
    count = len(producer.operands) - 1
    inputs: list[tuple[ir.Value, Dims]] = []
    maps = []
    for value, amap in zip(
        list(producer.operands)[:count], indexing_maps(producer)[:count], strict=True
    ):
        source = outside_source(value, inside)
        if source is None:
            return None  # computed in the kernel: it would need a reshape inside
        have = dims_of(value, sizes.evaluate)
        moved = (
            None
            if have is None
            else (expanded_map if expand else collapsed_map)(amap, have, groups, fine)
        )
        if moved is None or not sizes.can_reshape(source, moved[1]):
            return None
        maps.append(moved[0])
        inputs.append((source, moved[1]))
    if not sizes.buildable([space, *(shape for _, shape in inputs)]):
        return None  # a dynamic size with no value above the kernel
    return SinkPlan(producer, tuple(inputs), tuple(maps), space, sizes, kept)


def _group_yield(op: ir.Operation) -> bool:
    """The terminator of a `fusion.group`: the producer is a kept result
    (another kernel reads the reshape, which the group's rewrite pulled in:
    SAM-HQ's positional embedding, repeated over the batch, then flattened)."""
    parent = op.parent
    return op.name == "gpu.yield" and parent is not None and parent.name == GROUP_OP


def _sizes_above(reshape: ir.Operation) -> SizeValues:
    """Sizes for ops built at `reshape`: the values of the function's block
    above the op there that holds it (its kernel's group, or itself)."""
    top = reshape
    while top.parent is not None and top.parent.name not in ("func.func", "gpu.func"):
        top = top.parent
    return SizeValues(top.block, before=top)


def sink(reshape: ir.Operation, plan: SinkPlan) -> None:
    """Rewrite: the producer on the reshape's space, its inputs reshaped."""
    element = ir.RankedTensorType(reshape.results[0].type).element_type
    with ir.InsertionPoint(reshape), reshape.location:
        values = [plan.sizes.reshaped(v, shape) for v, shape in plan.inputs]
        init = plan.sizes.empty(plan.space, element)
        assert init is not None and all(v is not None for v in values)  # buildable
        new = plan.producer.clone(ir.InsertionPoint(reshape)).operation
        for i, v in enumerate([*values, init]):
            new.operands[i] = v
        set_parallel_loops(new, len(plan.space), 1)  # parallel iterators on the new space
        set_indexing_maps(new, [*plan.maps, ir.AffineMap.get_identity(len(plan.space))])
        new.results[0].set_type(reshape.results[0].type)
        kept = None if plan.kept is None else plan.sizes.reshaped(new.results[0], plan.kept)
    with Rewrite("a kernel's reshape moved onto the inputs of its producer", reshape) as rw:
        if kept is not None:  # the group's yield: a view of the moved producer
            rw.replace_uses(plan.producer.results[0], kept)
        rw.replace_op(reshape, [new.results[0]])
        rw.erase(plan.producer)
        rw.erase_if_dead(plan.producer.operands[len(plan.producer.operands) - 1])  # its init
        for value in plan.producer.operands:  # a view of an argument the group held
            if (view := defining_op(value)) is not None and view.name in _RESHAPES:
                rw.erase_if_unused(view)


def sink_group_reshapes(func: ir.Operation) -> int:
    """Move every reshape `sink_plan` accepts out of the groups of `func`;
    returns how many moved."""
    moved = 0
    for group in [op for op in walk(func) if op.name == GROUP_OP]:
        body = group.regions[0].blocks[0]
        # A fresh list of the members after each move: the moved ops are erased.
        while (found := _next_sink(body)) is not None:
            reshape, plan = found
            if isinstance(plan, SinkPlan):
                sink(reshape, plan)
            else:
                move_expand(reshape, plan)
            moved += 1
    return moved


def movable(reshape: ir.Operation, inside: Callable[[ir.Operation], bool]) -> bool:
    """Whether `reshape` leaves the kernel (`inside`) before it is built: its
    producer moves past it, or it moves above its producer chain."""
    return _plan(reshape, inside) is not None


def _plan(
    reshape: ir.Operation, inside: Callable[[ir.Operation], bool]
) -> SinkPlan | ExpandStep | None:
    return sink_plan(reshape, inside) or expand_chain_plan(reshape, inside)


def _next_sink(body: ir.Block) -> tuple[ir.Operation, SinkPlan | ExpandStep] | None:
    members = [op.operation for op in body.operations]

    def inside(op: ir.Operation) -> bool:
        return any(op == m for m in members)

    for reshape in members:
        plan = _plan(reshape, inside) if reshape.name in _RESHAPES else None
        if plan is not None:
            return reshape, plan
    return None
