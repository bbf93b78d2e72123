"""Schedules per kernel kind: tile sizes and thread counts, from static shapes.

A schedule is data (what to tile by how much, which ops share the threads'
loop and which get their own); `transform_script` turns it into transform IR.
Kinds: `elementwise` (every loop parallel), `row` (a reduction along the
innermost loop and its prologue/epilogue: one block per row, cooperative
reductions), `contraction` (matmul + epilogue: 64x64 block tiles, 4x4 per
thread), `conv` (convolution + epilogue: the padded input window staged in
shared memory, a few outputs per thread).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mlir import ir

from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import PAD_ATTR, Kernel

MAX_THREADS = 1024
ELEMENTWISE_BLOCK = 512


class ScheduleError(Exception):
    """A kernel whose shapes this lowering cannot schedule."""

    def __init__(self, message: str, location: ir.Location) -> None:
        super().__init__(message)
        self.location = location


@dataclass
class OpShape:
    """Loop extents and kinds of one linalg op (static shapes only)."""

    extents: list[int]
    reduction: list[bool]

    @property
    def parallel_extents(self) -> list[int]:
        return [e for e, red in zip(self.extents, self.reduction, strict=True) if not red]

    @property
    def parallel_dims(self) -> list[int]:
        return [d for d, red in enumerate(self.reduction) if not red]


@dataclass
class Schedule:
    """What the transform script does to one kernel."""

    kernel_id: int
    kind: str
    root_index: int
    block_tiles: list[int]  # per loop of the root; 0 = not tiled
    thread_tiles: list[int]  # per loop of the root, inside the block tile
    fused_ops: list[int]  # op indices fused into the root's thread loop, consumer-first
    staged_ops: list[int] = field(default_factory=list)  # own thread loop each
    op_shapes: dict[int, OpShape] = field(default_factory=dict)
    block_dims: tuple[int, int, int] = (1, 1, 1)
    row_threads: int = 0
    sibling_roots: list[int] = field(default_factory=list)  # other roots, tiled alike
    vectorize: bool = False  # thread tiles become 1-D vector ops (elementwise kind)
    contraction: int | None = None  # contraction kind: the matmul's op index ...
    contraction_init: int | None = None  # ... and its fill's (both vectorized)

    @property
    def block_ops(self) -> list[int]:
        """Every op but the root, consumer-first: all are fused into the block loop."""
        return sorted(
            (set(self.fused_ops) | set(self.staged_ops)) - {self.root_index}, reverse=True
        )


def _named_shape(op: ir.Operation) -> OpShape:
    """Loops of the named ops the workloads use (they carry no maps)."""
    out = _shape(op.operands[-1].type)
    if op.name in ("linalg.fill", "linalg.transpose", "linalg.copy"):
        return OpShape(out, [False] * len(out))
    if op.name in ("linalg.matmul", "linalg.batch_matmul"):
        k = _shape(op.operands[0].type)[-1]
        return OpShape([*out, k], [False] * len(out) + [True])
    if op.name == "linalg.conv_2d_nchw_fchw":
        _, c, kh, kw = _shape(op.operands[1].type)
        return OpShape([*out, c, kh, kw], [False] * 4 + [True] * 3)
    raise ScheduleError(f"no GPU schedule for '{op.name}' (generalize it first)", op.location)


def op_shape(op: ir.Operation) -> OpShape:
    """Static loop extents of a linalg op, read from its operands' shapes."""
    if not _generic_view(op):
        return _named_shape(op)
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    reduction = ["reduction" in it for it in iterators]
    extents = [0] * len(iterators)
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    for value, amap in zip(op.operands, maps, strict=False):
        shape = _shape(value.type)
        for position, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr):
                extents[expr.position] = max(extents[expr.position], shape[position])
    if any(e <= 0 for e in extents):
        raise ScheduleError("kernel op has dynamic or unknown loop extents", op.location)
    return OpShape(extents, reduction)


def _shape(t: ir.Type) -> list[int]:
    for cls in (ir.RankedTensorType, ir.MemRefType):
        try:
            return list(cls(t).shape)
        except ValueError:
            continue
    return []


def _generic_view(op: ir.Operation) -> bool:
    return "iterator_types" in op.attributes and "indexing_maps" in op.attributes


