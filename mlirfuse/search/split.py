"""Independent subproblems: where the grouping problem falls apart exactly.

Every search minimises a sum of J over groups, subject to each group being a
legal convex candidate and the kernel graph being acyclic. It splits without
loss in two steps:

1. **Usable links.** A candidate group is connected through fusion links.
   A link u-v whose pair is *hopeless* (the convex hull of {u, v} breaks a
   rule no superset repairs: search/candidates.py, e.g. a reduction and a
   contraction, or anchors of different extents) lies in no candidate, so
   every candidate is connected through usable links alone and lies inside
   one *link component* (a connected part of the usable-link graph).
2. **Strongly connected parts.** Contract each link component to a vertex;
   dataflow edges between them form a graph whose strongly connected
   components are the subproblems. An edge between two subproblems never
   closes a cycle (it would put both in one component), so the kernel graph is
   acyclic exactly when each subproblem's is, and the optimum is the union of
   the subproblems' optima.

Seeds (groups the caller wants available, e.g. the rule heuristic's, which
may be connected through links this module finds unusable) are joined into
one link component each, so they never straddle two subproblems.

On a transformer block the links break in front of every contraction (an
elementwise prologue is refused) and at its reduction-contraction borders:
gpt2_stack12's 775-op component falls into 37 parts of at most 37 ops.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mlirfuse.search.candidates import Pruner
from mlirfuse.search.groups import Evaluator


def weak_components(evaluator: Evaluator) -> list[list[int]]:
    """Weakly connected parts of the graph (edges and sibling links)."""
    problem = evaluator.problem
    parent = {n.id: n.id for n in problem.nodes}
    for producer, consumer in problem.edges():
        _union(parent, producer, consumer)
    for node_id, others in evaluator.links.items():
        for other in others:
            _union(parent, node_id, other)
    return _classes(parent, [n.id for n in problem.nodes])


def independent_parts(
    evaluator: Evaluator, seeds: Iterable[frozenset[int]] = ()
) -> list[list[int]]:
    """The subproblems of every weak component, each in program order."""
    kept = [g for g in seeds if len(g) > 1]
    parts: list[list[int]] = []
    for component in weak_components(evaluator):
        inside = set(component)
        parts.extend(split_component(evaluator, component, [g for g in kept if g <= inside]))
    index = evaluator.problem.index
    return sorted(parts, key=lambda p: index[p[0]])


def split_component(
    evaluator: Evaluator, members: Sequence[int], seeds: Sequence[frozenset[int]] = ()
) -> list[list[int]]:
    """`members` (closed under paths: a weak component or a subproblem) as
    its subproblems, each in program order."""
    problem = evaluator.problem
    ids = sorted(members, key=problem.index.__getitem__)
    if len(ids) < 2:
        return [ids]
    local = {n: i for i, n in enumerate(ids)}
    pruner = Pruner(evaluator, ids)
    parent = {n: n for n in ids}
    for node in ids:
        for other in evaluator.links[node]:
            j = local.get(other)
            if j is not None and local[node] < j and pruner.usable(local[node], j):
                _union(parent, node, other)
    for seed in seeds:
        first = next(iter(seed))
        for node in seed:
            _union(parent, first, node)
    roots = {n: _find(parent, n) for n in ids}
    after: dict[int, set[int]] = {r: set() for r in roots.values()}
    for node in ids:
        for succ in problem.succs[node]:
            if succ in local and roots[succ] != roots[node]:
                after[roots[node]].add(roots[succ])
    scc = _strong_components(list(dict.fromkeys(roots[n] for n in ids)), after)
    parts: dict[int, list[int]] = {}
    for node in ids:
        parts.setdefault(scc[roots[node]], []).append(node)
    return sorted(parts.values(), key=lambda p: local[p[0]])


def _strong_components(vertices: list[int], after: dict[int, set[int]]) -> dict[int, int]:
    """Vertex -> its strongly connected component's label (iterative Tarjan)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    label: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    for start in vertices:
        if start in index:
            continue
        work = [(start, iter(sorted(after[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            vertex, todo = work[-1]
            advanced = False
            for succ in todo:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(after[succ]))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[vertex] = min(low[vertex], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[vertex])
            if low[vertex] == index[vertex]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    label[member] = vertex
                    if member == vertex:
                        break
    return label


def _find(parent: dict[int, int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _union(parent: dict[int, int], a: int, b: int) -> None:
    ra, rb = _find(parent, a), _find(parent, b)
    if ra != rb:
        parent[max(ra, rb)] = min(ra, rb)


def _classes(parent: dict[int, int], order: list[int]) -> list[list[int]]:
    out: dict[int, list[int]] = {}
    for node in order:
        out.setdefault(_find(parent, node), []).append(node)
    return list(out.values())


__all__ = ["independent_parts", "split_component", "weak_components"]
