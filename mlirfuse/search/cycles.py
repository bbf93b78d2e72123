"""A plan whose kernel graph has a cycle, made acyclic by splitting groups.

Each group of a plan may be convex on its own (no path of single ops leaves
it and comes back) while two groups still depend on each other: a value of
group A feeds group B, and another of B feeds A, through ops that are not
connected inside either group. The rule heuristic builds its groups one
join at a time and checks convexity against single ops only, so its plan can
hold such a pair (xLSTM: a matmul's epilogue kernel keeps a reshaped value
that a later reduction kernel reads, and that kernel's max feeds the
epilogue); the rewrite then found the second group "not convex" and left its
ops ungrouped, and fusing the output again grouped them: not a fixed point.
Here, while the kernel graph has a cycle, the smallest group on it is split
into single ops (which breaks that cycle: every group is convex); what the
split loses, the merge pass (`windowed.merge_pass`, which checks the kernel
graph) may take back.
"""

from __future__ import annotations

from mlirfuse.cost.problem import Problem
from mlirfuse.search.exact import Partition


def break_cycles(problem: Problem, partition: Partition) -> tuple[Partition, list[str]]:
    """`partition` without kernel-graph cycles, and a note per split group."""
    notes: list[str] = []
    while True:
        cycle = find_cycle(problem, partition)
        if cycle is None:
            return partition, notes
        multi = [i for i in cycle if len(partition[i]) > 1]
        if not multi:  # single ops only: the op graph itself has a cycle
            return partition, notes
        victim = min(multi, key=lambda i: (len(partition[i]), min(partition[i])))
        ops = ",".join(map(str, sorted(partition[victim])))
        others = ", ".join(
            f"[{','.join(map(str, sorted(partition[i])))}]" for i in cycle if i != victim
        )
        notes.append(
            f"kernel [{ops}] and kernel(s) {others} feed each other: split into single ops"
        )
        split = [frozenset([n]) for n in sorted(partition[victim])]
        partition = [g for i, g in enumerate(partition) if i != victim] + split


def find_cycle(problem: Problem, partition: Partition) -> list[int] | None:
    """The indices of the groups on one cycle of the kernel graph, or None."""
    owner = {n: i for i, group in enumerate(partition) for n in group}
    after: list[set[int]] = [set() for _ in partition]
    for producer, consumer in problem.edges():
        a, b = owner.get(producer), owner.get(consumer)
        if a is not None and b is not None and a != b:
            after[a].add(b)
    state = [0] * len(partition)  # 0 new, 1 on the DFS path, 2 done
    for start in range(len(partition)):
        if state[start]:
            continue
        path: list[int] = [start]
        stack = [iter(sorted(after[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state[nxt] == 1:
                return path[path.index(nxt) :]
            elif state[nxt] == 0:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(after[nxt])))
    return None
