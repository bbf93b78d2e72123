"""The dataflow graph sibling fusion decides on.

A function body gets the analysis' `DataflowGraph`; any other block (a nested
region) gets a small graph of the same shape built here: nodes are the ops of one block (nested regions summarised
as one node, captured values counted as operands), edges are SSA values.
Sibling rules use only `ops`, `succs`, `preds`, `reachable` and `id_of`.
"""

from __future__ import annotations

from typing import Any, Protocol

from mlir import ir

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.op_facts import all_used_values


class GraphLike(Protocol):
    """The part of a dataflow graph that sibling rules read."""

    ops: Any  # sequence of ir.Operation, index = node id

    def succs(self, n: int) -> Any: ...

    def preds(self, n: int) -> Any: ...

    def reachable(self, a: int, b: int) -> bool: ...

    def descendants_mask(self, n: int) -> int: ...

    def ancestors_mask(self, n: int) -> int: ...

    def id_of(self, op: Any) -> int: ...


class BlockGraph:
    """Dataflow graph of the ops of one block, reachability as bitsets."""

    def __init__(self, block: ir.Block) -> None:
        self.ops: list[ir.Operation] = [op.operation for op in block.operations]
        self._index = {op: i for i, op in enumerate(self.ops)}
        self._preds: list[list[int]] = [[] for _ in self.ops]
        self._succs: list[list[int]] = [[] for _ in self.ops]
        for i, op in enumerate(self.ops):
            for value in all_used_values(op):
                producer = self.top_level_producer(value)
                if producer is not None and producer not in self._preds[i]:
                    self._preds[i].append(producer)
                    self._succs[producer].append(i)
        # descendants[i]: bit j set when a path i -> j exists (program order is topological).
        self._descendants = [0] * len(self.ops)
        for i in reversed(range(len(self.ops))):
            bits = 0
            for s in self._succs[i]:
                bits |= (1 << s) | self._descendants[s]
            self._descendants[i] = bits
        self._ancestors = [0] * len(self.ops)
        for i in range(len(self.ops)):
            bits = 0
            for p in self._preds[i]:
                bits |= (1 << p) | self._ancestors[p]
            self._ancestors[i] = bits

    def top_level_producer(self, value: ir.Value) -> int | None:
        """The node defining `value` (the ancestor in this block), if any."""
        owner = value.owner
        op = owner.owner if isinstance(owner, ir.Block) else owner
        while op is not None:
            found = self._index.get(op.operation)
            if found is not None:
                return found
            op = op.operation.parent
        return None

    def succs(self, n: int) -> list[int]:
        return self._succs[n]

    def preds(self, n: int) -> list[int]:
        return self._preds[n]

    def reachable(self, a: int, b: int) -> bool:
        return bool(self._descendants[a] >> b & 1)

    def id_of(self, op: ir.Operation | ir.OpView) -> int:
        return self._index[op.operation]

    def descendants_mask(self, n: int) -> int:
        return self._descendants[n]

    def ancestors_mask(self, n: int) -> int:
        return self._ancestors[n]


def build_graph(block: ir.Block) -> GraphLike:
    """The analysis graph of the function body when available, else a BlockGraph."""
    parent = block.owner
    if parent is not None and str(parent.operation.name) == "func.func":
        graph: GraphLike = DataflowGraph.build(parent)
        return graph
    return BlockGraph(block)
