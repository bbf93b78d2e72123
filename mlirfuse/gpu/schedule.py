"""Schedules per kernel kind: tile sizes and thread counts, from static shapes.

A schedule is data (what to tile by how much, which ops share the threads'
loop and which get their own); `transform_script` turns it into transform IR.
Kinds: `elementwise` (every loop parallel), `row` (a reduction along the
innermost loop and its prologue/epilogue: one block per row, cooperative
reductions), `contraction` (matmul + epilogue: 64x64 block tiles, 4x4 per
thread), `conv` (convolution + epilogue: the padded input window staged in
shared memory, a few outputs per thread), and `fallback` for any static
kernel the others do not cover (one thread per output element of the root,
its reduction loops inside the thread; blocks and threads linearised, so any
number of parallel loops maps onto the grid). An `attention` group is not tiled
here: `attention_kernel.py` writes it as mapped loops (kind `attention`).
"""

from __future__ import annotations

from math import prod

from mlir import ir

from mlirfuse.analysis.kernel_memory import MAX_VECTOR_ROWS, ROW_VECTOR, row_thread_count
from mlirfuse.gpu import mma
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import PAD_ATTR, Kernel
from mlirfuse.gpu.opshape import (
    DYNAMIC,
    OpShape,
    ScheduleError,
    is_contraction,
    is_windowed,
    op_shape,
    vector_width,
    vectorizable,
)
from mlirfuse.gpu.row_staging import check_row_staging
from mlirfuse.gpu.schedule_fallback import fallback_schedule, reduces_by_position
from mlirfuse.gpu.schedule_model import MAX_GRID_YZ, MAX_THREADS, Schedule, kernel_indices
from mlirfuse.gpu.schedule_reduce import reduce_plan
from mlirfuse.gpu.script_prologue import operand_prologues
from mlirfuse.gpu.tiles import (
    K_STEP,
    block_extents,
    contraction_tiles,
    conv_tiles,
    divisor_at_most,
    dynamic_dims,
    elementwise_tiles,
    fit_conv_window,
    nominal,
    row_tiles,
    splits,
    thread_counts,
)
from mlirfuse.gpu.warp_reduce import warp_combiner


def kernel_kind(kernel: Kernel) -> str:
    names = {op.name for op in kernel.ops}
    if any(n.startswith("linalg.conv") for n in names) or any(is_windowed(op) for op in kernel.ops):
        return "conv"
    if names & {"linalg.matmul", "linalg.batch_matmul"} or any(
        "mlirfuse.contraction" in op.attributes for op in kernel.ops
    ):
        return "contraction"
    if any(is_contraction(op) and not _broadcast_back(op, kernel) for op in kernel.ops):
        return "contraction"
    for op in kernel.ops:
        if any(op_shape(op, allow_dynamic=True).reduction):
            return "row"
    return "elementwise"


def _broadcast_back(contraction: ir.Operation, kernel: Kernel) -> bool:
    """A generic contraction whose result (or a per-row value computed from
    it) a kernel op reads broadcast along a loop wider than one (Qwen's
    per-head dot of two normalized rows, its sigmoid scaling the row it came
    from): it is one more row reduction of a norm kernel. The contraction
    schedule tiles the root's row across threads and left each thread the
    kernel's other row reductions whole, their producers storing whole rows
    beside the threads' slots (a race)."""
    values = list(contraction.results)
    followed: list[ir.Operation] = []
    while values:
        for use in values.pop().uses:
            reader = use.owner.operation
            if reader.name != "linalg.generic" or reader not in kernel.ops:
                continue
            amap = ir.AffineMapAttr(
                ir.ArrayAttr(reader.attributes["indexing_maps"])[use.operand_number]
            ).value
            read = {e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)}
            extents = op_shape(reader, allow_dynamic=True).extents
            if any(extents[d] != 1 for d in range(amap.n_dims) if d not in read):
                return True
            elementwise = not any(op_shape(reader, allow_dynamic=True).reduction)
            if elementwise and not any(reader == op for op in followed):
                followed.append(reader)  # a per-row value: its readers too
                values.extend(reader.results)
    return False


def contraction_ops(kernel: Kernel) -> list[ir.Operation]:
    """The kernel's contractions (matmuls, batched or as generics)."""
    return [
        op
        for op in kernel.ops
        if op.name in ("linalg.matmul", "linalg.batch_matmul") or is_contraction(op)
    ]


