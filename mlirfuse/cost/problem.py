"""The planning problem: compute nodes, the tensors between them, legal edges.

A `Problem` is what the cost model and the search see of one function: only
the ops that become kernels ("compute nodes": linalg ops other than fills),
the values they read and write with their real byte sizes, and for every
producer->consumer edge the legality decision. Ops that move no data on a GPU
(tensor.empty, fills, constants: "generated" values; reshapes, casts, pads:
views of their operand) are folded away here, so the search never has to
know about them. Nothing here holds an MLIR handle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from mlirfuse.analysis.types import Decision, OpKind

ANCHOR_KINDS = (OpKind.REDUCTION, OpKind.CONTRACTION, OpKind.CONVOLUTION)
MATMUL_KINDS = (OpKind.CONTRACTION, OpKind.CONVOLUTION)
# A tensor read by more ops than this (a weight every layer reads) links none
# of them as siblings: such "hubs" would make every op a neighbour of every other.
MAX_SIBLING_READERS = 8


@dataclass(frozen=True)
class Value:
    """One tensor: what reading or writing it costs, who makes and uses it."""

    id: int
    bytes: int
    producer: int | None  # compute node id; None for arguments and generated values
    generated: bool = False  # made in-kernel (empty/fill/constant): reading is free
    # A dense constant that is not a splat (an index table, a mask): free to
    # read as the model prices it, but one array its readers share as siblings.
    stored_constant: bool = False
    escapes: bool = False  # returned or used by a non-compute op: must be written


@dataclass(frozen=True)
class Node:
    """One compute op (future kernel on its own)."""

    id: int  # the op id of mlirfuse.analysis (position in the function body)
    name: str
    kind: OpKind
    inputs: tuple[int, ...]  # value ids read, without duplicates
    outputs: tuple[int, ...]  # value ids written
    flops: float
    iterations: int  # product of all loop ranges (1 when unknown)
    parallel_extent: int  # product of the parallel loop ranges
    body_values: int = 1  # temporaries the body keeps live (registers estimate)
    element_bytes: int = 4
    side_effects: bool = False
    arithmetic_free: bool = False  # a body of casts/copies only (flops_per_iteration 0)
    # Reads nothing but by `tensor.extract` at computed indices (a reflection
    # pad, a concat written as a gather): a conv stages it as it stages a pad.
    gathers: bool = False
    # Reads its data by one `tensor.extract` at indices its integer inputs
    # give (MoE expert weights picked per token: `analysis.kinds.
    # is_indexed_load`): a contraction computes its operand tiles this way,
    # a few integer ops and one load per element, as a tile load costs.
    loads_by_index: bool = False
    # Computes a contraction operand from arguments and constants only, at a
    # few flops per element (`analysis.kinds.is_weight_prologue`: a weight's
    # dequantization): the contraction may recompute it in its tile loads.
    weight_prologue: bool = False
    loc: str = ""
    label: str = ""  # what reports print ("%4 = linalg.generic")
    # The op's structure without SSA names (search/memo.py: identical layers
    # solved once); "" where the graph has no IR.
    shape_key: str = ""


@dataclass
class Problem:
    """Compute nodes in program (topological) order plus value and edge facts."""

    func: str
    nodes: list[Node]
    values: dict[int, Value]
    edge_decisions: dict[tuple[int, int], Decision] = field(default_factory=dict)
    fingerprint: str = ""
    unknown_sizes: int = 0  # tensors with dynamic shapes, priced at a nominal extent

    @cached_property
    def index(self) -> dict[int, int]:
        """Node id -> position in `nodes` (the topological order)."""
        return {node.id: i for i, node in enumerate(self.nodes)}

    @cached_property
    def by_id(self) -> dict[int, Node]:
        return {node.id: node for node in self.nodes}

    @cached_property
    def stored_values(self) -> dict[int, tuple[int, ...]]:
        """Node id -> the values it reads and writes that occupy storage (not
        generated in place: `tensor.empty`, fills, splats), in operand order."""
        return {
            node.id: tuple(v for v in (*node.inputs, *node.outputs) if not self.values[v].generated)
            for node in self.nodes
        }

    @cached_property
    def consumers(self) -> dict[int, tuple[int, ...]]:
        """Value id -> compute nodes reading it, in order."""
        users: dict[int, list[int]] = {v: [] for v in self.values}
        for node in self.nodes:
            for value in node.inputs:
                users[value].append(node.id)
        return {v: tuple(u) for v, u in users.items()}

    @cached_property
    def succs(self) -> dict[int, tuple[int, ...]]:
        out: dict[int, set[int]] = {n.id: set() for n in self.nodes}
        for node in self.nodes:
            for value in node.inputs:
                producer = self.values[value].producer
                if producer is not None and producer != node.id:
                    out[producer].add(node.id)
        return {n: tuple(sorted(s, key=self.index.__getitem__)) for n, s in out.items()}

    @cached_property
    def preds(self) -> dict[int, tuple[int, ...]]:
        inn: dict[int, list[int]] = {n.id: [] for n in self.nodes}
        for producer, consumers in self.succs.items():
            for consumer in consumers:
                inn[consumer].append(producer)
        return {n: tuple(sorted(p, key=self.index.__getitem__)) for n, p in inn.items()}

    def edges(self) -> list[tuple[int, int]]:
        return [(p, c) for p in self.succs for c in self.succs[p]]

    def edge_ok(self, producer: int, consumer: int) -> bool:
        decision = self.edge_decisions.get((producer, consumer))
        return decision is None or decision.ok

    @cached_property
    def sibling_links(self) -> dict[int, tuple[int, ...]]:
        """Nodes sharing a real input tensor (non-empty and not generated, or a
        stored constant) read by at most MAX_SIBLING_READERS ops. A shared
        constant links its readers as the rule heuristic's sibling pass does
        (policy/sibling_rules.py): were it unlinked, the search would never
        join two gathers of one index table that the rule joins, and fusing
        the search's output again would (idempotence: Longformer's global
        tokens)."""
        links: dict[int, set[int]] = {n.id: set() for n in self.nodes}
        for value_id, users in self.consumers.items():
            value = self.values[value_id]
            real = value.stored_constant or (not value.generated and value.bytes > 0)
            if not real or not 2 <= len(users) <= MAX_SIBLING_READERS:
                continue
            for a in users:
                links[a].update(u for u in users if u != a)
        return {n: tuple(sorted(s)) for n, s in links.items()}
