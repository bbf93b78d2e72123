"""The analysis queries the fusion passes make (`mlirfuse.analysis`, read-only).

Ids are positions in the function body. `group_decision` asks the analysis
whether a set of ops may form one kernel; `escaping_results` lists the values a
kernel would have to yield.
"""

from __future__ import annotations

from typing import Any

from mlir import ir

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import check_group
from mlirfuse.analysis.types import Decision


def top_level_ancestor(op: ir.Operation, block: ir.Block) -> ir.Operation | None:
    """The ancestor of `op` (or `op`) that sits directly in `block`."""
    cur = op.operation
    while True:
        if cur.parent is None:
            return None
        if cur.block == block:
            return cur
        cur = cur.parent.operation


def build_graph(func_op: ir.Operation) -> DataflowGraph:
    """The dataflow graph of `func_op`'s body."""
    return DataflowGraph.build(func_op)


def group_decision(graph: Any, ops: set[int], *, max_operands: int) -> Decision:
    """Whether `ops` may form one kernel (convex, one space, operand limit)."""
    return check_group(graph, sorted(ops), max_operands=max_operands)


def escaping_results(
    graph: Any, ops: set[int], horizon: int | None = None, candidates: set[int] | None = None
) -> list[ir.Value]:
    """Results of `ops` read outside `ops` (by other ops or the terminator);
    with `horizon`, only reads by ops before it (or by the terminator) count;
    `candidates`: the members that may have outside readers (default: all).

    A fusion.group yields at most 7 values that differ in type from the most
    common one (context.group_accepts_result_types): planners and rewrites
    check these values' types.
    """
    block = graph.ops[0].block
    found = []
    for n in sorted(ops if candidates is None else candidates & ops):
        for result in graph.ops[n].results:
            for use in result.uses:
                owner = top_level_ancestor(use.owner.operation, block)
                node = _node_id(graph, owner)
                if node is None or (node not in ops and (horizon is None or node < horizon)):
                    found.append(result)
                    break
    return found


def _node_id(graph: Any, op: ir.Operation | None) -> int | None:
    if op is None:
        return None
    try:
        node: int = graph.id_of(op)
    except KeyError:
        return None
    return node
