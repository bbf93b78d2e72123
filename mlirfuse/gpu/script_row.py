"""Thread level of a row kernel (softmax, layernorm): one block per row.

Every op of the group gets its own thread loop (the block's threads share the
row; intermediates of the row live in shared memory). An elementwise op along
the row is spread over the threads; a per-row scalar (mean, 1/sigma) is
computed by one thread; a reduction is split with
`tile_reduction_using_forall` into per-thread partials; when every thread of
the block holds one and the combiner is a plain arith op on a 32/64-bit type,
their merge is marked `mlirfuse.combine` and later becomes a block-wide
`gpu.all_reduce` (warp shuffles, `warp_reduce.py`); otherwise it is a tree:
COMBINE_WIDTH threads each reduce 1/COMBINE_WIDTH of the partials, then one
thread the last COMBINE_WIDTH. Barriers come from the thread mapping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mlir import ir

from mlirfuse.analysis.kernel_memory import COMBINE_WIDTH
from mlirfuse.gpu.schedule import Schedule, ScheduleError
from mlirfuse.gpu.warp_reduce import COMBINE_ATTR

if TYPE_CHECKING:
    from mlirfuse.gpu.script import ScriptBuilder

ANY = "!transform.any_op"


def row_threads(script: ScriptBuilder, s: Schedule) -> None:
    """Each op of a row kernel gets its own thread loop; reductions split."""
    t = s.row_threads
    row = s.op_shapes[s.root_index].extents
    for index in s.staged_ops:
        shape = s.op_shapes[index]
        rank = len(shape.extents)
        target = script.match_op(s.kernel_id, index)
        along_row = rank == len(row) and shape.extents[-1] == row[-1]
        if not any(shape.reduction):
            counts = [0] * rank
            if along_row:
                counts[-1] = min(t, shape.extents[-1])
            else:  # a per-row scalar: one thread computes it
                counts[shape.parallel_dims[-1]] = 1
            tiled, _ = script.tile_forall(target, counts, "thread", by="num_threads")
            if along_row and index in s.vector_ops:
                script.emit(f"transform.structured.vectorize {tiled} : {ANY}")
            continue
        if not shape.reduction[-1] or not shape.parallel_dims:
            raise ScheduleError(
                "row reduction must reduce the innermost loop", ir.Location.unknown()
            )
        threads = min(t, shape.extents[-1])
        partial, combine = split_reduction(script, target, rank, threads)
        if index in s.vector_ops:
            script.emit(f"transform.structured.vectorize {partial} : {ANY}")
        one = [0] * rank
        one[shape.parallel_dims[-1]] = 1
        if index in s.warp_ops and threads == t:
            # Every thread holds one partial: the merge becomes one
            # block-wide gpu.all_reduce (warp_reduce.py), marked here.
            merge, _ = script.tile_forall(combine, one, "thread", by="num_threads")
            script.emit(f'transform.annotate {merge} "{COMBINE_ATTR}" : {ANY}')
            continue
        # Otherwise the partials are combined in two steps (a tree of depth
        # 2): COMBINE_WIDTH threads each reduce threads/COMBINE_WIDTH
        # partials, then one thread the last COMBINE_WIDTH.
        if threads >= 4 * COMBINE_WIDTH:
            _, combine = split_reduction(script, combine, rank, COMBINE_WIDTH)
        script.tile_forall(combine, one, "thread", by="num_threads")
    if s.vector_ops:
        script.cleanup(VECTOR_CLEANUP)


VECTOR_CLEANUP = [
    "transform.apply_patterns.vector.cast_away_vector_leading_one_dim",
    'transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerreduction"',
]


def split_reduction(script: ScriptBuilder, target: str, rank: int, threads: int) -> tuple[str, str]:
    """Per-thread partials of an innermost reduction; returns the partial
    reduction (inside the thread loop) and the combine op."""
    fill, combine = script.fresh(), script.fresh()
    split, loop = script.fresh(), script.fresh()
    counts = [0] * (rank - 1) + [threads]
    script.emit(
        f'{fill}, {split}, {combine}, {loop} = "transform.structured.tile_reduction_using_forall"'
        f"({target}) {{num_threads = array<i64: {', '.join(map(str, counts))}>, tile_sizes = array<i64>, "
        f"mapping = [#gpu.thread<x>]}} : ({ANY}) -> ({ANY}, {ANY}, {ANY}, {ANY})"
    )
    script.keep_apart(fill, fill[1:])
    script.tile_forall(fill, counts, "thread", by="num_threads")
    return split, combine
