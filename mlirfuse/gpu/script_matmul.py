"""Thread level of a contraction kernel with A and B staged in shared memory.

Inside the block's 64x64 output tile: the fill is tiled to threads; the
matmul is tiled along K by `STAGE_K`; in each K step the A (64xSTAGE_K) and
B (STAGE_Kx64) slices are copied to shared memory by all threads (a
`structured.pad` without padding makes the copy, `gpu.map_copy_to_threads`
spreads it over the block), then each thread computes its 4x4 outputs from
shared memory; after the K loop the epilogue (with its fused elementwise
producers) is tiled to threads and reads the accumulator. Barriers come from
the thread mapping (one after each thread loop). The accumulator itself lives
in shared memory between K steps (16 KB for 64x64 f32) and in registers
within one (see `script_thread_tiles.register_accumulator`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mlirfuse.gpu import script_prologue
from mlirfuse.gpu.schedule import Schedule
from mlirfuse.gpu.tiles import block_extents, sizes_within

if TYPE_CHECKING:
    from mlirfuse.gpu.script import ScriptBuilder

ANY = "!transform.any_op"
STAGE_K = 32


def stageable(s: Schedule) -> bool:
    """A single 2-D contraction (m, n, k) whose K divides into STAGE_K steps."""
    if s.kind != "contraction" or s.contraction is None or s.sibling_roots or not s.staging:
        return False
    shape = s.op_shapes[s.contraction]
    if shape.reduction != [False, False, True]:
        return False
    return shape.extents[2] % STAGE_K == 0 and shape.extents[2] > STAGE_K


def staged_thread_level(script: ScriptBuilder, s: Schedule) -> None:
    assert s.contraction is not None and s.contraction_init is not None
    threads = s.block_dims[0] * s.block_dims[1] * s.block_dims[2]
    root = s.op_shapes[s.root_index]
    # No thread loop where one thread covers the block (N = 4 with a 4-wide
    # thread tile): `thread_counts` launches no thread along it, and a loop
    # of one iteration took the y axis from the rows' 8 threads.
    sizes = sizes_within(s.thread_tiles, block_extents(s.block_tiles, root.extents))
    tile = [t for t, red in zip(sizes, root.reduction, strict=True) if not red]
    matmul = script.match_op(s.kernel_id, s.contraction)
    tiled, k_loop = script.fresh(), script.fresh()
    script.emit(
        f"{tiled}, {k_loop} = transform.structured.tile_using_for {matmul} tile_sizes [0, 0, {STAGE_K}] "
        f": ({ANY}) -> ({ANY}, {ANY})"
    )
    prologues = script_prologue.fuse_into_k_loop(script, s, k_loop)
    padded, pads, copy = script.fresh(), script.fresh(), script.fresh()
    script.emit(
        f"{padded}, {pads}, {copy} = transform.structured.pad {tiled} {{padding_values = "
        "[0.0 : f32, 0.0 : f32, 0.0 : f32], padding_dimensions = [0, 1, 2], nofold_flags = [1, 1, 0], "
        f'copy_back_op = "none"}} : ({ANY}) -> ({ANY}, {ANY}, {ANY})'
    )
    script.tile_forall(script.match_op(s.kernel_id, s.contraction_init), tile, "thread")
    loops, copies = script.fresh(), script.fresh()
    script.emit(
        f"{loops}, {copies} = transform.structured.gpu.map_copy_to_threads {pads} "
        f"total_num_threads = {threads} desired_bit_alignment = 128 : ({ANY}) -> ({ANY}, {ANY})"
    )
    script_prologue.fuse_into_copies(script, s, prologues, loops)
    script.tile_forall(padded, [*tile, 0], "thread")
    _, loop = script.tile_forall(script.match_op(s.kernel_id, s.root_index), sizes, "thread")
    for index in s.fused_ops:
        if index not in (s.contraction, s.contraction_init) and index not in prologues:
            loop = script.fuse(script.match_op(s.kernel_id, index), loop)
