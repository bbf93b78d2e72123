"""Head-split transposes and reshapes folded into indexing maps (before planning).

`transforms/head_layout.py` and `batch_expand.py` change where elements are
read and written, never what is computed: the folded functions are run on the
CPU and compared with numpy.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.runner.run import run
from mlirfuse.transforms.head_layout import fold_head_layouts

HEADS = Path(__file__).resolve().parent.parent / "test_lit" / "fusion" / "head-layout.mlir"

# A transpose read by an elementwise op, and a grouped-query repeat (a copy
# generic broadcasting 2 key heads to 2 x 2) read by another.
COPIES = """
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rep_in = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @copies(%x: tensor<2x8x4xf32>, %k: tensor<2x5x3xf32>, %b: tensor<2x2x5x3xf32>) -> (tensor<2x4x8xf32>, tensor<2x2x5x3xf32>) {
  %e = tensor.empty() : tensor<2x4x8xf32>
  %t = linalg.transpose ins(%x : tensor<2x8x4xf32>) outs(%e : tensor<2x4x8xf32>) permutation = [0, 2, 1]
  %y = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t : tensor<2x4x8xf32>) outs(%e : tensor<2x4x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = math.exp %i : f32
    linalg.yield %v : f32
  } -> tensor<2x4x8xf32>
  %e4 = tensor.empty() : tensor<2x2x5x3xf32>
  %r = linalg.generic {indexing_maps = [#rep_in, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x5x3xf32>) outs(%e4 : tensor<2x2x5x3xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<2x2x5x3xf32>
  %s = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r, %b : tensor<2x2x5x3xf32>, tensor<2x2x5x3xf32>) outs(%e4 : tensor<2x2x5x3xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.addf %i, %j : f32
    linalg.yield %v : f32
  } -> tensor<2x2x5x3xf32>
  return %y, %s : tensor<2x4x8xf32>, tensor<2x2x5x3xf32>
}
"""

# A transpose read through an expand that adds a unit dim (Swin's relative
# position bias: [16, 16, 4] -> [4, 16, 16] -> [1, 4, 16, 16], added to the
# scores of every window).
UNIT_EXPAND = """
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
func.func @bias(%b: tensor<6x5x4xf32>, %s: tensor<3x4x6x5xf32>) -> tensor<3x4x6x5xf32> {
  %e = tensor.empty() : tensor<4x6x5xf32>
  %t = linalg.transpose ins(%b : tensor<6x5x4xf32>) outs(%e : tensor<4x6x5xf32>) permutation = [2, 0, 1]
  %u = tensor.expand_shape %t [[0, 1], [2], [3]] output_shape [1, 4, 6, 5] : tensor<4x6x5xf32> into tensor<1x4x6x5xf32>
  %e4 = tensor.empty() : tensor<3x4x6x5xf32>
  %y = linalg.generic {indexing_maps = [#id4, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s, %u : tensor<3x4x6x5xf32>, tensor<1x4x6x5xf32>) outs(%e4 : tensor<3x4x6x5xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.addf %i, %j : f32
    linalg.yield %v : f32
  } -> tensor<3x4x6x5xf32>
  return %y : tensor<3x4x6x5xf32>
}
"""


def _folded(text: str) -> tuple[str, int]:
    ctx = make_context()
    module = parse_module(text, ctx)
    done = sum(fold_head_layouts(f) for f in function_ops(module.operation))
    assert module.operation.verify()
    return str(module), done


def _heads_reference(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    def split(x: np.ndarray) -> np.ndarray:  # 16 x 32 -> B x H x S x D
        return x.reshape(2, 8, 4, 8).transpose(0, 2, 1, 3)

    scores = np.tanh((split(q) @ split(k).transpose(0, 1, 3, 2)) * np.float32(0.25))
    out = scores @ split(v)
    return out.transpose(0, 2, 1, 3).reshape(16, 32)


def test_head_split_attention_has_no_copies_and_same_numbers() -> None:
    text = HEADS.read_text()
    folded, done = _folded(text)
    assert done > 0
    for gone in ("linalg.transpose", "linalg.batch_matmul"):
        assert gone not in folded
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((16, 32)).astype(np.float32) for _ in range(3))
    want = _heads_reference(q, k, v)
    (before,) = run(text, "heads", q, k, v, isolated=True)
    (after,) = run(folded, "heads", q, k, v, isolated=True)
    np.testing.assert_allclose(before, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(after, want, rtol=1e-5, atol=1e-5)


def test_copies_fold_into_their_readers() -> None:
    folded, done = _folded(COPIES)
    assert done == 2
    assert "linalg.transpose" not in folded
    assert "ins(%arg0 : tensor<2x8x4xf32>)" in folded  # exp reads x through the permuted map
    assert "ins(%arg1, %arg2 : tensor<2x5x3xf32>, tensor<2x2x5x3xf32>)" in folded
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 8, 4)).astype(np.float32)
    k = rng.standard_normal((2, 5, 3)).astype(np.float32)
    b = rng.standard_normal((2, 2, 5, 3)).astype(np.float32)
    y, s = run(folded, "copies", x, k, b, isolated=True)
    np.testing.assert_allclose(y, np.exp(x.transpose(0, 2, 1)), rtol=1e-6)
    np.testing.assert_allclose(s, k[:, None] + b, rtol=1e-6)


def test_a_copy_folds_through_a_unit_expand() -> None:
    folded, done = _folded(UNIT_EXPAND)
    assert done == 1
    assert "linalg.transpose" not in folded and "tensor.expand_shape" not in folded
    assert "affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>" in folded
    rng = np.random.default_rng(2)
    b = rng.standard_normal((6, 5, 4)).astype(np.float32)
    s = rng.standard_normal((3, 4, 6, 5)).astype(np.float32)
    (y,) = run(folded, "bias", b, s, isolated=True)
    np.testing.assert_allclose(y, s + b.transpose(2, 0, 1)[None], rtol=1e-6)


def test_folding_is_idempotent() -> None:
    once, _ = _folded(HEADS.read_text())
    twice, done = _folded(once)
    assert done == 0
    assert twice == once


def test_sixteen_bit_batch_matmuls_stay_named() -> None:
    """bf16 batch matmuls keep their named op (the tensor cores take those)."""
    text = HEADS.read_text().replace("f32>", "bf16>").replace(": f32", ": bf16")
    folded, _ = _folded(text)
    assert folded.count("linalg.batch_matmul") == 2
