"""Determinism and idempotence (issue 8).

Same input, same output, byte for byte: across runs and across
PYTHONHASHSEED values (set iteration order, dict-of-set order and id-based
hashing are the usual culprits), for `mlirfuse-opt` with `mlirfuse-fuse` on
every shared workload and for `mlirfuse plan --format json`. Fusing fused IR
changes nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import workload_files

HASH_SEEDS = ("0", "4242")  # two runs that also differ in hash seed
WORKLOADS = workload_files()
OPT = [sys.executable, "-m", "mlirfuse.tools.mlirfuse_opt", "--no-isolation"]
CLI = [sys.executable, "-m", "mlirfuse.cli"]
SEARCHES = ("greedy", "auto")


def _run(argv: list[str], hash_seed: str, stdin: str | None = None) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    proc = subprocess.run(argv, capture_output=True, text=True, input=stdin, env=env, timeout=300)
    assert proc.returncode == 0, (
        f"{' '.join(argv)} (PYTHONHASHSEED={hash_seed}) exit {proc.returncode}:\n{proc.stderr[-3000:]}"
    )
    assert proc.stdout.strip(), "no output"
    return proc.stdout


def _fuse(path: Path, search: str, hash_seed: str) -> str:
    pipeline = f"--pass-pipeline=builtin.module(mlirfuse-fuse{{search={search}}})"
    return _run([*OPT, str(path), pipeline], hash_seed)


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("path", WORKLOADS, ids=[p.stem for p in WORKLOADS])
def test_fuse_output_is_byte_identical_across_hash_seeds_and_idempotent(
    path: Path, search: str
) -> None:
    outputs = [_fuse(path, search, seed) for seed in HASH_SEEDS]
    assert all(out == outputs[0] for out in outputs[1:]), (
        "fused IR differs between runs / hash seeds"
    )
    pipeline = f"--pass-pipeline=builtin.module(mlirfuse-fuse{{search={search}}})"
    again = _run([*OPT, "-", pipeline], "7", stdin=outputs[0])
    assert again == outputs[0], "fusing fused IR changed it (not idempotent)"


@pytest.mark.parametrize("path", WORKLOADS, ids=[p.stem for p in WORKLOADS])
def test_plan_json_is_byte_identical_across_hash_seeds(path: Path) -> None:
    argv = [*CLI, "plan", str(path), "--format", "json", "--search", "auto"]
    outputs = [_run(argv, seed) for seed in HASH_SEEDS]
    assert outputs[0] == outputs[1], "plan JSON depends on PYTHONHASHSEED"


def test_fuzz_generator_is_independent_of_hash_seed() -> None:
    script = (
        "from mlirfuse.fuzz.generator import generate\n"
        "from mlirfuse.fuzz.render import render_module\n"
        "print(render_module([generate(5, i) for i in range(40)]))\n"
    )
    outputs = [_run([sys.executable, "-c", script], seed) for seed in HASH_SEEDS]
    assert outputs[0] == outputs[1]
