"""Scalable search: exact windows along the program order, then merging.

1. Cut the nodes, in program order, into windows of `window` nodes and solve
   each exactly (mlirfuse.search.exact). Every edge between windows points
   forward, so the union of the windows' plans is acyclic.
2. Merge across window boundaries (and anywhere else): repeatedly join two
   kernels linked by a fusion link when the union is a legal group, the kernel
   graph stays acyclic and J drops, best saving first, until nothing improves;
   then move single ops into the kernel that reads them while J drops
   (search/shift.py: a window's border cut an epilogue from its reader).
Step 2 alone, from single ops, is the built-in greedy planner; `auto` keeps
the cheaper of (1 + 2) and (2 alone): windows commit early to groups that can
block a better merge across their border (up to SINGLETON_MERGE_LIMIT nodes:
merging from single ops grows large groups one op at a time, quadratic on
long chains).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection

from mlirfuse.search.exact import Partition, SearchTooLarge, exact_partition
from mlirfuse.search.groups import Evaluator
from mlirfuse.search.shift import shift_pass

SINGLETON_MERGE_LIMIT = 1000


def windowed_partition(
    evaluator: Evaluator, window: int = 8, members: Collection[int] | None = None
) -> Partition:
    """A plan of `members` (default: every node; else a set closed under
    paths, such as a subproblem of search/split.py)."""
    keep = None if members is None else set(members)
    order = [n.id for n in evaluator.problem.nodes if keep is None or n.id in keep]
    partition: Partition = []
    for start in range(0, len(order), window):
        chunk = order[start : start + window]
        try:
            partition.extend(
                exact_partition(evaluator, chunk, max_candidates=5_000, max_states=20_000)
            )
        except SearchTooLarge:
            partition.extend(frozenset([n]) for n in chunk)
    windowed = shift_pass(evaluator, merge_pass(evaluator, partition))
    if len(order) > SINGLETON_MERGE_LIMIT:
        return windowed
    merged = merge_pass(evaluator, [frozenset([n]) for n in order])
    return min(windowed, merged, key=lambda p: sum(map(evaluator.cost, p)))


def merge_pass(evaluator: Evaluator, partition: Partition) -> Partition:
    """Join linked kernels while J drops (largest saving first). `partition`
    covers every node or a set closed under paths (ops outside it are left
    alone: no path through them can close a cycle)."""
    merger = _Merger(evaluator, partition)
    return merger.run()


class _Merger:
    def __init__(self, evaluator: Evaluator, partition: Partition) -> None:
        self.ev = evaluator
        self.problem = evaluator.problem
        self.groups: dict[int, frozenset[int]] = dict(enumerate(partition))
        self.owner = {n: g for g, members in self.groups.items() for n in members}
        index = self.problem.index
        self.first = {g: min(index[n] for n in members) for g, members in self.groups.items()}
        self.last = {g: max(index[n] for n in members) for g, members in self.groups.items()}
        self.next_id = len(partition)
        # The kernel graph, kept up to date across merges.
        self.gsucc: dict[int, set[int]] = {g: set() for g in self.groups}
        self.gpred: dict[int, set[int]] = {g: set() for g in self.groups}
        for producer, consumer in self.problem.edges():
            a, b = self.owner.get(producer), self.owner.get(consumer)
            if a is not None and b is not None and a != b:
                self.gsucc[a].add(b)
                self.gpred[b].add(a)

    def run(self) -> Partition:
        heap: list[tuple[float, int, int, int]] = []
        for gid in list(self.groups):
            self._push_pairs(heap, gid)
        while heap:
            _, _, a, b = heapq.heappop(heap)
            if a not in self.groups or b not in self.groups:
                continue
            gain = self._gain(a, b)
            if (
                gain is None
                or gain <= 1e-12
                or self._creates_cycle(a, b)
                or self._creates_cycle(b, a)
            ):
                continue
            self._merge(a, b)
            self._push_pairs(heap, self.next_id - 1)
        order = self.problem.index
        return sorted(self.groups.values(), key=lambda g: min(order[n] for n in g))

    def _neighbours(self, gid: int) -> set[int]:
        out = set()
        for node in self.groups[gid]:
            for other in self.ev.links[node]:
                owner = self.owner.get(other)
                if owner is not None and owner != gid:
                    out.add(owner)
        return out

    def _push_pairs(self, heap: list[tuple[float, int, int, int]], gid: int) -> None:
        for other in self._neighbours(gid):
            gain = self._gain(gid, other)
            if gain is not None and gain > 1e-12:
                heapq.heappush(heap, (-gain, len(heap), gid, other))

    def _gain(self, a: int, b: int) -> float | None:
        union = self.groups[a] | self.groups[b]
        decision = self.ev.decide(union)
        if not decision.ok or decision.estimate is None:
            return None
        before = self.ev.cost(self.groups[a]) + self.ev.cost(self.groups[b])
        return before - decision.estimate.cost

    def _creates_cycle(self, src: int, dst: int) -> bool:
        """A path src -> (another kernel) -> ... -> dst in the kernel graph."""
        limit = self.last[dst]
        stack = [g for g in self.gsucc[src] if g != dst]
        seen = set(stack)
        while stack:
            gid = stack.pop()
            for nxt in self.gsucc[gid]:
                if nxt == dst:
                    return True
                if nxt in seen or nxt == src or self.first[nxt] > limit:
                    continue
                seen.add(nxt)
                stack.append(nxt)
        return False

    def _merge(self, a: int, b: int) -> None:
        union = self.groups.pop(a) | self.groups.pop(b)
        gid = self.next_id
        self.next_id += 1
        self.groups[gid] = union
        self.first[gid] = min(self.first.pop(a), self.first.pop(b))
        self.last[gid] = max(self.last.pop(a), self.last.pop(b))
        succ = (self.gsucc.pop(a) | self.gsucc.pop(b)) - {a, b}
        pred = (self.gpred.pop(a) | self.gpred.pop(b)) - {a, b}
        self.gsucc[gid], self.gpred[gid] = succ, pred
        for other in succ:
            self.gpred[other] -= {a, b}
            self.gpred[other].add(gid)
        for other in pred:
            self.gsucc[other] -= {a, b}
            self.gsucc[other].add(gid)
        for node in union:
            self.owner[node] = gid
