"""GPU lowering: schedules chosen per pattern, the GPU schedule run on the CPU
against PyTorch's reference, and the ptxas report parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlirfuse.gpu import ptx
from mlirfuse.gpu.cpu_check import check_workload, schedule_kinds
from mlirfuse.runner import call_isolated

WORKLOADS = {
    "softmax_lastdim": (1, {"row"}),
    "layernorm_residual": (1, {"row"}),
    "mlp_gelu": (3, {"contraction"}),
    "resnet_basic_block": (2, {"conv"}),
}


@pytest.mark.parametrize("name", sorted(WORKLOADS))
def test_gpu_schedule_matches_reference_on_cpu(workloads_dir: Path, name: str) -> None:
    # In a child process: a lowering bug may abort the interpreter.
    result = call_isolated(check_workload, workloads_dir / f"{name}.mlir")
    assert result.kernels == WORKLOADS[name][0]
    assert result.matches, f"max abs error {result.max_abs_error}"
    assert result.max_abs_error < 1e-4


@pytest.mark.parametrize("name", sorted(WORKLOADS))
def test_schedule_kind_per_pattern(workloads_dir: Path, name: str) -> None:
    kinds = call_isolated(schedule_kinds, workloads_dir / f"{name}.mlir")
    count, expected = WORKLOADS[name]
    assert len(kinds) == count
    assert set(kinds) == expected


REPORT = """\
ptxas info    : Compiling entry function 'mlp_k0' for 'sm_90'
ptxas info    : Function properties for mlp_k0
    64 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads
ptxas info    : Used 64 registers, used 1 barriers, 2048 bytes smem
ptxas info    : Compiling entry function 'mlp_k1' for 'sm_90'
ptxas info    : Function properties for mlp_k1
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 26 registers
"""


def test_ptxas_report_is_parsed_per_kernel() -> None:
    rows = ptx.parse_ptxas_report(REPORT)
    assert [r.name for r in rows] == ["mlp_k0", "mlp_k1"]
    assert (rows[0].registers, rows[0].spills, rows[0].stack, rows[0].shared) == (64, 12, 64, 2048)
    assert (rows[1].registers, rows[1].spills, rows[1].shared) == (26, 0, 0)


def test_the_cpu_check_hands_kernels_poisoned_result_buffers() -> None:
    """A GPU's fresh memory is not zeroed: a kernel reading its output before
    writing it must fail the CPU check too, so result buffers start as NaN
    (floats) or a large odd pattern (integers), never as zeros."""
    import numpy as np

    from mlirfuse.gpu.cpu_check import poisoned

    assert np.isnan(poisoned([2, 3], np.dtype(np.float32))).all()
    assert poisoned([4], np.dtype(np.float16)).dtype == np.float16
    ints = poisoned([5], np.dtype(np.int32))
    assert (ints == np.iinfo(np.int32).max // 3).all() and ints.dtype == np.int32
    assert not poisoned([2], np.dtype(np.bool_)).any()
