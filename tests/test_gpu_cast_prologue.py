"""A cast into a matmul operand inside the matmul's kernel (gpu/script_prologue.py).

The contraction schedule (not the fallback) builds the kernel of
test_lit/gpu/cast-into-matmul.mlir: f16 activation and weight upcast in the
K loop's copies to shared memory. Run on the CPU, the schedule reproduces
numpy's f16 linear layer.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mlirfuse.gpu.cpu_check import cpu_check, schedule_kinds
from mlirfuse.runner import call_isolated

LIT = Path(__file__).resolve().parent.parent / "test_lit" / "gpu" / "cast-into-matmul.mlir"


def test_cast_into_matmul_gets_the_contraction_schedule() -> None:
    assert call_isolated(schedule_kinds, LIT, fuse=False) == ["contraction"]


def test_cast_into_matmul_matches_numpy_on_cpu() -> None:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((32, 64)).astype(np.float16)
    b = rng.standard_normal((64, 192)).astype(np.float16)
    bias = rng.standard_normal(192).astype(np.float16)
    want = (a.astype(np.float32) @ b.astype(np.float32) + bias.astype(np.float32)).astype(
        np.float16
    )
    result = call_isolated(
        cpu_check, LIT.read_text(), [a, b, bias], [want], str(LIT), False, 1e-2, 1e-2
    )
    assert result.kernels == 1
    assert result.matches, f"max abs error {result.max_abs_error}"
