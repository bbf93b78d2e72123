"""Attention with a dynamic query-row and key count (docs/attention.md, "A
dynamic sequence length"): the CPU form against numpy at row and key counts
with a partial last key block, and a dynamic depth refused, located."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.analysis.attention import find_attention
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.policy.attention import KEY_BLOCK, key_block
from mlirfuse.runner.engine import CompiledFunction

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "gpu" / "attention-dynamic-seq.mlir"
FUSE = "builtin.module(mlirfuse-fuse{attention=on})"


def _cross() -> str:
    return LIT.read_text().split("//--- cross.mlir\n")[1]


def _fused(text: str) -> tuple[str, int]:
    module = parse_module(text, make_context(), "cross")
    run_pipeline(module, FUSE)
    return module.operation.get_asm(), count_kernels(module)


def _expected(q: np.ndarray, kt: np.ndarray, v: np.ndarray, pad: np.ndarray) -> np.ndarray:
    scores = np.float32(0.35355339) * (q @ kt) + pad
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v


@pytest.mark.parametrize("rows,keys", [(3, 37), (20, 5), (16, 32), (1, 1)])
def test_dynamic_rows_and_keys_match_numpy(rows: int, keys: int) -> None:
    text, kernels = _fused(_cross())
    assert kernels == 1 and '"attention"' in text
    rng = np.random.default_rng(rows * 100 + keys)
    q = rng.standard_normal((2, rows, 8)).astype(np.float32)
    kt = rng.standard_normal((2, 8, keys)).astype(np.float32)
    v = rng.standard_normal((2, keys, 8)).astype(np.float32)
    pad = np.where(rng.random((2, 1, keys)) < 0.2, -1e4, 0).astype(np.float32)
    with CompiledFunction(text, "cross", source_name="cross") as compiled:
        actual = np.asarray(compiled(q, kt, v, pad)[0])
    expected = _expected(q, kt, v, pad)
    assert np.abs(actual - expected).max() / np.abs(expected).max() <= 1e-5


def test_a_dynamic_key_count_takes_full_blocks_but_the_last() -> None:
    assert key_block(None) == KEY_BLOCK and key_block(48) == 16 and key_block(37) == 1


def test_a_dynamic_depth_is_refused() -> None:
    text = _cross().replace("%v: tensor<2x?x8xf32>", "%v: tensor<2x?x?xf32>")
    text = text.replace(
        "tensor<2x?x?xf32>, tensor<2x?x8xf32>) outs(%fo",
        "tensor<2x?x?xf32>, tensor<2x?x?xf32>) outs(%fo",
    )
    with make_context() as ctx:
        module = parse_module(text, ctx, "cross")
        func = function_ops(module.operation)[0]
        (candidate,) = find_attention(func.regions[0].blocks[0])
        assert candidate.match is None
        assert candidate.reason.startswith("Q, K or V has a dynamic depth count")
