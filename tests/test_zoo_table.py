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
    assert header.endswith(
        "| PTX sm_90 | PTX sm_80 unfused | PTX sm_90 unfused | verify --schedule gpu (fused / unfused) |"
    )
    assert cells.endswith(
        "| 1 k, 40 regs, 0.0 KB smem, 0 spills | skipped "
        "| **error** m.mlir:1:2: error: host: 'scf.for' runs on the host | skipped / skipped |"
    )
    summary = table.summary({"m": row}, {}, ["sm_90", "sm_90-unfused"])
    assert "PTX for sm_90 on 1 of 1; PTX for sm_90 unfused (`--no-fuse`) on 0 of 1." in summary


def test_the_gpu_verify_column_and_summary() -> None:
    row = {
        "unfused": {"linalg_ops": 3, "kernels": 3, "bytes": 3_000_000},
        "gpu-verify": {"ok": True, "max_rel": 2.5e-7},
        "gpu-verify-unfused": {"error": "models/m.mlir:4:5: error: verify: result0 mismatch"},
    }
    good = row | {"gpu-verify-unfused": {"ok": True, "max_rel": 0.0}}
    text = table.figures_table({"m": row}, {})
    assert text.splitlines()[2].endswith(
        "| ok 2.5e-07 / **error** m.mlir:4:5: error: verify: result0 mismatch |"
    )
    summary = table.summary({"m": row, "g": good}, {}, [])
    assert "`verify --schedule gpu` passes fused and unfused on 1 of 2." in summary


def test_the_launched_column_is_the_sm_90_manifest_beside_iree_o3() -> None:
    row = {
        "unfused": {"linalg_ops": 3, "kernels": 3, "bytes": 3_000_000},
        "auto": {"kernels": 1, "bytes": 1_000_000},
        "sm_90": {"kernels": 2, "launched": {"kernels": 2, "bytes": 1_500_000}},
    }
    failed_row = {"sm_90": {"error": "models/f.mlir:1:2: error: split: 'x'"}}
    baseline = {"m": {"O3": {"dispatches": 3, "bytes": 1_400_000}}}
    text = table.figures_table({"m": row, "f": failed_row}, baseline)
    header, _, cells, failed_cells = text.splitlines()
    names = [h.strip() for h in header.strip("|").split("|")]
    column = names.index("launched k / MB (sm_90)")
    assert names[column - 1] == "auto k / MB"
    assert cells.strip("|").split("|")[column].strip() == "2 / 1.50"
    assert "**error** f.mlir:1:2" in failed_cells.strip("|").split("|")[column]
    change = names.index("launched bytes vs IREE O3")
    assert cells.strip("|").split("|")[change].strip() == "+7.1%"
    assert failed_cells.strip("|").split("|")[change].strip() == "-"
    summary = table.summary({"m": row}, baseline, ["sm_90"])
    assert (
        "launched (sm_90) no more kernels than IREE O3 on 1 of 1 models "
        "and no more HBM bytes on 0 of 1 (both known), 2 kernels in all to IREE O3's 3, "
        "at least 10% fewer bytes on 0 of 1" in summary
    )


def test_the_change_against_iree_o3_counts_the_ten_percent_goal() -> None:
    rows = {
        name: {"sm_90": {"kernels": 1, "launched": {"kernels": 1, "bytes": ours}}}
        for name, ours in (("ahead", 891_000), ("close", 901_000), ("behind", 1_100_000))
    }
    baseline = {name: {"O3": {"dispatches": 1, "bytes": 1_000_000}} for name in rows}
    text = table.figures_table(rows, baseline)
    names = [h.strip() for h in text.splitlines()[0].strip("|").split("|")]
    column = names.index("launched bytes vs IREE O3")
    cells = [line.strip("|").split("|")[column].strip() for line in text.splitlines()[2:]]
    assert cells == ["-10.9%", "-9.9%", "+10.0%"]
    summary = table.summary(rows, baseline, ["sm_90"])
    assert "at least 10% fewer bytes on 1 of 3" in summary


def test_a_dynamic_model_is_compared_with_iree_at_its_example_inputs() -> None:
    """Bytes `?` on the dynamic IR on both sides: ours at the example inputs
    (marked `*`) beside IREE's run on the same shapes, its figures after `;`."""
    row = {
        "sm_90": {"kernels": 11, "launched": {"kernels": 11, "bytes": 1_500_000, "at_inputs": True}}
    }
    dynamic = {"dispatches": 15, "bytes": None}
    at_inputs = {"O3": {"dispatches": 13, "bytes": 2_000_000}}
    baseline = {"d": {"O3": dynamic, "at_inputs": at_inputs}}
    text = table.figures_table({"d": row}, baseline)
    names = [h.strip() for h in text.splitlines()[0].strip("|").split("|")]
    cells = [c.strip() for c in text.splitlines()[2].strip("|").split("|")]
    assert cells[names.index("launched k / MB (sm_90)")] == "11 / 1.50*"
    assert cells[names.index("IREE O3 k / MB")] == "15 / ?; 13 / 2.00*"
    assert cells[names.index("IREE k / MB")] == "-"
    assert cells[names.index("launched bytes vs IREE O3")] == "-25.0%"
    summary = table.summary({"d": row}, baseline, ["sm_90"])
    assert "no more HBM bytes on 1 of 1 (both known), 11 kernels in all to IREE O3's 13" in summary
