"""Per-group estimates: bytes, FLOPs, launches, registers, shared memory.

Bytes: every external tensor a group reads is read once, at its real size (a
broadcast operand costs its own size, not the iteration space's); every value
the group produces is written once if anything outside the group needs it
(another group, the function's return, a non-compute op); intermediates used
only inside the group cost nothing. Generated values (empty, fill, constant)
cost nothing to read.

Registers per thread (an estimate, docs/cost-model.md): BASE for indices and
bounds, 2 per external tensor (a 64-bit address), and ELEMENTS_PER_THREAD
registers for every value live at the busiest point of the fused body (a
linear scan over the group's ops in program order: an input is live from its
first to its last use, a result from its producer to its last use inside the
group), plus the body's own temporaries; a contraction adds its accumulator
tile and operand fragments, and the rows its thread reduces whole when a
reduction runs in its epilogue.

Shared memory: a group with reductions runs one block per row of its
reductions (the row or reduce schedule), which stages per reduction result
one partial per thread and, for every intermediate the block keeps to
itself, one row's slice; a contraction or convolution stages a 64x32 A tile
and a 32x64 B tile.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from mlirfuse.analysis.kernel_memory import (
    contraction_reduction_registers,
    contraction_shared_bytes,
    contraction_thread_tile,
    contraction_tile_registers,
    kernel_shared_bytes,
    reduction_partials,
    row_thread_count,
)
from mlirfuse.analysis.types import OpKind
from mlirfuse.cost.problem import MATMUL_KINDS, Node, Problem
from mlirfuse.cost.weights import CostWeights, roofline_us
from mlirfuse.targets import Target

BASE_REGISTERS = 16
ADDRESS_REGISTERS = 2
ELEMENTS_PER_THREAD = 4


def contraction_registers(contractions: int) -> int:
    """Accumulators and operand fragments of the thread tile the GPU back end
    picks for `contractions` contractions (`kernel_memory`)."""
    if not contractions:
        return 0
    return contraction_tile_registers(contractions, contraction_thread_tile(contractions))


def epilogue_reduction_registers(nodes: list[Node]) -> int:
    """What a thread of a contraction kernel holds to reduce its rows whole
    (`kernel_memory.contraction_reduction_registers`), for the longest
    reduction of the group; 0 without a contraction or a reduction. Without
    it a contraction with RMSNorms in its epilogue (rows of 64) was priced at
    ~140 registers and ptxas spilled 1.2 KB per thread."""
    contractions = sum(1 for node in nodes if node.kind in MATMUL_KINDS)
    reduced = [
        node.iterations // max(1, node.parallel_extent)
        for node in nodes
        if node.kind == OpKind.REDUCTION
    ]
    if not contractions or not reduced:
        return 0
    return contraction_reduction_registers(contractions, max(reduced))


@dataclass(frozen=True)
class GroupEstimate:
    bytes_read: int
    bytes_written: int
    flops: float
    launches: int
    registers_per_thread: int
    shared_bytes: int
    external_tensors: int
    cost: float
    time_us: float

    @property
    def bytes(self) -> int:
        return self.bytes_read + self.bytes_written


def group_io(problem: Problem, members: Iterable[int]) -> tuple[list[int], list[int]]:
    """(external values read, values written) of a group."""
    inside = set(members)
    read: dict[int, None] = {}
    written: list[int] = []
    for node_id in sorted(inside, key=problem.index.__getitem__):
        node = problem.by_id[node_id]
        for value_id in node.inputs:
            value = problem.values[value_id]
            if value.producer not in inside and not value.generated:
                read.setdefault(value_id)
        for value_id in node.outputs:
            value = problem.values[value_id]
            users = problem.consumers[value_id]
            if value.escapes or any(u not in inside for u in users):
                written.append(value_id)
    return list(read), written


def registers(problem: Problem, members: list[int], external: int) -> int:
    order = sorted(members, key=problem.index.__getitem__)
    starts: dict[int, int] = {}
    ends: dict[int, int] = {}
    for here, node_id in enumerate(order):
        for value_id in problem.stored_values[node_id]:
            starts.setdefault(value_id, here)
            ends[value_id] = here
    # Live values per position: +1 where a value starts, -1 past its end,
    # summed (the candidate search calls this for every hull it examines).
    change = [0] * (len(order) + 1)
    for value_id, start in starts.items():
        change[start] += 1
        change[ends[value_id] + 1] -= 1
    live = list(itertools.accumulate(change))
    nodes = [problem.by_id[n] for n in order]
    peak = max(live[i] + node.body_values for i, node in enumerate(nodes))
    extra = contraction_registers(sum(1 for node in nodes if node.kind in MATMUL_KINDS))
    extra += epilogue_reduction_registers(nodes)
    return BASE_REGISTERS + ADDRESS_REGISTERS * external + ELEMENTS_PER_THREAD * peak + extra


def shared_bytes(problem: Problem, members: Iterable[int]) -> int:
    """The GPU back end's staging buffers, sized by the functions it uses
    itself (`mlirfuse.analysis.kernel_memory`): a row block's buffers
    (`row_block_buffers`) and the A/B tiles and accumulator of a single
    contraction."""
    nodes = [problem.by_id[n] for n in members]
    matmuls = [n for n in nodes if n.kind in MATMUL_KINDS]
    total = kernel_shared_bytes(row_block_buffers(problem, nodes))
    if len(matmuls) == 1:  # sibling contractions are not staged (scalar thread tiles)
        total += contraction_shared_bytes(matmuls[0].element_bytes)
    return total


def row_block_buffers(problem: Problem, nodes: list[Node]) -> list[tuple[list[int], int]]:
    """What one block of a group with reductions stages (`gpu/row_staging.py`
    sizes the same buffers from the tiled loops): per reduction result its
    partials, one per thread (`row_thread_count` of its row); and one row's
    slice of each intermediate the block keeps: a reduction's result, or a
    value two members read (one member reading it: the merge inside the group
    folds it into that reader's body, `transforms/merge.py`). Values written
    out (read outside the group, or escaping) go to their own buffers. A
    LayerNorm feeding a transpose is priced by its rows too: the transposed
    root's row block covers every row, and the back end builds it only
    within budget (`gpu/row_staging.check_row_staging`), else the reduce
    schedule's one block per row."""
    reductions = [n for n in nodes if n.kind == OpKind.REDUCTION]
    if not reductions:
        return []
    rows = max(1, max(n.parallel_extent for n in reductions))
    inside = {n.id for n in nodes}
    buffers: list[tuple[list[int], int]] = []
    for node in nodes:
        for value_id in node.outputs:
            if _kept_in_block(problem, value_id, inside, node.kind == OpKind.REDUCTION):
                elements = problem.values[value_id].bytes // max(1, node.element_bytes)
                buffers.append(([max(1, -(-elements // rows))], node.element_bytes))
        if node.kind == OpKind.REDUCTION:
            threads = row_thread_count(max(1, node.iterations // max(1, node.parallel_extent)))
            for _ in node.outputs:
                buffers += reduction_partials([1], threads, node.element_bytes)
    return buffers


def _kept_in_block(problem: Problem, value_id: int, inside: set[int], reduced: bool) -> bool:
    value = problem.values[value_id]
    readers = problem.consumers[value_id]
    if value.escapes or value.generated or any(r not in inside for r in readers):
        return False
    return reduced or len(readers) > 1


# Output tile extent along the dim a contraction operand does not index: a
# prologue computed in the operand's tile loads runs once per such tile.
OPERAND_TILE = 64


def tile_recompute_flops(problem: Problem, members: list[int]) -> float:
    """The flops a group's contractions add by recomputing the weight
    prologues (`Node.weight_prologue`) that make their operands, in their
    operand tile loads: once per output tile along the dims that operand
    does not index (OPERAND_TILE), against once unfused."""
    inside = set(members)
    extra = 0.0
    for root in (problem.by_id[n] for n in members):
        if root.kind != OpKind.CONTRACTION:
            continue
        for node in _operand_prologues(problem, root, inside):
            extra += recomputed_in_tiles(node.flops, node.iterations, root.iterations)
    return extra


def recomputed_in_tiles(flops: float, iterations: int, root_iterations: int) -> float:
    """The flops beyond one run of an operand prologue (`flops` over
    `iterations` points) that a contraction of `root_iterations` points does
    by computing it once per OPERAND_TILE-wide output tile."""
    reloads = root_iterations / max(1, iterations) / OPERAND_TILE
    return flops * max(0.0, reloads - 1)


def _operand_prologues(problem: Problem, root: Node, inside: set[int]) -> list[Node]:
    """The group's weight prologues that `root`'s operands are computed from."""
    found: dict[int, Node] = {}
    todo = list(root.inputs)
    while todo:
        producer = problem.values[todo.pop()].producer
        if producer is None or producer not in inside or producer in found:
            continue
        node = problem.by_id[producer]
        if node.weight_prologue:
            found[producer] = node
            todo.extend(node.inputs)
    return list(found.values())


def estimate_group(
    problem: Problem, members: Iterable[int], target: Target, weights: CostWeights
) -> GroupEstimate:
    members = list(members)
    read, written = group_io(problem, members)
    bytes_read = sum(problem.values[v].bytes for v in read)
    bytes_written = sum(problem.values[v].bytes for v in written)
    flops = sum(problem.by_id[n].flops for n in members) + tile_recompute_flops(problem, members)
    external = len(read) + len(written)
    moved = bytes_read + bytes_written
    return GroupEstimate(
        bytes_read=bytes_read,
        bytes_written=bytes_written,
        flops=flops,
        launches=1,
        registers_per_thread=registers(problem, members, external),
        shared_bytes=shared_bytes(problem, members),
        external_tensors=external,
        cost=weights.cost(moved, 1, flops),
        time_us=roofline_us(target, moved, flops),
    )
