"""The candidate listing's allowance is work, not seconds, and a session
gives up on a component's structure once (search/candidates.py)."""

from __future__ import annotations

import pytest

from mlirfuse.cost.adapter import problem_from_graph
from mlirfuse.cost.weights import CostWeights
from mlirfuse.search import Evaluator, cpsat
from mlirfuse.search.candidates import (
    THRIFT_AFTER_FAILURES,
    THRIFT_SHARE,
    ListingLedger,
    enumerate_candidates,
)
from mlirfuse.search.exact import SearchTooLarge
from mlirfuse.search.synthetic import chain, random_graph
from mlirfuse.targets import get_target

TARGET = get_target("h200")
WEIGHTS = CostWeights.for_target(TARGET)


def _evaluator(graph: object) -> Evaluator:
    return Evaluator(problem_from_graph(graph), TARGET, WEIGHTS)


def _ids(evaluator: Evaluator) -> list[int]:
    return [n.id for n in evaluator.problem.nodes]


def test_an_allowance_in_work_units_stops_at_the_same_set_every_time() -> None:
    evaluator = _evaluator(random_graph(5, ops=14))
    ids = _ids(evaluator)
    whole = enumerate_candidates(evaluator, ids)
    assert len(whole) > len(ids)  # groups beyond the singletons
    messages = set()
    for _ in range(3):
        with pytest.raises(SearchTooLarge) as stopped:
            enumerate_candidates(evaluator, ids, work=40)
        messages.add(str(stopped.value))
    assert len(messages) == 1 and "work allowance" in messages.pop()
    assert {c.members for c in enumerate_candidates(evaluator, ids, work=10**9)} == {
        c.members for c in whole
    }


def test_a_structure_that_ran_out_of_work_is_not_listed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listings: list[int] = []
    real = cpsat.enumerate_candidates

    def counted(*args: object, **kwargs: object) -> object:
        listings.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cpsat, "enumerate_candidates", counted)
    ledger = ListingLedger()
    # Two copies of one chain: the same structure under other node ids.
    for graph in (chain(30), chain(30)):
        evaluator = _evaluator(graph)
        ids = _ids(evaluator)
        singles = [frozenset([n]) for n in ids]
        tiny = 1e-5  # time limit: 10 limits of work are 40 units
        chosen, stats = cpsat.solve_component(
            evaluator, ids, singles, time_limit=tiny, ledger=ledger
        )
        assert chosen == singles and stats.status.startswith("NOT-RUN")
    assert len(listings) == 1
    assert "not listed again" in stats.status
    assert ledger.failures == 1


def test_listings_get_a_share_of_their_allowance_after_repeated_failures() -> None:
    ledger = ListingLedger()
    for failed in range(THRIFT_AFTER_FAILURES):
        assert ledger.allowance(800.0, thrifty=True) == 800.0
        ledger.record(("structure", failed), 800.0, "ran out of work")
    assert ledger.allowance(800.0, thrifty=True) == 800.0 / THRIFT_SHARE
    assert ledger.allowance(800.0, thrifty=False) == 800.0  # `exact` keeps its allowance


def test_a_larger_allowance_lists_a_structure_again() -> None:
    ledger = ListingLedger()
    ledger.record(("structure",), 100.0, "ran out of work")
    assert ledger.gave_up(("structure",), 100.0) == "ran out of work"
    assert ledger.gave_up(("structure",), 50.0) == "ran out of work"
    assert ledger.gave_up(("structure",), 800.0) is None


def _least_work(evaluator: Evaluator, ids: list[int]) -> int:
    """The smallest allowance that lists every candidate (a binary search)."""
    low, high = 1, 1 << 20
    while low < high:
        middle = (low + high) // 2
        try:
            enumerate_candidates(evaluator, ids, work=middle)
            high = middle
        except SearchTooLarge:
            low = middle + 1
    return low


def test_hulls_storing_many_values_cost_more_work() -> None:
    # A model fused once has nodes storing hundreds of values, and the
    # register bound of each hull walks them all: Qwen4-Exp's second fusion
    # examined 2M sets at 0.43 ms each on one unit per set.
    evaluator = _evaluator(chain(12))
    ids = _ids(evaluator)
    whole = {c.members for c in enumerate_candidates(evaluator, ids)}
    enough = _least_work(evaluator, ids)
    stored = evaluator.problem.stored_values
    for node in ids:  # the same values, walked 40 times: the same bounds
        stored[node] = stored[node] * 40
    with pytest.raises(SearchTooLarge, match="work allowance"):
        enumerate_candidates(evaluator, ids, work=enough)
    assert {c.members for c in enumerate_candidates(evaluator, ids)} == whole
