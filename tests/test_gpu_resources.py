"""`dense_resource` constants (resources.py): decoded from the printed
resource section to the same values as numpy reads from the hex, inlined
before the GPU lowering, and carried into the launch manifest as values."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.manifest_check import check_manifest
from mlirfuse.gpu.resources import ResourceError, inline_dense_resources, resource_blobs


def blob(values: np.ndarray) -> str:
    """A resource blob as MLIR prints it: 4-byte alignment, then the data."""
    alignment = np.array([values.dtype.itemsize], "<u4").tobytes()
    return "0x" + (alignment + values.tobytes()).hex().upper()


INDICES = np.array([[3, 0], [2, 1]], dtype="<i8")
MASK = np.array([True, False, True])
HALVES = np.array([1.5, -2.0], dtype="<f2")


def module_text(index_blob: str) -> str:
    return f"""
func.func @f() -> (tensor<2x2xi64>, tensor<3xi1>, tensor<2xf16>) {{
  %i = arith.constant dense_resource<torch_tensor_2_2_torch.int64> : tensor<2x2xi64>
  %m = arith.constant dense_resource<"mask.1"> : tensor<3xi1>
  %h = arith.constant dense_resource<halves> : tensor<2xf16>
  return %i, %m, %h : tensor<2x2xi64>, tensor<3xi1>, tensor<2xf16>
}}
{{-#
  dialect_resources: {{
    builtin: {{
      torch_tensor_2_2_torch.int64: "{index_blob}",
      "mask.1": "{blob(MASK.astype(np.uint8))}",
      halves: "{blob(HALVES)}"
    }}
  }}
#-}}
"""


def test_blobs_are_read_from_the_printed_section() -> None:
    blobs = resource_blobs(module_text(blob(INDICES)))
    assert blobs["torch_tensor_2_2_torch.int64"] == INDICES.tobytes().hex().upper()
    assert blobs["mask.1"] == "010001"
    assert len(blobs) == 3


def test_dense_resources_become_dense_constants_of_the_same_values() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(module_text(blob(INDICES)), ctx, "r.mlir")
        assert inline_dense_resources(module) == 3
        assert module.operation.verify()
        text = module.operation.get_asm(enable_debug_info=False)
        assert "dense_resource" not in text and "dialect_resources" not in text
        values = [
            op.attributes["value"] for op in walk(module.operation) if op.name == "arith.constant"
        ]
        assert str(values[0]) == "dense<[[3, 0], [2, 1]]> : tensor<2x2xi64>"
        assert str(values[1]) == "dense<[true, false, true]> : tensor<3xi1>"
        np.testing.assert_array_equal(np.array(values[2]), HALVES)
        assert inline_dense_resources(module) == 0


def test_a_blob_of_the_wrong_size_is_a_located_error() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(module_text(blob(INDICES[0])), ctx, "r.mlir")
        with pytest.raises(ResourceError, match="holds 16 bytes, tensor<2x2xi64> needs 32"):
            inline_dense_resources(module)


GATHER = f"""
#id = affine_map<(d0) -> (d0)>
func.func @gather(%a: tensor<4xf32>) -> tensor<4xf32> {{
  %idx = arith.constant dense_resource<torch_tensor_4_torch.int64> : tensor<4xi64>
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%idx : tensor<4xi64>) outs(%e : tensor<4xf32>) {{
  ^bb0(%i: i64, %o: f32):
    %k = arith.index_cast %i : i64 to index
    %v = tensor.extract %a[%k] : tensor<4xf32>
    linalg.yield %v : f32
  }} -> tensor<4xf32>
  return %0 : tensor<4xf32>
}}
{{-#
  dialect_resources: {{ builtin: {{ torch_tensor_4_torch.int64: "{blob(np.array([2, 0, 3, 1], "<i8"))}" }} }}
#-}}
"""


def test_a_gather_through_resource_indices_compiles_with_its_values(tmp_path: Path) -> None:
    source = tmp_path / "gather.mlir"
    source.write_text(GATHER)
    out = tmp_path / "gather.ptx"
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(source), "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    manifest = json.loads(out.with_suffix(".json").read_text())
    (function,) = manifest["functions"]
    (constant,) = [b for b in function["buffers"] if b["role"] == "constant"]
    assert constant["dtype"] == "i64" and constant["values"] == [2, 0, 3, 1]
    assert check_manifest(manifest, out.read_text()) == []
