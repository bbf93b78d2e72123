"""The searches never lose to their baseline, and honour every switch or refuse it.

`dp` and `auto` start from the rule heuristic's plan as an upper bound: on
every anchor case of the repository (examples/, tests/data/, the lit inputs,
each `// -----` split) the plan they return is priced no higher than greedy's
by the cost model's own J. The zoo (models/) gets the same check in
tests/test_zoo.py (`fuse-dp`, `fuse-auto`), on the plans its fuse stages
execute, so its big models are not planned twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mlir import ir

import mlirfuse
from mlirfuse.context import make_context, parse_module
from mlirfuse.passes.fuse import FusePass
from mlirfuse.passes.fusion_driver import fuse_module, plan_module
from mlirfuse.vocab.errors import OptionError, PassFailure
from mlirfuse.vocab.model import Plan
from mlirfuse.vocab.options import FusionOptions

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("examples", "tests/data", "test_lit")


def anchor_files() -> list[Path]:
    """The sources under SOURCES; not what lit leaves in its Output folders
    (`make test` runs lit first: fused copies of the zoo, tens of MB)."""
    return [
        path
        for folder in SOURCES
        for path in sorted((ROOT / folder).rglob("*.mlir"))
        if "Output" not in path.relative_to(ROOT).parts
    ]


def anchor_cases(path: Path) -> list[tuple[str, str]]:
    """(name, text) of every split of the .mlir anchor `path` that parses."""
    try:
        source = path.read_text()
    except UnicodeDecodeError:
        return []  # the bad-encoding cases of the bad-input corpus
    cases = []
    for index, text in enumerate(source.split("// -----")):
        try:
            parse_module(text, make_context(), str(path))
        except ir.MLIRError:
            continue  # the bad-input cases
        cases.append((f"{path.relative_to(ROOT)}#{index}", text))
    return cases


def cost(plan: Plan) -> float:
    priced = plan.cost()
    assert priced is not None, "plan_module prices every group"
    return priced


def test_every_anchor_folder_is_read() -> None:
    files = anchor_files()
    assert {p.relative_to(ROOT).parts[0] for p in files} >= {"examples", "tests", "test_lit"}
    assert sum(len(anchor_cases(p)) for p in files) > 100


# One case per file, so pytest-xdist spreads the anchors over its workers.
@pytest.mark.parametrize("path", anchor_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_auto_and_dp_never_price_above_greedy(path: Path) -> None:
    worse = []
    for name, text in anchor_cases(path):
        priced = {}
        for search in ("greedy", "dp", "auto"):
            module = parse_module(text, make_context(), name)
            priced[search] = cost(plan_module(module.operation, FusionOptions(), search=search))
        for search in ("dp", "auto"):
            if priced[search] > priced["greedy"] * (1 + 1e-9):
                worse.append(f"{name}: {search} J={priced[search]:.4f} > {priced['greedy']:.4f}")
    assert worse == []


@pytest.mark.parametrize("search", ["dp", "auto"])
def test_the_search_itself_groups_contractions_sharing_an_lhs_of_different_n(search: str) -> None:
    # No back end registered: one kernel of two loop nests. Only the sibling
    # rules formed such a group before, so where the search's plan won
    # elsewhere (xLSTM's C @ V beside C @ n) the two stayed apart and fusing
    # again joined them.
    path = ROOT / "test_lit" / "siblings" / "horizontal-contraction.mlir"
    text = path.read_text().split("// -----")[0]
    plan = plan_module(parse_module(text, make_context()).operation, search=search)
    (function,) = plan.functions.values()
    assert [g.pattern for g in function.groups] == ["horizontal-contraction"]
    assert [r.code for r in function.refusals if r.producer is None] == []


def test_a_kept_greedy_plan_says_so() -> None:
    # The search ties with the rule heuristic here; the heuristic's plan is kept.
    path = ROOT / "test_lit" / "fuzz_findings" / "idempotence-recomputed-siblings.mlir"
    text = path.read_text().split("// -----")[0]
    plan = plan_module(parse_module(text, make_context()).operation, search="auto")
    (function,) = plan.functions.values()
    assert [g.pattern for g in function.groups] == ["reduction-prologue"]
    assert [r.code for r in function.refusals if r.producer is None] == ["greedy-kept"]


@pytest.mark.parametrize("search", ["dp", "auto"])
@pytest.mark.parametrize("switch", [{"independent": True}, {"recompute": "always"}])
def test_a_switch_the_search_cannot_plan_is_an_error(
    search: str, switch: dict[str, object]
) -> None:
    with pytest.raises(OptionError, match=f"search={search}"):
        FusePass.from_options({"search": search, **{k: str(v) for k, v in switch.items()}})
    module = parse_module((ROOT / "examples" / "seed_chain.mlir").read_text(), make_context())
    with pytest.raises(OptionError, match="search=greedy only"):
        mlirfuse.plan(module, search=search, **switch)
    with pytest.raises(OptionError, match="search=greedy only"):
        mlirfuse.fuse(module, search=search, **switch)


def test_an_unmatched_keep_name_is_a_located_error() -> None:
    module = parse_module(
        (ROOT / "examples" / "seed_chain.mlir").read_text(), make_context(), "seed_chain.mlir"
    )
    before = str(module)
    with pytest.raises(PassFailure) as failure:
        mlirfuse.fuse(module, keep_intermediates="%nosuch")
    assert "'%nosuch' names no kernel op" in failure.value.message
    assert "seed_chain.mlir" in str(failure.value.location)
    assert str(module) == before


def test_plan_cost_sums_priced_groups_and_says_when_unpriced() -> None:
    text = (ROOT / "examples" / "seed_chain.mlir").read_text()
    priced = plan_module(parse_module(text, make_context()).operation, search="greedy")
    total = sum(g.cost.cost for f in priced.functions.values() for g in f.groups if g.cost)
    assert total > 0 and priced.cost() == total
    # The greedy plan a rewrite executes is not priced (fusion_driver._plan_for_rewrite).
    ctx = make_context()
    with ctx:
        executed = fuse_module(parse_module(text, ctx).operation, search="greedy")
    assert executed.cost() is None
