"""Shared memory a `row` block stages, known before any transform runs.

The row schedule tiles the root by one row of its innermost loop and gives
every other op its own thread loop inside that block (`script_row.py`): each
result the block computes for itself becomes a shared buffer of its in-block
slice (a kernel result is written to its own buffer instead, a fill into its
consumer's), and every reduction keeps its per-thread partials there
(`kernel_memory.reduction_partials`). The slices are the root's block tile
pushed through the indexing maps (`schedule_reduce.local_slices`: what
tile-and-fuse slices, once per reader whose tile differs: a value the
reductions read whole rows of and the epilogue one column is staged at
both).

Where the root's innermost loop is not the reductions' row, one block covers
many rows: a LayerNorm whose result feeds a [0, 2, 1] transpose gets the
transpose as its root (`kernels._group_roots`), whose row of 256 is a column
of the LayerNorm, so each block would stage all 256 rows (234,496 B of f64
statistics and partials in segformer_layer, priced 5,120 B by the plan), and
`memory.place_buffers` refused the kernel only after tiling and
bufferization. `check_row_staging` refuses such a schedule up front:
`make_schedule` then takes the `reduce` schedule (one block per row of the
reductions, its own `fits_static` check) or the fallback (nothing staged),
so a fused group lowers. The planner prices the same buffers for one row
(`cost/estimate.row_block_buffers`). A kept result staged at two slices
is refused likewise: its whole-row clone would write the kernel's result.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.kernel_memory import (
    STATIC_SHARED_BYTES,
    fits_static,
    kernel_shared_bytes,
    reduction_partials,
)
from mlirfuse.gpu.kernels import INIT_COPY_ATTR, Kernel
from mlirfuse.gpu.opshape import ScheduleError
from mlirfuse.gpu.schedule_model import Schedule
from mlirfuse.gpu.schedule_reduce import local_slices
from mlirfuse.gpu.tiles import block_extents

Buffer = tuple[list[int], int]  # shape, bytes per element
_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast")


def _escapes(kernel: Kernel, value: ir.Value) -> bool:
    """Read outside the kernel, directly or through views (a view nothing
    reads is dead: canonicalisation drops it before bufferization)."""
    for use in value.uses:
        user = use.owner.operation
        if any(user == k for k in kernel.ops):
            continue
        if user.name not in _VIEWS or any(_escapes(kernel, r) for r in user.results):
            return True
    return False


def _element_bytes(value: ir.Value) -> int:
    element = ir.ShapedType(value.type).element_type
    width = element.width if isinstance(element, ir.FloatType | ir.IntegerType) else 32
    return max(1, width // 8)


def _op_buffers(kernel: Kernel, schedule: Schedule, index: int, out: list[int]) -> list[Buffer]:
    """One op's buffers: each result only the block reads, at its in-block
    slice `out` (the roots' results are the block's output), and a
    reduction's partials (threads as `script_row.row_threads` splits it)."""
    op, shape = kernel.ops[index], schedule.op_shapes[index]
    own = index not in (schedule.root_index, *schedule.sibling_roots)
    own = own and op.name != "linalg.fill" and INIT_COPY_ATTR not in op.attributes
    buffers = [(out, _element_bytes(r)) for r in op.results if own and not _escapes(kernel, r)]
    if any(shape.reduction):
        threads = min(schedule.row_threads, shape.extents[-1])
        shuffled = index in schedule.warp_ops and threads == schedule.row_threads
        for result in op.results:
            buffers += reduction_partials(out, threads, _element_bytes(result), not shuffled)
    return buffers


def row_staged_buffers(kernel: Kernel, schedule: Schedule) -> list[Buffer]:
    """Every shared buffer of one block of a row schedule."""
    shapes = schedule.op_shapes
    root = shapes[schedule.root_index]
    slices = local_slices(kernel, shapes, block_extents(schedule.block_tiles, root.extents))
    buffers: list[Buffer] = []
    for index in schedule.staged_ops:
        reduced = shapes[index].reduction
        for local in slices[index]:  # one clone per slice its readers take
            out = [e for e, red in zip(local, reduced, strict=True) if not red]
            buffers += _op_buffers(kernel, schedule, index, out)
    return buffers


def check_row_staging(kernel: Kernel, schedule: Schedule) -> None:
    """ScheduleError (`make_schedule` tries the next schedule) when a kept
    result is staged at two slices (`_kept_at_two_slices`) or one block's
    buffers exceed the static shared memory a block may declare: the limit
    `memory.place_buffers` would refuse the kernel by."""
    assert kernel.root is not None
    _kept_at_two_slices(kernel, schedule)
    needed = kernel_shared_bytes(row_staged_buffers(kernel, schedule))
    if not fits_static(needed):
        raise ScheduleError(
            f"row schedule stages {needed} B of shared memory per block"
            f" (static limit {STATIC_SHARED_BYTES} B)",
            kernel.root.location,
        )


def _kept_at_two_slices(kernel: Kernel, schedule: Schedule) -> None:
    """ScheduleError when an op the kernel keeps (read after it) is staged
    at more than one in-block slice. Tile and fuse yields a kept op through
    the block loop's shared output and gives every clone of it a slice of
    that output as its destination: the clone at the reductions' whole rows
    (PVT's first LayerNorm, kept, read by a second one whose result feeds a
    [0, 2, 1] transpose, the root) wrote all of the block's rows into the
    kernel's result while its threads wrote their column there, a race
    between the block's threads (`race_check.py`) and the same rows written
    by every block. The `reduce` schedule (one block per row of the
    reductions) stages it at one slice."""
    shapes = schedule.op_shapes
    root = shapes[schedule.root_index]
    slices = local_slices(kernel, shapes, block_extents(schedule.block_tiles, root.extents))
    for index in schedule.staged_ops:
        op = kernel.ops[index]
        if len(slices[index]) > 1 and any(_escapes(kernel, r) for r in op.results):
            raise ScheduleError(
                f"row schedule stages the kept '{op.name}' at {len(slices[index])} slices"
                " (its clones would write the kernel's result)",
                op.location,
            )
