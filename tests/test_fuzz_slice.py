"""The differential fuzzer: its generator, its oracle, its harness, and a
seeded slice of 300 functions from three seeds fused under every
configuration, each fused again to check idempotence (issues 8 and 13)."""

from __future__ import annotations

import collections
from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.fuzz.campaign import run_campaign
from mlirfuse.fuzz.check import (
    DEFAULT_CONFIGS,
    FAILURES,
    QUICK_CONFIGS,
    Outcome,
    check_batch,
    fused_again,
    make_inputs,
)
from mlirfuse.fuzz.execute import CompiledModule
from mlirfuse.fuzz.generator import generate
from mlirfuse.fuzz.oracle import interpret
from mlirfuse.fuzz.program import NUMPY_DTYPES, Program
from mlirfuse.fuzz.reducer import reduce_program, reproducer_text, still_fails
from mlirfuse.fuzz.render import render_module
from mlirfuse.passes import PASS_REGISTRY

SLICE_SEED = 20261130
SLICE_SEEDS = (SLICE_SEED, 7, 42)
SLICE_COUNT = 300  # in all, SLICE_COUNT // len(SLICE_SEEDS) per seed
# Variants that the open idempotence cause of dp/auto (siblings sharing only a
# constant, docs/reliability.md) may still change when fused again: 2 of 900
# today (seed 20261130 function 54 under dp and auto); greedy's are fixed.
IDEMPOTENCE_BUDGET = 2
# Failures of the rewrites (transforms/) found by the fuzzer and tracked as
# XFAIL lit tests until they are fixed: detail text -> the lit test. The
# three findings so far are fixed (mlirfuse/mutation.py, all-or-nothing
# passes); their lit tests now pass and guard them.
KNOWN_FINDINGS: dict[str, str] = {}
TESTS_DIR = Path(__file__).resolve().parent
BREAK_ADD = "builtin.module(mlirfuse-fuzztest-break-add)"
ABORT = "builtin.module(mlirfuse-fuzztest-abort)"


