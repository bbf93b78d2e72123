"""Tensor-core contractions (`mlirfuse/gpu/mma.py`, `mma_rewrite.py`, `narrow.py`).

Without a GPU: the lanes' fragments are checked by emulating mma.sync's
m16n8k16 layout (PTX ISA, "Matrix Fragments for mma.m16n8k16") in numpy;
the schedule runs on the CPU at the tiled-linalg level (before the mma
rewrite); with ptxas, the zoo's f16 and bf16 models get mma.sync in every
contraction kernel and no spills.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import mma, narrow, ptx
from mlirfuse.gpu.cpu_check import run_schedule_on_cpu

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ROOT / "test_lit" / "gpu" / "mma-kernels.mlir"


def _emulate_warp(
    a: np.ndarray, b: np.ndarray, cols: int, a_t: bool = False, b_t: bool = False
) -> np.ndarray:
    """One warp's 16 x 4*cols output as the rewrite computes it: each lane
    (g, t) gathers its registers with `mma.fragment_*` from memory (A stored
    K x 16 when `a_t`, B stored N x K when `b_t`: `mma.stored` says where),
    the registers are put where PTX says mma.sync reads them, and the C
    registers are written back to the lane's own output tile (rows 2g, 2g+1;
    columns cols*t ...)."""
    a_mem, b_mem = (a.T if a_t else a), (b.T if b_t else b)
    k_steps = a.shape[1] // mma.MMA_K
    out = np.zeros((16, 4 * cols))
    for i_tile, j in [(0, j) for j in range(cols // 2)]:
        c_frag = np.zeros((16, 8))
        for kk in range(k_steps):
            a_frag, b_frag = np.full((16, 16), np.nan), np.full((16, 8), np.nan)
            for lane in range(32):
                g, t = divmod(lane, 4)
                # the lane's A rows (its own subview: 2 x K, or K x 2 stored transposed)
                own = a_mem[:, 2 * g : 2 * g + 2] if a_t else a_mem[2 * g : 2 * g + 2]
                regs = [
                    [own[mma.stored(*p, a_t)] for p in pair]
                    for pair in mma.fragment_a(t, i_tile, kk)
                ]
                col = cols * t + mma.fragment_b_col(g, t, j, cols)
                b_regs = [
                    [b_mem[mma.stored(k, col, b_t)] for k in rows]
                    for rows in mma.fragment_b_rows(t, kk)
                ]
                for r, (lo, hi) in enumerate(regs):  # PTX a0..a7
                    row = g + 8 * (r % 2)
                    base = 2 * t + 8 * (r // 2)
                    a_frag[row, base], a_frag[row, base + 1] = lo, hi
                for r, (lo, hi) in enumerate(b_regs):  # PTX b0..b3
                    b_frag[2 * t + 8 * r, g], b_frag[2 * t + 8 * r + 1, g] = lo, hi
            assert not np.isnan(a_frag).any() and not np.isnan(b_frag).any()
            c_frag += a_frag @ b_frag
        for lane in range(32):
            g, t = divmod(lane, 4)
            values = [
                c_frag[g, 2 * t],
                c_frag[g, 2 * t + 1],
                c_frag[g + 8, 2 * t],
                c_frag[g + 8, 2 * t + 1],
            ]
            for value, (r, c) in zip(values, mma.fragment_c(i_tile, j), strict=True):
                out[2 * g + r, cols * t + c] = value
    return out


@pytest.mark.parametrize("block_n", [8, 16, 24, 32])
@pytest.mark.parametrize(("a_t", "b_t"), [(False, False), (False, True), (True, False)])
def test_fragments_compute_each_lanes_own_tile(block_n: int, a_t: bool, b_t: bool) -> None:
    rng = np.random.default_rng(block_n)
    a = rng.standard_normal((16, 48))
    b = rng.standard_normal((48, block_n))
    got = _emulate_warp(a, b, block_n // 4, a_t, b_t)
    np.testing.assert_allclose(got, a @ b, rtol=1e-12, atol=1e-12)


WIDENED = """
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<32x64xf16>, %b: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<32x64xf32>
  %wa = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x64xf16>) outs(%ea : tensor<32x64xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<32x64xf32>
  %eb = tensor.empty() : tensor<64x16xf32>
  %wb = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<64x16xf16>) outs(%eb : tensor<64x16xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<64x16xf32>
  %e = tensor.empty() : tensor<32x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %m = linalg.matmul ins(%wa, %wb : tensor<32x64xf32>, tensor<64x16xf32>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %m : tensor<32x16xf32>
}
"""


def test_widened_operands_are_read_narrow() -> None:
    ctx = make_context()
    with ctx, ir.Location.unknown():
        module = parse_module(WIDENED, ctx, "widened")
        assert narrow.narrow_contraction_operands(module) == 1
        text = str(module)
    assert "arith.extf" not in text.split("linalg.matmul")[0]  # the widening generics are gone
    assert re.search(
        r"linalg\.matmul ins\(%arg0, %arg1 : tensor<32x64xf16>, tensor<64x16xf16>\)", text
    )


def test_tensor_core_schedule_runs_on_the_cpu() -> None:
    """The f16 kernel of mma-kernels.mlir under its mma schedule (2 x 8 lane
    tiles, 4 x 16 threads per block), run on the CPU before the mma rewrite."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 128)).astype(np.float16)
    b = rng.standard_normal((128, 64)).astype(np.float16)
    bias = rng.standard_normal(64).astype(np.float32)
    (got,), kernels = run_schedule_on_cpu(KERNELS.read_text(), [a, b, bias], func_name="mm_f16")
    want = np.maximum(a.astype(np.float32) @ b.astype(np.float32) + bias, 0).astype(np.float16)
    assert kernels == 2
    np.testing.assert_allclose(
        got.astype(np.float32), want.astype(np.float32), rtol=2e-3, atol=2e-3
    )


TRANSPOSED = ROOT / "test_lit" / "gpu" / "mma-transposed.mlir"


def _bf16(a: np.ndarray) -> np.ndarray:
    """float32 -> bf16 raw bits (truncation: exact for the quarter-integers used)."""
    return (a.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _from_bf16(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _quarters(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Small multiples of 1/4: exact in bf16 and f16, and so are their f32 dot products."""
    return (rng.integers(-8, 9, shape) / 4).astype(np.float32)


def _mma_elements(text: str) -> list[str | None]:
    """`Schedule.mma` of each kernel compile forms for `text`."""
    from mlirfuse.gpu.compile_job import fuse
    from mlirfuse.gpu.prepare import prepare_module
    from mlirfuse.gpu.schedule import make_schedule

    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(text, ctx, "mma-transposed")
        fuse(module, "h200")
        kernels, _ = prepare_module(module)
        return [make_schedule(k).mma for k in kernels]


def test_transposed_and_multiple_contractions_take_tensor_cores() -> None:
    assert _mma_elements(TRANSPOSED.read_text()) == ["bf16", "f16", "bf16", "bf16"]


def test_the_transpose_fold_keeps_a_named_matmul_for_tensor_cores() -> None:
    """x . W^T with bf16 operands and whole mma tiles: a `linalg.matmul`
    reading W (N x K) through a transposed map, not a contraction generic."""
    from mlirfuse.gpu import folds
    from mlirfuse.gpu.irutil import walk

    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(TRANSPOSED.read_text(), ctx, "mma-transposed")
        matmul = next(op for op in walk(module.operation) if op.name == "linalg.matmul")
        new = folds.fold_transpose_into_matmul(matmul)
        assert module.operation.verify()
        assert new.name == "linalg.matmul" and mma.operand_layout(new) == (False, True)
        assert mma.mma_element(new) == "bf16"
        assert str(new.operands[1].type) == "tensor<64x128xbf16>"  # W itself
        func = new.parent
        assert func is not None and func.name == "func.func"  # @mm_wt
        assert "linalg.transpose" not in [op.name for op in walk(func)]


def _silu(x: np.ndarray) -> np.ndarray:
    return x / (1 + np.exp(-x))


def test_transposed_tensor_core_kernels_run_on_the_cpu() -> None:
    """Each kernel of mma-transposed.mlir under its mma schedule (before the
    rewrite) against numpy: x . W^T + bias, A stored K x M, SwiGLU's two
    contractions in one nest, sibling K/V projections."""
    rng = np.random.default_rng(3)
    text = TRANSPOSED.read_text()
    x, w, bias = _quarters(rng, (64, 128)), _quarters(rng, (64, 128)), _quarters(rng, (64,))
    (got,), _ = run_schedule_on_cpu(text, [_bf16(x), _bf16(w), bias], func_name="mm_wt")
    np.testing.assert_allclose(_from_bf16(got), x @ w.T + bias, rtol=8e-3)
    xt, w2 = _quarters(rng, (64, 32)), _quarters(rng, (64, 16))
    inputs = [xt.astype(np.float16), w2.astype(np.float16)]
    (got,), _ = run_schedule_on_cpu(text, inputs, func_name="mm_at")
    np.testing.assert_allclose(got.astype(np.float32), xt.T @ w2, rtol=1e-3)
    x3, wg, wu = _quarters(rng, (32, 64)), _quarters(rng, (48, 64)), _quarters(rng, (48, 64))
    (got,), _ = run_schedule_on_cpu(text, [_bf16(x3), _bf16(wg), _bf16(wu)], func_name="swiglu")
    want = _silu(x3 @ wg.T) * (x3 @ wu.T)
    np.testing.assert_allclose(_from_bf16(got), want, rtol=8e-3, atol=1e-5)
    wk, wv = _quarters(rng, (32, 64)), _quarters(rng, (32, 64))
    (k, v), _ = run_schedule_on_cpu(text, [_bf16(x3), _bf16(wk), _bf16(wv)], func_name="kv")
    np.testing.assert_allclose(_from_bf16(k), x3 @ wk.T, rtol=8e-3)
    np.testing.assert_allclose(_from_bf16(v), x3 @ wv.T, rtol=8e-3)


needs_ptxas = pytest.mark.skipif(ptx.find_ptxas() is None, reason="ptxas not on PATH")


# model: (contraction kernels, their mma.sync's types). gpt2_block_f16: QKV,
# out-projection, MLP up and down; llama_block_bf16: Q, K/V (siblings),
# out-projection, SwiGLU gate/up (one nest), down; its projections read
# transposed weights. QK^T and PV are in the attention kernel of each.
MODELS = {
    "gpt2_block_f16": (4, "f16"),
    "llama_block_bf16": (5, "bf16"),
}


# sm_90 in make test; both chips under `make zoo-check` (a model's compile
# takes about a minute; sm_80's mma.sync kernels are checked by
# test_lit/gpu/mma-kernels.mlir and mma-transposed.mlir).
CHIPS = ["sm_90", "sm_80"] if os.environ.get("MLIRFUSE_ZOO_CHECK") == "full" else ["sm_90"]


@needs_ptxas
@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("model", sorted(MODELS))
def test_16bit_model_contractions_use_tensor_cores_without_spills(model: str, chip: str) -> None:
    from mlirfuse.gpu.feedback import compile_in_child

    summary, text = compile_in_child(ROOT / "models" / f"{model}.mlir", chip)
    kernels = summary["kernels"]
    assert isinstance(kernels, list)
    contraction = [n for n, k in enumerate(kernels) if k["kind"] == "contraction"]
    count, element = MODELS[model]
    assert len(contraction) == count
    for number in contraction:
        body = re.search(rf"\.entry \w+_k{number}\((.*?)\n}}", text, re.S)
        assert body is not None
        instruction = f"mma.sync.aligned.m16n8k16.row.col.f32.{element}.{element}.f32"
        assert instruction in body.group(1), number
    rows = ptx.run_ptxas(text, chip)
    assert rows and all(r.spills == 0 for r in rows), [(r.name, r.spills) for r in rows if r.spills]
