"""attention=auto: a chain becomes the online-softmax kernel only where the
cost model's J of the whole plan is lower with it (policy/attention.py).

The causal chain of test_lit/fusion/attention-causal.mlir (2x8x32 scores):
under the h200's weights the kernel wins (one launch, no scores in memory);
under flops-only weights it loses (the online softmax's rescaling adds
flops, and bytes and launches are free), so auto must leave it alone. The
J values recorded for each decision are those of the plans made with
attention=on and attention=off.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.passes.fusion_driver import fuse_module, plan_module
from mlirfuse.policy.attention import choose_attention
from mlirfuse.vocab.model import Plan
from mlirfuse.vocab.options import FusionOptions, attention_mode

CAUSAL = Path(__file__).resolve().parent.parent / "test_lit" / "fusion" / "attention-causal.mlir"
FLOPS_ONLY = CostWeights(bytes=0.0, launch=0.0, flops=1.0)


def _plan(attention: str, weights: CostWeights | None = None, search: str = "auto") -> Plan:
    ctx = make_context()
    with ctx:
        module = parse_module(CAUSAL.read_text(), ctx, str(CAUSAL))
        return plan_module(
            module.operation, FusionOptions(attention=attention), search=search, weights=weights
        )


def _fused_patterns(attention: str, search: str = "auto") -> list[str]:
    ctx = make_context()
    with ctx:
        module = parse_module(CAUSAL.read_text(), ctx, str(CAUSAL))
        fuse_module(module.operation, FusionOptions(attention=attention), search=search)
        text = str(module)
    return [line for line in text.splitlines() if 'fusion.pattern = "attention"' in line]


@pytest.mark.parametrize(
    ("weights", "taken"), [(None, True), (FLOPS_ONLY, False)], ids=["h200", "flops-only"]
)
def test_auto_takes_the_kernel_only_where_j_is_lower(
    weights: CostWeights | None, taken: bool
) -> None:
    auto, on, off = (_plan(mode, weights) for mode in ("auto", "on", "off"))
    [decision] = auto.extra["attention"]
    assert decision["chains"] == [0]
    assert decision["with"] == pytest.approx(on.summaries[-1].cost)
    assert decision["without"] == pytest.approx(off.summaries[-1].cost)
    assert decision["taken"] is taken
    assert (decision["with"] < decision["without"]) is taken
    chosen = on if taken else off
    assert auto.summaries[-1].cost == pytest.approx(chosen.summaries[-1].cost)
    assert auto.summaries[-1].kernels == chosen.summaries[-1].kernels
    assert auto.extra["attention_taken"] == ({"attn": [0]} if taken else {})
    if taken:  # one kernel, the scores never written
        assert auto.summaries[-1].kernels == 1
        assert auto.summaries[-1].bytes < off.summaries[-1].bytes
    else:
        assert on.summaries[-1].flops > off.summaries[-1].flops


def test_the_rewrite_follows_the_switch() -> None:
    assert len(_fused_patterns("auto")) == 1  # search=auto: J decides (wins here)
    assert _fused_patterns("auto", search="greedy") == []  # rules, no J: left alone
    assert len(_fused_patterns("on", search="greedy")) == 1
    assert _fused_patterns("off") == []


def test_option_values_and_aliases() -> None:
    assert FusionOptions().attention == "auto"
    assert FusionOptions(attention=True).attention == "on"  # type: ignore[arg-type]
    assert FusionOptions(attention="false").attention == "off"
    assert attention_mode("ON") == "on"
    with pytest.raises(ValueError, match="not one of auto, on, off"):
        FusionOptions(attention="sometimes")


def test_choose_attention_prices_each_chain_against_those_taken() -> None:
    # Chain 0 and 2 lower J, chain 1 raises it (priced with 0 already taken).
    costs = {(): 10.0, (0,): 8.0, (0, 1): 9.0, (0, 2): 7.0}
    taken, choices = choose_attention(3, lambda chains: costs[chains])
    assert taken == (0, 2)
    assert [(c.chains, c.without, c.with_, c.taken) for c in choices] == [
        ((0,), 10.0, 8.0, True),
        ((1,), 8.0, 9.0, False),
        ((2,), 8.0, 7.0, True),
    ]
    # Beyond the limit: all chains together, all or none; equal J keeps none.
    assert choose_attention(5, lambda c: 10.0 - len(c), limit=4)[0] == (0, 1, 2, 3, 4)
    assert choose_attention(5, lambda c: 10.0, limit=4)[0] == ()


@pytest.mark.parametrize("weights", [None, FLOPS_ONLY], ids=["h200", "flops-only"])
def test_auto_plans_once_per_choice_and_reuses_the_priced_plan(
    weights: CostWeights | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plan of the chosen variant is the one priced: no third search, and
    it is the plan a fresh search of the prepared module gives."""
    import mlirfuse.passes.fusion_driver as driver

    calls = []
    real = driver.make_plan

    def counted(*args: object, **kwargs: object) -> Plan:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(driver, "make_plan", counted)
    ctx = make_context()
    with ctx:
        module = parse_module(CAUSAL.read_text(), ctx, str(CAUSAL))
        plan = plan_module(
            module.operation, FusionOptions(attention="auto"), search="auto", weights=weights
        )
        assert len(calls) == 2  # without and with the chain; the chosen one is reused
        fresh = real(module.operation, search="auto", options=FusionOptions(), weights=weights)
    assert plan.summaries[-1].cost == pytest.approx(fresh.summaries[-1].cost, rel=1e-12)
    [(name, mine)] = plan.functions.items()
    assert [g.ops for g in mine.groups] == [g.ops for g in fresh.functions[name].groups]
