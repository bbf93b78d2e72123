"""Register feedback: cost-model estimate vs ptxas, spills flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlirfuse.gpu import feedback, ptx


def test_flags() -> None:
    ok = feedback.FeedbackRow("w", "w_k0", 0, "reduction-epilogue", 40, 32, 0, 0)
    spills = feedback.FeedbackRow("w", "w_k1", 1, "contraction-epilogue", 64, 255, 8, 0)
    off = feedback.FeedbackRow("w", "w_k2", 2, "elementwise-chain", 120, 24, 0, 0)
    loose = feedback.FeedbackRow("w", "w_k3", None, "single", None, 20, 0, 0)
    assert ok.flags == ""
    assert "SPILLS" in spills.flags
    assert off.flags == "estimate off >2x"
    assert loose.flags == ""
    table = feedback.format_rows([ok, spills, off, loose])
    assert table.splitlines()[2].split()[:2] == ["w_k1", "1"]
    assert table.splitlines()[4].split()[1:3] == ["-", "single"]


@pytest.mark.skipif(ptx.find_ptxas() is None, reason="ptxas not on PATH")
def test_softmax_workload_feedback(workloads_dir: Path) -> None:
    rows = feedback.feedback(workloads_dir / "softmax_lastdim.mlir", "sm_90")
    assert len(rows) == 1
    row = rows[0]
    assert row.group == 0 and row.pattern == "reduction-epilogue"
    assert row.estimated is not None and row.estimated > 0
    assert 0 < row.measured <= 255 and row.spills == 0
