"""The `reduce` schedule: cooperative reductions over several or non-innermost loops.

GroupNorm statistics (channel-group x spatial), BatchNorm statistics (batch x
spatial, channels parallel), channel-first global average pooling and
reductions to a scalar reduce loops the `row` schedule does not cover (it
needs exactly one, innermost, reduction). Here one block computes the root's
outputs that share one output of the reductions (the root's loops that map
onto the reductions' parallel loops are tiled by 1, the others covered
whole); its threads split the reduced elements: each reduction is tiled with
`tile_reduction_using_forall` over its reduction loops (innermost first, as
many threads as divide them, up to REDUCE_THREADS), one partial per thread,
and the partials are combined by a block-wide `gpu.all_reduce` when every
thread holds one (`warp_reduce.py`), else by one thread. Every op gets its own
thread loop (as in the row schedule); the block's intermediates live in
shared memory, which must fit the static budget.

`reduce_plan` returns the tiles and thread counts; `schedule.make_schedule`
builds the `Schedule` (kind `reduce`) from them and `script_reduce.py` writes
its thread level.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mlir import ir

from mlirfuse.analysis.kernel_memory import buffer_bytes, fits_static
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import DYNAMIC, OpShape, ScheduleError, generic_view, shape_of
from mlirfuse.gpu.tiles import divisor_at_most, dynamic_dims, nominal
from mlirfuse.gpu.warp_reduce import warp_combiner

REDUCE_THREADS = 256  # threads of a reduce block at most
MAX_GRID_LOOPS = 3


@dataclass
class ReducePlan:
    """Block tiles of the root, threads of the block, in-block extents per op."""

    block_tiles: list[int]
    threads: int
    local_extents: dict[int, list[int]] = field(default_factory=dict)
    warp_ops: list[int] = field(default_factory=list)


def reduction_counts(local: list[int], shape: OpShape, room: int) -> list[int]:
    """Threads per loop of a reduction (0 on parallel loops): innermost
    reduction loops first, each the largest divisor of its extent that fits
    the threads left."""
    counts = [0] * len(local)
    for d in reversed(range(len(local))):
        if shape.reduction[d] and room > 1:
            counts[d] = divisor_at_most(local[d], room)
            room //= counts[d]
    return counts


def spread_counts(local: list[int], dims: list[int], room: int) -> list[int]:
    """Threads per loop over `dims` (innermost first, up to each extent)."""
    counts = [0] * len(local)
    for d in reversed(dims):
        if room <= 1:
            break
        counts[d] = min(local[d], room)
        room //= counts[d]
    if not any(counts) and dims:
        counts[dims[-1]] = 1
    return counts


def _product(values: list[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def _maps(op: ir.Operation) -> list[ir.AffineMap] | None:
    if op.name in ("linalg.fill", "linalg.copy"):
        rank = len(shape_of(op.results[0].type))
        return [ir.AffineMap.get_identity(rank)] * len(op.operands)
    if op.name == "linalg.transpose":
        # Named until tiling: its loops are the result's dims, loop i walks
        # input dim perm[i]. Without these maps the producers of a
        # transposed root were taken whole: segformer_layer's LayerNorm
        # under a [0, 2, 1] transpose counted 109,184 B and fell back.
        perm = list(ir.DenseI64ArrayAttr(op.attributes["permutation"]))
        inverse = [perm.index(j) for j in range(len(perm))]
        return [ir.AffineMap.get_permutation(inverse), ir.AffineMap.get_identity(len(perm))]
    if not generic_view(op):
        return None
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _operand_slice(amap: ir.AffineMap, local: list[int], shape: list[int]) -> list[int]:
    """The slice of an operand one tile of `local` loop extents reads."""
    out = []
    for position, expr in enumerate(amap.results):
        if isinstance(expr, ir.AffineDimExpr):
            out.append(local[expr.position])
        elif isinstance(expr, ir.AffineConstantExpr):
            out.append(1)
        else:
            out.append(shape[position])
    return out


def local_extents(
    kernel: Kernel, shapes: dict[int, OpShape], root_local: list[int]
) -> dict[int, list[int]]:
    """Each op's loop extents inside one block: the root's block tile pushed
    through the indexing maps to its producers (what tile-and-fuse slices),
    the first slice of `local_slices`; where a map is not a projection, the
    whole extent."""
    return {index: found[0] for index, found in local_slices(kernel, shapes, root_local).items()}


def local_slices(
    kernel: Kernel, shapes: dict[int, OpShape], root_local: list[int]
) -> dict[int, list[list[int]]]:
    """Every distinct in-block extent of each op, the first as `local_extents`.

    Tile-and-fuse fuses a producer once per consumer tile that reads it (CSE
    merges only identical ones), so a value read by a reduction (its whole
    row) and by the epilogue (the root's slice of it) is computed, and kept
    in shared memory, at both slices: a LayerNorm under a [0, 2, 1]
    transpose stages its input at the transpose's column and at the
    reductions' rows. Counting one slice per op (the last consumer's)
    priced vitpose_classic's row block at 48,000 B; it needed more than
    97,000 B and was refused at placement."""
    assert kernel.root is not None
    root_index = kernel.ops.index(kernel.root)
    found: dict[int, list[list[int]]] = {root_index: [list(root_local)]}
    for index in reversed(range(len(kernel.ops))):
        op = kernel.ops[index]
        found.setdefault(index, [list(shapes[index].extents)])
        maps = _maps(op)
        if maps is None:
            continue
        for value, amap in zip(op.operands, maps, strict=False):
            producer = defining_op(value)
            if producer is None or not any(producer == k for k in kernel.ops):
                continue
            p_index = kernel.ops.index(producer)
            p_maps = _maps(producer)
            if p_index in (root_index, index) or p_maps is None or p_index > index:
                continue
            for local in found[index]:
                piece = _producer_slice(shapes[p_index], p_maps, amap, local, value)
                slices = found.setdefault(p_index, [])
                if piece not in slices:
                    slices.append(piece)
    return found


def _producer_slice(
    shape: OpShape,
    p_maps: list[ir.AffineMap],
    amap: ir.AffineMap,
    local: list[int],
    value: ir.Value,
) -> list[int]:
    """The producer's loop extents that compute the slice of `value` a
    consumer tile of `local` extents reads through `amap`."""
    piece = _operand_slice(amap, local, shape_of(value.type))
    out_map = p_maps[len(p_maps) - 1]
    extents = list(shape.extents)
    for position, expr in enumerate(out_map.results):
        if isinstance(expr, ir.AffineDimExpr):
            extents[expr.position] = piece[position]
    return extents


def _root_blocks(root: OpShape, reduction: OpShape) -> list[int]:
    """Block tiles of the root: 1 on its loops that match, in order, the
    reductions' parallel loops of more than one iteration (one block per
    reduction output), the whole loop elsewhere (recomputing nothing)."""
    wanted = [e for e in reduction.parallel_extents if e != 1]
    block = [0 if red else e for e, red in zip(root.extents, root.reduction, strict=True)]
    for d in root.parallel_dims:
        if wanted and root.extents[d] == wanted[0]:
            block[d] = 1
            wanted.pop(0)
    split = [d for d in root.parallel_dims if block[d] < root.extents[d]]
    for d in split[:-MAX_GRID_LOOPS] if len(split) > MAX_GRID_LOOPS else []:
        block[d] = root.extents[d]  # more than 3 grid loops: cover the outer ones whole
    return block


def _shared_bytes(
    kernel: Kernel, plan: ReducePlan, shapes: dict[int, OpShape], slices: dict[int, list[list[int]]]
) -> int:
    """What the block keeps in shared memory: every op's in-block result but
    the root's, at each slice it is computed at (`local_slices`), and one
    partial per thread per reduction slice."""
    assert kernel.root is not None
    total = 0
    for index, op in enumerate(kernel.ops):
        if op == kernel.root or not op.results:
            continue
        element = ir.ShapedType(op.results[0].type).element_type
        width = element.width if isinstance(element, ir.FloatType | ir.IntegerType) else 32
        size = max(1, width // 8)
        for local in slices[index]:
            out = [e for e, red in zip(local, shapes[index].reduction, strict=True) if not red]
            total += buffer_bytes(out, size)
            if any(shapes[index].reduction):
                total += buffer_bytes([plan.threads], size)
    return total


def reduce_plan(kernel: Kernel, shapes: dict[int, OpShape]) -> ReducePlan:
    """The `reduce` schedule's tiles; ScheduleError where it does not apply
    (no reduction, sibling roots, a dynamic reduction or a dynamic loop the
    block would cover, a 0-d root, shared memory over budget). A dynamic
    parallel loop that matches the reductions' is tiled by 1: one block per
    index, its count the grid's, computed on the host."""
    assert kernel.root is not None
    where = kernel.root.location
    root_index = kernel.ops.index(kernel.root)
    reductions = [i for i, s in shapes.items() if any(s.reduction)]
    if not reductions or len(kernel.roots) > 1:
        raise ScheduleError("reduce schedule needs reductions and one root", where)
    if any(s.reduction[d] for s in shapes.values() for d in dynamic_dims(s)):
        raise ScheduleError("reduce schedule needs static reduction extents", where)
    root = shapes[root_index]
    if not root.parallel_dims:
        raise ScheduleError("reduce schedule needs a root with a parallel loop", where)
    for i in reductions:
        if len(shape_of(kernel.ops[i].results[0].type)) != len(shapes[i].parallel_dims):
            raise ScheduleError(
                "reduce schedule: a reduction writes other than its parallel loops", where
            )
    widest = max(reductions, key=lambda i: _product(nominal(shapes[i]).extents))
    block = _root_blocks(root, shapes[widest])
    slices = local_slices(
        kernel, shapes, [b or e for b, e in zip(block, root.extents, strict=True)]
    )
    if any(DYNAMIC in local for found in slices.values() for local in found):
        # A dynamic loop must be one index per block (the grid's), as the
        # reductions' parallel loop it matches; covered whole, it would be
        # a dynamic loop in the block.
        raise ScheduleError("reduce schedule: a dynamic loop inside the block", where)
    locals_ = {index: found[0] for index, found in slices.items()}
    first = reduction_counts(locals_[widest], shapes[widest], REDUCE_THREADS)
    threads = _product([c for c in first if c])
    plan = ReducePlan(block, threads, locals_)
    plan.warp_ops = [
        i
        for i in reductions
        if warp_combiner(kernel.ops[i])
        and _product([c for c in reduction_counts(locals_[i], shapes[i], threads) if c]) == threads
    ]
    if threads < 2:
        raise ScheduleError("reduce schedule: nothing to split among threads", where)
    if not fits_static(_shared_bytes(kernel, plan, shapes, slices)):
        raise ScheduleError(
            "reduce schedule: the block's intermediates exceed shared memory", where
        )
    return plan
