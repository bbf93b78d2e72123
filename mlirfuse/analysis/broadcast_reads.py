"""Small elementwise ops that run inside a larger kernel by recomputation.

A bias upcast `extf(b)` over (192) read by `x + b` over (32, 192) through the
broadcast map (d0, d1) -> (d1) has no kernel grid in common with its reader,
yet one kernel can run both: each reader iteration recomputes the one point of
the producer it reads (elementwise fusion through the composed map), so the
small tensor is never written. That holds only while nothing else reads the
producer: a value leaving the kernel would need a grid of its own.
"""

from __future__ import annotations

from collections.abc import Collection

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.types import MapKind, OpKind


def _read_by_broadcast(graph: DataflowGraph, p: int, c: int) -> bool:
    """Every operand of `c` taking a result of `p` is an input with a broadcast map."""
    operands = graph.infos[c].operands
    taken = [i for i, q in enumerate(graph.operand_producers(c)) if q == p]
    return bool(taken) and all(
        i < len(operands) and not operands[i].is_init and operands[i].map_kind is MapKind.BROADCAST
        for i in taken
    )


def recomputed_by_readers(graph: DataflowGraph, p: int, readers: Collection[int]) -> bool:
    """`p` is a side-effect-free elementwise op whose every user is in
    `readers` and reads it through broadcast maps (see the module doc)."""
    return chain_recomputed_by_readers(graph, {p}, readers)


def chain_recomputed_by_readers(
    graph: DataflowGraph, chain: Collection[int], readers: Collection[int]
) -> bool:
    """The same for a chain of such ops (`1 / sqrt(var + eps)`, then `* gamma`):
    inside the chain any map, out of it only broadcast reads by `readers`."""
    for p in chain:
        info = graph.infos[p]
        if info.side_effects or info.kind not in (OpKind.ELEMENTWISE, OpKind.BROADCAST):
            return False
        outside = [u for u in graph.succs(p) if u not in chain]
        if graph.external_uses(p) or any(u not in readers for u in outside):
            return False
        if not all(_read_by_broadcast(graph, p, u) for u in outside):
            return False
    return any(u not in chain for p in chain for u in graph.succs(p))
