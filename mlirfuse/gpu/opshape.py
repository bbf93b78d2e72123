"""What the schedules need to know about one linalg op: loop extents and kinds
(static shapes only), and the op shapes that select a schedule (contraction,
windowed, vectorizable)."""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.maps import is_contraction_body
from mlirfuse.gpu.kernels import PAD_ATTR


class ScheduleError(Exception):
    """A kernel whose shapes this lowering cannot schedule."""

    def __init__(self, message: str, location: ir.Location | None = None) -> None:
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


def named_shape(op: ir.Operation) -> OpShape:
    """Loops of the named ops the workloads use (they carry no maps)."""
    out = shape_of(op.operands[-1].type)
    if op.name in ("linalg.fill", "linalg.transpose", "linalg.copy"):
        return OpShape(out, [False] * len(out))
    if op.name in ("linalg.matmul", "linalg.batch_matmul"):
        reduction = [False] * len(out) + [True]
        if "indexing_maps" in op.attributes:  # transposed operands
            return OpShape(_map_extents(op, len(reduction)), reduction)
        k = shape_of(op.operands[0].type)[-1]
        return OpShape([*out, k], reduction)
    if op.name == "linalg.conv_2d_nchw_fchw":
        _, c, kh, kw = shape_of(op.operands[1].type)
        return OpShape([*out, c, kh, kw], [False] * 4 + [True] * 3)
    raise ScheduleError(f"no GPU schedule for '{op.name}' (generalize it first)", op.location)


DYNAMIC = -1  # a loop extent known only at run time (fallback schedule only)


def op_shape(op: ir.Operation, allow_dynamic: bool = False) -> OpShape:
    """Loop extents of a linalg op, read from its operands' shapes; a
    dynamic extent is an error unless `allow_dynamic` (then DYNAMIC)."""
    shape = named_shape(op) if not generic_view(op) else _generic_shape(op)
    if any(e <= 0 for e in shape.extents):
        if not allow_dynamic:
            raise ScheduleError("kernel op has dynamic or unknown loop extents", op.location)
        shape.extents = [e if e > 0 else DYNAMIC for e in shape.extents]
    return shape


def part_key(op: ir.Operation) -> tuple[int, ...]:
    """The op's parallel extents other than 1, DYNAMIC where known only at
    run time: roots of one key share a part of the partitioned schedule
    (`schedule_parts.py`; of dynamic extents only where proven equal,
    `lowerability_dynamic.dynamic_parts_refusal`)."""
    return tuple(e for e in op_shape(op, allow_dynamic=True).parallel_extents if e != 1)


def _generic_shape(op: ir.Operation) -> OpShape:
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    reduction = ["reduction" in it for it in iterators]
    return OpShape(_map_extents(op, len(iterators)), reduction)


def _map_extents(op: ir.Operation, loops: int) -> list[int]:
    """Each loop's extent, read off the operand dims its indexing maps name."""
    extents = [0] * loops
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    for value, amap in zip(op.operands, maps, strict=False):
        shape = shape_of(value.type)
        for position, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr):
                extents[expr.position] = max(extents[expr.position], shape[position])
    return extents


def shape_of(t: ir.Type) -> list[int]:
    for cls in (ir.RankedTensorType, ir.MemRefType):
        try:
            return list(cls(t).shape)
        except ValueError:
            continue
    return []


def generic_view(op: ir.Operation) -> bool:
    return "iterator_types" in op.attributes and "indexing_maps" in op.attributes


def is_contraction(op: ir.Operation) -> bool:
    """A reduction with two inputs that each miss a parallel loop (A[m,k] B[k,n])
    whose body multiplies and accumulates. A reduction of another body on
    such maps (JetMoE's inverse sort permutation: `in[j] == i ? iota[j] : out`)
    is no contraction: the contraction schedule's split K assumes the sum."""
    if op.name != "linalg.generic":
        return False
    body = tuple(inner.operation.name for inner in op.regions[0].blocks[0].operations)
    if not is_contraction_body(body):
        return False
    shape = op_shape(op, allow_dynamic=True)
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


# libdevice's sin/cos/tan reduce large arguments (Payne-Hanek) through a
# 7-word local array per element: four of them in one thread spill on sm_80
# (llama_block_bf16's rotary cos/sin kernel), two do not.
TRIG = ("math.sin", "math.cos", "math.tan", "math.sincos")


def vector_width(ops: list[ir.Operation]) -> int:
    """Elements per thread of an elementwise kernel: 2 with trigonometry, else 4."""
    for op in ops:
        if op.name == "linalg.generic":
            body = op.regions[0].blocks[0].operations
            if any(inner.operation.name in TRIG for inner in body):
                return 2
    return 4


def vectorizable(op: ir.Operation) -> bool:
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
        str(ir.RankedTensorType(v.type).element_type) == "i1"
        for v in op.operands
        if shape_of(v.type)
    ):
        return False
    body = op.regions[0].blocks[0]
    # Gathers and index reads (vector.step has no NVVM translation) stay scalar.
    if any(inner.operation.name in ("tensor.extract", "linalg.index") for inner in body.operations):
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


def is_windowed(op: ir.Operation) -> bool:
    """A generic reading an input at a sum of loop indices (convolution,
    pooling): `(d0, d1, d2 + d5, d3 + d6)`."""
    if op.name != "linalg.generic" or not any(op_shape(op, allow_dynamic=True).reduction):
        return False
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    return any(
        not isinstance(e, ir.AffineDimExpr | ir.AffineConstantExpr) for m in maps for e in m.results
    )
