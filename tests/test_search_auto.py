"""`auto` is exact on small graphs and gives valid plans on large ones."""

from __future__ import annotations

import pytest

from mlirfuse.analysis.types import OpKind
from mlirfuse.cost.problem import Problem
from mlirfuse.cost.weights import CostWeights
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator, find_partition
from mlirfuse.search.synthetic import SyntheticGraph, chain, random_graph
from mlirfuse.targets import get_target

TARGET = get_target("h100")
WEIGHTS = CostWeights.for_target(TARGET)


def acyclic(problem: Problem, groups: list[frozenset[int]]) -> bool:
    """Kahn's algorithm on the kernel graph."""
    owner = {n: i for i, g in enumerate(groups) for n in g}
    succ: dict[int, set[int]] = {i: set() for i in range(len(groups))}
    for producer, consumer in problem.edges():
        if owner[producer] != owner[consumer]:
            succ[owner[producer]].add(owner[consumer])
    indegree = {i: 0 for i in succ}
    for targets in succ.values():
        for t in targets:
            indegree[t] += 1
    ready = [i for i, d in indegree.items() if d == 0]
    seen = 0
    while ready:
        g = ready.pop()
        seen += 1
        for t in succ[g]:
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    return seen == len(groups)


def evaluator(graph: object) -> Evaluator:
    return Evaluator(make_problem(graph), TARGET, WEIGHTS)


@pytest.mark.parametrize("seed", range(20))
def test_auto_matches_dp_on_small_graphs(seed: int) -> None:
    ev = evaluator(random_graph(1000 + seed, 10))
    auto, dp = find_partition(ev, "auto"), find_partition(ev, "dp")
    assert auto.exact
    assert sum(map(ev.cost, auto.partition)) == pytest.approx(sum(map(ev.cost, dp.partition)))


@pytest.mark.parametrize("seed", range(3))
def test_auto_on_large_graph_is_legal_acyclic_and_beats_greedy_merging(seed: int) -> None:
    ev = evaluator(random_graph(seed, 400))
    auto = find_partition(ev, "auto")
    assert not auto.exact and auto.notes
    assert sorted(n for g in auto.partition for n in g) == sorted(n.id for n in ev.problem.nodes)
    assert all(ev.decide(g).ok for g in auto.partition)
    assert acyclic(ev.problem, auto.partition)
    unfused = sum(ev.cost(frozenset([n.id])) for n in ev.problem.nodes)
    greedy = sum(map(ev.cost, find_partition(ev, "greedy").partition))
    cost = sum(map(ev.cost, auto.partition))
    assert cost < unfused and cost <= greedy * 1.02


def test_long_chain_becomes_one_kernel() -> None:
    ev = evaluator(chain(600))
    (group,) = find_partition(ev, "auto").partition
    assert len(group) == 600


def test_unknown_search_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown search 'beam'"):
        find_partition(evaluator(chain(3)), "beam")


def test_dp_is_exact_on_long_chains_and_trees() -> None:
    ev = evaluator(chain(80))
    result = find_partition(ev, "dp")
    assert result.exact and [len(g) for g in result.partition] == [80]
    graph = SyntheticGraph(func="tree")
    level = [graph.argument(4096) for _ in range(16)]
    while len(level) > 1:  # a binary tree of adds: 15 ops, 8 leaves
        level = [
            graph.add(OpKind.ELEMENTWISE, level[i : i + 2], 4096) for i in range(0, len(level), 2)
        ]
    graph.returned.add(level[0])
    ev = evaluator(graph)
    result = find_partition(ev, "dp")
    assert result.exact
    assert sum(map(ev.cost, result.partition)) <= sum(
        map(ev.cost, find_partition(ev, "greedy").partition)
    )
