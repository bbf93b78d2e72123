"""`search.cycles.break_cycles`: a plan whose groups feed each other becomes
acyclic by splitting groups, and an acyclic plan is left as it is."""

from __future__ import annotations

import random

import pytest

from mlirfuse.policy.policy import make_problem
from mlirfuse.search.cycles import break_cycles, find_cycle
from mlirfuse.search.synthetic import random_graph
from tests.test_search_bruteforce import acyclic


def _random_partition(node_ids: list[int], seed: int) -> list[frozenset[int]]:
    """Arbitrary groups (any ops together, paths or not): many have cycles."""
    rng = random.Random(seed)
    labels = {n: rng.randrange(max(1, len(node_ids) // 3)) for n in node_ids}
    groups: dict[int, set[int]] = {}
    for n, label in labels.items():
        groups.setdefault(label, set()).add(n)
    return [frozenset(g) for g in groups.values()]


@pytest.mark.parametrize("seed", range(60))
def test_split_plans_are_acyclic_partitions(seed: int) -> None:
    problem = make_problem(random_graph(seed, ops=4 + seed % 12))
    ids = [n.id for n in problem.nodes]
    partition = _random_partition(ids, seed)
    split, notes = break_cycles(problem, partition)
    assert acyclic(problem, split)
    assert sorted(n for g in split for n in g) == sorted(ids)
    assert (find_cycle(problem, partition) is None) == (not notes)
    if not notes:
        assert split == partition
    # Groups off every cycle stay whole.
    assert sum(len(g) > 1 for g in split) >= sum(len(g) > 1 for g in partition) - len(notes)


def test_two_groups_feeding_each_other_lose_the_smaller() -> None:
    """xLSTM's shape: A = {a1, a2}, B = {b1, b2, b3} with a1 -> b1 and
    b2 -> a2 (each group convex on its own); A is split."""
    for seed in range(200):
        problem = make_problem(random_graph(seed, ops=8))
        edges = set(problem.edges())
        ids = [n.id for n in problem.nodes]
        for a1, b1, b2, a2 in _crossing(ids, edges):
            rest = [n for n in ids if n not in (a1, a2, b1, b2)]
            partition = [frozenset([a1, a2]), frozenset([b1, b2, rest[0]])] + [
                frozenset([n]) for n in rest[1:]
            ]
            if find_cycle(problem, partition) is None:
                continue
            split, notes = break_cycles(problem, partition)
            assert acyclic(problem, split)
            assert frozenset([a1, a2]) not in split and len(notes) >= 1
            return
    pytest.fail("no random graph had two crossing edges")


def _crossing(ids: list[int], edges: set[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    found = []
    for a1, b1 in sorted(edges):
        for b2, a2 in sorted(edges):
            if len({a1, b1, b2, a2}) == 4 and (a1, a2) not in edges and (b1, b2) not in edges:
                found.append((a1, b1, b2, a2))
    return found[:5]
