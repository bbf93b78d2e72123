"""Kernel units whose destination is a read-only argument (destinations.py),
padded inputs reshaped before a grouped conv (padding.py) and the bf16
transposed-matmul fold (folds.py): each lowers to one launch with no host
code, and its GPU schedule, run on the CPU, matches numpy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import destinations, folds
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.prepare import functions, prepare_module
from mlirfuse.gpu.verify_schedule import run_gpu_schedule
from mlirfuse.runner import call_isolated

# A kernel unit as isolate.py writes it: the conv accumulates into its
# read-only third argument (another kernel's broadcast bias).
UNIT = """
func.func @mlirfuse_kernel(%x: tensor<1x4x6x6xf32> {bufferization.writable = false},
                           %w: tensor<4x3x3xf32> {bufferization.writable = false},
                           %bias: tensor<1x4x4x4xf32> {bufferization.writable = false}) -> tensor<1x4x4x4xf32> {
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%bias : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
"""


def depthwise(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    out = bias.astype(np.float64).copy()
    for i in range(3):
        for j in range(3):
            out += x[:, :, i : i + 4, j : j + 4] * w[None, :, i, j, None, None]
    return out


def test_an_argument_init_is_copied_inside_the_kernel() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(UNIT, ctx, "unit.mlir")
        (func,) = functions(module)
        assert destinations.copy_argument_inits(func) == 1
        assert module.operation.verify()
        copies = [op for op in walk(func) if "mlirfuse.init_copy" in op.attributes]
        assert len(copies) == 1 and copies[0].operands[0] == func.regions[0].blocks[0].arguments[2]
        assert destinations.copy_argument_inits(func) == 0  # the conv now owns its init


def lowered_launch(text: str, folder: Path) -> dict[str, Any]:
    """The launch of one unit lowered to PTX by the compile's own child
    (`kernel_job`), which reports host code as a located error."""
    (folder / "u.mlir").write_text(text)
    command = [sys.executable, "-m", "mlirfuse.gpu.kernel_job", str(folder), "u"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    error = folder / "u.error.json"
    assert done.returncode == 0, error.read_text() if error.is_file() else done.stderr[-2000:]
    launch: dict[str, Any] = json.loads((folder / "u.json").read_text())["launch"]
    return launch


def test_the_unit_is_one_launch_reading_its_init(tmp_path: Path) -> None:
    launch = lowered_launch(UNIT, tmp_path)
    buffers = [(p["buffer"]) for p in launch["params"] if p["kind"] == "memref"]
    assert sorted(buffers) == ["arg0", "arg1", "arg2", "result0"]
    assert launch["scratch"] == []


def test_the_unit_matches_numpy_under_its_gpu_schedule() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 4, 6, 6), dtype=np.float32)
    w = rng.standard_normal((4, 3, 3), dtype=np.float32)
    bias = rng.standard_normal((1, 4, 4, 4), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, UNIT, "mlirfuse_kernel", [x, w, bias], "unit")
    np.testing.assert_allclose(got, depthwise(x, w, bias), rtol=1e-5, atol=1e-5)


GROUPED = """
func.func @mlirfuse_kernel(%x: tensor<1x4x3x3xf32> {bufferization.writable = false}) -> tensor<1x2x2x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x3x3xf32> to tensor<1x4x5x5xf32>
  %g = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 5, 5] : tensor<1x4x5x5xf32> into tensor<1x2x2x5x5xf32>
  %e = tensor.empty() : tensor<1x2x2x5x5xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(a, b, c, d, e) -> (a, b, c, d, e)>, affine_map<(a, b, c, d, e) -> (a, b, c, d, e)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%g : tensor<1x2x2x5x5xf32>) outs(%e : tensor<1x2x2x5x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x5x5xf32>
  return %0 : tensor<1x2x2x5x5xf32>
}
"""


def test_an_expanded_pad_is_padded_in_the_kernel(tmp_path: Path) -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(GROUPED, ctx, "grouped.mlir")
        kernels, _ = prepare_module(module)
        assert module.operation.verify()
        names = [op.name for op in walk(module.operation)]
        assert "tensor.pad" not in names
        (kernel,) = kernels
        assert [op.name for op in kernel.ops] == ["linalg.generic", "linalg.generic"]
        assert "mlirfuse.pad" in kernel.ops[0].attributes
    launch = lowered_launch(GROUPED, tmp_path)
    assert sorted(p["buffer"] for p in launch["params"] if p["kind"] == "memref") == [
        "arg0",
        "result0",
    ]
    x = np.random.default_rng(1).standard_normal((1, 4, 3, 3), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, GROUPED, "mlirfuse_kernel", [x], "grouped")
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    np.testing.assert_array_equal(got, (padded * padded).reshape(1, 2, 2, 5, 5))


BF16_GROUP = """
func.func @f(%x: tensor<8x16xbf16>, %w: tensor<12x16xbf16>) -> tensor<8x12xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %et = tensor.empty() : tensor<16x12xbf16>
    %wt = linalg.transpose ins(%w : tensor<12x16xbf16>) outs(%et : tensor<16x12xbf16>) permutation = [1, 0]
    %e = tensor.empty() : tensor<8x12xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
    %m = linalg.matmul ins(%x, %wt : tensor<8x16xbf16>, tensor<16x12xbf16>) outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
    "gpu.yield"(%m) : (tensor<8x12xf32>) -> ()
  }) {fusion.pattern = "contraction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8x12xf32>
  return %r : tensor<8x12xf32>
}
"""


def test_the_transpose_fold_casts_bf16_inputs_to_the_accumulator() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(BF16_GROUP, ctx, "bf16.mlir")
        (matmul,) = [op for op in walk(module.operation) if op.name == "linalg.matmul"]
        generic = folds.fold_transpose_into_matmul(matmul)
        assert module.operation.verify()
        body = [op.operation.name for op in generic.regions[0].blocks[0].operations]
        assert body == ["arith.extf", "arith.extf", "arith.mulf", "arith.addf", "linalg.yield"]
        kinds = [str(k) for k in ir.ArrayAttr(generic.attributes["iterator_types"])]
        assert "reduction" in kinds[0]  # K outermost: the scalar tile's loop order
        names = [op.name for op in walk(module.operation)]
        assert "linalg.transpose" not in names


def bf16_bits(a: np.ndarray) -> np.ndarray:
    """float32 -> bf16 raw bits (truncation: exact for these small integers)."""
    return (a.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def test_the_bf16_group_matches_numpy_under_its_gpu_schedule() -> None:
    rng = np.random.default_rng(2)
    x = rng.integers(-4, 5, (8, 16)).astype(np.float32)
    w = rng.integers(-4, 5, (12, 16)).astype(np.float32)
    (got,) = call_isolated(run_gpu_schedule, BF16_GROUP, "f", [bf16_bits(x), bf16_bits(w)], "bf16")
    np.testing.assert_array_equal(got, x @ w.T)
