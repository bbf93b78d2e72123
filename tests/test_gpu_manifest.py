"""`mlirfuse compile -o OUT.ptx` writes OUT.json; the manifest interpreter
(`manifest_check`) accepts it for every model of the zoo and catches broken
ones; identical kernels are compiled once and still get one `.entry` each."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mlirfuse.gpu.manifest_check import check_manifest, ptx_entries
from tests.conftest import zoo_files


def compile_model(path: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(path), "-o", str(out), *extra]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def compiled(tmp_path_factory: pytest.TempPathFactory, model: str) -> tuple[dict[str, Any], str]:
    """A zoo model's manifest and PTX, by `mlirfuse compile -o`."""
    out = tmp_path_factory.mktemp(model) / f"{model}.ptx"
    done = compile_model(zoo_files()[0].parent / f"{model}.mlir", out)
    assert done.returncode == 0, done.stderr
    return json.loads(out.with_suffix(".json").read_text()), out.read_text()


@pytest.fixture(scope="module")
def mlp(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    return compiled(tmp_path_factory, "mlp_gelu")


# Every zoo model's manifest is checked against its PTX by tests/test_zoo.py
# (the `ptx-*` checks read `manifest_errors` from the compile stage), fused
# and unfused; here, what one model's manifest says, and broken manifests.


def test_mlp_manifest_chains_its_kernels(mlp: tuple[dict[str, Any], str]) -> None:
    manifest, ptx = mlp
    (function,) = manifest["functions"]
    launches = function["launches"]
    assert [p["buffer"] for p in launches[1]["params"] if p["access"] == "read"].count(
        "k0_out0"
    ) == 1
    assert function["results"] == [{"buffer": "k2_out0", "shape": [8, 128], "dtype": "f32"}]
    entry = ptx_entries(ptx)["mlp_gelu_k0"]
    # three 2-D memrefs and one 1-D memref: 2 pointers, offset, sizes, strides each
    assert len(entry) == 3 * 7 + 5 and entry[0] == ("u64", True)


def _broken(manifest: dict[str, Any], how: str) -> dict[str, Any]:
    broken = copy.deepcopy(manifest)
    function = broken["functions"][0]
    if how == "order":
        function["launches"].reverse()
    elif how == "param":
        function["launches"][0]["params"].pop()
    elif how == "size":
        function["buffers"][0]["shape"] = [1]
    elif how == "result":
        function["results"][0]["buffer"] = "k9_out0"
    elif how == "block":
        function["launches"][0]["block"] = [2048, 1, 1]
    elif how == "block-z":
        function["launches"][0]["block"] = [2, 2, 80]
    return broken


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("order", "before any launch writes it"),
        ("param", "PTX takes 26 parameters"),
        ("size", "overruns k0_out0"),
        ("result", "result k9_out0 is never computed"),
        ("block", "not 1..1024 threads"),
        ("block-z", "block [2, 2, 80] outside 1..[1024, 1024, 64]"),
    ],
)
def test_checker_catches_broken_manifest(
    mlp: tuple[dict[str, Any], str], how: str, message: str
) -> None:
    manifest, ptx = mlp
    errors = check_manifest(_broken(manifest, how), ptx)
    assert any(message in e for e in errors), errors


CHAIN = """
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %c = tensor.expand_shape %b [[0], [1, 2]] output_shape [64, 2, 64] : tensor<64x128xf32> into tensor<64x2x64xf32>
  %d = tensor.collapse_shape %c [[0], [1, 2]] : tensor<64x2x64xf32> into tensor<64x128xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  return %f : tensor<64x128xf32>
}
"""


def test_identical_kernels_compiled_once(tmp_path: Path) -> None:
    source = tmp_path / "chain.mlir"
    source.write_text(CHAIN)
    out = tmp_path / "chain.ptx"
    done = compile_model(source, out, "--no-fuse", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert "kernels: 3 (2 distinct)" in done.stdout  # the reshaped input is another kernel
    ptx = out.read_text()
    assert sorted(ptx_entries(ptx)) == ["chain_k0", "chain_k1", "chain_k2"]
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert check_manifest(manifest, ptx) == []
    if shutil.which("ptxas"):
        assembled = subprocess.run(
            ["ptxas", "-arch=sm_90", str(out), "-o", str(tmp_path / "chain.cubin")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert assembled.returncode == 0, assembled.stderr


@pytest.fixture(scope="module")
def densenet(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """densenet_layer returns an in-place concat: two results stored `within` it."""
    return compiled(tmp_path_factory, "densenet_layer")


def _parts(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in manifest["functions"][0]["buffers"] if "within" in b]


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("overlap", "leave a gap or overlap"),
        ("overrun", "overrun"),
        ("no concat", "no concat buffer"),
        ("write the concat", "writes concat cat0 itself"),
        ("read early", "reads cat0 before"),
    ],
)
def test_checker_catches_a_broken_in_place_concat(
    densenet: tuple[dict[str, Any], str], how: str, message: str
) -> None:
    manifest, ptx = copy.deepcopy(densenet[0]), densenet[1]
    assert check_manifest(manifest, ptx) == []
    function = manifest["functions"][0]
    first, second = sorted(_parts(manifest), key=lambda b: b["within"]["offset"])
    if how == "overlap":
        second["within"]["offset"] -= 1
    elif how == "overrun":
        second["within"]["offset"] += 1
    elif how == "no concat":
        first["within"]["buffer"] = "k0_out1"
    else:
        param = next(
            p
            for p in function["launches"][0]["params"]
            if p["kind"] == "memref" and p["buffer"] == first["name"]
        )
        param["buffer"] = "cat0"
        if how == "read early":
            param["access"] = "read"
    errors = check_manifest(manifest, ptx)
    assert any(message in e for e in errors), errors
