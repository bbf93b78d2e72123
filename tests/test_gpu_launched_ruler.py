"""One ruler for what launches (issue 16): `mlirfuse plan --backend gpu`'s
kernels, the kernels of the IR `mlirfuse compile` fuses, the PTX `.entry`
count and the launches of its manifest agree; the manifest's launched bytes
(`metrics.launched_traffic`) are the bytes of each `gpu.launch_func`'s memref
arguments in the emitted gpu-dialect IR, each once per launch.

llama_block and densenet_layer hold static `tensor.concat`s, which the split
used to make kernels after planning (llama: plan 22, 25 launched); the
back end now rewrites them before planning (`gpu/before_fusion.py`)."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import compile_job, ptx, resources
from mlirfuse.gpu.sizes import evaluate
from mlirfuse.metrics import count_kernels, dtype_bytes, launch_bytes, launched_traffic
from tests.conftest import MODELS_DIR, REPO_ROOT

MODELS = ("softmax_lastdim", "layernorm_residual", "mlp_gelu", "densenet_layer", "llama_block")
LAUNCH = re.compile(r"gpu\.launch_func\s.*\bargs\((.*)\)\s*$")
ARG = re.compile(r"(%[\w.$-]+) : (memref<[^<>]*(?:<[^<>]*>[^<>]*)*>|[\w]+)")


def _cli(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mlirfuse.cli", *args],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _plan_kernels(model: Path) -> int:
    report = json.loads(_cli("plan", str(model), "--backend", "gpu", "--format", "json"))
    chosen = report["plans"][-1]  # the plan the search chose, its kernels
    assert len(report["groups"]) == chosen["kernels"]
    return int(chosen["kernels"])


def _fused_ir_kernels(model: Path) -> int:
    """The kernels of the IR compile lowers (`compile_job.fuse`), by `metrics`."""
    ctx = make_context()
    with ctx:
        module = parse_module(model.read_text(), ctx, str(model))
        resources.inline_dense_resources(module)
        compile_job.fuse(module, "h200")
        return count_kernels(module)


def _memref_bytes(text: str) -> int:
    memref = ir.MemRefType(ir.Type.parse(text))
    assert memref.has_static_shape, text
    count = 1
    for dim in memref.shape:
        count *= dim
    return count * max(1, memref.element_type.width // 8)


def _gpu_ir_launch_args(text: str) -> list[list[tuple[str, str]]]:
    """Per `gpu.launch_func` of the emitted IR: its operands (SSA name, type)."""
    return [ARG.findall(m[1]) for line in text.splitlines() if (m := LAUNCH.search(line))]


def _expected_bytes(manifest: dict[str, Any], gpu_text: str) -> int:
    """Per launch, the bytes of its memref operands' types in the gpu IR, each
    value once; the views of one buffer (the manifest names it, the operands
    are in ABI order) at most that buffer's bytes."""
    (function,) = manifest["functions"]
    shapes = {b["name"]: b for b in [*function["arguments"], *function["buffers"]]}
    launches = function["launches"]
    ir_args = _gpu_ir_launch_args(gpu_text)
    assert len(ir_args) == len(launches)
    total = 0
    with make_context():
        for launch, args in zip(launches, ir_args, strict=True):
            assert len(args) == len(launch["params"])
            views: dict[str, dict[str, int]] = {}
            for (value, type_text), param in zip(args, launch["params"], strict=True):
                if type_text.startswith("memref<"):
                    views.setdefault(param["buffer"], {})[value] = _memref_bytes(type_text)
            for buffer, sizes in views.items():
                whole = shapes[buffer]
                cap = math.prod(whole["shape"]) * dtype_bytes(whole["dtype"])
                total += min(sum(sizes.values()), cap)
    return total


@pytest.mark.parametrize("name", MODELS)
def test_plan_fused_ir_entries_and_launches_agree(name: str, tmp_path: Path) -> None:
    model = MODELS_DIR / f"{name}.mlir"
    out = tmp_path / "kernels.ptx"
    gpu_ir = tmp_path / "gpu.mlir"
    _cli("compile", str(model), "--chip", "sm_90", "-o", str(out), "--emit-gpu", str(gpu_ir))
    manifest = json.loads(out.with_suffix(".json").read_text())
    launched = launched_traffic(manifest)
    entries = len(ptx.entry_names(out.read_text()))
    kernels = (_plan_kernels(model), _fused_ir_kernels(model), entries, launched.kernels)
    assert kernels == (kernels[0],) * 4, "plan, fused IR, .entry, manifest launches"
    assert launched.bytes == _expected_bytes(manifest, gpu_ir.read_text())
    assert launched.bytes >= (launched.compulsory_bytes or 0)


def test_launched_bytes_count_a_buffer_once_per_launch() -> None:
    """Two views of one buffer in a launch (llama's rotary half and whole):
    at most the buffer; a dynamic size makes the bytes unknown."""
    whole = {"kind": "memref", "buffer": "arg0", "dtype": "f32", "offset": 0, "strides": [8, 1]}
    half = {**whole, "sizes": [4, 4], "strides": [8, 1]}
    launch = {"params": [{**whole, "sizes": [4, 8]}, half, half]}
    assert launch_bytes(launch, {"arg0": 128}) == 128
    assert launch_bytes({"params": [half]}, {"arg0": 128}) == 64
    assert launch_bytes({"params": [{**half, "sizes": [{"arg": 0, "dim": 0}, 4]}]}, {}) is None


def test_dynamic_launched_bytes_at_given_shapes() -> None:
    """A dynamic size is None by default and its value at concrete argument
    shapes when a `size_of` gives it (the zoo's bytes at the example inputs)."""
    rows = {"mul": [{"arg": 0, "dim": 0}, 32]}
    view = {"kind": "memref", "buffer": "arg0", "dtype": "f32", "offset": 0, "strides": [4, 1]}
    function = {
        "name": "f",
        "arguments": [{"name": "arg0", "shape": [{"arg": 0, "dim": 0}, 4], "dtype": "f32"}],
        "buffers": [{"name": "k0_out0", "shape": [rows, 4], "dtype": "f32"}],
        "results": [],
        "launches": [
            {"params": [{**view, "sizes": [{"arg": 0, "dim": 0}, 4]}]},
            {"params": [{**view, "buffer": "k0_out0", "sizes": [rows, 4], "access": "write"}]},
        ],
    }
    manifest = {"functions": [function]}
    assert launched_traffic(manifest).bytes is None
    at_batch_3 = launched_traffic(manifest, lambda size: evaluate(size, [(3, 4)]))
    assert (at_batch_3.kernels, at_batch_3.bytes, at_batch_3.compulsory_bytes) == (
        2,
        4 * 12 + 4 * 384,
        48,
    )
