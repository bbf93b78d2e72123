"""An einsum's result chain written by its contraction (`transforms/einsum_chains.py`).

torch-mlir reshapes and transposes an einsum's `(batch, m, n)` result back
to the einsum's output layout (a mixture of experts' `td,edh->eth` and its
weight gradient, `train_moe_top2`); the transpose after the reshapes was a
copy kernel of its own. The contraction now writes the chain's last value
directly, over loops merged where every tensor holds their factors adjacent
(the 24 tokens the input's `2 x 12` split are one loop when the output
writes them as one dim): no transpose left, no reshape between the
contraction and its readers, and the numbers unchanged (numpy).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.runner.run import run
from mlirfuse.transforms.einsum_chains import fold_einsum_chains
from mlirfuse.transforms.unit_batch import unit_batch_matmuls

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "gpu"


def _folded(name: str) -> tuple[str, str]:
    """(the lit case as written, rewritten as the GPU back end plans it)."""
    text = (LIT / name).read_text()
    module = parse_module(text, make_context())
    (func,) = function_ops(module.operation)
    unit_batch_matmuls(func)
    assert fold_einsum_chains(func) >= 1
    assert module.operation.verify()
    assert fold_einsum_chains(func) == 0  # a fixed point
    return text, str(module)


def test_the_gradient_writes_the_weight_layout() -> None:
    text, rewritten = _folded("einsum-output-chain-grad.mlir")
    assert "linalg.transpose" not in rewritten
    assert "tensor.collapse_shape" not in rewritten and "tensor.expand_shape" not in rewritten
    assert "-> tensor<4x32x64xf32>" in rewritten
    rng = np.random.default_rng(0)
    x = rng.standard_normal((24, 32)).astype(np.float32)
    g = rng.standard_normal((4, 24, 64)).astype(np.float32)
    want = np.einsum("td,eth->edh", x, g)
    for source in (text, rewritten):
        (got,) = run(source, "grad", x, g, isolated=True)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_the_experts_write_merged_tokens() -> None:
    text, rewritten = _folded("einsum-output-chain.mlir")
    assert "linalg.transpose" not in rewritten
    # Each projection writes (e, t, h) with the 24 tokens one dim, its input
    # read as 24 x 32: no reshape between it and the SiLU that reads it.
    assert "tensor<4x2x12x64xf32>" not in rewritten
    assert "tensor.expand_shape" not in rewritten
    assert rewritten.count("tensor.collapse_shape %arg0") == 2  # views of the argument
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 12, 32)).astype(np.float32)
    w2 = rng.standard_normal((4, 32, 64)).astype(np.float32)
    w3 = rng.standard_normal((4, 32, 64)).astype(np.float32)
    gate = np.einsum("td,edh->eth", x.reshape(24, 32), w3)
    up = np.einsum("td,edh->eth", x.reshape(24, 32), w2)
    sig = 1 / (1 + np.exp(-gate))
    for source in (text, rewritten):
        got = run(source, "experts", x, w2, w3, isolated=True)
        np.testing.assert_allclose(got[0], sig, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(got[1], gate * sig, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(got[2], up, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(got[3], gate * sig * up, rtol=1e-5, atol=1e-5)
