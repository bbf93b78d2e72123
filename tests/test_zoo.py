"""The model zoo in `make test`: every model of models/ parses; fuses under
greedy, dp and auto (the `mlirfuse-fuse{search=...}` pass) into no more
kernels and no more HBM bytes than the unfused model; the auto-fused model
reproduces PyTorch's `ref` on the CPU runner at its dtype's tolerance; fusing
is deterministic (two runs print the same IR) and idempotent (fusing the fused
IR changes nothing); it compiles to PTX that ptxas accepts with 0 spills, fused
and unfused (`mlirfuse compile --no-fuse`, the `ptx-unfused-*` checks), with a
launch manifest that holds against the PTX (`gpu/manifest_check.py`).

Stages run in child processes (`mlirfuse.zoo.driver`, as `mlirfuse zoo`
runs them: the bindings can abort, and a crash costs the checks that read the
stage it hit). A model's checks go to one pytest-xdist worker, which runs each
stage once: the first check that reads an in-child stage runs them all in one
child (`IN_CHILD`), sharing its fuse.
Checks that fail today are listed in KNOWN_FAILURES and run as `xfail(strict=True)`: a fix shows up as an
XPASS, and its line is then removed. `make zoo-check` adds the sm_80 compile
and the HEAVY checks.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from mlirfuse.gpu.ptx import find_ptxas
from mlirfuse.zoo.driver import run_model
from mlirfuse.zoo.stages import Result
from tests.conftest import zoo_files

TIMEOUT_S = 600
FULL = os.environ.get("MLIRFUSE_ZOO_CHECK") == "full"  # `make zoo-check`
CHIPS = ("sm_90", "sm_80") if FULL else ("sm_90",)
CHECKS = (
    "parse", "fuse-greedy", "fuse-dp", "fuse-auto", "numerics", "deterministic", "idempotent",
    *[f"ptx-{chip}" for chip in CHIPS], *[f"ptx-unfused-{chip}" for chip in CHIPS],
    "gpu-verify", "gpu-verify-unfused",
)  # fmt: skip
# Heavy variants, run by `make zoo-check` only: gpt2_stack12 is twelve gpt2_blocks,
# whose checks make test runs; on the CPU runner its numerics take ~1 min (2.5 min
# loaded), its `verify --schedule gpu` ~45 s fused and ~25 s unfused. make test keeps
# its parse, auto fuse (J against greedy's) and fused compile (the scale of a
# 63-op component); its greedy and dp fuse, determinism, idempotence and unfused
# compile repeat gpt2_block's twelve times (about 3 min of the suite's 2 cores).
# The unfused compile and `verify --schedule gpu --no-fuse` (each op its own
# kernel) of five transformer layers too: their single-op kernels are mostly
# the matmuls, softmax and norm reductions and head transposes that bert_layer,
# distilbert_layer, gpt2_block, t5_block and llama_block check unfused in make
# test (the dynamic, f16 and bf16 models keep theirs); swin's window copies and
# gathers are checked in its fused kernels (gpu-verify, ptx) and here under
# zoo-check. About 2 min of the suite's 2 cores.
UNFUSED_REPEATS = (
    "swin_block",
    "vit_layer",
    "vit_layer_sdpa",
    "opt_layer",
    "whisper_encoder_layer",
)
HEAVY = {
    ("gpt2_stack12", check)
    for check in (
        "numerics", "gpu-verify", "gpu-verify-unfused", "fuse-greedy", "fuse-dp",
        "deterministic", "idempotent", "ptx-unfused-sm_90",
    )
} | {
    (model, check)
    for model in UNFUSED_REPEATS
    for check in ("gpu-verify-unfused", "ptx-unfused-sm_90")
}  # fmt: skip

# The stages each check reads (mlirfuse.zoo.stages).
STAGES = {
    "parse": ("unfused",),
    "fuse-greedy": ("unfused", "greedy"),
    # dp and auto against greedy's J too (this is where the zoo's models get
    # tests/test_search_bound.py's check: the searches' plans are the fuse's)
    **{f"fuse-{search}": ("unfused", search, "greedy-cost") for search in ("dp", "auto")},
    "numerics": ("numerics",),
    "deterministic": ("deterministic",),
    "idempotent": ("idempotent",),
    **{f"ptx-{chip}": (chip,) for chip in CHIPS},
    **{f"ptx-unfused-{chip}": (f"{chip}-unfused",) for chip in CHIPS},  # --no-fuse
    # `mlirfuse verify --schedule gpu` fused (compile's plan) and --no-fuse
    "gpu-verify": ("gpu-verify",),
    "gpu-verify-unfused": ("gpu-verify-unfused",),
}

# Why checks fail today: the first located error `mlirfuse compile` prints
# (bench/zoo_compile.py prints them all, fused and unfused, for both chips).
# (model, check) -> why it fails today; "ptx" covers every chip compiled,
# "ptx-sm_80" one chip (sm_80 runs under `make zoo-check` only); "ptx-unfused"
# the `--no-fuse` compile on every chip, "ptx-unfused-sm_80" on one.
# Each entry must fail (strict xfail): a fix shows up as an XPASS, remove its line.
KNOWN_FAILURES: dict[tuple[str, str], str] = {}


# Stages that run inside the child itself (the others start `mlirfuse compile`
# or `verify` processes of their own): one child runs all a model's, so they
# share its fuse per search (`stages.fused`) and the child's start-up.
IN_CHILD = (
    "unfused", "greedy", "dp", "auto", "greedy-cost", "numerics", "deterministic", "idempotent",
)  # fmt: skip
# Results per model in this worker: `--dist loadgroup` (the Makefile) sends a
# model's checks to one worker (tests/xdist_groups.py, and the `xdist_group`
# mark for pytest before 9.2), so each stage runs once.
_DONE: dict[Path, dict[str, Result]] = {}


def _stages_to_run(path: Path, check: str) -> list[str]:
    """The stages `check` reads that are not done; with one in the child,
    every in-child stage a check of this model reads."""
    done = _DONE.setdefault(path, {})
    missing = [stage for stage in STAGES[check] if stage not in done]
    if not any(stage in IN_CHILD for stage in missing):
        return missing
    wanted = {stage for c in CHECKS if (path.stem, c) not in HEAVY or FULL for stage in STAGES[c]}
    return [s for s in IN_CHILD if s in wanted and s not in done] + [
        s for s in missing if s not in IN_CHILD
    ]


def run_check(path: Path, check: str) -> dict[str, Result]:
    """The results of the stages `check` reads; a failed stage fails the check."""
    stages = _stages_to_run(path, check)
    if stages:
        _DONE[path].update(run_model(path, stages, TIMEOUT_S))
    results = {stage: _DONE[path][stage] for stage in STAGES[check]}
    for stage, result in results.items():
        assert "error" not in result, f"stage {stage}: {result['error']}"
    return results


def _cases() -> list[object]:
    cases: list[object] = []
    for path in zoo_files():
        for check in CHECKS:
            if (path.stem, check) in HEAVY and not FULL:
                continue
            marks = [pytest.mark.xdist_group(path.stem)]
            reason = KNOWN_FAILURES.get((path.stem, check)) or KNOWN_FAILURES.get(
                (path.stem, check.partition("-sm_")[0])
            )
            if reason is not None:
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            cases.append(pytest.param(path, check, marks=marks, id=f"{path.stem}-{check}"))
    return cases


def check_parse(results: dict[str, Result]) -> None:
    unfused = results["unfused"]
    assert int(str(unfused["linalg_ops"])) > 0 and int(str(unfused["kernels"])) > 0


def check_fuse(results: dict[str, Result], search: str) -> None:
    unfused, fused = results["unfused"], results[search]
    assert 1 <= int(str(fused["kernels"])) <= int(str(unfused["kernels"]))
    if search != "greedy":  # the searches start from greedy's plan as a bound
        bound = float(str(results["greedy-cost"]["J"]))
        assert float(str(fused["J"])) <= bound * (1 + 1e-9), (fused["J"], bound)
    if unfused["bytes"] is not None:  # known for static shapes
        assert fused["bytes"] is not None
        assert int(str(fused["bytes"])) <= int(str(unfused["bytes"]))


def check_numerics(numerics: Result) -> None:
    max_rel = float(str(numerics["max_rel"]))
    assert math.isfinite(max_rel) and numerics["ok"], numerics


def check_ptx(compiled: Result) -> None:
    assert compiled["rc"] == 0 and int(str(compiled["kernels"])) >= 1
    launched = compiled["launched"]  # the manifest launches each `.entry` once
    assert isinstance(launched, dict) and launched["kernels"] == compiled["kernels"]
    # The manifest holds against the PTX: entries, parameters, buffers, sizes.
    assert compiled["manifest_errors"] == [], compiled["manifest_errors"]
    if find_ptxas() is None:  # the compile needs no ptxas; only the spill count does
        assert compiled.get("ptxas") == "not found"
    else:
        assert compiled["spills"] == 0, compiled


@pytest.mark.parametrize(("path", "check"), _cases())
def test_zoo(path: Path, check: str) -> None:
    results = run_check(path, check)
    if check == "parse":
        check_parse(results)
    elif check.startswith("fuse-"):
        check_fuse(results, check.removeprefix("fuse-"))
    elif check == "numerics":
        check_numerics(results["numerics"])
    elif check in ("deterministic", "idempotent"):
        assert results[check][check] is True
    elif check.startswith("gpu-verify"):
        assert results[check]["ok"] is True  # verify: ok, at the dtype tolerance
        assert math.isfinite(float(str(results[check]["max_rel"])))
    elif check.startswith("ptx-unfused-"):
        check_ptx(results[f"{check.removeprefix('ptx-unfused-')}-unfused"])
    else:
        check_ptx(results[check.removeprefix("ptx-")])


def test_known_failures_name_real_checks() -> None:
    """A stale line (a model that left the zoo, a renamed check) is an error too."""
    models = {p.stem for p in zoo_files()}
    checks = {check.partition("-sm_")[0] for check in CHECKS}
    checks |= {f"{ptx}-{chip}" for ptx in ("ptx", "ptx-unfused") for chip in ("sm_90", "sm_80")}
    stale = [key for key in KNOWN_FAILURES if key[0] not in models or key[1] not in checks]
    assert not stale, f"KNOWN_FAILURES names no model/check: {stale}"
