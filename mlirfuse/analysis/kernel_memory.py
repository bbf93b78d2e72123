"""Shared memory and registers of one kernel: the computations the cost model and the GPU back end share.

The GPU back end stages tiles in shared memory (row intermediates and
partials, contraction A/B tiles and accumulator, convolution input windows)
as static `memref.global`s, each 16-byte aligned. A kernel's shared memory is
the sum of its buffers, each rounded up to 16 bytes. Static shared memory is
limited to 48 KB per block on every chip; more needs dynamic shared memory
with an opt-in attribute (up to 227 KB on sm_90, 163 KB on sm_80), which this
back end does not emit, so 48 KB is the budget both sides plan with.

A row (or reduce) block stages, besides its reductions' partials
(`reduction_partials`, threads from `row_thread_count`), every intermediate
it keeps to itself at its in-block slice: the back end sizes them from the
tiled loops (`gpu/row_staging.py`, which refuses a row schedule over the
budget) and the cost model from one row of the group's reductions
(`cost/estimate.shared_bytes`), both with the functions here.

Registers: a contraction thread keeps, per contraction it computes, its
accumulator tile (tm x tn) and one K step of operands (tm + tn values).
`contraction_thread_tile` picks the largest thread tile whose count stays
within CONTRACTION_REGISTER_BUDGET; the back end tiles with it and the cost
model counts it, so both use the same number. The budget is far below the
255-register limit: the scalar (not register-accumulated) tiles of batched
and sibling contractions are unrolled along K by LLVM, which keeps several K
steps of operands live (whisper's three Q/K/V 4x4 tiles took 255 registers
and spilled 744 B). A reduction in a contraction kernel's epilogue (an
RMSNorm after a projection) is not shared between the threads: each thread
reduces its tile's rows whole, so it holds `contraction_reduction_registers`
more (Gemma-3n's 16x64 projection with three norms over rows of 64: 255
registers and 1236 B spilled per thread).

This module sits in analysis (below cost/ and gpu/) so both import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

ALIGNMENT = 16
STATIC_SHARED_BYTES = 48 * 1024  # static __shared__ per block, every chip
DYNAMIC_SHARED_BYTES = {"sm_80": 163 * 1024, "sm_90": 227 * 1024}  # opt-in, not emitted
KERNEL_PARAM_BYTES = 4096  # kernel parameter space (sm_80; sm_90 allows more with CUDA 12.1)

MAX_BLOCK_THREADS = 1024  # threads per block, sm_80 and sm_90
MAX_BLOCK_DIMS = (1024, 1024, 64)  # threads along a block's x, y and z, sm_80 and sm_90
ROW_VECTOR = 4  # row elements per thread when the row is 4 x (16..1024) long
MIN_VECTOR_THREADS = 16  # half a warp: 256 contiguous bytes of f32 per load
MAX_VECTOR_ROWS = 4  # rows of a vectorized row-reduction thread tile (rows x ROW_VECTOR)
COMBINE_WIDTH = 16  # threads in the second step of a row reduction's tree combine
CONTRACTION_TILE = (64, 64, 32)  # block tile M, N and the staged K step


def buffer_bytes(shape: Sequence[int], element_bytes: int) -> int:
    """One shared buffer, rounded up to the 16-byte alignment it is declared with."""
    count = 1
    for d in shape:
        count *= d
    size = count * element_bytes
    return -(-size // ALIGNMENT) * ALIGNMENT


def kernel_shared_bytes(buffers: Iterable[tuple[Sequence[int], int]]) -> int:
    """A kernel's static shared memory: its buffers (shape, element bytes)."""
    return sum(buffer_bytes(shape, element_bytes) for shape, element_bytes in buffers)


def contraction_shared_bytes(
    element_bytes: int, tile: tuple[int, int, int] = CONTRACTION_TILE
) -> int:
    """A staged contraction: the A (MxK) and B (KxN) tiles and the MxN accumulator."""
    m, n, k = tile
    return kernel_shared_bytes([((m, k), element_bytes), ((k, n), element_bytes), ((m, n), 4)])


