"""16-bit attention (test_lit/fusion/attention-f16.mlir) as one kernel, against
the unfused IR and numpy, on the CPU form, the GPU schedule and in PTX.

The chain is the one torch-mlir exports for an f16 model: f16 operands
accumulated in f32, the scores narrowed, scaled and masked in f16 and widened
for the softmax, P narrowed before P·V, the output narrowed and its heads
transposed. The kernel keeps every rounding of the score ops; it cannot keep
P's (the online softmax divides by the row sum only at the end), so the fused
output may differ from the unfused one by about one f16 rounding of P.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mlirfuse.gpu import ptx
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from tests.test_attention import _fused, _rel, _run, _softmax

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "test_lit" / "fusion" / "attention-f16.mlir"
FUSE = "builtin.module(mlirfuse-fuse{attention=true})"
# One f16 rounding of P (2^-11 relative) carried through P·V, with margin.
P_ROUNDING = 4e-3


def _attention_only() -> str:
    """The file's first function, @attn (the second is the refused f16 softmax)."""
    text = SOURCE.read_text()
    return text[: text.index("// -----")]


def _inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(3)
    q = rng.standard_normal((4, 8, 4)).astype(np.float16)
    kt = rng.standard_normal((4, 4, 48)).astype(np.float16)
    v = rng.standard_normal((4, 48, 4)).astype(np.float16)
    mask = np.where(rng.random((1, 1, 8, 48)) < 0.3, -1e4, 0.0).astype(np.float16)
    return [q, kt, v, mask]


def _reference(q: np.ndarray, kt: np.ndarray, v: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """numpy with the model's roundings (scores and P in f16, statistics in f32)."""
    scores = (q.astype(np.float32) @ kt.astype(np.float32)).astype(np.float16)
    scores = (scores * np.float16(0.5)).reshape(2, 2, 8, 48)
    scores = (scores + mask).astype(np.float32)
    p = _softmax(scores).astype(np.float16).reshape(4, 8, 48)
    out = (p.astype(np.float32) @ v.astype(np.float32)).astype(np.float16)
    return out.reshape(2, 2, 8, 4).transpose(0, 2, 1, 3)


def test_fused_f16_chain_is_one_kernel_matching_unfused_and_numpy() -> None:
    text = _attention_only()
    arrays = _inputs()
    fused, kernels = _fused(text, on=True)
    assert kernels == 1
    assert "linalg.transpose" not in fused and "linalg.batch_matmul" not in fused
    got = _run(fused, *arrays)
    unfused = _run(text, *arrays)
    assert got.dtype == np.float16 and got.shape == (2, 8, 2, 4)
    assert _rel(unfused.astype(np.float32), _reference(*arrays).astype(np.float32)) <= 1e-3
    assert _rel(got.astype(np.float32), unfused.astype(np.float32)) <= P_ROUNDING


def test_f16_gpu_schedule_matches_the_cpu_form() -> None:
    text = _attention_only()
    arrays = _inputs()
    results, kernels = run_schedule_on_cpu(text, arrays, "attention-f16", pipeline=FUSE)
    cpu_form = _run(_fused(text, on=True)[0], *arrays)
    assert kernels == 1
    assert _rel(results[0].astype(np.float32), cpu_form.astype(np.float32)) <= 1e-3
    assert _rel(results[0].astype(np.float32), _reference(*arrays).astype(np.float32)) <= P_ROUNDING


def test_narrowing_after_the_heads_reshape_is_the_kernels_output() -> None:
    """@narrowed_after_heads (the file's third chunk): P·V reshaped to the
    heads, then narrowed; one kernel writes the narrowed, transposed output."""
    text = SOURCE.read_text().split("// -----")[2].replace("@narrowed_after_heads(", "@attn(")
    arrays = _inputs()
    fused, kernels = _fused(text, on=True)
    assert kernels == 1 and "linalg.transpose" not in fused
    got = _run(fused, *arrays)
    assert got.dtype == np.float16 and got.shape == (2, 8, 2, 4)
    reference = _reference(*arrays).astype(np.float32)
    assert _rel(got.astype(np.float32), reference) <= P_ROUNDING
    results, kernels = run_schedule_on_cpu(text, arrays, "attention-f16", pipeline=FUSE)
    assert kernels == 1
    assert _rel(results[0].astype(np.float32), reference) <= P_ROUNDING


@pytest.mark.skipif(ptx.find_ptxas() is None, reason="ptxas not on PATH")
@pytest.mark.parametrize("chip", ["sm_80", "sm_90"])
def test_f16_attention_kernel_lowers_to_ptx_ptxas_accepts(chip: str, tmp_path: Path) -> None:
    source = tmp_path / "attn.mlir"
    source.write_text(_attention_only())
    out = tmp_path / "attn.ptx"
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(source), "--chip", chip]
    done = subprocess.run(
        [*command, "-o", str(out), "--attention", "on"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    launches = json.loads(out.with_suffix(".json").read_text())["functions"][0]["launches"]
    assert [launch["schedule"] for launch in launches] == ["attention"]
    text = out.read_text()
    assert "cvt.f32.f16" in text and "cvt.rn.f16.f32" in text  # widened loads, narrowed stores
    resources = ptx.run_ptxas(text, chip)
    assert len(resources) == 1
    assert resources[0].spill_stores == 0 and resources[0].spill_loads == 0
