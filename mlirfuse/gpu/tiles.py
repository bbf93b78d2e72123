"""Tile sizes of the specialised GPU schedules, from a kernel's static shapes.

Pure functions of the loop extents (and, for convolutions, of the staged input
window's shared memory): `schedule.py` picks one per kernel kind.
"""

from __future__ import annotations

from mlirfuse.analysis.kernel_memory import (
    CONTRACTION_BLOCK_THREADS,
    STATIC_SHARED_BYTES,
    contraction_thread_tile,
    fits_static,
)
from mlirfuse.gpu.conv_window import staged_window_bytes
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import DYNAMIC, OpShape, ScheduleError

ELEMENTWISE_BLOCK = 512


def divisor_at_most(n: int, limit: int) -> int:
    return max(d for d in range(1, min(n, limit) + 1) if n % d == 0)


def elementwise_tiles(shape: OpShape, width: int = 4) -> tuple[list[int], list[int]]:
    """Block covers up to ELEMENTWISE_BLOCK innermost elements, `width` (4,
    or 2: `opshape.vector_width`) per thread."""
    rank = len(shape.extents)
    block = [1] * rank
    room = ELEMENTWISE_BLOCK
    for d in reversed(range(rank)):
        block[d] = divisor_at_most(shape.extents[d], room)
        room //= block[d]
        if block[d] < shape.extents[d] or room <= 1:
            break
    thread = [1] * rank
    if block[-1] % width == 0:
        thread[-1] = width
    return block, thread


def row_tiles(shape: OpShape) -> tuple[list[int], list[int]]:
    block = [1] * len(shape.extents)
    block[-1] = shape.extents[-1]
    return block, [0] * len(shape.extents)


def contraction_tiles(shape: OpShape, contractions: int = 1) -> tuple[list[int], list[int]]:
    """64x64 block tiles; the thread tile within the register budget of
    `contractions` accumulators (`kernel_memory.contraction_thread_tile`);
    the block's rows shrink until it has at most CONTRACTION_BLOCK_THREADS
    threads (so that ptxas may give each thread 255 registers)."""
    par = shape.parallel_dims
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    for d in par:
        block[d] = 1
        thread[d] = 1
    wanted = contraction_thread_tile(contractions)
    for d, want in zip(par[-2:], wanted[-len(par[-2:]) :], strict=True):
        block[d] = divisor_at_most(shape.extents[d], 64)
        thread[d] = divisor_at_most(block[d], want)
    rows = par[-2] if len(par) > 1 else par[-1]
    while _threads(block, thread) > CONTRACTION_BLOCK_THREADS and block[rows] > thread[rows]:
        block[rows] = divisor_at_most(block[rows], block[rows] // 2)
    return block, thread


def _threads(block: list[int], thread: list[int]) -> int:
    count = 1
    for b, t in zip(block, thread, strict=True):
        if t:
            count *= b // t
    return count


def conv_tiles(shape: OpShape, pixels: int = 8) -> tuple[list[int], list[int]]:
    # Output loops (n, f, oh, ow) come first in every NCHW op of the kernel.
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    n_f_h_w = shape.parallel_dims[:4]
    wanted = [1, 16, pixels, pixels]
    per_thread = [1, 2, 1, 1]
    for d, want, each in zip(n_f_h_w, wanted, per_thread, strict=False):
        block[d] = divisor_at_most(shape.extents[d], want)
        thread[d] = divisor_at_most(block[d], each)
    return block, thread


def fit_conv_window(kernel: Kernel, shape: OpShape) -> tuple[list[int], list[int]]:
    """The largest pixel tile (8x8 down to 1x1) whose staged input window fits
    in static shared memory; none fits: ScheduleError (the fallback stages
    nothing)."""
    assert kernel.root is not None
    for pixels in (8, 4, 2, 1):
        block, thread = conv_tiles(shape, pixels)
        out_tile = [block[d] for d in shape.parallel_dims[:4]]
        needed = staged_window_bytes(kernel, out_tile)
        if fits_static(needed):
            return block, thread
    raise ScheduleError(
        f"conv input window needs {needed} B of shared memory even for 1x1 pixels"
        f" (static limit {STATIC_SHARED_BYTES} B)",
        kernel.root.location,
    )


def block_extents(block: list[int], extents: list[int]) -> list[int]:
    """Per loop, the extent one block covers (the whole loop where untiled)."""
    return [b if splits(b, e) else e for b, e in zip(block, extents, strict=True)]


def splits(tile: int, extent: int) -> bool:
    """Does a tile of `tile` split a loop of `extent` (DYNAMIC: any tile does)?"""
    return tile > 0 and (extent == DYNAMIC or tile < extent)


def nominal(shape: OpShape) -> OpShape:
    """`shape` with dynamic extents as 1, to choose the static dims' tiles: a
    dynamic parallel loop gets tile 1 (one index per block, mapped to the
    grid, whose size the host computes from the arguments' dims)."""
    return OpShape([1 if e == DYNAMIC else e for e in shape.extents], list(shape.reduction))


def dynamic_dims(shape: OpShape) -> list[int]:
    return [d for d, e in enumerate(shape.extents) if e == DYNAMIC]


def thread_counts(block: list[int], thread: list[int]) -> tuple[int, int, int]:
    """Thread counts (x, y, z) of a thread tiling; x is the innermost loop."""
    counts = [b // t for b, t in zip(block, thread, strict=True) if 0 < t < b]
    counts = [*reversed(counts), 1, 1, 1]
    return (counts[0], counts[1], counts[2])