def row_thread_count(row: int) -> int:
    """Threads of a row kernel (one block per row of `row` elements): one
    per ROW_VECTOR elements (one 128-bit load of f32 each, a warp on 512
    contiguous bytes) when the row is a multiple of ROW_VECTOR and that
    takes MIN_VECTOR_THREADS to MAX_BLOCK_THREADS threads; else up to 256,
    each thread a contiguous slice (one element each for rows up to 256: a
    warp on 128 contiguous bytes)."""
    if row % ROW_VECTOR == 0 and MIN_VECTOR_THREADS <= row // ROW_VECTOR <= MAX_BLOCK_THREADS:
        return row // ROW_VECTOR
    return min(256, row)


def reduction_partials(
    out: Sequence[int], threads: int, element_bytes: int, tree: bool = True
) -> list[tuple[list[int], int]]:
    """The shared buffers of one cooperative reduction of `threads` threads
    per output (`out`: the block's outputs): one partial per thread, and,
    where the partials are combined by a tree (no warp shuffles; 64 threads
    or more), one per COMBINE_WIDTH thread for its second step. Shuffled
    partials are allocated too: the shuffles replace their combine only
    after the buffers are placed (and counted, `gpu/memory.py`)."""
    buffers = [([*out, threads], element_bytes)]
    if tree and threads >= 4 * COMBINE_WIDTH:
        buffers.append(([*out, COMBINE_WIDTH], element_bytes))
    return buffers


def window_shared_bytes(window: Sequence[int], element_bytes: int) -> int:
    """A convolution's staged input window (n, c, h, w: every input channel)."""
    return buffer_bytes(window, element_bytes)


def fits_static(total_bytes: int) -> bool:
    return total_bytes <= STATIC_SHARED_BYTES


REGISTER_LIMIT = 255  # registers per thread, sm_80 and sm_90
REGISTER_FILE = 64 * 1024  # 32-bit registers per SM (and per block), sm_80 and sm_90


def register_cap(threads: int) -> int:
    """The registers ptxas may give each thread of a block of `threads`
    (`.maxntid`): the register file shared by the block, at most 255."""
    return min(REGISTER_LIMIT, REGISTER_FILE // max(1, threads))


# Contraction blocks keep the full 255 registers per thread: at most 256 threads.
CONTRACTION_BLOCK_THREADS = 256
CONTRACTION_REGISTER_BUDGET = 32  # accumulators + operand fragments per thread
THREAD_TILES = ((4, 4), (2, 4), (2, 2), (1, 2), (1, 1))  # (m, n), largest first


def contraction_tile_registers(contractions: int, tile: tuple[int, int]) -> int:
    """Registers a contraction thread holds: per contraction its tm x tn
    accumulators and one K step of A (tm) and B (tn) operands."""
    tm, tn = tile
    return max(1, contractions) * (tm * tn + tm + tn)


def contraction_thread_tile(contractions: int) -> tuple[int, int]:
    """The largest thread tile (m, n) whose registers fit the budget."""
    for tile in THREAD_TILES:
        if contraction_tile_registers(contractions, tile) <= CONTRACTION_REGISTER_BUDGET:
            return tile
    return THREAD_TILES[-1]


def contraction_reduction_registers(contractions: int, reduced: int) -> int:
    """Registers a contraction thread holds for a reduction of `reduced`
    elements per output in the kernel's epilogue. The contraction schedule
    has no cooperative reduction: the reduction is tiled by the thread's
    output rows (or columns), each reduced whole in the thread, and its
    producers are fused at that tile, so every thread keeps `reduced` values
    of each of its tile's rows in private memory (its slice of the
    contraction recomputed over them) before reducing them."""
    return max(contraction_thread_tile(contractions)) * reduced
