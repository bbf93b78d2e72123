"""Attention with a dynamic query-row and key count (docs/attention.md, "A
dynamic sequence length"): the CPU form against numpy at row and key counts
with a partial last key block, and a dynamic depth refused, located."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from mlirfuse.analysis.attention import find_attention
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.policy.attention import KEY_BLOCK, key_block
from mlirfuse.runner.engine import CompiledFunction

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "gpu" / "attention-dynamic-seq.mlir"
FUSE = "builtin.module(mlirfuse-fuse{attention=on})"
# Q·Kᵀ with K read as (b, n, d).
QK_T = """%s = linalg.generic {indexing_maps = [
    affine_map<(b, m, n, d) -> (b, m, d)>, affine_map<(b, m, n, d) -> (b, n, d)>,
    affine_map<(b, m, n, d) -> (b, m, n)>],
    iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
    ins(%q, %kt : tensor<2x?x8xf32>, tensor<2x24x8xf32>) outs(%fs : tensor<2x?x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %ab = arith.mulf %a, %b : f32
    %y = arith.addf %o, %ab : f32
    linalg.yield %y : f32
  } -> tensor<2x?x24xf32>"""


def _cross() -> str:
    return LIT.read_text().split("//--- cross.mlir\n")[1]


def _fused(text: str) -> tuple[str, int]:
    module = parse_module(text, make_context(), "cross")
    run_pipeline(module, FUSE)
    return module.operation.get_asm(), count_kernels(module)


def _gpu_schedule(text: str, *arrays: np.ndarray) -> np.ndarray:
    """The GPU schedule (one attention kernel) run on the CPU."""
    rows = arrays[0].shape[1]
    results, kernels = run_schedule_on_cpu(
        text, list(arrays), "cross", pipeline=FUSE, result_shapes=[(2, rows, 8)]
    )
    assert kernels == 1
    return results[0]


def _close(actual: np.ndarray, expected: np.ndarray) -> bool:
    return float(np.abs(actual - expected).max() / np.abs(expected).max()) <= 1e-5


def _expected(q: np.ndarray, kt: np.ndarray, v: np.ndarray, pad: np.ndarray) -> np.ndarray:
    scores = np.float32(0.35355339) * (q @ kt) + pad
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v


@pytest.mark.parametrize("rows,keys", [(3, 37), (20, 5), (16, 32), (1, 1), (70, 19)])
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
    assert _close(actual, expected)
    assert _close(_gpu_schedule(_cross(), q, kt, v, pad), expected)


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


def _rows_only(text: str) -> str:
    """@cross with K read as (b, n, d) (a contraction generic) and a
    static key count of 24: only the query rows are dynamic."""
    text = re.sub(r"%s = linalg.batch_matmul [^\n]*", lambda _: QK_T, text)
    text = text.replace("%kt: tensor<2x8x?xf32>", "%kt: tensor<2x24x8xf32>")
    text = text.replace("%v: tensor<2x?x8xf32>", "%v: tensor<2x24x8xf32>")
    text = text.replace("%pad: tensor<2x1x?xf32>", "%pad: tensor<2x1x24xf32>")
    text = text.replace(
        "%n = tensor.dim %kt, %c2 : tensor<2x8x?xf32>", "%n = arith.constant 24 : index"
    )
    text = text.replace("tensor<2x?x?xf32>", "tensor<2x?x24xf32>")
    text = text.replace("tensor<2x1x?xf32>", "tensor<2x1x24xf32>")
    text = text.replace("tensor.empty(%m, %n)", "tensor.empty(%m)")
    return text.replace(
        "tensor<2x?x24xf32>, tensor<2x?x8xf32>) outs(%fo",
        "tensor<2x?x24xf32>, tensor<2x24x8xf32>) outs(%fo",
    )


@pytest.mark.parametrize("rows", [1, 7, 40, 129])
def test_dynamic_rows_static_keys_k_transposed(rows: int) -> None:
    text, kernels = _fused(_rows_only(_cross()))
    assert kernels == 1 and '"attention"' in text
    rng = np.random.default_rng(rows)
    q = rng.standard_normal((2, rows, 8)).astype(np.float32)
    k = rng.standard_normal((2, 24, 8)).astype(np.float32)
    v = rng.standard_normal((2, 24, 8)).astype(np.float32)
    pad = np.where(rng.random((2, 1, 24)) < 0.2, -1e4, 0).astype(np.float32)
    with CompiledFunction(text, "cross", source_name="cross") as compiled:
        actual = np.asarray(compiled(q, k, v, pad)[0])
    expected = _expected(q, k.transpose(0, 2, 1), v, pad)
    assert _close(actual, expected)
    assert _close(_gpu_schedule(_rows_only(_cross()), q, k, v, pad), expected)
