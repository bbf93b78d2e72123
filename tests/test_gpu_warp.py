"""Row reductions combined by warp shuffles, with coalesced 128-bit loads.

Every row kernel of these zoo models (softmax, LayerNorm, GPT-2's LayerNorms
and attention softmax) reduces through `shfl.sync.bfly` (a `gpu.all_reduce`
lowered by the NVVM pipeline), reads its row with `ld.global.v4` (one
thread per 4 elements; not GPT-2's 32-key softmax) and assembles with ptxas for sm_90 and sm_80 without
spills; the same schedule, run on the CPU, matches the unfused model.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlirfuse.gpu import ptx
from tests.conftest import zoo_files

MODELS = zoo_files()[0].parent
CASES = [
    ("softmax_lastdim", "sm_90"),
    ("softmax_lastdim", "sm_80"),
    ("layernorm_residual", "sm_90"),
    ("layernorm_residual", "sm_80"),
    ("gpt2_block", "sm_90"),
]


def entry_bodies(text: str) -> dict[str, str]:
    """The PTX text of each `.entry`, by name."""
    starts = [(m.start(), m.group(1)) for m in re.finditer(r"\.entry (\w+)\(", text)]
    ends = [s for s, _ in starts[1:]] + [len(text)]
    return {name: text[s:e] for (s, name), e in zip(starts, ends, strict=True)}


def row_kernels(manifest: dict[str, object]) -> list[str]:
    functions = manifest["functions"]
    assert isinstance(functions, list)
    return [k["kernel"] for f in functions for k in f["launches"] if k["schedule"] == "row"]


@pytest.mark.skipif(ptx.find_ptxas() is None, reason="ptxas not on PATH")
@pytest.mark.parametrize(("model", "chip"), CASES, ids=lambda c: str(c))
def test_row_kernels_shuffle_and_load_128_bits(model: str, chip: str, tmp_path: Path) -> None:
    out = tmp_path / f"{model}.ptx"
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(MODELS / f"{model}.mlir")]
    done = subprocess.run(
        [*command, "--chip", chip, "-o", str(out)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    text = out.read_text()
    rows = row_kernels(json.loads(out.with_suffix(".json").read_text()))
    assert rows, "no row kernel"
    bodies = entry_bodies(text)
    for kernel in rows:
        assert "shfl.sync.bfly.b32" in bodies[kernel], kernel
    # 128-bit row loads (LLVM prints them .b32 or .f32); GPT-2's 32-key
    # softmax is read one element per thread (a row shorter than 16 x 4).
    assert re.search(r"ld\.global\.v4\.[bf]32", text)
    resources = ptx.run_ptxas(text, chip)
    assert {r.name for r in resources} >= set(rows)
    assert all(r.spill_stores == 0 and r.spill_loads == 0 for r in resources)


@pytest.mark.parametrize("model", sorted({m for m, _ in CASES}))
def test_row_schedule_numerics_on_cpu(model: str) -> None:
    path = MODELS / f"{model}.mlir"
    command = [sys.executable, "-m", "mlirfuse.cli", "verify", str(path), "--schedule", "gpu"]
    done = subprocess.run(
        [*command, "--inputs", str(path.with_suffix(".npz"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "verify: ok" in done.stdout
