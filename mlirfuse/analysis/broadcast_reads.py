"""Small elementwise ops that run inside a larger kernel by recomputation.

A bias upcast `extf(b)` over (192) read by `x + b` over (32, 192) through the
broadcast map (d0, d1) -> (d1) has no kernel grid in common with its reader,
yet one kernel can run both: each reader iteration recomputes the one point of
the producer it reads (elementwise fusion through the composed map), so the
small tensor is never written. That holds only while nothing else reads the
producer: a value leaving the kernel would need a grid of its own.

Inside a whole kernel (`weights_only_chains`) such a chain may reach its
readers through unit-dim reshapes (BatchNorm's `1 / sqrt(var + eps)` over
(192) expanded to (192, 1, 1) and read by `x * s` over (1, 192, 28, 28)), and
its body may assert (`cf.assert`: evaluating it again asserts the same).
"""

from __future__ import annotations

from collections.abc import Collection

from mlirfuse.analysis.body import op_is_pure
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.types import MapKind, OpKind

# Reshapes a chain may pass through on its way to its broadcast readers.
_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape")
# Impure body ops that may run more than once: an assert asserts the same.
_REPEATABLE = ("cf.assert",)


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
        # An asserting body is recomputed as `weights_only_chains` allows it:
        # refused here, the same chain was accepted once merged into its
        # reader (fusing the fused IR fused it: not idempotent, fuzz 40/97).
        if not _repeatable(graph, p):
            return False
        outside = [u for u in graph.succs(p) if u not in chain]
        if graph.external_uses(p) or any(u not in readers for u in outside):
            return False
        if not all(_read_by_broadcast(graph, p, u) for u in outside):
            return False
    return any(u not in chain for p in chain for u in graph.succs(p))


def _repeatable(graph: DataflowGraph, p: int) -> bool:
    """`p` is elementwise and evaluating it again changes nothing."""
    info = graph.infos[p]
    if info.kind not in (OpKind.ELEMENTWISE, OpKind.BROADCAST):
        return False
    if not info.side_effects:
        return True
    view = graph.view(p)
    return view is not None and all(op_is_pure(n) or n in _REPEATABLE for n in view.body_ops)


def _drops(graph: DataflowGraph, p: int, chain: set[int], members: set[int]) -> bool:
    """`p` cannot stay in the chain: a use outside the kernel, a reader that
    is neither in the chain nor a broadcast read, or an input computed by the
    kernel outside the chain (the chain must depend on weights only)."""
    if graph.external_uses(p) or any(u not in members for u in graph.succs(p)):
        return True
    computed = [q for q in graph.preds(p) if graph.infos[q].kind is not OpKind.FILL]
    if any(q in members and q not in chain for q in computed):
        return True
    outside = [u for u in graph.succs(p) if u not in chain]
    return not all(_read_by_broadcast(graph, p, u) for u in outside)


def weights_only_chains(graph: DataflowGraph, members: Collection[int]) -> set[int]:
    """Members of a kernel that form weights-only chains: elementwise ops (and
    the reshapes after them) whose values only other members read, through
    broadcast maps, and whose inputs come from outside the kernel or from the
    chain itself. The kernel recomputes them where they are read, so their
    smaller loops need no grid of the kernel's."""
    member_set = set(members)
    chain = {
        m
        for m in member_set
        if _repeatable(graph, m) or (graph.infos[m].name in _VIEWS and graph.preds(m))
    }
    changed = True
    while changed:
        changed = False
        for p in sorted(chain):
            if _drops(graph, p, chain, member_set):
                chain.discard(p)
                changed = True
    # A view alone (of an argument) or a chain nobody reads is no prologue.
    return {p for p in chain if graph.infos[p].name not in _VIEWS or _fed_by(graph, p, chain)}


def _fed_by(graph: DataflowGraph, p: int, chain: set[int]) -> bool:
    return any(q in chain for q in graph.preds(p))
