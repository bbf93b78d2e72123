"""Turn a dataflow graph (real or synthetic) into a planning Problem.

Uses only what both graphs offer: `graph.ops[n].operands/results` (hashable
value handles), `graph.infos[n]` (an OpInfo) and, for MLIR values, their uses.
Op ids stay the graph's ids, so a plan made from the Problem names the IR's ops.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from math import prod
from typing import Any

from mlir import ir

from mlirfuse.analysis.kinds import is_gather, is_indexed_load, is_weight_prologue
from mlirfuse.analysis.op_facts import is_stored_constant
from mlirfuse.analysis.registry import classify_op
from mlirfuse.analysis.symbolic import Size
from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.analysis.types import Decision, OpInfo, OpKind
from mlirfuse.context import GROUP_OP
from mlirfuse.cost.problem import Node, Problem, Value
from mlirfuse.cost.rules import may_fuse_edge

# Ops that move no data: their result is their first operand, seen differently.
VIEW_OPS = frozenset(
    {
        "tensor.expand_shape",
        "tensor.collapse_shape",
        "tensor.cast",
        "tensor.reshape",
        "tensor.bitcast",
        "tensor.extract_slice",
        "tensor.pad",
    }
)
GENERATOR_OPS = frozenset(
    {"tensor.empty", "arith.constant", "linalg.fill", "tensor.splat", "bufferization.alloc_tensor"}
)

# A tensor with dynamic dims still needs a price, or every plan looks free to
# write it: each dynamic extent of the function (a symbol of
# `analysis/symbolic.py`, an argument's `?`) counts as this many, so tensors
# of one proven size are priced alike (32*B x 128 as B x 32 x 128); a dim
# nothing proves counts as this many too.
NOMINAL_EXTENT = 8

EdgeLegality = Callable[[Any, int, int], Decision | None]
# The policy's decision on an edge, given its legality (FusionPolicy.edge).
EdgeDecider = Callable[[Node, Node, Decision], Decision]


def problem_from_graph(
    graph: Any,
    legality: EdgeLegality | None = None,
    func: str | None = None,
    decide: EdgeDecider | None = None,
) -> Problem:
    """The planning Problem of `graph`: each edge gets `decide(producer,
    consumer, may)` (legality alone when None; `mlirfuse.policy.policy.make_problem`
    adds the policy)."""
    builder = _Builder(graph)
    builder.walk()
    nodes = builder.nodes
    by_id = {n.id: n for n in nodes}
    problem = Problem(
        func=func or getattr(graph, "func", "") or "",
        nodes=nodes,
        values=builder.finish_values(),
        fingerprint=fingerprint(graph),
        unknown_sizes=len(builder.unknown),
    )
    for producer, consumer in problem.edges():
        analysis = legality(graph, producer, consumer) if legality else None
        may = may_fuse_edge(by_id[producer], by_id[consumer], analysis)
        problem.edge_decisions[(producer, consumer)] = (
            decide(by_id[producer], by_id[consumer], may) if decide else may
        )
    return problem


def fingerprint(graph: Any) -> str:
    fp = getattr(graph, "fingerprint", None)
    if callable(fp):
        return str(fp())
    names = "\n".join(info.name for info in graph.infos)
    return hashlib.sha1(names.encode()).hexdigest()[:16]


class _Builder:
    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self.keys: dict[Any, int] = {}  # value handle -> value id
        self.bytes: dict[int, int] = {}
        self.unknown: set[int] = set()  # dynamic shapes: priced at NOMINAL_EXTENT
        self.sizes = SizeEvaluator()
        self.producer: dict[int, int | None] = {}
        self.generated: set[int] = set()
        self.stored_constants: set[int] = set()
        self.escapes: set[int] = set()
        self.nodes: list[Node] = []

    def value_id(self, handle: Any) -> int:
        if handle not in self.keys:
            self.keys[handle] = len(self.keys)
        return self.keys[handle]

    def walk(self) -> None:
        for op_id, (op, info) in enumerate(zip(self.graph.ops, self.graph.infos, strict=True)):
            name = info.name
            if info.is_kernel or name == GROUP_OP:
                # A group already formed (attention) is a kernel of its own:
                # an opaque node reading what its body captures.
                self._compute(op_id, op, info)
            elif name in GENERATOR_OPS or info.kind == OpKind.FILL or not list(op.operands):
                for result in op.results:
                    self.generated.add(self.value_id(result))
                if isinstance(op, ir.Operation) and is_stored_constant(op):
                    self.stored_constants.add(self.value_id(op.results[0]))
            elif name in VIEW_OPS and list(op.operands):
                self.keys[op.results[0]] = self.value_id(op.operands[0])
            else:  # returns, calls, unknown ops: what they read must exist in memory
                self.escapes.update(self.value_id(v) for v in op.operands)
                for result in op.results:
                    self.value_id(result)
        self._mark_returned()

    def _compute(self, op_id: int, op: Any, info: OpInfo) -> None:
        inputs: list[int] = []
        for position, handle in enumerate(self._reads(op_id, op, info)):
            value = self.value_id(handle)
            operand = info.operands[position] if position < len(info.operands) else None
            if operand is not None and operand.bytes is not None:
                self.bytes.setdefault(value, operand.bytes)
            elif operand is not None and operand.shape:
                self.unknown.add(value)
                self.bytes.setdefault(value, self._nominal_bytes(handle))
            if value not in inputs:
                inputs.append(value)
        outputs = []
        for position, handle in enumerate(op.results):
            value = self.value_id(handle)
            size = info.result_bytes[position] if position < len(info.result_bytes) else None
            if size is None:
                self.unknown.add(value)
                size = self._nominal_bytes(handle)
            self.bytes[value] = size
            self.producer[value] = op_id
            outputs.append(value)
        ranges = loop_extents(info)
        parallel = [ranges[d] for d in info.parallel_dims if d < len(ranges)]
        self.nodes.append(
            Node(
                id=op_id,
                name=info.name,
                kind=info.kind,
                inputs=tuple(inputs),
                outputs=tuple(outputs),
                flops=_group_flops(op) if info.name == GROUP_OP else _flops(info, ranges),
                iterations=prod(ranges),
                parallel_extent=prod(parallel) if parallel else prod(ranges),
                body_values=_body_values(info),
                element_bytes=_element_bytes(info),
                side_effects=info.side_effects,
                arithmetic_free=info.flops_per_iteration == 0,
                gathers=self._gathers(op_id),
                loads_by_index=self._loads_by_index(op_id),
                weight_prologue=self._weight_prologue(op_id),
                loc=info.loc,
                label=f"{op_id}: {info.name}",
                shape_key=shape_key(op, info),
            )
        )

    def _reads(self, op_id: int, op: Any, info: OpInfo) -> list[Any]:
        """What node `op_id` reads: its operands; a group's captured values too;
        and another kernel's result a body reads by `tensor.extract` (a gather
        of a computed tensor: LongCat-Flash's router weights picked per expert).
        Without that edge the searches saw the two as unrelated, the result as
        never written, and left apart what a second fuse then merged
        (idempotence). Arguments and constants a body reads this way stay
        unpriced, as before."""
        reads = list(op.operands)
        if not hasattr(self.graph, "all_operands"):
            return reads
        captured = self.graph.all_operands(op_id)[len(reads) :]
        if info.name == GROUP_OP:
            return reads + captured
        return reads + [v for v in captured if self._computed(v)]

    def _computed(self, handle: Any) -> bool:
        """A value (or a view of one) some compute node already produced."""
        value = self.keys.get(handle)
        return value is not None and self.producer.get(value) is not None

    def _gathers(self, op_id: int) -> bool:
        """See `Node.gathers` (a synthetic graph has no IR: never)."""
        return hasattr(self.graph, "view") and is_gather(self.graph, op_id)

    def _loads_by_index(self, op_id: int) -> bool:
        """See `Node.loads_by_index` (a synthetic graph has no IR: never)."""
        return hasattr(self.graph, "view") and is_indexed_load(self.graph, op_id)

    def _weight_prologue(self, op_id: int) -> bool:
        """See `Node.weight_prologue` (a synthetic graph has no IR: never)."""
        return hasattr(self.graph, "view") and is_weight_prologue(self.graph, op_id)

    def _nominal_bytes(self, handle: Any) -> int:
        """Bytes of a dynamically shaped tensor at NOMINAL_EXTENT per extent
        (0 for a value of a synthetic graph, which has no type to read)."""
        if not isinstance(handle, ir.Value) or not isinstance(handle.type, ir.RankedTensorType):
            return 0
        element = handle.type.element_type
        width = getattr(element, "width", 64 if isinstance(element, ir.IndexType) else 32)
        count = 1
        for dim in self.sizes.shape(handle):
            count *= NOMINAL_EXTENT if dim is None else nominal_value(dim)
        return count * max(1, (int(width) + 7) // 8)

    def _mark_returned(self) -> None:
        returned = getattr(self.graph, "returned", None)
        if returned is not None:
            self.escapes.update(self.keys[v] for v in returned if v in self.keys)
            return
        # MLIR: the graph leaves out the terminator; a use by it (or by an op
        # outside the function body) is a function result.
        nodes = {op.operation for op in self.graph.ops}
        for handle, value in self.keys.items():
            for use in getattr(handle, "uses", ()):
                owner = use.owner.operation
                if (
                    owner not in nodes
                    and owner.parent is not None
                    and owner.parent.operation not in nodes
                ):
                    self.escapes.add(value)

    def bytes_known(self) -> list[int]:
        return [v for v, size in self.bytes.items() if size]

    def finish_values(self) -> dict[int, Value]:
        ids = set(self.keys.values())
        return {
            v: Value(
                id=v,
                bytes=0 if v in self.generated else self.bytes.get(v, 0),
                producer=self.producer.get(v),
                generated=v in self.generated,
                stored_constant=v in self.stored_constants,
                escapes=v in self.escapes,
            )
            for v in sorted(ids)
        }


def loop_extents(info: OpInfo) -> list[int]:
    """Each loop's extent, a dynamic one at its proven size's nominal value
    (NOMINAL_EXTENT when unproven): an elementwise op over (B, 16) and one
    over its collapse (16 B) have one iteration count, as with static sizes."""
    extents = []
    for i, extent in enumerate(info.loop_ranges):
        size = info.sizes[i] if extent is None and i < len(info.sizes) else None
        if extent is not None:
            extents.append(extent)
        else:
            extents.append(NOMINAL_EXTENT if size is None else nominal_value(size))
    return extents or [1]


def _body_values(info: OpInfo) -> int:
    """The temporaries a node's body keeps live (registers estimate): counted
    where the analysis saw the body, else its FLOPs per point (an upper bound)."""
    if info.body_live_values > 0:
        return info.body_live_values
    return max(1, round(info.flops_per_iteration))


def _flops(info: OpInfo, extents: list[int]) -> float:
    if info.flops is not None:
        return info.flops
    return info.flops_per_iteration * prod(extents)


def nominal_value(size: Size) -> int:
    """`size` with every extent at NOMINAL_EXTENT (at least 1)."""
    exponent = sum(power for _, power in size.powers)
    return max(1, int(size.coef * NOMINAL_EXTENT**exponent))


def shape_key(op: Any, info: OpInfo) -> str:
    """What tells two compute ops apart for planning, without ids or names:
    the op info, its attributes (indexing maps and the like) and the names of
    the ops in its body. Printing each op would be exact but costs ~1 ms an op
    on a large function; the memo that uses the key re-checks what it reuses."""
    facts = (info.name, info.kind, info.loop_ranges, info.parallel_dims, info.reduction_dims)
    operation = getattr(op, "operation", op)
    attributes = getattr(operation, "attributes", None)
    if attributes is None:  # a synthetic graph: its op info is all there is
        return repr((facts, info.operands, info.result_bytes))
    named = sorted((name, str(attributes[name])) for name in attributes)
    body = [
        (inner.operation.name, len(inner.operation.operands))
        for region in operation.regions
        for block in region.blocks
        for inner in block.operations
    ]
    text = repr((facts, info.operands, info.flops_per_iteration, named, body))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _element_bytes(info: OpInfo) -> int:
    for operand in info.operands:
        if operand.is_init and operand.bytes and all(operand.shape):
            count = prod(d or 1 for d in operand.shape)
            return max(1, operand.bytes // max(count, 1))
    return 4


def _group_flops(op: Any) -> float:
    """A pre-formed group's flops: its body's structured ops, each times the
    trip counts of the static `scf.for` loops around it (an attention kernel
    walks the keys in blocks); 0 for a synthetic graph's op."""
    regions = getattr(op, "regions", None)
    if regions is None:
        return 0.0
    return sum(_region_flops(region, 1) for region in regions)


def _region_flops(region: Any, times: int) -> float:
    total = 0.0
    for block in region.blocks:
        for inner in block.operations:
            name = inner.operation.name
            if name.startswith("linalg."):
                total += times * (classify_op(inner).flops or 0.0)
            elif name == "scf.for":
                trips = _trip_count(inner.operation)
                total += sum(_region_flops(r, times * trips) for r in inner.operation.regions)
            else:
                total += sum(_region_flops(r, times) for r in inner.operation.regions)
    return total


def _trip_count(loop: Any) -> int:
    """Trips of an `scf.for` with constant bounds (1 when not static)."""
    bounds = []
    for value in list(loop.operands)[:3]:
        owner = value.owner
        attr = owner.attributes["value"] if getattr(owner, "name", "") == "arith.constant" else None
        if attr is None:
            return 1
        bounds.append(int(str(attr).split(":")[0]))
    lower, upper, step = bounds
    return max(0, -(-(upper - lower) // step)) if step > 0 else 1
