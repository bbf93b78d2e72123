"""Attention read through its head split (test_lit/fusion/attention-head-split.mlir).

Q, K, V reach the chain as collapsed transposes of B x S x H x D
projections; the attention group reads those tensors itself (key blocks
sliced along S, contractions indexing through the permutations), so no
transpose is left outside it. Checked on the CPU against numpy and against
the unfused IR, with attention on and with auto under search=auto (which
takes it), and fusing the fused IR again changes nothing; the GPU schedule
(one attention kernel indexing the B x S x H x D tensors) run on the CPU.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.engine import CompiledFunction

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "test_lit" / "fusion" / "attention-head-split.mlir"
PIPELINES = {
    "on": "builtin.module(mlirfuse-fuse{attention=true})",
    "auto": "builtin.module(mlirfuse-fuse{search=auto})",
}


def _fused(text: str, pipeline: str) -> tuple[str, int]:
    module = parse_module(text, make_context(), "attention-head-split")
    run_pipeline(module, pipeline)
    return module.operation.get_asm(), count_kernels(module)


def _run(text: str, *arrays: np.ndarray) -> np.ndarray:
    with CompiledFunction(text, "attn", source_name="attention-head-split") as compiled:
        return np.asarray(compiled(*arrays)[0])


def _expected(q2: np.ndarray, k2: np.ndarray, v2: np.ndarray, mask: np.ndarray) -> np.ndarray:
    def heads(x: np.ndarray) -> np.ndarray:  # (B*S, H*D) -> (B, H, S, D)
        return x.reshape(2, 32, 2, 4).transpose(0, 2, 1, 3)

    q, k, v = heads(q2), heads(k2), heads(v2)
    scores = 0.5 * (q @ k.transpose(0, 1, 3, 2)) + mask
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    out = (e / e.sum(axis=-1, keepdims=True)) @ v  # (B, H, S, D)
    return out.transpose(0, 2, 1, 3).reshape(64, 8)


def _rel(actual: np.ndarray, expected: np.ndarray) -> float:
    return float(np.abs(actual - expected).max() / np.abs(expected).max())


def _inputs() -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(3)
    q2, k2, v2 = (rng.standard_normal((64, 8)).astype(np.float32) for _ in range(3))
    mask = np.where(rng.random((2, 1, 1, 32)) < 0.3, -1e9, 0.0).astype(np.float32)
    return q2, k2, v2, mask


@pytest.mark.parametrize("mode", sorted(PIPELINES))
def test_head_split_attention_reads_through_the_transposes(mode: str) -> None:
    q2, k2, v2, mask = _inputs()
    source = SOURCE.read_text()
    text, kernels = _fused(source, PIPELINES[mode])
    assert '"attention"' in text and "linalg.transpose" not in text
    assert kernels == 1
    actual = _run(text, q2, k2, v2, mask)
    assert _rel(actual, _expected(q2, k2, v2, mask)) <= 1e-5
    assert _rel(actual, _run(source, q2, k2, v2, mask)) <= 1e-5
    again, _ = _fused(text, PIPELINES[mode])
    assert again == text, "fusing the fused IR changed it"


def test_head_split_gpu_schedule_matches_numpy() -> None:
    arrays = _inputs()
    results, kernels = run_schedule_on_cpu(
        SOURCE.read_text(), list(arrays), "attention-head-split", pipeline=PIPELINES["auto"]
    )
    assert kernels == 1
    assert _rel(np.asarray(results[0]), _expected(*arrays)) <= 1e-5
