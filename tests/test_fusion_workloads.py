"""mlirfuse-fuse on the shared workloads: kernel counts, side effects, numerics.

Kernel counts must not exceed IREE's O3 dispatch counts (workloads README);
`mlirfuse verify` (Python API, fed the workload's .npz) must find the fused
function equal to the original within 1e-5 relative on the CPU.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels
from mlirfuse.passes.fuse import FusePass
from mlirfuse.verify import verify

IREE_O3 = {"mlp_gelu": 3, "softmax_lastdim": 1, "layernorm_residual": 1, "resnet_basic_block": 3}


def _fused(path: Path, **options: object) -> tuple[int, int, str]:
    """Kernels before, after, and the fused text."""
    ctx = make_context()
    module = parse_module(path.read_text(), ctx, str(path))
    with ctx, ir.Location.unknown(ctx):
        before = count_kernels(module)
        FusePass(**options)(module)  # type: ignore[arg-type]
        return before, count_kernels(module), str(module)


def _inputs(path: Path) -> list[np.ndarray]:
    data = np.load(path.with_suffix(".npz"))
    count = len([k for k in data.files if k.startswith("arg")])
    return [data[f"arg{i}"] for i in range(count)]


@pytest.mark.parametrize("name", sorted(IREE_O3))
def test_kernel_count_at_most_iree(workloads_dir: Path, name: str) -> None:
    path = workloads_dir / f"{name}.mlir"
    before, after, text = _fused(path)
    assert after <= IREE_O3[name] < before
    assert text.count("cf.assert") == path.read_text().count("cf.assert")


def test_disabled_changes_nothing(workloads_dir: Path) -> None:
    path = workloads_dir / "softmax_lastdim.mlir"
    before, after, text = _fused(path, enabled=False)
    assert before == after == 5
    assert "fusion.group" not in text


PIPELINES = [
    "mlirfuse-fuse",
    "mlirfuse-fuse{search=auto}",
    "mlirfuse-fuse-elementwise",
    "mlirfuse-form-groups",
]


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(IREE_O3))
def test_verify_matches_unfused(workloads_dir: Path, name: str, pipeline: str) -> None:
    path = workloads_dir / f"{name}.mlir"
    report = verify(
        path.read_text(),
        f"builtin.module({pipeline})",
        inputs=_inputs(path),
        source_name=str(path),
        isolated=True,
    )
    assert report.ok, "\n".join(report.lines())
    assert all(r.max_rel_error <= 1e-5 for r in report.results)
    if pipeline != "mlirfuse-fuse-elementwise":
        assert report.kernels_after <= IREE_O3[name]
