"""The non-GPU parts of bench/gpu: cases, references, host code generation."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from mlirfuse.gpu import bench
from mlirfuse.runner import call_isolated, run

REPO = Path(__file__).resolve().parent.parent
SMALL = (64, 128)


@pytest.mark.parametrize("n_ops", [2, 3])
def test_chain_text_matches_numpy_reference_on_cpu(n_ops: int) -> None:
    case = bench.chain_case(n_ops, SMALL)
    (got,) = run(case.text, case.inputs[0], isolated=True)
    np.testing.assert_allclose(got, case.reference, rtol=1e-6)


@pytest.mark.parametrize(("fuse", "kernels", "tensors_moved"), [(False, 4, 8), (True, 1, 2)])
def test_chain_host_module_built(fuse: bool, kernels: int, tensors_moved: int) -> None:
    case = bench.chain_case(4, SMALL)
    summary = call_isolated(bench.build_summary, case, fuse, "sm_90")
    assert summary["kernels"] == kernels
    # Unfused, every kernel reads and writes a whole tensor; fused, once each.
    assert summary["bytes"] == tensors_moved * SMALL[0] * SMALL[1] * 4
    assert summary["wrappers"] and summary["device_buffers"] and summary["ptx_embedded"]


def test_workload_host_module_built(workloads_dir: Path) -> None:
    case = bench.load_case("softmax_lastdim", workloads_dir)
    summary = call_isolated(bench.build_summary, case, True, "sm_90")
    assert summary["kernels"] == 1
    assert summary["wrappers"]


def test_measurement_bandwidth_and_rows() -> None:
    total = bench.Timing("f", bytes=2_000_000, time_us=1000.0)
    kernel = bench.Timing("f_k0", bytes=1_000_000, time_us=250.0)
    assert total.gb_per_s == pytest.approx(2.0)
    row = bench.Measurement("c", "fused", total, [kernel], 0.0).as_dict()
    lines = bench.format_rows(row)
    assert len(lines) == 2
    assert "2.0" in lines[0] and "f_k0" in lines[1] and "4.0" in lines[1]


@pytest.mark.skipif(bench.cuda_available(), reason="a GPU driver is present")
def test_run_sh_refuses_without_gpu_driver() -> None:
    env = {**os.environ, "PYTHON": str(REPO / ".venv" / "bin" / "python")}
    done = subprocess.run(
        [str(REPO / "bench" / "gpu" / "run.sh")], capture_output=True, text=True, env=env
    )
    assert done.returncode == 2
    assert "libcuda.so.1" in done.stderr