@pytest.fixture
def broken_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the deliberately wrong passes here and in worker processes."""
    monkeypatch.syspath_prepend(str(TESTS_DIR))
    monkeypatch.setenv("MLIRFUSE_FUZZ_PLUGINS", "fuzz_plugins")
    monkeypatch.setenv("PYTHONPATH", str(TESTS_DIR))
    monkeypatch.setitem(PASS_REGISTRY, "mlirfuse-fuzztest-break-add", "fuzz_plugins:BreakAddPass")
    monkeypatch.setitem(PASS_REGISTRY, "mlirfuse-fuzztest-abort", "fuzz_plugins:AbortOnMatmulPass")


def _programs(count: int, seed: int = SLICE_SEED) -> list[Program]:
    return [generate(seed, i) for i in range(count)]


def _slice_programs() -> list[Program]:
    per_seed = SLICE_COUNT // len(SLICE_SEEDS)
    return [p for seed in SLICE_SEEDS for p in _programs(per_seed, seed)]


def test_generator_covers_the_promised_structures() -> None:
    programs = _slice_programs()
    kinds = collections.Counter(op.kind for p in programs for op in p.ops)
    expected = "ew named transpose reduce argmax matmul batch_matmul pad expand collapse"
    expected += " conv mask where slice concat gather const ew2 check"
    assert set(kinds) == set(expected.split())
    elems = {v.elem for p in programs for v in p.values().values()}
    assert elems == {"f32", "f64", "i32", "f16", "bf16", "i1", "none"}
    maps = [m for p in programs for op in p.ops if op.kind == "ew" for m in op.maps]
    assert any(len(m) < op_rank for m, op_rank in _map_ranks(programs)), "no broadcast read"
    assert any(list(m) != sorted(m) for m in maps), "no transposed read"
    reductions = [
        (op.dim, p.values()[op.inputs[0]].rank)
        for p in programs
        for op in p.ops
        if op.kind == "reduce"
    ]
    assert any(d == r - 1 for d, r in reductions) and any(d == 0 for d, r in reductions)
    assert any(p.is_dynamic for p in programs)
    assert any(1 in v.shape for p in programs for v in p.values().values()), "no unit dim"
    multi_use = [p for p in programs if _max_uses(p) >= 2]
    assert len(multi_use) > SLICE_COUNT // 4, "too few multi-consumer values"
    mixed = [
        op
        for p in programs
        for op in p.ops
        if len({p.values()[n].elem for n in op.inputs} | {op.result.elem}) > 1
    ]
    assert mixed, "no op mixing element types"
    _assert_model_features(programs)


def _assert_model_features(programs: list[Program]) -> None:
    """What real models contain (models/*.mlir) and the basic ops do not."""
    ops = [op for p in programs for op in p.ops]
    variants = {op.params["variant"] for op in ops if op.kind == "conv"}
    assert variants == {"plain", "depthwise", "grouped"}
    assert any(op.params.get("stride") == 2 for op in ops if op.kind == "conv"), "no strided conv"
    assert any(op.kind == "pad" and op.params.get("value") == 0.0 for op in ops), "no conv padding"
    assert {op.params["kind"] for op in ops if op.kind == "mask"} == {"causal", "data"}
    assert any(len(op.params.get("dims", ())) > 1 for op in ops), "no multi-dim reduction"
    stats = [op for op in ops if op.kind == "reduce" and op.result.elem == "f64"]
    assert stats, "no f64 statistics"
    assert any(op.params.get("dead") for op in ops), "no dead result"
    assert any(p.shared_inits for p in programs), "no shared tensor.empty"
    text = render_module(programs[:120])
    assert "tensor.extract %" in text and "cf.assert" in text and "dense<" in text


def _map_ranks(programs: list[Program]) -> list[tuple[tuple[int, ...], int]]:
    return [
        (m, op.result.rank) for p in programs for op in p.ops if op.kind == "ew" for m in op.maps
    ]


def _max_uses(program: Program) -> int:
    uses = collections.Counter(n for op in program.ops for n in set(op.inputs))
    uses.update(program.results)
    return max(uses.values(), default=0)


def test_generator_is_a_function_of_seed_and_index() -> None:
    first = render_module(_programs(20, seed=7))
    assert render_module(_programs(20, seed=7)) == first
    assert render_module(_programs(20, seed=8)) != first


def test_unfused_cpu_results_match_a_numpy_interpreter() -> None:
    """The reference side of the differential check is itself right."""
    programs = _programs(150, seed=11)
    ctx = make_context()
    with ctx:
        compiled = CompiledModule(parse_module(render_module(programs), ctx))
        try:
            for program in programs:
                values = program.values()
                inputs = make_inputs(program)
                shapes = [(values[r].shape, NUMPY_DTYPES[values[r].elem]) for r in program.results]
                got = compiled.call(program.name, inputs, shapes)
                for name, expected, actual in zip(
                    program.results, interpret(program, inputs), got, strict=True
                ):
                    scale = max(float(np.max(np.abs(expected), initial=0.0)), 1.0)
                    tol = 0 if values[name].elem == "i32" else 1e-4 * scale
                    np.testing.assert_allclose(
                        actual, expected, rtol=0, atol=tol, err_msg=program.name
                    )
        finally:
            compiled.close()


def test_reducer_shrinks_to_the_op_the_predicate_needs() -> None:
    program = next(
        p
        for p in _programs(200, seed=9)
        if len(p.ops) >= 5 and any(op.kind == "matmul" for op in p.ops)
    )
    reduced = reduce_program(program, lambda p: any(op.kind == "matmul" for op in p.ops))
    assert [op.kind for op in reduced.ops] == ["matmul"]
    assert len(reduced.results) == 1
    parse_module(render_module([reduced]), make_context())


def test_upstream_assert_duplication_is_caught() -> None:
    """linalg-fuse-elementwise-ops copies a cf.assert into each consumer
    (workloads README, item 1): the side-effect check must see it."""
    with_asserts = [p for p in _programs(300, seed=0) if any("assert" in op.fns for op in p.ops)]
    outcomes = check_batch(with_asserts, ["builtin.module(linalg-fuse-elementwise-ops)"])
    flagged = [o for o in outcomes if o.status == "side-effects"]
    assert flagged and "cf.assert after fusion" in flagged[0].detail
    assert all(o.status in ("ok", "side-effects") for o in outcomes)


def test_a_wrong_pass_is_caught_and_reduced(broken_passes: None) -> None:
    programs = [
        p for p in _programs(60, seed=3) if any("add" in op.fns for op in p.ops if op.kind == "ew")
    ]
    outcomes = check_batch(programs[:10], [BREAK_ADD])
    mismatches = [o for o in outcomes if o.status == "mismatch"]
    assert mismatches, [o.status for o in outcomes]
    bad = next(p for p in programs if p.name == mismatches[0].program)
    reduced = reduce_program(bad, still_fails(BREAK_ADD, "mismatch"))
    assert 1 <= len(reduced.ops) < len(bad.ops) or len(bad.ops) == 1
    assert still_fails(BREAK_ADD, "mismatch")(reduced)
    text = reproducer_text(reduced, mismatches[0], 3, 0)
    assert "// pipeline: builtin.module(mlirfuse-fuzztest-break-add)" in text
    assert "arith.addf" in text, "the reduced case lost the op the bug is about"
    parse_module(text, make_context())  # the reproducer is valid MLIR


def test_an_aborting_pass_is_a_reported_crash_not_a_dead_harness(
    broken_passes: None, tmp_path: Path
) -> None:
    with_matmul = [
        i for i, p in enumerate(_programs(40, seed=0)) if any(op.kind == "matmul" for op in p.ops)
    ]
    start = with_matmul[0]
    result = run_campaign(4, seed=0, start=start, batch=4, configs=[ABORT], out=tmp_path)
    crashes = [o for o in result.outcomes if o.status == "crash"]
    assert crashes[0].program == f"fuzz_0_{start}"
    assert "Aborted" in crashes[0].detail or "-6" in crashes[0].detail
    assert result.count("ok") == 4 - len(crashes)
    saved = sorted(tmp_path.glob("*crash.orig.mlir"))
    assert saved and "status crash" in saved[0].read_text()
    assert "fuzz: 4 functions, 0 mismatches" in result.summary_line()


def test_fuzz_slice_every_search_and_switch(tmp_path: Path) -> None:
    """300 seeded functions from three seeds, each fused under every
    configuration, verified and run against the unfused original on the CPU;
    under the three searches each is also fused again, which must change
    nothing (in the same campaign: one fuse and one JIT compile per variant)."""
    if "mlirfuse-fuse" not in PASS_REGISTRY:
        pytest.fail("mlirfuse-fuse is not registered: the fuzz slice has nothing to check")
    per_seed = SLICE_COUNT // len(SLICE_SEEDS)
    outcomes = []
    for seed in SLICE_SEEDS:
        result = run_campaign(
            per_seed,
            seed=seed,
            jobs=2,
            batch=50,
            configs=DEFAULT_CONFIGS,
            out=tmp_path,
            reduce=False,
            idempotence=QUICK_CONFIGS,
        )
        assert not result.unavailable, result.unavailable
        outcomes += result.outcomes
    failures = [o for o in outcomes if o.status in FAILURES and not _known(o.detail)]
    # Open causes of greedy non-idempotence (docs/reliability.md): a ratchet.
    repeated = [o for o in failures if o.status == "not-idempotent"]
    assert len(repeated) <= IDEMPOTENCE_BUDGET, _report(repeated)
    others = [o for o in failures if o.status != "not-idempotent"]
    assert not others, _report(others)
    ok = sum(1 for o in outcomes if o.status == "ok")
    assert ok >= SLICE_COUNT * len(DEFAULT_CONFIGS) * 0.8


def _report(failures: list[Outcome]) -> str:
    lines = [f"{o.program} [{o.status}] {o.config}: {o.detail[:300]}" for o in failures[:15]]
    return "\n".join([f"{len(failures)} failures", *lines])


def _known(detail: str) -> bool:
    """A failure tracked by an XFAIL lit test (KNOWN_FINDINGS)."""
    return any(text in detail for text in KNOWN_FINDINGS)


def test_known_findings_name_existing_xfail_tests() -> None:
    for path in KNOWN_FINDINGS.values():
        text = (TESTS_DIR.parent / path).read_text()
        assert "XFAIL: *" in text, path


def test_idempotence_selects_the_configurations_fused_again() -> None:
    keep = DEFAULT_CONFIGS[-1]
    assert "keep-intermediates" in keep
    assert [fused_again(c, True) for c in (DEFAULT_CONFIGS[0], keep)] == [True, False]
    assert not fused_again(DEFAULT_CONFIGS[0], False)
    chosen = [c for c in DEFAULT_CONFIGS if fused_again(c, QUICK_CONFIGS)]
    assert chosen == list(QUICK_CONFIGS)