def _find_contraction(kernel: Kernel, schedule: Schedule) -> None:
    """The one matmul of a contraction kernel and the fill it accumulates into:
    the thread tile keeps their 4x4 accumulator in registers (K in steps of
    4, outer-product FMAs). Several contractions (sibling roots) or a
    batched one: none (scalar thread tiles)."""
    found = [
        i
        for i, op in enumerate(kernel.ops)
        if op.name in ("linalg.matmul", "linalg.batch_matmul") or is_contraction(op)
    ]
    if len(found) != 1:
        return
    op = kernel.ops[found[0]]
    reduction = op_shape(op, allow_dynamic=True).reduction
    if sum(1 for red in reduction if not red) != 2:
        return  # batched: a vector<1x4x4> accumulator does not lower to NVVM
    if sum(reduction) != 1:
        return  # K over several loops (`einsum_chains.py`): one K loop is vectorized
    k = op_shape(op, allow_dynamic=True).extents[reduction.index(True)]
    if k > 1 and divisor_at_most(k, K_STEP) == 1:
        return  # K = 91 (no step 2..4 divides it): a K step of 1 does not lower to NVVM
    types = {str(ir.ShapedType(v.type).element_type) for v in op.operands}
    if len(types) != 1:
        return  # mixed (bf16 x bf16 -> f32): the vector contraction does not lower
    init = defining_op(op.operands[len(op.operands) - 1])
    if init is None or init.name != "linalg.fill":
        return
    fills = [i for i, k in enumerate(kernel.ops) if k == init]
    if fills and op.results[0].type == init.results[0].type:
        schedule.contraction, schedule.contraction_init = found[0], fills[0]


def _check_fused_contractions(kernel: Kernel) -> None:
    """Several contractions in one thread's loop nest (SwiGLU's gate and up
    projections feeding one epilogue): their scalar 4x4 tiles live in private
    memory and spill (ptxas: 15 KB on llama_block). Sibling roots (Q/K/V with
    their epilogues) each nest one contraction: those are fine."""
    assert kernel.root is not None
    nested = [
        op
        for op in kernel.ops
        if (op.name in ("linalg.matmul", "linalg.batch_matmul") or is_contraction(op))
        and not any(op == r for r in kernel.roots)
    ]
    if len(nested) > max(1, len(kernel.roots)):  # more than one per root's nest
        raise ScheduleError("several contractions fused into one loop nest", kernel.root.location)


