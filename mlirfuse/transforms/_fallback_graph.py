"""A minimal stand-in for `mlirfuse.analysis.DataflowGraph`.

The fusion passes use `mlirfuse.analysis` when it is importable; this module
only keeps them working (and testable) while that package is being written.
It reads IR and never mutates it. It implements the subset of the analysis
API that the heuristic and the rewrites use, with the same meaning: node id =
index of the op in the function body block (terminator excluded).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.types import OpInfo, OpKind

_ELEMENTWISE_NAMED = {
    "linalg.add", "linalg.sub", "linalg.mul", "linalg.div", "linalg.exp", "linalg.log",
    "linalg.abs", "linalg.negf", "linalg.max", "linalg.min", "linalg.sqrt", "linalg.rsqrt",
    "linalg.tanh", "linalg.erf", "linalg.copy", "linalg.elementwise", "linalg.square",
    "linalg.reciprocal", "linalg.floor", "linalg.ceil", "linalg.round", "linalg.powf",
    "linalg.select", "linalg.div_unsigned",
}  # fmt: skip
_INJECTIVE = {
    "linalg.transpose", "tensor.expand_shape", "tensor.collapse_shape", "tensor.pad",
    "tensor.extract_slice", "tensor.insert_slice", "tensor.concat", "tensor.reshape",
}  # fmt: skip
_FILL = {"linalg.fill", "tensor.empty", "arith.constant", "tensor.splat"}
_PURE_BODY_DIALECTS = ("arith.", "math.", "linalg.")


@dataclass(frozen=True)
class _Use:
    owner: int | None  # consumer node id; None for the terminator (function result)


def _has_side_effects(op: ir.Operation) -> bool:
    found = False

    def visit(inner: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if inner is not op and not inner.name.startswith(_PURE_BODY_DIALECTS):
            found = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    if op.regions:
        for block in op.regions[0].blocks:
            for inner in block.operations:
                inner.operation.walk(visit)
    return found


def _generic_kind(op: ir.Operation) -> OpKind:
    iterators = [str(a) for a in op.attributes["iterator_types"]]
    maps = [m.value for m in op.attributes["indexing_maps"]]
    if any("reduction" in it for it in iterators):
        names = {o.name for o in op.regions[0].blocks[0].operations}
        if len(op.operands) - len(op.results) >= 2 and names & {"arith.mulf", "arith.muli"}:
            return OpKind.CONTRACTION
        return OpKind.REDUCTION
    n_loops = len(iterators)
    if all(m == ir.AffineMap.get_identity(n_loops) for m in maps):
        return OpKind.ELEMENTWISE
    if all(m.is_projected_permutation for m in maps):
        return OpKind.BROADCAST
    return OpKind.INJECTIVE


def classify(op: ir.Operation, op_id: int) -> OpInfo:
    name = op.name
    side_effects = _has_side_effects(op) if name.startswith("linalg.") else False
    if name == "linalg.generic":
        kind = _generic_kind(op)
    elif name in _ELEMENTWISE_NAMED:
        kind = OpKind.ELEMENTWISE
    elif name == "linalg.broadcast":
        kind = OpKind.BROADCAST
    elif name in _INJECTIVE:
        kind = OpKind.INJECTIVE
    elif name in _FILL:
        kind = OpKind.FILL
    elif "matmul" in name or "matvec" in name or name in ("linalg.dot", "linalg.contract"):
        kind = OpKind.CONTRACTION
    elif name.startswith(("linalg.conv", "linalg.pooling", "linalg.depthwise")):
        kind = OpKind.CONVOLUTION
    else:
        kind = OpKind.OPAQUE
    if side_effects:
        kind = OpKind.OPAQUE if kind is not OpKind.ELEMENTWISE else kind
    ranges: tuple[int | None, ...] = ()
    if name == "linalg.generic" or name in _ELEMENTWISE_NAMED:
        ranges = _loop_ranges(op)
    return OpInfo(
        id=op_id, name=name, kind=kind, loc=str(op.location), loop_ranges=ranges,
        parallel_dims=(), reduction_dims=(), operands=(), result_bytes=(),
        flops_per_iteration=float(_body_op_count(op)), flops=None, in_place=False,
        side_effects=side_effects,
    )  # fmt: skip


def _loop_ranges(op: ir.Operation) -> tuple[int | None, ...]:
    """Loop ranges read off the first operand whose map is a permutation."""
    if "indexing_maps" not in op.attributes:
        ty = op.results[0].type if op.results else None
        return tuple(ty.shape) if isinstance(ty, ir.RankedTensorType) else ()
    maps = [m.value for m in op.attributes["indexing_maps"]]
    ranges: list[int | None] = [None] * maps[0].n_dims
    for operand, amap in zip(op.operands, maps, strict=True):
        if not isinstance(operand.type, ir.RankedTensorType):
            continue
        for size, expr in zip(operand.type.shape, amap.results, strict=True):
            if isinstance(expr, ir.AffineDimExpr):
                ranges[expr.position] = size
    return tuple(ranges)


def _body_op_count(op: ir.Operation) -> int:
    if not op.regions or not op.regions[0].blocks:
        return 0
    return max(len(list(op.regions[0].blocks[0].operations)) - 1, 0)


class FallbackGraph:
    """The dataflow graph of one function body (see module docstring)."""

    def __init__(self, func_op: ir.Operation) -> None:
        block = func_op.regions[0].blocks[0]
        ops = [o.operation for o in block.operations]
        self.terminator = ops[-1]
        self.ops: list[ir.Operation] = ops[:-1]
        self.infos: list[OpInfo] = [classify(op, i) for i, op in enumerate(self.ops)]
        self._index = {op: i for i, op in enumerate(self.ops)}
        self._preds: list[set[int]] = [set() for _ in self.ops]
        self._succs: list[set[int]] = [set() for _ in self.ops]
        self._external: list[int] = [0] * len(self.ops)
        for i, op in enumerate(self.ops):
            for value in _used_values(op):
                producer = self._producer(value)
                if producer is not None and producer != i:
                    self._preds[i].add(producer)
                    self._succs[producer].add(i)
        for value in self.terminator.operands:
            producer = self._producer(value)
            if producer is not None:
                self._external[producer] += 1
        self._reach: dict[int, frozenset[int]] = {}

    def _producer(self, value: ir.Value) -> int | None:
        owner = value.owner
        if isinstance(owner, ir.Block):
            return None
        return self._index.get(owner.operation)

    def id_of(self, op: ir.Operation) -> int:
        return self._index[op.operation]

    def preds(self, n: int) -> list[int]:
        return sorted(self._preds[n])

    def succs(self, n: int) -> list[int]:
        return sorted(self._succs[n])

    operand_producers = preds
    consumers = succs

    def external_uses(self, n: int) -> int:
        return self._external[n]

    def topo_order(self) -> list[int]:
        return list(range(len(self.ops)))

    def descendants(self, n: int) -> frozenset[int]:
        if n not in self._reach:
            found: set[int] = set()
            for s in self._succs[n]:
                found.add(s)
                found |= self.descendants(s)
            self._reach[n] = frozenset(found)
        return self._reach[n]

    def reachable(self, a: int, b: int) -> bool:
        return b in self.descendants(a)

    def fingerprint(self) -> str:
        names = ",".join(op.name for op in self.ops)
        return hashlib.sha1(names.encode()).hexdigest()[:16]


def _used_values(op: ir.Operation) -> list[ir.Value]:
    """Operands of `op` and values from above used inside its regions."""
    values = list(op.operands)
    if op.regions:

        def visit(inner: ir.Operation) -> ir.WalkResult:
            values.extend(inner.operands)
            return ir.WalkResult.ADVANCE

        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    inner.operation.walk(visit)
    return values
