"""The online-softmax attention kernel (attention=true) against numpy.

Causal (linalg.index + select, in the chain) and additive (a mask tensor
broadcast over heads) masks; keys split into several blocks, so the
recurrence (running max and sum, rescaled partial output) is exercised.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.engine import CompiledFunction

ROOT = Path(__file__).resolve().parent.parent
CAUSAL = ROOT / "test_lit" / "fusion" / "attention-causal.mlir"
FUSE = "builtin.module(mlirfuse-fuse{{attention={on}}})"

ADDITIVE = """
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @attn(%q: tensor<4x8x4xf32>, %kt: tensor<4x4x48xf32>, %v: tensor<4x48x4xf32>,
                %mask: tensor<2x1x1x48xf32>) -> tensor<4x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e3 = tensor.empty() : tensor<4x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<4x8x4xf32>, tensor<4x4x48xf32>)
        outs(%f3 : tensor<4x8x48xf32>) -> tensor<4x8x48xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [2, 2, 8, 48]
       : tensor<4x8x48xf32> into tensor<2x2x8x48xf32>
  %e = tensor.empty() : tensor<2x2x8x48xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<2x2x8x48xf32>, tensor<2x1x1x48xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %er = tensor.empty() : tensor<2x2x8x1xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x2x8x48xf32>) outs(%mi : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<2x2x8x1xf32>) -> tensor<2x2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x2x8x48xf32>) outs(%si : tensor<2x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x2x8x48xf32>, tensor<2x2x8x1xf32>) outs(%e : tensor<2x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x2x8x48xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x2x8x48xf32> into tensor<4x8x48xf32>
  %eo = tensor.empty() : tensor<4x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v : tensor<4x8x48xf32>, tensor<4x48x4xf32>)
       outs(%fo : tensor<4x8x4xf32>) -> tensor<4x8x4xf32>
  return %o : tensor<4x8x4xf32>
}
"""


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _fused(text: str, on: bool) -> tuple[str, int]:
    ctx = make_context()
    module = parse_module(text, ctx, "attention")
    run_pipeline(module, FUSE.format(on="true" if on else "false"))
    return module.operation.get_asm(), count_kernels(module)


def _run(text: str, *arrays: np.ndarray) -> np.ndarray:
    with CompiledFunction(text, "attn", source_name="attention") as compiled:
        return np.asarray(compiled(*arrays)[0])


def _rel(actual: np.ndarray, expected: np.ndarray) -> float:
    return float(np.abs(actual - expected).max() / np.abs(expected).max())


def test_causal_matches_numpy() -> None:
    rng = np.random.default_rng(0)
    q, kt, v = (
        rng.standard_normal(s).astype(np.float32) for s in ((2, 8, 4), (2, 4, 32), (2, 32, 4))
    )
    text, kernels = _fused(CAUSAL.read_text(), on=True)
    assert kernels == 1 and '"attention"' in text
    scores = 0.5 * (q @ kt)
    scores[:, np.triu_indices(8, 1, 32)[0], np.triu_indices(8, 1, 32)[1]] = -np.inf
    expected = _softmax(scores) @ v
    assert _rel(_run(text, q, kt, v), expected) <= 1e-5


@pytest.mark.parametrize("on", [True, False])
def test_additive_mask_matches_numpy(on: bool) -> None:
    rng = np.random.default_rng(1)
    q = rng.standard_normal((4, 8, 4)).astype(np.float32)
    kt = rng.standard_normal((4, 4, 48)).astype(np.float32)
    v = rng.standard_normal((4, 48, 4)).astype(np.float32)
    mask = np.where(rng.random((2, 1, 1, 48)) < 0.3, -1e9, 0.0).astype(np.float32)
    text, kernels = _fused(ADDITIVE, on=on)
    assert ('"attention"' in text) == on
    if on:
        assert kernels == 1 and "tensor<2x2x8x48xf32>" not in text  # no full score tensor
    scores = (q @ kt).reshape(2, 2, 8, 48) + mask
    expected = (_softmax(scores).reshape(4, 8, 48) @ v).astype(np.float32)
    assert _rel(_run(text, q, kt, v, mask), expected) <= 1e-5
