"""Cost model: bytes per group, budgets, weights, targets, the 4-op chain P0..P3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mlirfuse.analysis.types import OpKind
from mlirfuse.cost.weights import CostWeights, roofline_us
from mlirfuse.policy.planner import summarise
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator, find_partition
from mlirfuse.search.steps import merge_steps
from mlirfuse.search.synthetic import SyntheticGraph, chain
from mlirfuse.targets import TargetError, get_target, known_targets

H200 = get_target("h200")
WEIGHTS = CostWeights.for_target(H200)
S = 1 << 20  # elements of the chain


def evaluator_of(graph: SyntheticGraph) -> Evaluator:
    return Evaluator(make_problem(graph), H200, WEIGHTS)


def test_four_op_chain_reports_p0_100_to_p3_25_percent_bytes() -> None:
    ev = evaluator_of(chain(4, S))
    best = find_partition(ev, "dp").partition
    road = [("unfused", [frozenset([n.id]) for n in ev.problem.nodes])]
    road += [("merge", step) for step in merge_steps(ev, best)]
    rows = summarise([[(label, ev, part) for label, part in road]])
    assert [r.name for r in rows] == ["P0", "P1", "P2", "P3"]
    assert [round(r.bytes_relative, 6) for r in rows] == [1.0, 0.75, 0.5, 0.25]
    assert rows[0].bytes == 4 * 2 * S * 4  # 2NS bytes unfused (f32)
    assert rows[-1].bytes == 2 * S * 4  # 2S fused
    assert [r.kernels for r in rows] == [4, 3, 2, 1]


def test_chain_group_reads_input_once_and_writes_result_once() -> None:
    ev = evaluator_of(chain(3, 1024))
    estimate = ev.estimate([0, 1, 2])
    assert (estimate.bytes_read, estimate.bytes_written, estimate.launches) == (4096, 4096, 1)
    assert ev.estimate([0]).bytes == 8192


def test_shared_input_is_read_once_and_broadcast_operand_at_its_size() -> None:
    graph = SyntheticGraph()
    x, bias = graph.argument(4096), graph.argument(64)
    a = graph.add(OpKind.BROADCAST, [x, bias], 4096)
    b = graph.add(OpKind.ELEMENTWISE, [a, x], 4096)
    graph.returned.add(b)
    estimate = evaluator_of(graph).estimate([0, 1])
    assert estimate.bytes_read == 4096 * 4 + 64 * 4
    assert estimate.bytes_written == 4096 * 4


def test_kept_intermediate_is_written() -> None:
    graph = SyntheticGraph()
    x = graph.argument(1000)
    a = graph.add(OpKind.ELEMENTWISE, [x], 1000)
    b = graph.add(OpKind.ELEMENTWISE, [a], 1000)
    graph.returned.update({a, b})
    assert evaluator_of(graph).estimate([0, 1]).bytes_written == 8000


def test_over_register_group_is_refused_with_register_budget() -> None:
    graph = SyntheticGraph()
    inputs = [graph.argument(4096) for _ in range(30)]
    partial = [graph.add(OpKind.ELEMENTWISE, [v], 4096, body_values=20) for v in inputs[:2]]
    total = graph.add(OpKind.ELEMENTWISE, [*partial, *inputs[2:]], 4096, body_values=20)
    graph.returned.add(total)
    ev = evaluator_of(graph)
    decision = ev.decide(frozenset([0, 1, 2]))
    assert not decision.ok and decision.code == "register-budget"
    assert decision.estimate is not None and decision.estimate.registers_per_thread > 255
    plan = find_partition(ev, "dp").partition
    assert all(len(g) < 3 for g in plan)


def test_shared_memory_budget_refuses() -> None:
    # Rows of 4096: 1024 threads a block, 4 KB of partials per reduction.
    graph = SyntheticGraph()
    x = graph.argument(256 * 4096)
    values = [graph.add(OpKind.REDUCTION, [x], 256, iterations=256 * 4096) for _ in range(3)]
    graph.returned.update(values)
    small = get_target("h200").to_dict() | {"shared_bytes_per_block": 2048, "name": "tiny"}
    target = get_target(_write_json(small))
    ev = Evaluator(make_problem(graph), target, CostWeights.for_target(target))
    decision = ev.decide(frozenset([0, 1, 2]))
    assert (decision.ok, decision.code) == (False, "shared-memory-budget")


def _write_json(data: dict[str, object]) -> str:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "target.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_weights_make_cost_microseconds() -> None:
    assert WEIGHTS.bytes == pytest.approx(1 / (4800 * 1e3))
    assert WEIGHTS.launch == H200.launch_overhead_us
    assert WEIGHTS.cost(4.8e9, 0, 0) == pytest.approx(1e3)  # 4.8 GB at 4.8 TB/s = 1 ms
    assert WEIGHTS.with_overrides("launch=0").launch == 0.0
    with pytest.raises(ValueError, match="unknown cost weight"):
        WEIGHTS.with_overrides("latency=1")
    assert roofline_us(H200, 4.8e6, 0.0) == pytest.approx(1.0 + H200.launch_overhead_us)


def test_targets_by_name_and_file(tmp_path: Path) -> None:
    assert {"a100", "h100", "h200"} <= set(known_targets())
    a100 = get_target("A100")
    assert (a100.sm_count, a100.registers_per_thread, a100.hbm_bandwidth_gbs) == (108, 255, 2039.0)
    assert get_target("h100").sources
    user = tmp_path / "mine.toml"
    user.write_text('base = "h100"\nname = "h100-slow"\nhbm_bandwidth_gbs = 1000.0\n')
    mine = get_target(str(user))
    assert (mine.name, mine.hbm_bandwidth_gbs, mine.sm_count) == ("h100-slow", 1000.0, 132)
    with pytest.raises(TargetError, match=r"unknown target 'b200' \(known: a100, h100, h200"):
        get_target("b200")
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "h100"\nwarp_size = 32\n')
    with pytest.raises(TargetError, match="unknown target keys"):
        get_target(str(bad))
