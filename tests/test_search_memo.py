"""Identical components are searched once (search/memo.py) and the plan is the
one the search finds on each of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mlirfuse import search
from mlirfuse.analysis.types import OpKind
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.passes.fusion_driver import plan_module
from mlirfuse.policy import planner
from mlirfuse.policy.planner import make_plan
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator, find_partition, memo, structure
from mlirfuse.search.exact import exact_partition
from mlirfuse.search.synthetic import SyntheticGraph, SyntheticValue
from mlirfuse.targets import get_target

TARGET = get_target("h100")
WEIGHTS = CostWeights.for_target(TARGET)
MODELS = Path(__file__).resolve().parents[1] / "models"


def layer(graph: SyntheticGraph, size: int) -> SyntheticValue:
    """A norm-like layer on its own input: elementwise, a row reduction, an
    epilogue reading both, and a sibling."""
    x = graph.argument(size * 8)
    a = graph.add(OpKind.ELEMENTWISE, [x], size * 8)
    stats = graph.add(OpKind.REDUCTION, [a], size, iterations=size * 8)
    b = graph.add(OpKind.BROADCAST, [stats], size * 8)
    c = graph.add(OpKind.ELEMENTWISE, [a, b], size * 8)
    d = graph.add(OpKind.ELEMENTWISE, [x], size * 8)
    out = graph.add(OpKind.ELEMENTWISE, [c, d], size * 8)
    graph.returned.add(out)
    return out


def layers(sizes: list[int]) -> Evaluator:
    graph = SyntheticGraph(func="layers")
    for size in sizes:
        layer(graph, size)
    return Evaluator(make_problem(graph), TARGET, WEIGHTS)


def per_component_optimum(ev: Evaluator, width: int) -> float:
    ids = [n.id for n in ev.problem.nodes]
    parts = [ids[i : i + width] for i in range(0, len(ids), width)]
    return sum(sum(map(ev.cost, exact_partition(ev, part))) for part in parts)


def test_identical_layers_are_solved_once_with_the_same_plan_shape() -> None:
    ev = layers([256] * 4)
    result = find_partition(ev, "auto")
    assert result.exact and result.reused == 3
    assert sum(map(ev.cost, result.partition)) == pytest.approx(per_component_optimum(ev, 6))
    shapes = {tuple(sorted(n % 6 for n in g)) for g in result.partition}
    first = {tuple(sorted(g)) for g in result.partition if max(g) < 6}
    assert shapes == first  # every layer's groups are the first layer's, moved


def test_a_layer_of_other_sizes_is_searched_on_its_own() -> None:
    ev = layers([256, 256, 1024, 256])
    result = find_partition(ev, "auto")
    assert result.reused == 2
    assert sum(map(ev.cost, result.partition)) == pytest.approx(per_component_optimum(ev, 6))


def test_a_stored_plan_that_does_not_price_the_same_is_not_reused() -> None:
    ev = layers([256] * 2)
    ids = [n.id for n in ev.problem.nodes]
    first, second = ids[:6], ids[6:]
    store = memo.ComponentMemo()
    plan = exact_partition(ev, first)
    key = structure.component_key(ev, first, [])
    store.store(ev, first, key, plan, "", [])
    assert store.lookup(ev, second, key) is not None
    wrong = memo.ComponentMemo()
    wrong.store(ev, first, key, [frozenset([n]) for n in first], "", [])
    wrong._solved[key] = memo.Solved(wrong._solved[key].groups, 1.0, "", ())
    assert wrong.lookup(ev, second, key) is None


def test_the_twelve_layer_stack_plans_as_without_the_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (MODELS / "gpt2_stack12.mlir").read_text()
    ctx = make_context()
    with ctx:
        with_memo = make_plan(parse_module(text, ctx, "stack"), search="auto")
        monkeypatch.setattr(memo.ComponentMemo, "lookup", lambda *_: None)
        without = make_plan(parse_module(text, ctx, "stack"), search="auto")
    assert with_memo.summaries[-1].cost == pytest.approx(without.summaries[-1].cost, rel=1e-12)
    (name,) = with_memo.functions
    groups = [sorted(g.ops) for g in with_memo.functions[name].groups]
    assert groups == [sorted(g.ops) for g in without.functions[name].groups]


def test_a_shared_memo_serves_a_later_search_of_the_same_components() -> None:
    store = memo.ComponentMemo()
    first = find_partition(layers([256] * 2), "auto", memo=store)
    later = layers([256] * 3)
    again = find_partition(later, "auto", memo=store)
    assert first.reused == 1 and again.reused == 3  # counted per search, not in total
    assert sum(map(later.cost, again.partition)) == pytest.approx(per_component_optimum(later, 6))


@pytest.mark.parametrize("change", ["time limit", "weights", "method"])
def test_a_solution_is_not_reused_under_other_search_settings(change: str) -> None:
    store = memo.ComponentMemo()
    find_partition(layers([256]), "auto", memo=store)
    other = layers([256])
    if change == "weights":
        other = Evaluator(other.problem, TARGET, CostWeights(bytes=1.0, launch=0.0, flops=0.0))
    limit = 5.0 if change == "time limit" else 10.0
    method = "dp" if change == "method" else "auto"
    assert find_partition(other, method, time_limit=limit, memo=store).reused == 0
    assert find_partition(other, method, time_limit=limit, memo=store).reused == 1


def test_the_attention_pricing_plans_search_each_shared_component_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """attention=auto plans the whole module with and without the chain: the
    components away from it are identical in both plans, searched once."""
    searches = []
    solve = search._solve_part

    def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(args[1])
        return solve(*args, **kwargs)

    monkeypatch.setattr(search, "_solve_part", counted)
    text = (MODELS / "t5_block.mlir").read_text()
    with make_context() as ctx:
        shared = plan_module(parse_module(text, ctx, "t5").operation, search="auto")
        shared_searches, searches[:] = list(searches), []
        find = planner.find_partition
        monkeypatch.setattr(
            planner, "find_partition", lambda *a, **k: find(*a, **{**k, "memo": None})
        )
        alone = plan_module(parse_module(text, ctx, "t5").operation, search="auto")
    assert len(shared_searches) < len(searches)  # searches without the shared memo
    assert [d["taken"] for d in shared.extra["attention"]] == [True]
    assert shared.extra["attention"] == alone.extra["attention"]
    assert shared.summaries[-1].cost == pytest.approx(alone.summaries[-1].cost, rel=1e-12)
    (name,) = shared.functions
    groups = [sorted(g.ops) for g in shared.functions[name].groups]
    assert groups == [sorted(g.ops) for g in alone.functions[name].groups]
