"""bench/gpu/launch.py without a GPU: its fake backend walks the manifest's
allocations and launches (pointers must be allocations, parameter lists must
match the PTX's `.entry`), end to end on compiled models; and it imports
nothing of mlirfuse (it runs on the device machine alone)."""

from __future__ import annotations

import ast
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tests.conftest import MODELS_DIR, REPO_ROOT

LAUNCHER = REPO_ROOT / "bench" / "gpu" / "launch.py"
BACKENDS = REPO_ROOT / "bench" / "gpu" / "launch_backends.py"
MODELS = (
    "mlp_gelu",
    "softmax_lastdim",
    "mobilenetv2_inverted_residual",  # tensor constants
    "densenet_layer",  # results stored in an in-place concat
)


def load_launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("launch", LAUNCHER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What prepare.sh builds, for two models (no torch graphs)."""
    out = tmp_path_factory.mktemp("gpu-bench")
    for name in MODELS:
        for variant, extra in (("fused", []), ("unfused", ["--no-fuse"])):
            command = [
                sys.executable,
                "-m",
                "mlirfuse.cli",
                "compile",
                str(MODELS_DIR / f"{name}.mlir"),
            ]
            command += ["-o", str(out / f"{name}.{variant}.ptx"), *extra]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr
        shutil.copy(MODELS_DIR / f"{name}.npz", out)
    return out


def run_fake(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(LAUNCHER), str(folder), "--backend", "fake", "--repeats", "2"]
    return subprocess.run([*command, *extra], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("path", [LAUNCHER, BACKENDS], ids=lambda p: p.name)
def test_launcher_imports_only_stdlib_numpy_and_device_packages(path: Path) -> None:
    tree = ast.parse(path.read_text())
    names = {
        a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    names |= {
        n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
    }
    allowed = {"__future__", "numpy", "cupy", "torch", "launch_backends"} | set(
        sys.stdlib_module_names
    )
    assert names <= allowed and not names & {"mlirfuse", "mlir"}


def test_fake_backend_runs_every_launch(folder: Path, tmp_path: Path) -> None:
    done = run_fake(folder, "--out", str(tmp_path / "table.md"))
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {r["model"]: r for r in json.loads((tmp_path / "table.json").read_text())}
    assert rows["mlp_gelu"]["fused"]["launches"] == 3
    assert rows["mlp_gelu"]["unfused"]["launches"] > 3
    assert rows["softmax_lastdim"]["fused"]["launches"] == 1
    assert "| mlp_gelu | 3 / " in (tmp_path / "table.md").read_text()


def test_fake_backend_refuses_a_manifest_that_disagrees_with_the_ptx(
    folder: Path, tmp_path: Path
) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(folder, broken)
    path = broken / "mlp_gelu.fused.json"
    manifest = json.loads(path.read_text())
    manifest["functions"][0]["launches"][1]["params"].pop(0)
    path.write_text(json.dumps(manifest))
    done = run_fake(broken, "--models", "mlp_gelu")
    assert done.returncode == 1
    assert "fused FAILED" in done.stdout


def test_memref_parameter_packs_as_a_descriptor() -> None:
    launch = load_launcher()
    param = {"kind": "memref", "buffer": "t", "offset": 4, "sizes": [2, 3], "strides": [3, 1]}
    packed = launch.pack(param, {"t": 4096})
    assert [int(v) for v in packed] == [4096, 4096, 4, 2, 3, 3, 1]
    assert packed[0].dtype == np.uint64 and packed[2].dtype == np.int64
    (scalar,) = launch.pack({"kind": "scalar", "dtype": "f32", "value": 0.5}, {})
    assert scalar.dtype == np.float32 and float(scalar) == 0.5


def test_results_stored_in_a_concat_get_addresses_inside_its_buffer(folder: Path) -> None:
    """densenet_layer returns concat(x, conv(...)): the copy of x and the
    conv's result are stored in the returned buffer, at their element offsets."""
    launch = load_launcher()
    manifest = json.loads((folder / "densenet_layer.fused.json").read_text())
    (function,) = manifest["functions"]
    assert function["results"][0]["buffer"] == "cat0"
    placed = {b["name"]: b["within"] for b in function["buffers"] if "within" in b}
    assert sorted(w["offset"] for w in placed.values()) == [0, 32 * 28 * 28]
    data = np.load(folder / "densenet_layer.npz")
    inputs = [data[f"arg{i}"] for i in range(len(function["arguments"]))]
    backend = launch.FakeBackend()
    program = launch.Program(backend, folder, manifest, inputs)
    base = program.addresses["cat0"]
    for name, within in placed.items():
        assert program.addresses[name] == base + 4 * within["offset"]
    # A stored result has no allocation of its own.
    owned = len(function["arguments"]) + len(function["buffers"]) - len(placed)
    assert len(backend.allocations) == owned
    program.call()
    assert backend.launches == len(function["launches"]) == 3


SIXTEEN_BIT_TABLE = """
#m = affine_map<(d0) -> (d0)>
func.func @masked(%x: tensor<6x{t}>) -> tensor<6x{t}> {{
  %mask = arith.constant dense<[0.0, -6.0e+4, 0.1, {inf}, -2.5, 1.0e-3]> : tensor<6x{t}>
  %e = tensor.empty() : tensor<6x{t}>
  %r = linalg.generic {{indexing_maps = [#m, #m, #m], iterator_types = ["parallel"]}}
      ins(%x, %mask : tensor<6x{t}>, tensor<6x{t}>) outs(%e : tensor<6x{t}>) {{
  ^bb0(%a: {t}, %b: {t}, %o: {t}):
    %s = arith.addf %a, %b : {t}
    linalg.yield %s : {t}
  }} -> tensor<6x{t}>
  return %r : tensor<6x{t}>
}}
"""


@pytest.mark.parametrize("element", ["f16", "bf16"])
def test_a_16_bit_constant_reaches_the_device_with_its_bits(element: str, tmp_path: Path) -> None:
    """A kernel reading a non-splat f16 or bf16 constant: the manifest holds
    its values, and the launcher uploads the attribute's exact bits (bf16 as
    the raw uint16 the npz inputs use)."""
    from mlir import ir

    from mlirfuse.analysis.dense_values import dense_array
    from mlirfuse.context import make_context

    source = tmp_path / "masked.mlir"
    text = SIXTEEN_BIT_TABLE.format(t=element, inf="0x7F80" if element == "bf16" else "0x7C00")
    source.write_text(text)
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(source)]
    done = subprocess.run([*command, "-o", str(tmp_path / "m.ptx")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (function,) = json.loads((tmp_path / "m.json").read_text())["functions"]
    (buffer,) = [b for b in function["buffers"] if b["role"] == "constant"]
    with make_context():
        literal = text.split("arith.constant ")[1].split("\n")[0]
        expected = dense_array(ir.DenseElementsAttr(ir.Attribute.parse(literal)))
    bits = load_launcher().constant(buffer)
    assert bits.dtype == np.uint16 if element == "bf16" else bits.dtype == np.float16
    want = (expected.view(np.uint32) >> 16).astype(np.uint16) if element == "bf16" else expected
    np.testing.assert_array_equal(bits.view(np.uint16), want.view(np.uint16))
    splat = load_launcher().constant({"shape": [2], "dtype": element, "splat": -2.5})
    assert (splat.view(np.uint16) == want.view(np.uint16)[4]).all()
