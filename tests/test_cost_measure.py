"""Fall back when slower: a group measured slower than its parts is split back."""

from __future__ import annotations

from pathlib import Path

from mlir import ir

from mlirfuse.context import load_fusion_dialect
from mlirfuse.policy.planner import make_plan
from mlirfuse.runner.measure import CpuMeasurer, split_slower
from mlirfuse.vocab.model import FunctionPlan, Group

SEED = Path(__file__).resolve().parent / "data" / "seed_chain.mlir"


class FakeMeasurer:
    """Fused runs (fewer top-level generics) are made to look slower."""

    tolerance = 0.05

    def __init__(self) -> None:
        self.calls: list[int] = []

    def time_function(self, module_text: str, func: str) -> float:
        generics = module_text.count("linalg.generic")
        self.calls.append(generics)
        return 1.0 / generics


def seed_plan() -> tuple[str, FunctionPlan]:
    text = SEED.read_text()
    ctx = ir.Context()
    load_fusion_dialect(ctx)
    plan = make_plan(ir.Module.parse(text, ctx).operation)
    return text, plan.functions["seed_chain"]


def test_slower_group_is_split_back_with_a_reason() -> None:
    text, fplan = seed_plan()
    compute = {3, 4, 7, 8}
    result = split_slower(FakeMeasurer(), text, "seed_chain", fplan, compute)
    assert [g.ops for g in result.groups] == [(3,), (4,), (7,), (8,)]
    (refusal,) = [r for r in result.refusals if r.code == "measured-slower"]
    assert refusal.ops == fplan.groups[0].ops


def test_faster_group_is_kept() -> None:
    class Faster(FakeMeasurer):
        def time_function(self, module_text: str, func: str) -> float:
            return float(module_text.count("linalg.generic"))

    text, fplan = seed_plan()
    result = split_slower(Faster(), text, "seed_chain", fplan, {3, 4, 7, 8})
    assert result.groups == fplan.groups
    assert not [r for r in result.refusals if r.code == "measured-slower"]


def test_cpu_measurer_times_the_real_function() -> None:
    text, fplan = seed_plan()
    measurer = CpuMeasurer(text, repeats=2)
    assert 0.0 < measurer.time_function(text, "seed_chain") < 1.0
    result = split_slower(measurer, text, "seed_chain", fplan, {3, 4, 7, 8})
    kept = result.groups == fplan.groups
    split = any(r.code == "measured-slower" for r in result.refusals)
    assert kept != split
    assert not any(r.code == "measure-failed" for r in result.refusals)


def test_measure_failure_keeps_the_plan() -> None:
    text, fplan = seed_plan()
    broken = FunctionPlan(
        "seed_chain", [Group(0, (3, 99), "elementwise-chain")], [], fplan.fingerprint
    )
    result = split_slower(FakeMeasurer(), text, "seed_chain", broken, {3, 4, 7, 8})
    assert result.groups == broken.groups
    assert [r.code for r in result.refusals] == ["measure-failed"]
