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
onto those inputs, a view the kernel reads.

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
from mlir.dialects import tensor

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    is_static_tensor,
    reassociation_groups,
    reshaped,
    set_indexing_maps,
    set_parallel_loops,
    static_shape,
)
from mlirfuse.transforms.reshape_maps import collapsed_map, expanded_map
from mlirfuse.transforms.reshape_propagation import shape_free_elementwise

_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")


@dataclass(frozen=True)
class SinkPlan:
    """The producer re-expressed on the reshape's result space."""

    producer: ir.Operation
    inputs: tuple[tuple[ir.Value, list[int]], ...]  # each input and its shape there
    maps: tuple[ir.AffineMap, ...]  # the inputs' maps there


def sink_plan(reshape: ir.Operation, inside: Callable[[ir.Operation], bool]) -> SinkPlan | None:
    """How the producer of `reshape` moves past it, or None: the producer is
    an elementwise generic of the kernel (`inside`) whose one result only the
    reshape reads, and none of its inputs is computed in the kernel."""
    with reshape.context:
        return _sink_plan(reshape, inside)


def _sink_plan(reshape: ir.Operation, inside: Callable[[ir.Operation], bool]) -> SinkPlan | None:
    if reshape.name not in _RESHAPES or not all(
        is_static_tensor(v) for v in (reshape.operands[0], reshape.results[0])
    ):
        return None
    producer = defining_op(reshape.operands[0])
    if producer is None or not inside(producer) or not shape_free_elementwise(producer):
        return None
    if len(producer.results) != 1 or any(
        use.owner.operation != reshape for use in producer.results[0].uses
    ):
        return None
    expand = reshape.name == "tensor.expand_shape"
    fine = static_shape(reshape.results[0] if expand else reshape.operands[0])
    groups = reassociation_groups(reshape)
    count = len(producer.operands) - 1
    inputs, maps = [], []
    for value, amap in zip(
        list(producer.operands)[:count], indexing_maps(producer)[:count], strict=True
    ):
        source = defining_op(value)
        if source is not None and inside(source):
            return None  # computed in the kernel: it would need a reshape inside
        moved = (expanded_map if expand else collapsed_map)(amap, static_shape(value), groups, fine)
        if moved is None:
            return None
        maps.append(moved[0])
        inputs.append((value, moved[1]))
    return SinkPlan(producer, tuple(inputs), tuple(maps))


def sink(reshape: ir.Operation, plan: SinkPlan) -> None:
    """Rewrite: the producer on the reshape's space, its inputs reshaped."""
    space = static_shape(reshape.results[0])
    element = ir.RankedTensorType(reshape.results[0].type).element_type
    with ir.InsertionPoint(reshape), reshape.location:
        values = [reshaped(v, shape) for v, shape in plan.inputs]
        init = tensor.EmptyOp(space, element).result
        new = plan.producer.clone(ir.InsertionPoint(reshape)).operation
        for i, v in enumerate([*values, init]):
            new.operands[i] = v
        set_parallel_loops(new, len(space), 1)  # parallel iterators on the new space
        set_indexing_maps(new, [*plan.maps, ir.AffineMap.get_identity(len(space))])
        new.results[0].set_type(reshape.results[0].type)
    with Rewrite("a kernel's reshape moved onto the inputs of its producer", reshape) as rw:
        rw.replace_op(reshape, [new.results[0]])
        rw.erase(plan.producer)
        rw.erase_if_dead(plan.producer.operands[len(plan.producer.operands) - 1])  # its init


def sink_group_reshapes(func: ir.Operation) -> int:
    """Move every reshape `sink_plan` accepts out of the groups of `func`;
    returns how many moved."""
    moved = 0
    for group in [op for op in walk(func) if op.name == GROUP_OP]:
        body = group.regions[0].blocks[0]
        # A fresh list of the members after each move: the moved ops are erased.
        while (found := _next_sink(body)) is not None:
            sink(*found)
            moved += 1
    return moved


def _next_sink(body: ir.Block) -> tuple[ir.Operation, SinkPlan] | None:
    members = [op.operation for op in body.operations]

    def inside(op: ir.Operation) -> bool:
        return any(op == m for m in members)

    for reshape in members:
        plan = sink_plan(reshape, inside) if reshape.name in _RESHAPES else None
        if plan is not None:
            return reshape, plan
    return None
