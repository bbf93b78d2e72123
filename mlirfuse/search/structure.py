"""A component's structure without its ids: the key under which a solved
component, or a listing that ran out of work, is recognised again.

A stack of identical layers splits into components that differ only in their
node ids. `component_key` describes one by each node's structure, the edges
and sibling reads inside it, what it reads from and leaves to the rest of the
function, and the seed groups in it, all in positions inside the component
(search/memo.py, search/candidates.py's `ListingLedger`).
"""

from __future__ import annotations

from collections.abc import Sequence

from mlirfuse.cost.problem import Problem
from mlirfuse.search.groups import Evaluator

Key = tuple[object, ...]
Partition = list[frozenset[int]]


def component_key(evaluator: Evaluator, ids: Sequence[int], seeds: Partition) -> Key:
    """What the search of the component `ids` (in topological order) depends on,
    with node and value ids replaced by positions inside the component."""
    problem = evaluator.problem
    local = {node_id: i for i, node_id in enumerate(ids)}
    outside_values: dict[int, int] = {}  # value id -> first-seen position
    nodes = []
    for node_id in ids:
        node = problem.by_id[node_id]
        reads = tuple(_read(problem, value, local, outside_values) for value in node.inputs)
        writes = tuple(_written(problem, value, local) for value in node.outputs)
        links = tuple(sorted(local[n] for n in evaluator.links[node_id] if n in local))
        facts = (node.shape_key, node.kind.value, node.flops, node.iterations)
        extra = (node.parallel_extent, node.body_values, node.element_bytes, node.side_effects)
        tile = (node.arithmetic_free, node.gathers, node.loads_by_index, node.weight_prologue)
        nodes.append((facts, extra, tile, reads, writes, links))
    edges = tuple(
        sorted(
            (local[p], local[c], decision.ok, decision.code)
            for (p, c), decision in problem.edge_decisions.items()
            if p in local and c in local
        )
    )
    seeded = tuple(sorted(tuple(sorted(local[n] for n in g)) for g in seeds if len(g) > 1))
    return (tuple(nodes), edges, seeded)


def _read(problem: Problem, value_id: int, local: dict[int, int], outside: dict[int, int]) -> Key:
    value = problem.values[value_id]
    readers = len(problem.consumers[value_id])
    if value.producer in local:
        producer = problem.by_id[value.producer]
        return ("in", local[value.producer], producer.outputs.index(value_id), readers)
    position = outside.setdefault(value_id, len(outside))
    return ("out", position, value.bytes, value.generated, value.escapes, readers)


def _written(problem: Problem, value_id: int, local: dict[int, int]) -> Key:
    value = problem.values[value_id]
    readers = problem.consumers[value_id]
    read_outside = sum(1 for r in readers if r not in local)
    return (value.bytes, value.escapes, len(readers), read_outside)


__all__ = ["Key", "component_key"]
