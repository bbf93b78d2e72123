"""Lowerability is legality: can the GPU back end build one kernel of these ops?

`gpu_refusal(ops)` looks at a candidate group (its ops in program order, views
between them included) and answers None when some schedule builds it as one
kernel, or a refusal `Decision` with one of the codes below (documented in
docs/gpu-lowering.md). `register()` installs it with
`mlirfuse.analysis.lowerability` as "gpu" wherever planning is for this back
end (the compile child's fusion step, `verify --schedule gpu`, `explain` and
`plan` with `--backend gpu`), so every group check there asks it. A single op is never refused:
the fallback schedule builds every static op alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from mlir import ir

from mlirfuse.analysis.lowerability import register_lowerability, register_pattern_lowerability
from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.analysis.types import Decision
from mlirfuse.gpu.attention_lowerability import CODES as ATTENTION_CODES
from mlirfuse.gpu.attention_lowerability import attention_refusal
from mlirfuse.gpu.folds_scalar import unit_collapse
from mlirfuse.gpu.host_sizes import SizeTracer
from mlirfuse.gpu.inner_reshapes import movable
from mlirfuse.gpu.irutil import ancestors_within, defining_op
from mlirfuse.gpu.lowerability_dynamic import dynamic_extents_refusal, dynamic_parts_refusal
from mlirfuse.gpu.lowerability_kept import KEPT_DYNAMIC_REDUCTION, kept_dynamic_reduction
from mlirfuse.gpu.lowerability_position import POSITION_REDUCTION, position_reduction
from mlirfuse.gpu.lowerability_reads import READ_TWICE, read_twice
from mlirfuse.gpu.opshape import ScheduleError, is_contraction, op_shape, shape_of
from mlirfuse.gpu.sizes import UnknownSize
from mlirfuse.transforms.ir_access import has_uses, reduced_loops, users_of

# Refusal codes (stable strings; docs/gpu-lowering.md lists them).
RESHAPE_INSIDE = "gpu-reshape-inside"  # a reshape between two ops of the kernel
GATHER_INTERMEDIATE = "gpu-gather-intermediate"  # a body reads a kernel result by index
SIBLING_SHAPES = "gpu-sibling-shapes"  # roots of different extents joined by a producer
DYNAMIC_GROUP = "gpu-dynamic-group"  # independent roots with dynamic loop extents
DYNAMIC_UNKNOWN = "gpu-dynamic-unknown"  # a dynamic size the host cannot compute
REDUCTION_SIBLINGS = "gpu-reduction-siblings"  # a second result beside a reduction's chain
MIXED_ROOTS = "gpu-mixed-roots"  # contraction siblings whose results differ in element type
REDUCTION_DEPTH = "gpu-reduction-depth"  # more reductions in one chain than stage 1 tiles in time

ALL_GPU_CODES = (
    RESHAPE_INSIDE,
    GATHER_INTERMEDIATE,
    SIBLING_SHAPES,
    DYNAMIC_GROUP,
    DYNAMIC_UNKNOWN,
    REDUCTION_SIBLINGS,
    POSITION_REDUCTION,
    MIXED_ROOTS,
    REDUCTION_DEPTH,
    READ_TWICE,
    KEPT_DYNAMIC_REDUCTION,
    *ATTENTION_CODES,
)

BACKEND = "gpu"
_FREE = ("linalg.fill", "tensor.empty", "arith.constant")
_MATMULS = ("linalg.matmul", "linalg.batch_matmul")
# Reductions one kernel may chain (each reading the one before): softmax and
# the norms chain two, a norm after a softmax four. A CRF's log partition
# unrolled over its steps chains two per step, and stage 1's tile-and-fuse
# time grew with each (five steps 85 s, six not done in 240 s, nine steps
# past the 900 s stage limit), for a kernel a few hundred bytes big.
MAX_REDUCTION_DEPTH = 4


def _is_compute(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.") and op.name != "linalg.fill"


def _within(ops: Sequence[ir.Operation], value: ir.Value) -> ir.Operation | None:
    producer = defining_op(value)
    if producer is None:
        return None
    return producer if any(producer == op for op in ops) else None


def _readers(ops: Sequence[ir.Operation], value: ir.Value) -> list[ir.Operation]:
    """The ops of `ops` that read `value`."""
    return [user for user in users_of(value) if any(user == o for o in ops)]


def _users(ops: Sequence[ir.Operation], op: ir.Operation) -> list[ir.Operation]:
    return [user for result in op.results for user in _readers(ops, result)]


def _unit_expand(op: ir.Operation) -> bool:
    """An expand_shape that only adds unit dims (folded into a generic's map)."""
    if op.name != "tensor.expand_shape":
        return False
    shape = shape_of(op.results[0].type)
    for group in ir.ArrayAttr(op.attributes["reassociation"]):
        dims = [ir.IntegerAttr(d).value for d in ir.ArrayAttr(group)]
        if sum(1 for d in dims if shape[d] != 1) > 1:
            return False
    return True


def _producers(ops: Sequence[ir.Operation], op: ir.Operation) -> list[ir.Operation]:
    return [p for p in (_within(ops, v) for v in op.operands) if p is not None]


def _reshape_inside(ops: Sequence[ir.Operation]) -> Decision | None:
    """Tile-and-fuse cannot move a producer through a view or reshape that
    sits between two kernel ops (only unit-dim expand_shapes and
    collapse_shapes into generics are folded away)."""
    for op in ops:
        if op.name.startswith("linalg.") or op.name in _FREE or op.name == "tensor.pad":
            continue
        fed = any(_within(ops, v) is not None for v in op.operands)
        users = [u for u in _users(ops, op) if u.name.startswith("linalg.")]
        if not fed or not users:
            continue
        # A unit expand or collapse folds into a generic's map, unless another
        # reshape of the kernel feeds it (the two together are no unit reshape).
        chained = any(not p.name.startswith("linalg.") for p in _producers(ops, op))
        unit = _unit_expand(op) or unit_collapse(op)
        if unit and not chained and all(u.name == "linalg.generic" for u in users):
            continue
        if movable(op, lambda p: _within(ops, p.results[0]) is not None):
            continue  # it leaves the kernel first (inner_reshapes.py)
        return Decision.refuse(
            RESHAPE_INSIDE,
            f"'{op.name}' between two ops of the kernel: tile-and-fuse cannot fuse through it",
        )
    return None


def _gather_intermediate(ops: Sequence[ir.Operation]) -> Decision | None:
    """A body `tensor.extract` (or a pad, which becomes one) of a value the
    kernel computes: no tile of the producer can be fused for it."""
    for op in ops:
        sources: list[ir.Value] = []
        if op.name == "tensor.pad":
            sources.append(op.operands[0])
        elif op.name.startswith("linalg.") and op.regions:
            for inner in op.regions[0].blocks[0].operations:
                if inner.operation.name == "tensor.extract":
                    sources.append(inner.operation.operands[0])
        for value in sources:
            if _within(ops, value) is not None:
                return Decision.refuse(
                    GATHER_INTERMEDIATE,
                    f"'{op.name}' reads a result of the kernel by index (gather/pad):"
                    " its producer cannot be fused",
                )
    return None


def _roots(ops: Sequence[ir.Operation]) -> list[ir.Operation]:
    """Compute ops none of whose results feed another op of the group."""
    return [op for op in ops if _is_compute(op) and not _users(ops, op)]


def _part_ops(ops: Sequence[ir.Operation], part: list[ir.Operation]) -> list[ir.Operation]:
    """The ops of `ops` that `part`'s roots are or read, in program order."""
    mine = [*part, *(a for r in part for a in ancestors_within(ops, r))]
    return [op for op in ops if any(op == m for m in mine)]


def _joined_pairs(ops: Sequence[ir.Operation], roots: list[ir.Operation]) -> list[tuple[int, int]]:
    """Positions (in `roots`) of every two roots that share a computed producer."""
    computed = [[a for a in ancestors_within(ops, r) if _is_compute(a)] for r in roots]
    return [
        (i, j)
        for i, j in combinations(range(len(roots)), 2)
        if any(a == b for a in computed[i] for b in computed[j])
    ]


def _independent(ops: Sequence[ir.Operation], roots: list[ir.Operation]) -> bool:
    """Roots no two of which share a computed producer (horizontal siblings
    such as Q/K/V projections). Roots that do are a group still growing
    towards the op that joins them; the search must be able to pass through
    it. Every pair counts: a first root that reads only the kernel's inputs
    once hid two later ones joined by a reduction (TimesFM)."""
    return not _joined_pairs(ops, roots)


def _apart(ops: Sequence[ir.Operation], roots: list[ir.Operation]) -> bool:
    """Roots not all joined, through shared producers, to the first one."""
    pairs, joined = _joined_pairs(ops, roots), {0}
    for _ in roots:
        joined |= {j for i, j in pairs if i in joined} | {i for i, j in pairs if j in joined}
    return len(joined) < len(roots)


def _one_space(roots: list[ir.Operation]) -> bool:
    """Roots whose results all have one type and the same proven dims
    (`analysis/symbolic.py`): tiled alike as static siblings are, one dynamic
    loop for all (Q/K/V projections over a dynamic batch)."""
    results = [r.results[0] for r in roots if len(r.results) == 1]
    if len(results) != len(roots) or len({str(v.type) for v in results}) != 1:
        return False
    evaluate = SizeEvaluator()
    shapes = [evaluate.shape(v) for v in results]
    return None not in shapes[0] and all(s == shapes[0] for s in shapes[1:])


def _parallel_extents(op: ir.Operation) -> list[int] | None:
    try:
        return op_shape(op).parallel_extents
    except ScheduleError:  # a named op generalised later, or dynamic
        shape = shape_of(op.results[0].type) if len(op.results) else []
        return shape if all(d > 0 for d in shape) else None


def _shape_refusal(ops: Sequence[ir.Operation]) -> Decision | None:
    """Independent roots of the same parallel extents (other than 1) are
    tiled alike (one loop nest, sibling loops merged); roots of different
    static extents are each their own part of one launch (the partitioned
    schedule, `schedule_parts.py`: block-id ranges). Dynamic extents of
    independent roots are known only at run time (refused). Groups with
    dynamic extents otherwise lower: the dynamic loop is mapped to blocks
    (the fused dynamic BERT layer matches its reference). Rank-0 results
    lower (a unit loop). `SIBLING_SHAPES`: roots of different extents joined by a
    shared producer (the partitioned schedule's parts share no op)."""
    roots = _roots(ops)
    dynamic = any(_parallel_extents(r) is None for r in roots)
    if len(roots) > 1 and dynamic and _apart(ops, roots) and not _one_space(roots):
        if any(op.name in _MATMULS or is_contraction(op) for op in ops):
            return Decision.refuse(
                DYNAMIC_GROUP, "independent contractions with dynamic loop extents: one per kernel"
            )
        return dynamic_parts_refusal(
            roots, _joined_pairs(ops, roots), lambda part: _part_ops(ops, part), DYNAMIC_GROUP
        )
    if dynamic:
        return dynamic_extents_refusal(ops, roots, SIBLING_SHAPES)
    if len(roots) < 2:
        return None
    extents = [[d for d in _parallel_extents(r) or [] if d != 1] for r in roots]  # unit dims aside
    if all(e == extents[0] for e in extents[1:]):
        return None
    if any(op.name in _MATMULS or is_contraction(op) for op in ops):
        # The partitioned schedule reads a contraction part's A/B from global
        # memory and gives tensor-core parts the fallback: separate kernels
        # (staged, mma) are faster than one launch of different-N projections.
        return Decision.refuse(
            SIBLING_SHAPES,
            f"contractions of different parallel extents {extents}: each its own kernel",
        )
    if any(extents[i] != extents[j] for i, j in _joined_pairs(ops, roots)):
        # Each extents' roots are one part of the partitioned schedule
        # (`schedule_parts._owners`), and a producer two parts read has no
        # one part: a result and its transpose (a rope's Q and transposed K),
        # a [2, 24] result beside a [2, 24, 24] one (BLOOM's ALiBi positions
        # and its causal mask from one iota). Nested extents were once let
        # pass as a group "still growing"; the candidate searches check every
        # group in full, and a plan holding such a group failed at compile
        # time. Roots joined only to roots of their own extents share a part.
        return Decision.refuse(
            SIBLING_SHAPES,
            f"joined results of different parallel extents {extents}: one loop nest",
        )
    return None


def _reduction_depth(ops: Sequence[ir.Operation]) -> Decision | None:
    """The longest chain of reductions in `ops`, each reading the one before
    (through elementwise ops): refused above MAX_REDUCTION_DEPTH."""
    depth: dict[int, int] = {}  # position in `ops` -> reductions up to and at it

    def chained(index: int) -> int:
        if index not in depth:
            depth[index] = 0  # a cycle cannot occur in a group; this ends one anyway
            op = ops[index]
            before = [chained(ops.index(p)) for p in _producers(ops, op)]
            depth[index] = max(before, default=0) + (1 if any(reduced_loops(op)) else 0)
        return depth[index]

    for index in range(len(ops)):
        chained(index)
    deepest = max(depth.values(), default=0)
    if deepest > MAX_REDUCTION_DEPTH:
        return Decision.refuse(
            REDUCTION_DEPTH,
            f"{deepest} reductions in one chain, more than {MAX_REDUCTION_DEPTH} in one kernel",
        )
    return None


def _reduction_siblings(ops: Sequence[ir.Operation]) -> Decision | None:
    """The row and reduce schedules give the root's chain its thread loops;
    a second root that shares a producer with that chain, or an op with one
    result read in the kernel and another read only outside it, is left out
    of them and stays a loop on the host (the compile fails). Independent
    sibling roots and a kept result of an op the chain reads do lower."""
    if not any(any(reduced_loops(op)) for op in ops):
        return None
    roots = _roots(ops)
    if len(roots) > 1 and not _independent(ops, roots):
        return Decision.refuse(
            REDUCTION_SIBLINGS,
            "a second result sharing a producer with a reduction's chain: one loop nest per row",
        )
    for op in ops:
        if not _is_compute(op) or len(op.results) < 2:
            continue
        inside = [bool(_readers(ops, result)) for result in op.results]
        outside_only = [
            not read and has_uses(result) for read, result in zip(inside, op.results, strict=True)
        ]
        if any(inside) and any(outside_only):
            return Decision.refuse(
                REDUCTION_SIBLINGS,
                f"'{op.name}' has results read in the kernel and results read only outside it",
            )
    return None


def _function_of(op: ir.Operation) -> ir.Operation | None:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        parent = parent.parent
    return parent


def _unknown_sizes(ops: Sequence[ir.Operation]) -> Decision | None:
    """A kernel's dynamic loop extents must be expressions of the function's
    argument dims: the host allocates its buffers and sizes its grid from
    them (`host_sizes.py`). A size it cannot compute is refused here, not
    left to abort later."""
    compute = [op for op in ops if _is_compute(op)]
    dynamic = [
        v
        for op in compute
        for v in [*op.operands, *op.results]
        if isinstance(v.type, ir.ShapedType) and not ir.ShapedType(v.type).has_static_shape
    ]
    if not dynamic:
        return None
    func = _function_of(compute[0])
    if func is None:
        return None
    tracer = SizeTracer(func)
    for value in dynamic:
        try:
            tracer.dims(value)
        except UnknownSize as error:
            return Decision.refuse(
                DYNAMIC_UNKNOWN, f"a dynamic size of {value.type} the host cannot compute ({error})"
            )
    return None


def _element_type(value: ir.Value) -> str:
    t = value.type
    return str(ir.ShapedType(t).element_type) if isinstance(t, ir.ShapedType) else str(t)


def _mixed_roots(ops: Sequence[ir.Operation]) -> Decision | None:
    """Sibling roots over contractions whose results differ in element type
    (a 16-bit model's K projection rounded and widened back to f32 for its
    norm, beside V's kept in f16): tile and fuse gave both accumulators'
    fills a slice of the f16 result as their destination (an f32 fill into
    f16: bufferization refuses it)."""
    roots = _roots(ops)
    if len(roots) < 2 or not any(op.name in _MATMULS or is_contraction(op) for op in ops):
        return None
    types = {_element_type(v) for r in roots for v in r.results}
    if len(types) < 2:
        return None
    return Decision.refuse(
        MIXED_ROOTS, f"contraction siblings with {' and '.join(sorted(types))} results"
    )


def gpu_refusal(ops: Sequence[ir.Operation]) -> Decision | None:
    """None when the GPU back end builds `ops` as one kernel, else why not."""
    unknown = _unknown_sizes(ops)
    # One op alone always lowers; a pad in front of it only when the pad
    # feeds it directly (no reshape between them: tile-and-fuse stops there).
    padded = any(op.name == "tensor.pad" for op in ops)
    if unknown is not None or (sum(1 for op in ops if _is_compute(op)) < 2 and not padded):
        return unknown
    return (
        position_reduction(ops)
        or _reshape_inside(ops)
        or _gather_intermediate(ops)
        or _shape_refusal(ops)
        or _reduction_siblings(ops)
        or _mixed_roots(ops)
        or _reduction_depth(ops)
        or read_twice(ops)
        or kept_dynamic_reduction(ops)
    )


def register() -> None:
    register_lowerability(BACKEND, gpu_refusal)
    register_pattern_lowerability(BACKEND, "attention", attention_refusal)
