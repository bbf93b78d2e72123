"""Dynamic dimensions: size expressions, the split's reshapes, and a dynamic
batch compiled to PTX whose manifest the interpreter and the launcher
evaluate for several batch sizes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mlirfuse.gpu.host_reshapes import reassociation
from mlirfuse.gpu.manifest_check import check_manifest, instantiate
from mlirfuse.gpu.sizes import UnknownSize, arg_dim, binary, evaluate, product, substitute
from tests.conftest import REPO_ROOT
from tests.test_gpu_launch import load_launcher, run_fake

SOURCE = REPO_ROOT / "test_lit" / "gpu" / "dynamic-batch.mlir"
DYN = -9223372036854775808  # ShapedType.get_dynamic_size()


def test_size_expressions_fold_and_evaluate() -> None:
    rows = binary("mul", arg_dim(0, 0), 32)
    assert binary("floordiv", rows, 32) == arg_dim(0, 0)  # exact: 32 B / 32 = B
    assert binary("add", 0, rows) == rows and product([2, 3, 4]) == 24
    blocks = binary("ceildiv", rows, 64)
    assert evaluate(blocks, [[3, 32, 64]]) == 2 and evaluate(blocks, [[4, 32, 64]]) == 2
    assert evaluate(blocks, [[5, 32, 64]]) == 3
    assert substitute(rows, lambda arg, dim: 7) == 224
    with pytest.raises(UnknownSize):
        binary("floordiv", 4, 0)


def test_reshape_regroups_static_dims_around_the_dynamic_one() -> None:
    assert reassociation([DYN, 32, 128], [DYN, 32, 4, 32]) == [[0], [1], [2, 3]]
    assert reassociation([DYN, 128], [DYN, 4, 32, 1]) == [[0], [1, 2, 3]]
    assert reassociation([DYN, 32], [DYN, 64]) is None
    assert reassociation([DYN], [8, DYN]) is None


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("dynamic") / "dyn.ptx"
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(SOURCE), "--no-fuse"]
    done = subprocess.run([*command, "-o", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out, json.loads(out.with_suffix(".json").read_text())


def test_manifest_sizes_follow_the_batch(compiled: tuple[Path, dict[str, Any]]) -> None:
    out, manifest = compiled
    (function,) = manifest["functions"]
    for batch in (2, 5):
        shapes = [[batch, 32, 64], [64], [64, 64]]
        assert check_manifest(manifest, out.read_text(), shapes) == []
        concrete = instantiate(function, shapes)
        grids = [launch["grid"] for launch in concrete["launches"]]
        assert grids[0] == [batch, 4, 1]  # elementwise: one batch index per block
        assert grids[1] == [batch, 32, 1]  # row max: one row per block
        assert grids[3] == [batch * 32, 1, 1]  # matmul: one row per block
        sizes = {b["name"]: b["shape"] for b in concrete["buffers"]}
        assert sizes["k1_out0"] == [batch, 32] and sizes["k3_out0"] == [batch * 32, 64]
        assert concrete["results"][0]["shape"] == [batch, 32, 64]
    # A static dim that disagrees with the manifest is caught.
    errors = check_manifest(manifest, out.read_text(), [[2, 16, 64], [64], [64, 64]])
    assert errors and "argument arg0 of shape [2, 16, 64]" in errors[0]


def test_launcher_evaluates_the_sizes(
    compiled: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    out, manifest = compiled
    launch = load_launcher()
    (function,) = manifest["functions"]
    concrete = launch.concrete(function, [(3, 32, 64), (64,), (64, 64)])
    memref = concrete["launches"][3]["params"][0]
    assert memref["sizes"] == [96, 64] and memref["strides"] == [64, 1]
    assert [int(v) for v in launch.pack(memref, {"k2_out0": 4096})] == [
        4096,
        4096,
        0,
        96,
        64,
        64,
        1,
    ]
    with pytest.raises(ValueError):
        launch.concrete(function, [(3, 16, 64), (64,), (64, 64)])
    # End to end on the fake backend, for two batch sizes (a folder each).
    rng = np.random.default_rng(0)
    for batch in (2, 7):
        folder = tmp_path / f"b{batch}"
        folder.mkdir()
        for variant in ("fused", "unfused"):
            shutil.copy(out, folder / f"dyn.{variant}.ptx")
            text = json.dumps({**manifest, "ptx": f"dyn.{variant}.ptx"})
            (folder / f"dyn.{variant}.json").write_text(text)
        args = [
            rng.standard_normal(s).astype(np.float32) for s in ((batch, 32, 64), (64,), (64, 64))
        ]
        np.savez(folder / "dyn.npz", arg0=args[0], arg1=args[1], arg2=args[2], ref=args[0])
        done = run_fake(folder, "--out", str(folder / "table.md"))
        assert done.returncode == 0, done.stdout + done.stderr
        row = json.loads((folder / "table.json").read_text())[0]
        assert row["fused"]["launches"] == 4 and "error" not in row["unfused"]


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="needs ptxas")
def test_dynamic_kernels_assemble_without_spills(compiled: tuple[Path, dict[str, Any]]) -> None:
    out, _ = compiled  # sm_90 (test_lit/gpu/dynamic-batch.mlir assembles sm_80 too)
    command = ["ptxas", "-arch=sm_90", "-v", str(out), "-o", str(out.with_suffix(".cubin"))]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    spills = [line for line in done.stderr.splitlines() if "spill stores" in line]
    assert len(spills) == 4 and all(line.strip().startswith("0 bytes") for line in spills)