def _is_contraction(op: ir.Operation) -> bool:
    """A reduction with two inputs that each miss a parallel loop (A[m,k] B[k,n])."""
    if op.name != "linalg.generic":
        return False
    shape = op_shape(op)
    if not any(shape.reduction):
        return False
    n_in = len(op.operands) - len(op.results)
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])][:n_in]
    parallel = set(shape.parallel_dims)
    missing = 0
    for amap in maps:
        used = {e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)}
        missing += bool(parallel - used)
    return missing >= 2


def _vectorizable(op: ir.Operation) -> bool:
    """A generic whose thread tile becomes plain 1-D vector loads/stores: no
    gathers (padding), and the innermost loop, where an operand uses it, is
    that operand's innermost dimension (so 4 consecutive elements are
    contiguous)."""
    if op.name == "linalg.fill":
        return True
    if op.name != "linalg.generic" or PAD_ATTR in op.attributes:
        return False
    # Sub-byte elements (i1) are one byte each in memory but packed bits in a
    # vector: keep those scalar.
    if any(
        str(ir.RankedTensorType(v.type).element_type) == "i1" for v in op.operands if _shape(v.type)
    ):
        return False
    body = op.regions[0].blocks[0]
    if any(inner.operation.name == "tensor.extract" for inner in body.operations):
        return False
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    for amap in maps:
        results = list(amap.results)
        last = amap.n_dims - 1
        for position, expr in enumerate(results):
            if isinstance(expr, ir.AffineDimExpr):
                if expr.position == last and position != len(results) - 1:
                    return False
            elif not isinstance(expr, ir.AffineConstantExpr):
                return False
    return True


def _is_windowed(op: ir.Operation) -> bool:
    """A generic reading an input at a sum of loop indices (convolution,
    pooling): `(d0, d1, d2 + d5, d3 + d6)`."""
    if op.name != "linalg.generic" or not any(op_shape(op).reduction):
        return False
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    return any(
        not isinstance(e, ir.AffineDimExpr | ir.AffineConstantExpr) for m in maps for e in m.results
    )


def kernel_kind(kernel: Kernel) -> str:
    names = {op.name for op in kernel.ops}
    if any(n.startswith("linalg.conv") for n in names) or any(
        _is_windowed(op) for op in kernel.ops
    ):
        return "conv"
    if names & {"linalg.matmul", "linalg.batch_matmul"} or any(
        "mlirfuse.contraction" in op.attributes for op in kernel.ops
    ):
        return "contraction"
    if any(_is_contraction(op) for op in kernel.ops):
        return "contraction"
    for op in kernel.ops:
        if any(op_shape(op).reduction):
            return "row"
    return "elementwise"


def _divisor_at_most(n: int, limit: int) -> int:
    return max(d for d in range(1, min(n, limit) + 1) if n % d == 0)


def _elementwise_tiles(shape: OpShape) -> tuple[list[int], list[int]]:
    """Block covers up to ELEMENTWISE_BLOCK innermost elements, 4 per thread."""
    rank = len(shape.extents)
    block = [1] * rank
    room = ELEMENTWISE_BLOCK
    for d in reversed(range(rank)):
        block[d] = _divisor_at_most(shape.extents[d], room)
        room //= block[d]
        if block[d] < shape.extents[d] or room <= 1:
            break
    thread = [1] * rank
    if block[-1] % 4 == 0:
        thread[-1] = 4
    return block, thread


def _row_tiles(shape: OpShape) -> tuple[list[int], list[int]]:
    block = [1] * len(shape.extents)
    block[-1] = shape.extents[-1]
    return block, [0] * len(shape.extents)


def _contraction_tiles(shape: OpShape) -> tuple[list[int], list[int]]:
    par = shape.parallel_dims
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    for d in par:
        block[d] = 1
        thread[d] = 1
    for d in par[-2:]:
        block[d] = _divisor_at_most(shape.extents[d], 64)
        thread[d] = _divisor_at_most(block[d], 4)
    return block, thread


def _conv_tiles(shape: OpShape) -> tuple[list[int], list[int]]:
    # Output loops (n, f, oh, ow) come first in every NCHW op of the kernel.
    block = [0] * len(shape.extents)
    thread = [0] * len(shape.extents)
    n_f_h_w = shape.parallel_dims[:4]
    wanted = [1, 16, 8, 8]
    per_thread = [1, 2, 1, 1]
    for d, want, each in zip(n_f_h_w, wanted, per_thread, strict=False):
        block[d] = _divisor_at_most(shape.extents[d], want)
        thread[d] = _divisor_at_most(block[d], each)
    return block, thread


