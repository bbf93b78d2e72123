"""Which op kinds fuse into which, at op and kernel level (docs/legality.md).

    producer \\ consumer   ew/bcast/injective   reduction        contraction/conv
    ew, broadcast          op, kernel           op, kernel       kernel (operand tile; a
                                                                 gather into a conv: staged)
    injective              op, kernel           op, kernel       kernel: transpose (+ pad into conv)
    reduction              kernel (epilogue)    never            never
    contraction/conv       kernel (epilogue)    never            never
    fill/empty/constant    always (rematerialised; checked before this table)
    opaque                 never (checked before this table)

Contractions and convolutions are group roots: they take epilogues and tile
operand producers, never merge into another op's body.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.maps import classify_map
from mlirfuse.analysis.types import Decision, MapKind, OpKind
from mlirfuse.vocab import codes

LIGHT = (OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.INJECTIVE)
ROOTS = (OpKind.CONTRACTION, OpKind.CONVOLUTION)


def is_transpose(graph: DataflowGraph, n: int) -> bool:
    """An all-parallel linalg op whose maps are all permutations (identity included)."""
    view = graph.view(n)
    if view is None or graph.infos[n].reduction_dims:
        return False
    kinds = [classify_map(m) for m in view.maps[: view.num_inputs]]
    return bool(kinds) and all(k in (MapKind.IDENTITY, MapKind.PERMUTATION) for k in kinds)


def is_gather(graph: DataflowGraph, n: int) -> bool:
    """A linalg op with no inputs that reads by `tensor.extract` at computed
    indices (a reflection pad, a concat written as a gather)."""
    view = graph.view(n)
    return view is not None and view.num_inputs == 0 and "tensor.extract" in view.body_ops


# The body of a gather by index tensors: integer index arithmetic and one read.
_INDEX_BODY = frozenset(
    {
        "arith.constant",
        "arith.cmpi",
        "arith.select",
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.divsi",
        "arith.remsi",
        "arith.minsi",
        "arith.maxsi",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.index_cast",
        "arith.index_castui",
        "linalg.index",
        "tensor.extract",
        "linalg.yield",
    }
)


def is_indexed_load(graph: DataflowGraph, n: int) -> bool:
    """An all-parallel op with one result that reads its data by one
    `tensor.extract` at indices computed from integer inputs (the indices:
    an expert id per row, token ids) with integer arithmetic only: every
    element costs a few integer ops and one load, as a tile load does, so a
    contraction may compute its operand tiles this way (MoE expert weights
    gathered per token, then a batch matmul)."""
    view = graph.view(n)
    op = graph.ops[n]
    if view is None or graph.infos[n].reduction_dims or len(op.results) != 1:
        return False
    body = view.body_ops
    if body.count("tensor.extract") != 1 or not set(body) <= _INDEX_BODY:
        return False
    inputs = list(op.operands)[: view.num_inputs]
    return all(_integer_elements(v.type) for v in inputs)


# A weight prologue's body costs at most this many flops per element (a
# dequantization: convert, scale, maybe subtract a zero point).
WEIGHT_PROLOGUE_FLOPS = 4.0
_VIEWS = frozenset({"tensor.expand_shape", "tensor.collapse_shape"})


def is_weight_prologue(graph: DataflowGraph, n: int) -> bool:
    """An elementwise, broadcast or permuting op of at most
    WEIGHT_PROLOGUE_FLOPS per element of `arith` ops (no `math`: a
    transcendental is no dequantization), computed from function arguments and
    constants only (through reshapes, and through other such ops): a
    weight-only quantized model's dequantization (`int8 -> bf16`, times a
    per-channel scale, transposed for the matmul). A contraction recomputes
    it as it loads its operand tiles, reading the narrow weight itself."""
    return _weight_prologue(graph, n, 0)


def _weight_prologue(graph: DataflowGraph, n: int, depth: int) -> bool:
    info = graph.infos[n]
    if depth > 8 or info.kind not in LIGHT or graph.view(n) is None or info.reduction_dims:
        return False
    if info.flops_per_iteration > WEIGHT_PROLOGUE_FLOPS:
        return False
    if info.kind is OpKind.INJECTIVE and not is_transpose(graph, n):
        return False  # a slice, a pad, a concat: no tile of the operand's
    view = graph.view(n)
    assert view is not None
    if "tensor.extract" in view.body_ops:
        return False  # a gather: loads by index have their own rule (`is_indexed_load`)
    if any(not name.startswith(("arith.", "linalg.")) for name in view.body_ops):
        return False  # transcendental math (`exp`) is no dequantization
    inputs = list(graph.ops[n].operands)[: view.num_inputs]
    return all(_from_weights(graph, v, depth) for v in inputs)


def _from_weights(graph: DataflowGraph, value: ir.Value, depth: int) -> bool:
    """`value` is an argument, a constant, a reshape of one, or a weight prologue's."""
    producer = graph.producer_of(value)
    while producer is not None and graph.ops[producer].name in _VIEWS:
        value = graph.ops[producer].operands[0]
        producer = graph.producer_of(value)
    if producer is None:
        return True
    if graph.ops[producer].name == "arith.constant":
        return True
    return _weight_prologue(graph, producer, depth + 1)


def _integer_elements(type_: object) -> bool:
    element = getattr(type_, "element_type", type_)
    return isinstance(element, ir.IntegerType | ir.IndexType)


def _mismatch(graph: DataflowGraph, p: int, c: int, why: str) -> Decision:
    pk, ck = graph.infos[p].kind.value, graph.infos[c].kind.value
    return Decision.refuse(codes.KIND_MISMATCH, f"{pk} op {p} into {ck} op {c}: {why}")


def _into_root(graph: DataflowGraph, p: int, c: int, level: str) -> Decision | None:
    pk, ck = graph.infos[p].kind, graph.infos[c].kind
    if level == "op":
        return _mismatch(graph, p, c, "contractions and convolutions stay named ops")
    if pk in (OpKind.ELEMENTWISE, OpKind.BROADCAST) or is_transpose(graph, p):
        return None
    if ck is OpKind.CONVOLUTION and graph.infos[p].name == "tensor.pad":
        return None
    return _mismatch(graph, p, c, "only elementwise, broadcast, transpose (and pad into conv)")


def kind_rule(graph: DataflowGraph, p: int, c: int, level: str) -> Decision | None:
    """The kind table's refusal for producer `p` into consumer `c`, or None."""
    pk, ck = graph.infos[p].kind, graph.infos[c].kind
    if ck in ROOTS:
        if pk in ROOTS or pk is OpKind.REDUCTION:
            return _mismatch(graph, p, c, "a kernel has one contraction/reduction root")
        return _into_root(graph, p, c, level)
    if pk in LIGHT:
        return None
    if ck is OpKind.REDUCTION:
        if pk is OpKind.REDUCTION:
            return Decision.refuse(
                codes.REDUCTION_INTO_REDUCTION,
                f"reduction op {p} feeds reduction op {c}: the second needs every "
                "result of the first, which a single pass cannot provide",
            )
        return _mismatch(graph, p, c, "a contraction's result cannot feed a reduction in-kernel")
    if level == "op":
        return _mismatch(
            graph, p, c, "an epilogue after a reduction or contraction is kernel-level only"
        )
    return None
