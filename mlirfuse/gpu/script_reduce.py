"""Thread level of a `reduce` kernel (`schedule_reduce.py`): one block per output group.

Every op of the kernel gets its own thread loop, mapped to linear thread ids
(any number of loops): an op without reductions spreads the block's threads
over its innermost loops; a reduction is split with
`tile_reduction_using_forall` over its reduction loops (one partial per
thread, the partial loop mapped linearly, innermost fastest), and the merge
of the partials runs on one thread, marked `mlirfuse.combine` when every
thread holds a partial and the combiner is one `gpu.all_reduce` knows (it
then becomes a block-wide `gpu.all_reduce`, `warp_reduce.py`). Barriers come
from the thread mapping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mlirfuse.gpu.schedule_reduce import reduction_counts, spread_counts
from mlirfuse.gpu.warp_reduce import COMBINE_ATTR

if TYPE_CHECKING:
    from mlirfuse.gpu.schedule import Schedule
    from mlirfuse.gpu.script import ScriptBuilder

ANY = "!transform.any_op"


def _linear(counts: list[int]) -> str:
    mapped = sum(1 for c in counts if c)
    return ", ".join(f"#gpu.thread<linear_dim_{i}>" for i in reversed(range(mapped)))


def reduce_threads(script: ScriptBuilder, s: Schedule) -> None:
    """Each op its own linear thread loop; reductions split into partials."""
    threads = s.row_threads
    for index in s.staged_ops:
        shape = s.op_shapes[index]
        local = s.local_extents.get(index, shape.extents)
        target = script.match_op(s.kernel_id, index)
        if not any(shape.reduction):
            counts = spread_counts(local, shape.parallel_dims, threads)
            script.tile_forall(target, counts, "thread", by="num_threads", linear=True)
            continue
        counts = reduction_counts(local, shape, threads)
        fill, split, combine, loop = (script.fresh() for _ in range(4))
        script.emit(
            f'{fill}, {split}, {combine}, {loop} = "transform.structured.tile_reduction_using_forall"'
            f"({target}) {{num_threads = array<i64: {', '.join(map(str, counts))}>, "
            f"tile_sizes = array<i64>, mapping = [{_linear(counts)}]}} "
            f": ({ANY}) -> ({ANY}, {ANY}, {ANY}, {ANY})"
        )
        # The partials: the reduction's output dims (one per parallel loop,
        # `reduce_plan` checks), then one dim per split reduction loop.
        script.keep_apart(fill, f"{s.kernel_id}_{index}")
        outs = len(shape.parallel_dims)
        split_counts = [0] * outs + [c for c in counts if c]
        script.tile_forall(fill, split_counts, "thread", by="num_threads", linear=True)
        one = [0] * len(split_counts)
        one[outs - 1] = 1
        merge, _ = script.tile_forall(combine, one, "thread", by="num_threads", linear=True)
        if index in s.warp_ops:
            script.emit(f'transform.annotate {merge} "{COMBINE_ATTR}" : {ANY}')
