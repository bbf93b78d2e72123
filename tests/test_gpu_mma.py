"""Tensor-core contractions (`mlirfuse/gpu/mma.py`, `mma_rewrite.py`, `narrow.py`).

Without a GPU: the lanes' fragments are checked by emulating mma.sync's
m16n8k16 layout (PTX ISA, "Matrix Fragments for mma.m16n8k16") in numpy;
the schedule runs on the CPU at the tiled-linalg level (before the mma
rewrite); with ptxas, the zoo's f16 model gets mma.sync in every contraction
kernel and no spills.
"""

from __future__ import annotations

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


def _emulate_warp(a: np.ndarray, b: np.ndarray, cols: int) -> np.ndarray:
    """One warp's 16 x 4*cols output as the rewrite computes it: each lane
    (g, t) gathers its registers with `mma.fragment_*`, the registers are put
    where PTX says mma.sync reads them, and the C registers are written back
    to the lane's own output tile (rows 2g, 2g+1; columns cols*t ...)."""
    k_steps = a.shape[1] // mma.MMA_K
    out = np.zeros((16, 4 * cols))
    for i_tile, j in [(0, j) for j in range(cols // 2)]:
        c_frag = np.zeros((16, 8))
        for kk in range(k_steps):
            a_frag, b_frag = np.full((16, 16), np.nan), np.full((16, 8), np.nan)
            for lane in range(32):
                g, t = divmod(lane, 4)
                own = a[2 * g : 2 * g + 2]  # the lane's A rows
                regs = [[own[p] for p in pair] for pair in mma.fragment_a(t, i_tile, kk)]
                col = cols * t + mma.fragment_b_col(g, t, j, cols)
                b_regs = [[b[k, col] for k in rows] for rows in mma.fragment_b_rows(t, kk)]
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


@pytest.mark.parametrize("block_n", [8, 16, 32])
def test_fragments_compute_each_lanes_own_tile(block_n: int) -> None:
    rng = np.random.default_rng(block_n)
    a = rng.standard_normal((16, 48))
    b = rng.standard_normal((48, block_n))
    got = _emulate_warp(a, b, block_n // 4)
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


needs_ptxas = pytest.mark.skipif(ptx.find_ptxas() is None, reason="ptxas not on PATH")


@needs_ptxas
@pytest.mark.parametrize("chip", ["sm_90", "sm_80"])
def test_f16_model_contractions_use_tensor_cores_without_spills(chip: str) -> None:
    from mlirfuse.gpu.feedback import compile_in_child

    summary, text = compile_in_child(ROOT / "models" / "gpt2_block_f16.mlir", chip)
    kernels = summary["kernels"]
    assert isinstance(kernels, list)
    contraction = [n for n, k in enumerate(kernels) if k["kind"] == "contraction"]
    assert len(contraction) == 6  # QKV, QK^T, PV, out-projection, MLP up and down
    for number in contraction:
        body = re.search(rf"\.entry \w+_k{number}\((.*?)\n}}", text, re.S)
        assert body is not None
        assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in body.group(1), number
    rows = ptx.run_ptxas(text, chip)
    assert rows and all(r.spills == 0 for r in rows), [(r.name, r.spills) for r in rows if r.spills]