def _within(block: list[int], extents: list[int]) -> list[int]:
    """Per loop, the extent one block covers (the whole loop where untiled)."""
    return [b if 0 < b < e else e for b, e in zip(block, extents, strict=True)]


def _threads(block: list[int], thread: list[int]) -> tuple[int, int, int]:
    """Thread counts (x, y, z) of a thread tiling; x is the innermost loop."""
    counts = [b // t for b, t in zip(block, thread, strict=True) if 0 < t < b]
    counts = [*reversed(counts), 1, 1, 1]
    return (counts[0], counts[1], counts[2])


def _find_contraction(kernel: Kernel, schedule: Schedule) -> None:
    """The one matmul of a contraction kernel and the fill it accumulates into:
    the thread tile keeps their 4x4 accumulator in registers (K in steps of
    4, outer-product FMAs). Several contractions (sibling roots): none."""
    found = [
        i
        for i, op in enumerate(kernel.ops)
        if op.name in ("linalg.matmul", "linalg.batch_matmul") or _is_contraction(op)
    ]
    if len(found) != 1:
        return
    op = kernel.ops[found[0]]
    init = defining_op(op.operands[len(op.operands) - 1])
    if init is None or init.name != "linalg.fill":
        return
    fills = [i for i, k in enumerate(kernel.ops) if k == init]
    if fills and op.results[0].type == init.results[0].type:
        schedule.contraction, schedule.contraction_init = found[0], fills[0]


def _check_mappable(kernel: Kernel, block: list[int], extents: list[int]) -> None:
    """GPU grids have 3 dimensions: at most 3 loops may be split into blocks."""
    split = sum(1 for b, e in zip(block, extents, strict=True) if 0 < b < e)
    if split > 3:
        assert kernel.root is not None
        raise ScheduleError(
            f"{split} loops would be split across blocks; GPU grids have 3 dimensions",
            kernel.root.location,
        )


def make_schedule(kernel: Kernel) -> Schedule:
    assert kernel.root is not None
    kind = kernel_kind(kernel)
    root_index = kernel.ops.index(kernel.root)
    shapes = {i: op_shape(op) for i, op in enumerate(kernel.ops)}
    root_shape = shapes[root_index]
    if not root_shape.parallel_dims:
        raise ScheduleError(
            "full reductions (to a 0-d result) are not lowered to one kernel", kernel.root.location
        )
    siblings = [kernel.ops.index(r) for r in kernel.roots if r != kernel.root]
    for index in siblings:
        if shapes[index].parallel_extents != root_shape.parallel_extents:
            raise ScheduleError(
                "sibling roots of different shapes in one group", kernel.ops[index].location
            )
    others = [i for i in reversed(range(len(kernel.ops))) if i != root_index and i not in siblings]
    tilers = {
        "elementwise": _elementwise_tiles,
        "row": _row_tiles,
        "contraction": _contraction_tiles,
        "conv": _conv_tiles,
    }
    block, thread = tilers[kind](root_shape)
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
        schedule.row_threads = min(256, inner)
        schedule.staged_ops = sorted([*others, root_index])
        schedule.block_dims = (schedule.row_threads, 1, 1)
        if root_shape.reduction[-1] is False and any(root_shape.reduction):
            raise ScheduleError("row schedule needs the reduction innermost", kernel.root.location)
        return schedule
    if kind == "conv":
        schedule.staged_ops = [i for i in others if PAD_ATTR in kernel.ops[i].attributes]
        schedule.fused_ops = [i for i in others if i not in schedule.staged_ops]
    if kind == "contraction":
        _find_contraction(kernel, schedule)
    _check_mappable(kernel, block, root_shape.extents)
    schedule.block_dims = _threads(_within(block, root_shape.extents), thread)
    schedule.vectorize = kind == "elementwise" and all(_vectorizable(op) for op in kernel.ops)
    if schedule.block_dims[0] * schedule.block_dims[1] * schedule.block_dims[2] > MAX_THREADS:
        raise ScheduleError("block needs more than 1024 threads", kernel.root.location)
    return schedule
