"""Scalable search: exact windows along the program order, then merging.

1. Cut the nodes, in program order, into windows of `window` nodes and solve
   each exactly (mlirfuse.search.exact). Every edge between windows points
   forward, so the union of the windows' plans is acyclic.
2. Merge across window boundaries (and anywhere else): repeatedly join two
   kernels linked by a fusion link when the union is a legal group, the kernel
   graph stays acyclic and J drops, best saving first, until nothing improves.
Step 2 alone, from single ops, is the built-in greedy planner.
"""

from __future__ import annotations

import heapq

from mlirfuse.search.exact import Partition, SearchTooLarge, exact_partition
from mlirfuse.search.groups import Evaluator


def windowed_partition(evaluator: Evaluator, window: int = 10) -> Partition:
    order = [n.id for n in evaluator.problem.nodes]
    partition: Partition = []
    for start in range(0, len(order), window):
        chunk = order[start : start + window]
        try:
            partition.extend(exact_partition(evaluator, chunk, max_candidates=5_000, max_states=20_000))
        except SearchTooLarge:
            partition.extend(frozenset([n]) for n in chunk)
    return merge_pass(evaluator, partition)


def merge_pass(evaluator: Evaluator, partition: Partition) -> Partition:
    """Join linked kernels while J drops (largest saving first)."""
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
        self.next_id = len(partition)

    def run(self) -> Partition:
        heap: list[tuple[float, int, int, int]] = []
        for gid in list(self.groups):
            self._push_pairs(heap, gid)
        while heap:
            _, tie, a, b = heapq.heappop(heap)
            if a not in self.groups or b not in self.groups:
                continue
            gain = self._gain(a, b)
            if gain is None or gain <= 1e-12:
                continue
            self._merge(a, b)
            self._push_pairs(heap, self.next_id - 1)
        order = self.problem.index
        return sorted(self.groups.values(), key=lambda g: min(order[n] for n in g))

    def _neighbours(self, gid: int) -> set[int]:
        out = set()
        for node in self.groups[gid]:
            for other in self.ev.links[node]:
                owner = self.owner[other]
                if owner != gid:
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
        gain = before - decision.estimate.cost
        if gain <= 1e-12 or self._creates_cycle(a, b) or self._creates_cycle(b, a):
            return None
        return gain

    def _creates_cycle(self, src: int, dst: int) -> bool:
        """A path src -> (another kernel) -> ... -> dst in the kernel graph."""
        index = self.problem.index
        limit = max(index[n] for n in self.groups[dst])
        start = {self.owner[s] for n in self.groups[src] for s in self.problem.succs[n]} - {src, dst}
        stack, seen = list(start), set(start)
        while stack:
            gid = stack.pop()
            for node in self.groups[gid]:
                for succ in self.problem.succs[node]:
                    owner = self.owner[succ]
                    if owner == dst:
                        return True
                    if owner in seen or owner == src or self.first[owner] > limit:
                        continue
                    seen.add(owner)
                    stack.append(owner)
        return False

    def _merge(self, a: int, b: int) -> None:
        union = self.groups.pop(a) | self.groups.pop(b)
        gid = self.next_id
        self.next_id += 1
        self.groups[gid] = union
        self.first[gid] = min(self.first.pop(a), self.first.pop(b))
        for node in union:
            self.owner[node] = gid
