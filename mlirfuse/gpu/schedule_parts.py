"""The `partitioned` schedule: sibling roots of different shapes in one kernel.

Independent roots (grouped-query attention's Q/K/V projections of different
N, an attention block's sibling groups, its query and key ropes over a
dynamic sequence: `opshape.part_key`) whose parallel extents differ cannot
share one loop nest. Each root and the ops only it reads become a part with
its own schedule (the one its kind gets alone, its indices renumbered to the
kernel's), so each part is tiled to its own block loop and thread loops;
after bufferization `partition_merge.py` merges the parts' block loops into
one `scf.forall` over the sum of their blocks (block-id ranges: part i runs
on blocks [offset_i, offset_i + blocks_i)), one launch whose block has the
largest part's threads (smaller parts' thread loops are predicated).

Each part's shared memory adds up in one kernel: contractions read A/B from
global memory (no staging), tensor-core and conv parts take the fallback. When the parts' thread blocks do not fit one block of
at most 1024 threads, every part takes the fallback (one thread per output).
`choose_schedule` is the entry point for every kernel.
"""

from __future__ import annotations

import dataclasses

from mlir import ir

from mlirfuse.gpu.dynamic_parts import split_parts
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import ScheduleError, op_shape, part_key
from mlirfuse.gpu.schedule import (
    MAX_THREADS,
    Schedule,
    fallback_schedule,
    kernel_shapes,
    make_schedule,
)
from mlirfuse.gpu.script_matmul import stageable


def differing_roots(kernel: Kernel) -> bool:
    """Sibling roots whose parallel extents (other than 1) differ."""
    if len(kernel.roots) < 2:
        return False
    try:
        keys = [part_key(r) for r in kernel.roots]
    except ScheduleError:
        return False  # a named op generalised later: the ordinary schedules say why not
    return any(k != keys[0] for k in keys[1:])


def choose_schedule(kernel: Kernel) -> Schedule:
    """The kernel's schedule: partitioned for sibling roots of different shapes."""
    if differing_roots(kernel):
        return partitioned_schedule(kernel)
    return make_schedule(kernel)


def _root_groups(kernel: Kernel) -> list[list[ir.Operation]]:
    """The roots grouped by parallel extents (those alike share one part,
    tiled alike with their loops merged, as sibling roots always were)."""
    groups: dict[tuple[int, ...], list[ir.Operation]] = {}
    for root in kernel.roots:
        groups.setdefault(part_key(root), []).append(root)
    return list(groups.values())


def _owners(kernel: Kernel, groups: list[list[ir.Operation]]) -> list[int]:
    """For each op of the kernel, the root group (part) it feeds."""
    owner = [-1] * len(kernel.ops)
    for number, roots in enumerate(groups):
        todo = list(roots)
        while todo:
            op = todo.pop()
            index = kernel.ops.index(op)
            if owner[index] not in (-1, number):
                raise ScheduleError("sibling roots of different shapes share an op", op.location)
            if owner[index] == number:
                continue
            owner[index] = number
            for value in op.operands:
                producer = defining_op(value)
                if producer is not None and any(producer == k for k in kernel.ops):
                    todo.append(producer)
    if -1 in owner:
        raise ScheduleError("an op of the kernel feeds none of its roots", kernel.ops[0].location)
    return owner


def part_kernels(
    kernel: Kernel, groups: list[list[ir.Operation]] | None = None
) -> tuple[list[Kernel], list[list[int]]]:
    """One kernel per part (its roots' ops only; `groups`: the parts' roots,
    by default by extents) and, per part, its ops' kernel indices."""
    groups = groups or _root_groups(kernel)
    owner = _owners(kernel, groups)
    parts, indices = [], []
    for number, roots in enumerate(groups):
        mine = [i for i, o in enumerate(owner) if o == number]
        ops = [kernel.ops[i] for i in mine]
        parts.append(
            Kernel(kernel.kernel_id, kernel.pattern, ops, roots[-1], kernel.group_id, roots)
        )
        indices.append(mine)
    return parts, indices


