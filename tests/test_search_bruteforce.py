"""`dp` equals brute force on random graphs of up to 12 ops (fixed seeds).

The brute force is independent of the search's machinery: it enumerates every
partition of the ops into groups that `Evaluator.decide` accepts (connected,
one iteration space, within budgets), keeps those whose kernel graph is
acyclic, and takes the cheapest. The search instead enumerates connected
candidates (ESU) and runs a DP over downward-closed sets.
"""

from __future__ import annotations

import itertools

import pytest

from mlirfuse.cost.problem import Problem
from mlirfuse.cost.weights import CostWeights
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator, exact, find_partition
from mlirfuse.search.exact import SearchTooLarge, exact_partition
from mlirfuse.search.synthetic import random_graph
from mlirfuse.targets import get_target

TARGET = get_target("h200")
WEIGHTS = CostWeights.for_target(TARGET)
SEEDS = range(240)


def acyclic(problem: Problem, groups: list[frozenset[int]]) -> bool:
    owner = {n: i for i, g in enumerate(groups) for n in g}
    succ: dict[int, set[int]] = {i: set() for i in range(len(groups))}
    for producer, consumer in problem.edges():
        if owner[producer] != owner[consumer]:
            succ[owner[producer]].add(owner[consumer])
    state: dict[int, int] = {}

    def visit(g: int) -> bool:
        state[g] = 1
        for s in succ[g]:
            if state.get(s) == 1 or (s not in state and not visit(s)):
                return False
        state[g] = 2
        return True

    return all(g in state or visit(g) for g in succ)


def brute_force(evaluator: Evaluator) -> float:
    ids = [n.id for n in evaluator.problem.nodes]
    best = float("inf")

    def assign(remaining: tuple[int, ...], groups: list[frozenset[int]], cost: float) -> None:
        nonlocal best
        if not remaining:
            if cost < best and acyclic(evaluator.problem, groups):
                best = cost
            return
        first, rest = remaining[0], remaining[1:]
        for size in range(len(rest) + 1):
            for others in itertools.combinations(rest, size):
                group = frozenset((first, *others))
                decision = evaluator.decide(group)
                if not decision.ok or decision.estimate is None:
                    continue
                left = tuple(n for n in rest if n not in group)
                assign(left, [*groups, group], cost + decision.estimate.cost)

    assign(tuple(ids), [], 0.0)
    return best


@pytest.mark.parametrize("chunk", range(8))
def test_dp_equals_brute_force(chunk: int) -> None:
    checked = 0
    for seed in SEEDS[chunk::8]:
        graph = random_graph(seed, ops=2 + seed % 11)
        evaluator = Evaluator(make_problem(graph), TARGET, WEIGHTS)
        result = find_partition(evaluator, "dp")
        assert result.exact
        assert acyclic(evaluator.problem, result.partition)
        assert sorted(n for g in result.partition for n in g) == [
            n.id for n in evaluator.problem.nodes
        ]
        dp_cost = sum(evaluator.cost(g) for g in result.partition)
        assert dp_cost == pytest.approx(brute_force(evaluator), rel=1e-9), f"seed {seed}"
        checked += 1
    assert checked == len(SEEDS[chunk::8])


def test_dp_beyond_its_work_bound_falls_back_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The DP also stops after `MAX_CHECKS` candidates tried (RT-DETR's
    encoder step ran past 300 s under `dp` within its state bound): the
    component is planned by windows, the result is not exact, and the note
    says why."""
    graph = random_graph(7, ops=14)
    evaluator = Evaluator(make_problem(graph), TARGET, WEIGHTS)
    with pytest.raises(SearchTooLarge, match="more than 10 candidate checks"):
        exact_partition(evaluator, max_checks=10)
    assert find_partition(evaluator, "dp").exact  # within the real bound
    monkeypatch.setattr(exact, "MAX_CHECKS", 10)
    result = find_partition(evaluator, "dp")
    assert not result.exact
    assert any("more than 10 candidate checks" in note for note in result.notes), result.notes
    assert sorted(n for g in result.partition for n in g) == [n.id for n in evaluator.problem.nodes]
    assert acyclic(evaluator.problem, result.partition)
