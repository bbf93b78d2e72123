"""The zoo table's PTX columns: fused for sm_80 and sm_90, and sm_90 unfused
(`mlirfuse compile --no-fuse`), each from its own stage."""

from __future__ import annotations

from mlirfuse.commands.zoo import PTX_GPU_COLUMNS
from mlirfuse.zoo import table
from mlirfuse.zoo.stages import STAGES, UNFUSED_PTX


def test_the_unfused_compile_is_a_stage_and_a_column() -> None:
    assert set(PTX_GPU_COLUMNS) <= set(STAGES)
    assert UNFUSED_PTX["sm_90-unfused"] == "sm_90"
    row = {
        "unfused": {"linalg_ops": 3, "kernels": 3, "bytes": 3_000_000},
        "sm_90": {"kernels": 1, "registers": 40, "smem": 0, "spills": 0},
        "sm_90-unfused": {"error": "models/m.mlir:1:2: error: host: 'scf.for' runs on the host"},
    }
    text = table.figures_table({"m": row}, {})
    header, _, cells = text.splitlines()
    assert header.endswith("| PTX sm_90 | PTX sm_90 unfused |")
    assert cells.endswith(
        "| 1 k, 40 regs, 0.0 KB smem, 0 spills | **error** m.mlir:1:2: error: host: 'scf.for' runs on the host |"
    )
    summary = table.summary({"m": row}, {}, ["sm_90", "sm_90-unfused"])
    assert "PTX for sm_90 on 1 of 1; PTX for sm_90 unfused (`--no-fuse`) on 0 of 1." in summary