def _check_mappable(kernel: Kernel, block: list[int], extents: list[int]) -> None:
    """GPU grids have 3 dimensions (x up to 2^31-1 blocks, y and z up to
    65535): at most 3 loops may be split into blocks, the largest goes to x."""
    assert kernel.root is not None
    counts = sorted(
        (
            2**31 if e == DYNAMIC else -(-e // b)
            for b, e in zip(block, extents, strict=True)
            if splits(b, e)
        ),
        reverse=True,
    )
    if len(counts) > 3:
        raise ScheduleError(
            f"{len(counts)} loops would be split across blocks; GPU grids have 3 dimensions",
            kernel.root.location,
        )
    if any(c > MAX_GRID_YZ for c in counts[1:]):
        raise ScheduleError(
            f"grid of {counts} blocks: y and z allow at most {MAX_GRID_YZ}", kernel.root.location
        )


def wide_extents(shape: OpShape) -> list[int]:
    """Parallel extents other than 1: sibling roots tiled alike must agree on them."""
    return [e for e in shape.parallel_extents if e != 1]


def kernel_shapes(kernel: Kernel, allow_dynamic: bool = False) -> dict[int, OpShape]:
    """Loop extents of every op of `kernel` (ScheduleError if dynamic, unless
    allowed), with sibling roots checked: they are tiled alike, so their
    parallel extents must agree."""
    assert kernel.root is not None
    shapes = {i: op_shape(op, allow_dynamic) for i, op in enumerate(kernel.ops)}
    root_shape = shapes[kernel.ops.index(kernel.root)]
    for sibling in kernel.roots:
        if wide_extents(shapes[kernel.ops.index(sibling)]) != wide_extents(root_shape):
            raise ScheduleError("sibling roots of different shapes in one group", sibling.location)
    return shapes


def make_schedule(kernel: Kernel) -> Schedule:
    """The specialised schedule of the kernel's kind, or the fallback when
    that schedule does not cover the kernel's shapes."""
    if kernel.pattern == "attention":
        from mlirfuse.gpu.attention_kernel import attention_schedule

        return attention_schedule(kernel)
    try:
        shapes = kernel_shapes(kernel)
    except ScheduleError:  # dynamic extents: dynamic reductions only in the fallback
        shapes = kernel_shapes(kernel, allow_dynamic=True)
        if any(s.reduction[d] for s in shapes.values() for d in dynamic_dims(s)):
            return fallback_schedule(kernel, shapes)
    if reduces_by_position(kernel):
        return fallback_schedule(kernel, shapes)
    if per_row_root(kernel, shapes):
        try:
            return reduce_schedule(kernel, shapes)
        except ScheduleError:
            pass
    try:
        return specialised_schedule(kernel, shapes)
    except ScheduleError:
        pass
    try:
        return reduce_schedule(kernel, shapes)
    except ScheduleError:
        return fallback_schedule(kernel, shapes)


def per_row_root(kernel: Kernel, shapes: dict[int, OpShape]) -> bool:
    """Whether the kernel's root computes one value per row its reductions
    reduce (a variance: sum, mean, sum of squares, sqrt, returned alone).
    The row schedule tiles the root's innermost loop into one block, which
    here is every row: 64 rows of 1,024 ran in one block of 16 threads.
    The `reduce` schedule gives each row its block instead."""
    if kernel_kind(kernel) != "row" or kernel.root is None:
        return False
    root = nominal(shapes[kernel.ops.index(kernel.root)])
    reductions = [nominal(s) for s in shapes.values() if any(s.reduction)]
    return not any(root.reduction) and all(s.parallel_extents == root.extents for s in reductions)


def reduce_schedule(kernel: Kernel, shapes: dict[int, OpShape]) -> Schedule:
    """Cooperative reductions over several or non-innermost loops
    (`schedule_reduce.py`): a block per output group, threads over the
    reduced elements, every op its own thread loop."""
    if kernel_kind(kernel) != "row":
        raise ScheduleError("reduce schedule: not a reduction kernel")
    plan = reduce_plan(kernel, shapes)
    root_index, _, others = kernel_indices(kernel)
    _check_mappable(kernel, plan.block_tiles, shapes[root_index].extents)
    return Schedule(
        kernel.kernel_id,
        "reduce",
        root_index,
        plan.block_tiles,
        [0] * len(plan.block_tiles),
        [],
        staged_ops=sorted([*others, root_index]),
        op_shapes=shapes,
        block_dims=(plan.threads, 1, 1),
        row_threads=plan.threads,
        warp_ops=plan.warp_ops,
        local_extents=plan.local_extents,
    )


def row_vector_ops(kernel: Kernel, schedule: Schedule, shapes: dict[int, OpShape]) -> list[int]:
    """The staged ops of a row schedule whose thread tiles are vectorized:
    4 row elements per thread, over every row the block holds (a reduction's
    partial tile keeps each of them). A block holding many rows (a per-row
    root the `reduce` schedule did not take: `row_tiles` puts all its rows in
    one block) has reductions' tiles of rows x 4: only up to MAX_VECTOR_ROWS
    rows are vectorized, the rest stay scalar loops (128 rows of 128 gave
    each thread a vector<128x4xf32>: 255 registers and 10 KB spilled on
    sm_90)."""
    blocks = _block_count(schedule, nominal(shapes[schedule.root_index]))
    chosen = []
    for i in schedule.staged_ops:
        shape = nominal(shapes[i])  # a dynamic loop: one index per block
        if shape.extents[-1] != ROW_VECTOR * schedule.row_threads:
            continue
        rows = prod(shape.parallel_extents) // max(1, blocks)
        if any(shape.reduction) and rows > MAX_VECTOR_ROWS:
            continue
        if vectorizable(kernel.ops[i]):
            chosen.append(i)
    return chosen


def _block_count(schedule: Schedule, root_shape: OpShape) -> int:
    """Blocks of a static row schedule: the root's extents over its block tile."""
    return prod(e // t for e, t in zip(root_shape.extents, schedule.block_tiles, strict=True) if t)


def _check_covered(kind: str, kernel: Kernel, shapes: dict[int, OpShape]) -> None:
    """What the specialised schedules assume, checked before any transform
    runs (a violated assumption is malformed input to upstream tiling)."""
    assert kernel.root is not None
    reductions = [s for s in shapes.values() if any(s.reduction)]
    if kind == "row" and any(
        sum(s.reduction) != 1 or not s.reduction[-1] or not s.parallel_dims for s in reductions
    ):
        raise ScheduleError("row schedule needs one innermost reduction", kernel.root.location)
    root_shape = shapes[kernel.ops.index(kernel.root)]
    if kind == "conv" and len(root_shape.parallel_dims) != 4:
        raise ScheduleError("conv schedule needs NCHW outputs", kernel.root.location)


def specialised_schedule(kernel: Kernel, shapes: dict[int, OpShape]) -> Schedule:
    assert kernel.root is not None
    kind = kernel_kind(kernel)
    _check_covered(kind, kernel, shapes)
    root_index, siblings, others = kernel_indices(kernel)
    root_shape = shapes[root_index]
    if not root_shape.parallel_dims:
        raise ScheduleError(
            "full reductions (to a 0-d result) are not lowered to one kernel", kernel.root.location
        )
    tilers = {
        "elementwise": elementwise_tiles,
        "row": row_tiles,
        "contraction": contraction_tiles,
        "conv": conv_tiles,
    }
    dynamic = [d for d in dynamic_dims(root_shape) if not root_shape.reduction[d]]
    if dynamic and (kind == "conv" or len(dynamic) > 1):
        raise ScheduleError("dynamic extents: only one dynamic loop, no conv", kernel.root.location)
    static = kind == "contraction" and not dynamic_dims(root_shape)
    tensor_cores = mma.mma_tiles(kernel, shapes, root_index) if static else None
    if tensor_cores is not None:
        block, thread = tensor_cores.block, tensor_cores.thread
    elif kind == "contraction":
        block, thread = contraction_tiles(nominal(root_shape), len(contraction_ops(kernel)))
    elif kind == "elementwise":
        block, thread = elementwise_tiles(nominal(root_shape), vector_width(kernel.ops))
    else:
        block, thread = tilers[kind](nominal(root_shape))
    if kind == "conv":
        block, thread = fit_conv_window(kernel, root_shape)
    _check_mappable(kernel, block, root_shape.extents)
    schedule = Schedule(
        kernel.kernel_id,
        kind,
        root_index,
        block,
        thread,
        others,
        op_shapes=shapes,
        sibling_roots=siblings,
    )
    if kind == "row":
        inner = root_shape.extents[-1]
        schedule.row_threads = row_thread_count(inner)
        # Sibling roots too: left out, each thread ran a sibling reduction's
        # whole row into its output, every thread the same address (a race).
        schedule.staged_ops = sorted([*others, *siblings, root_index])
        schedule.block_dims = (schedule.row_threads, 1, 1)
        schedule.vector_ops = row_vector_ops(kernel, schedule, shapes)
        schedule.warp_ops = [
            i
            for i in schedule.staged_ops
            if any(shapes[i].reduction) and warp_combiner(kernel.ops[i])
        ]
        if root_shape.reduction[-1] is False and any(root_shape.reduction):
            raise ScheduleError("row schedule needs the reduction innermost", kernel.root.location)
        # One row of a transposed root can be every row of its LayerNorm:
        # refused here when its buffers exceed the budget, not at placement.
        check_row_staging(kernel, schedule)
        return schedule
    if kind == "conv":
        schedule.staged_ops = [i for i in others if PAD_ATTR in kernel.ops[i].attributes]
        schedule.fused_ops = [i for i in others if i not in schedule.staged_ops]
    if tensor_cores is not None:
        schedule.mma = tensor_cores.element
    elif kind == "contraction":
        _find_contraction(kernel, schedule)
        _check_fused_contractions(kernel)
        rows, columns = ([1, 1] + [t for t in thread if t])[-2:]
        if rows < 2 or columns != 4:
            # A 1x4 or 4x1 accumulator leaves n-D vector.broadcasts that do
            # not translate to NVVM (vit: M = 65), and upstream's tiling
            # refuses a 2x2 one (pooling_head: N = 100): scalar thread tiles.
            # A 2x4 one (M = 50: CLIP) lowers, where a scalar one spills.
            schedule.contraction = schedule.contraction_init = None
        if schedule.contraction is not None:
            schedule.prologues = operand_prologues(kernel, schedule.contraction)
    schedule.block_dims = thread_counts(block_extents(block, root_shape.extents), thread)
    schedule.vectorize = kind == "elementwise" and all(vectorizable(op) for op in kernel.ops)
    if schedule.block_dims[0] * schedule.block_dims[1] * schedule.block_dims[2] > MAX_THREADS:
        raise ScheduleError("block needs more than 1024 threads", kernel.root.location)
    return schedule


__all__ = [  # re-exported: the schedule's users import them from here
    "MAX_GRID_YZ",
    "MAX_THREADS",
    "Schedule",
    "fallback_schedule",
]
