"""The fallback schedule: one thread per output element of the kernel's root.

Any static kernel the specialised schedules do not cover (or whose script
upstream tiling refuses, `tiling.py`) takes it: its reduction loops run
inside the thread, every other op is fused into the thread's loop nest;
blocks of up to FALLBACK_BLOCK threads, at most 3 loops split across blocks,
threads mapped linearly (any number of loops).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import DYNAMIC, OpShape, ScheduleError
from mlirfuse.gpu.schedule_model import MAX_GRID_YZ, MAX_THREADS, Schedule, kernel_indices
from mlirfuse.gpu.tiles import divisor_at_most, dynamic_dims
from mlirfuse.transforms.ir_access import has_uses, reduced_loops

FALLBACK_BLOCK = 256  # output elements (threads) per block of the fallback


def _fallback_blocks(shape: OpShape) -> list[int]:
    """Block tiles of the fallback: up to FALLBACK_BLOCK innermost output
    elements; at most 3 loops split across blocks (the grid's x, y, z: those
    with most blocks), the others covered whole by each block."""
    block = [0] * len(shape.extents)
    room = FALLBACK_BLOCK
    dynamic = [d for d in dynamic_dims(shape) if not shape.reduction[d]]
    for d in reversed(shape.parallel_dims):
        if shape.extents[d] == DYNAMIC:
            # The first dynamic loop: one index per block (grid x, computed
            # on the host); any other: a loop inside each thread.
            block[d] = 1 if d == dynamic[0] else 0
            continue
        block[d] = divisor_at_most(shape.extents[d], room)
        room //= block[d]
    split = [d for d in shape.parallel_dims if 0 < block[d] < shape.extents[d]]
    kept = sorted(split, key=lambda d: (-(shape.extents[d] // block[d]), -d))[
        : 3 - len(dynamic[:1])
    ]
    for d in split:
        if d not in kept:
            block[d] = shape.extents[d]
    counts = sorted((shape.extents[d] // block[d] for d in kept), reverse=True)
    counts = [2**31] * len(dynamic[:1]) + counts
    if any(c > MAX_GRID_YZ for c in counts[1:]):
        raise ScheduleError(f"grid of {counts} blocks: y and z allow at most {MAX_GRID_YZ}")
    return block


def _fallback_threads(shape: OpShape, block: list[int]) -> tuple[list[int], int]:
    """One thread per output element of the block, innermost loops first, at
    most MAX_THREADS; outer loops the threads cannot cover run inside each
    thread. Returns the thread tiles and the thread count."""
    thread = [0] * len(shape.extents)
    threads = 1
    for d in reversed(shape.parallel_dims):
        if block[d] > 0 and threads * block[d] <= MAX_THREADS:
            thread[d] = 1
            threads *= block[d]
    return thread, threads


def fallback_schedule(kernel: Kernel, shapes: dict[int, OpShape]) -> Schedule:
    """One thread per output element of the root (every parallel loop tiled
    by 1 at thread level, blocks of up to FALLBACK_BLOCK threads); reduction
    loops stay inside the thread, every other op is fused into the thread's
    loop nest. Threads are mapped linearly (any number of loops)."""
    assert kernel.root is not None
    root_index, siblings, others = kernel_indices(kernel)
    root_shape = shapes[root_index]
    if not root_shape.parallel_dims:
        raise ScheduleError(
            "full reductions (to a 0-d result) are not lowered to one kernel", kernel.root.location
        )
    try:
        block = _fallback_blocks(root_shape)
    except ScheduleError as error:
        raise ScheduleError(str(error), kernel.root.location) from error
    thread, threads = _fallback_threads(root_shape, block)
    return Schedule(
        kernel.kernel_id,
        "fallback",
        root_index,
        block,
        thread,
        others,
        op_shapes=shapes,
        block_dims=(threads, 1, 1),
        sibling_roots=siblings,
        linear=True,
    )


def reduces_by_position(kernel: Kernel) -> bool:
    """Whether a reduction of the kernel yields, into a result something
    reads, a value computed from the index of a loop it reduces
    (`linalg.index` of a reduction dim: a cumsum read as a triangular sum).
    Upstream's `tile_reduction_using_forall`, which the row and reduce
    schedules split reductions with, does not offset those indices into each
    thread's chunk, so the split computes wrong values (verify --schedule gpu
    caught it); the fallback keeps each reduction whole in one thread. An
    unread index result (torch's max.dim beside a softmax) does not count."""
    return any(yields_position(op) for op in kernel.ops)


def yields_position(op: ir.Operation) -> bool:
    """Whether `op` reduces by position (see `reduces_by_position`)."""
    reduced = reduced_loops(op)
    if not reduced or not op.regions:
        return False
    # Body ops computed from a reduced loop's index (values compared through
    # their defining ops: the bindings' Value and OpResult do not hash alike).
    tainted: list[ir.Operation] = []

    def from_index(value: ir.Value) -> bool:
        owner = value.owner
        return isinstance(owner, ir.Operation | ir.OpView) and any(
            owner.operation == t for t in tainted
        )

    for inner in op.regions[0].blocks[0].operations:
        inner_op = inner.operation
        if inner_op.name == "linalg.index":
            if reduced[int(inner_op.attributes["dim"].value)]:
                tainted.append(inner_op)
        elif inner_op.name == "linalg.yield":
            return any(
                from_index(value) and has_uses(result)
                for value, result in zip(inner_op.operands, op.results, strict=False)
            )
        elif any(from_index(value) for value in inner_op.operands):
            tainted.append(inner_op)
    return False
