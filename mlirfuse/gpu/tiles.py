"""Tile sizes of the specialised GPU schedules, from a kernel's static shapes.

Pure functions of the loop extents (and, for convolutions, of the staged input
window's shared memory): `schedule.py` picks one per kernel kind.
"""

from __future__ import annotations

from mlirfuse.analysis.kernel_memory import (
    CONTRACTION_BLOCK_THREADS,
    MAX_BLOCK_DIMS,
    STATIC_SHARED_BYTES,
    contraction_thread_tile,
    fits_static,
)
from mlirfuse.gpu.conv_window import output_tile, staged_window_bytes
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import DYNAMIC, OpShape, ScheduleError

ELEMENTWISE_BLOCK = 512
CONTRACTION_BLOCK = 64  # block tile (rows and columns) of a contraction, at most
K_STEP = 4  # contraction: reduction steps per register-accumulated iteration


def divisor_at_most(n: int, limit: int) -> int:
    return max(d for d in range(1, min(n, limit) + 1) if n % d == 0)


def elementwise_tiles(shape: OpShape, width: int = 4) -> tuple[list[int], list[int]]:
    """Block covers up to ELEMENTWISE_BLOCK innermost elements, `width` (4,
    or 2: `opshape.vector_width`) per thread. Each loop the block covers more
    than once is a thread dim (x innermost), so at most three of them, the
    third at most 64 threads (CUDA's block z limit: a 1x80x4x2x2 transpose
    was given a block of 2 x 2 x 80 threads, which no GPU launches)."""
    rank = len(shape.extents)
    block = [1] * rank
    room = ELEMENTWISE_BLOCK
    thread_dims = 0
    for d in reversed(range(rank)):
        if shape.extents[d] == 1:
            continue  # no thread dim: a unit loop is not split
        block[d] = divisor_at_most(shape.extents[d], min(room, MAX_BLOCK_DIMS[thread_dims]))
        room //= block[d]
        thread_dims += block[d] > 1
        if block[d] < shape.extents[d] or room <= 1 or thread_dims == len(MAX_BLOCK_DIMS):
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
    """Block tiles of up to 64x64 that divide M and N; the thread tile within
    the register budget of `contractions` accumulators
    (`kernel_memory.contraction_thread_tile`); the block's rows are the most
    that leave it at most CONTRACTION_BLOCK_THREADS threads (so that ptxas
    may give each thread 255 registers)."""
    par = shape.parallel_dims
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    for d in par:
        block[d] = 1
        thread[d] = 1
    dims = par[-2:]
    wanted = contraction_thread_tile(contractions)[-len(dims) :]
    room = CONTRACTION_BLOCK_THREADS
    # Columns first (at most 64 threads: never shrunk), then the rows in the
    # threads that are left.
    for d, want in reversed(list(zip(dims, wanted, strict=True))):
        block[d], thread[d] = _block_and_thread(shape.extents[d], want, room)
        room //= block[d] // thread[d]
    return block, thread


def _block_and_thread(extent: int, want: int, room: int) -> tuple[int, int]:
    """The largest block tile (a divisor of `extent`, at most
    CONTRACTION_BLOCK) whose own thread tile (its largest divisor at most
    `want`) leaves at most `room` threads along the loop.

    The thread tile is chosen for the final block, so it always divides it:
    the scf.forall over the block then needs ceil(block / thread) threads,
    exactly the block // thread that the launch gets (`thread_counts`). A
    thread tile fixed before the block shrinks does not divide the smaller
    block where the extent is no power of two (M = 50: block 50 -> 25 with
    thread tile 2, 13 x 16 = 208 threads needed, 12 x 16 = 192 launched)."""
    for block in range(min(extent, CONTRACTION_BLOCK), 0, -1):
        if extent % block == 0:
            thread = divisor_at_most(block, want)
            if block // thread <= room:
                return block, thread
    return 1, 1  # only for extent 0: block 1 fits any room >= 1 (columns leave >= 4)


CONV_CHANNELS = (16, 8, 4, 2, 1)  # output channels of a conv block, largest first
CONV_PIXELS = (8, 4, 2, 1)  # output pixels per side of a conv block, largest first


def conv_tiles(shape: OpShape, pixels: int = 8, channels: int = 16) -> tuple[list[int], list[int]]:
    # Output loops (n, f, oh, ow) come first in every NCHW op of the kernel.
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    n_f_h_w = shape.parallel_dims[:4]
    wanted = [1, channels, pixels, pixels]
    per_thread = [1, 2, 1, 1]
    for d, want, each in zip(n_f_h_w, wanted, per_thread, strict=False):
        block[d] = divisor_at_most(shape.extents[d], want)
        thread[d] = divisor_at_most(block[d], each)
    return block, thread


def fit_conv_window(kernel: Kernel, shape: OpShape) -> tuple[list[int], list[int]]:
    """The largest tile whose staged buffers fit in static shared memory:
    16 output channels and the largest pixel tile (8x8 down to 1x1) whose
    input window fits, else fewer channels (a staged filter gather holds
    every input channel and tap of the block's output channels, whatever
    its pixels); none fits: ScheduleError (the fallback stages nothing)."""
    assert kernel.root is not None
    for channels in CONV_CHANNELS:
        for pixels in CONV_PIXELS:
            block, thread = conv_tiles(shape, pixels, channels)
            out_tile = output_tile(kernel.root, block)
            needed = staged_window_bytes(kernel, out_tile)
            if fits_static(needed):
                return block, thread
    raise ScheduleError(
        f"conv staging needs {needed} B of shared memory even for one channel of 1x1 pixels"
        f" (static limit {STATIC_SHARED_BYTES} B)",
        kernel.root.location,
    )


def block_extents(block: list[int], extents: list[int]) -> list[int]:
    """Per loop, the extent one block covers (the whole loop where untiled)."""
    return [b if splits(b, e) else e for b, e in zip(block, extents, strict=True)]


def sizes_within(tiles: list[int], extents: list[int]) -> list[int]:
    """Tile sizes for a forall: 0 where the tile covers the whole extent (no
    thread or block along it: `thread_counts`). A tile covering everything
    still needs one loop (of one iteration) to map."""
    sizes = [t if splits(t, e) else 0 for t, e in zip(tiles, extents, strict=True)]
    if not any(sizes):
        tiled = [d for d, t in enumerate(tiles) if t > 0]
        if not tiled:  # only dynamic loops: no static tile (see script._tile_roots)
            return sizes
        sizes[tiled[-1]] = extents[tiled[-1]]
    return sizes


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
    # Ceiling, as the scf.forall over the block counts its iterations; the
    # tile choosers above make every thread tile divide its block anyway.
    counts = [-(-b // t) for b, t in zip(block, thread, strict=True) if 0 < t < b]
    counts = [*reversed(counts), 1, 1, 1]
    if len(counts) > 6 or any(c > m for c, m in zip(counts, MAX_BLOCK_DIMS, strict=False)):
        raise ScheduleError(f"thread counts {counts[:-3]} do not fit a block {MAX_BLOCK_DIMS}")
    return (counts[0], counts[1], counts[2])