def renumber(s: Schedule, index: list[int]) -> Schedule:
    """`s` (a part's schedule) with its op indices as the kernel's."""

    def one(i: int | None) -> int | None:
        return None if i is None else index[i]

    return dataclasses.replace(
        s,
        root_index=index[s.root_index],
        fused_ops=[index[i] for i in s.fused_ops],
        staged_ops=[index[i] for i in s.staged_ops],
        op_shapes={index[i]: v for i, v in s.op_shapes.items()},
        sibling_roots=[index[i] for i in s.sibling_roots],
        contraction=one(s.contraction),
        contraction_init=one(s.contraction_init),
        warp_ops=[index[i] for i in s.warp_ops],
        vector_ops=[index[i] for i in s.vector_ops],
        prologues=[(operand, index[i]) for operand, i in s.prologues],
        local_extents={index[i]: v for i, v in s.local_extents.items()},
    )


def _stages_memory(s: Schedule) -> bool:
    return s.kind == "conv" or s.mma is not None or stageable(s)


def _merged_dims(parts: list[Schedule]) -> tuple[int, int, int]:
    dims = tuple(max(p.block_dims[axis] for p in parts) for axis in range(3))
    return (dims[0], dims[1], dims[2])


def partitioned_schedule(
    kernel: Kernel, fallback: bool = False, groups: list[list[ir.Operation]] | None = None
) -> Schedule:
    """Each root group its own part and schedule, one block loop over all
    parts' blocks; `fallback`: every part with the fallback schedule."""
    assert kernel.root is not None
    kernels, indices = part_kernels(kernel, groups)
    parts: list[Schedule] = []
    for part in kernels:
        shapes = kernel_shapes(part, allow_dynamic=True)
        s = fallback_schedule(part, shapes) if fallback else make_schedule(part)
        if stageable(s):
            s.staging = False  # the parts' shared memory would add up: A/B from global memory
        if _stages_memory(s):
            s = fallback_schedule(part, s.op_shapes)
        parts.append(s)
    dims = _merged_dims(parts)
    if dims[0] * dims[1] * dims[2] > MAX_THREADS:
        if fallback:
            raise ScheduleError(
                "partitioned kernel needs more than 1024 threads", kernel.root.location
            )
        return partitioned_schedule(kernel, fallback=True, groups=groups)
    for s in parts:
        if s.kind in ("row", "reduce") and s.block_dims[0] != dims[0]:
            s.warp_ops = []  # gpu.all_reduce needs every thread of the block
    renumbered = [renumber(s, index) for s, index in zip(parts, indices, strict=True)]
    root_index = kernel.ops.index(kernel.root)
    shapes = {i: op_shape(op, allow_dynamic=True) for i, op in enumerate(kernel.ops)}
    return Schedule(
        kernel.kernel_id,
        "partitioned",
        root_index,
        renumbered[-1].block_tiles,
        renumbered[-1].thread_tiles,
        [],
        op_shapes=shapes,
        block_dims=dims,
        parts=renumbered,
    )


def part_kinds(s: Schedule) -> str:
    """The parts' schedules, for the compile summary (`contraction+elementwise`)."""
    return "+".join(p.kind for p in s.parts)


def fallback_of(kernel: Kernel, s: Schedule) -> Schedule | None:
    """The schedule tiling retries with when upstream refuses `s` (a
    partitioned one; or sibling loops of dynamic bounds that did not merge,
    `dynamic_parts.py`)."""
    if s.kind != "partitioned":
        groups = split_parts(kernel)
        if groups is None:
            return None
        try:
            return partitioned_schedule(kernel, fallback=True, groups=groups)
        except ScheduleError:
            return None
    if all(p.kind == "fallback" for p in s.parts):
        return None
    try:
        return partitioned_schedule(kernel, fallback=True)
    except ScheduleError:
        return None
