"""Sibling passes on the shared workloads: same numbers, and the LayerNorm
statistics reductions over the same rows end in one kernel."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.passes import PASS_REGISTRY
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner import run
from mlirfuse.verify import verify
from tests.conftest import workload_files

PIPELINES = [
    "builtin.module(mlirfuse-fuse-siblings)",
    "builtin.module(mlirfuse-horizontal-contraction)",
    "builtin.module(mlirfuse-group-independent)",
    "builtin.module(mlirfuse-fuse,mlirfuse-fuse-siblings,mlirfuse-horizontal-contraction)",
]


def _fused(path: Path, pipeline: str) -> str:
    module = parse_module(path.read_text(), make_context(), str(path))
    run_pipeline(module, pipeline)
    module.operation.verify()
    return str(module)


def _arguments(path: Path) -> tuple[list[np.ndarray], np.ndarray]:
    data = np.load(path.with_suffix(".npz"))
    names = sorted((k for k in data.files if k.startswith("arg")), key=lambda k: int(k[3:]))
    return [data[k] for k in names], data["ref"]


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("path", workload_files(), ids=lambda p: p.stem)
def test_workload_numerics(path: Path, pipeline: str) -> None:
    if (
        pipeline.startswith("builtin.module(mlirfuse-fuse,")
        and "mlirfuse-fuse" not in PASS_REGISTRY
    ):
        pytest.skip("the umbrella pass mlirfuse-fuse is not available")
    arrays, reference = _arguments(path)
    report = verify(path.read_text(), pipeline, inputs=arrays, rtol=1e-5, source_name=str(path))
    assert all(check.ok for check in report.results), [c.line() for c in report.results]
    fused = run(_fused(path, pipeline), None, *[a.copy() for a in arrays])[0]
    assert float(np.abs(fused - reference).max()) <= 1e-5 * float(np.abs(reference).max())


def test_layernorm_row_statistics_share_one_generic(workloads_dir: Path) -> None:
    fused = _fused(workloads_dir / "layernorm_residual.mlir", PIPELINES[0])
    reductions = [line for line in fused.splitlines() if '"reduction"]' in line]
    # sum(x) in f32 and sum(extf(x)) in f64 read x once, in one generic; the
    # variance reduction depends on the mean and stays apart.
    assert len(reductions) == 2
    two_sums = [
        line
        for line in reductions
        if "outs(" in line and "tensor<1x128x1xf64>, tensor<1x128x1xf32>" in line
    ]
    assert len(two_sums) == 1
    assert "arith.extf" in fused.split(two_sums[0])[1].split("} ->")[0]
