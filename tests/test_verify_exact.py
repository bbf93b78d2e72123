"""Judging rounding against exact results: a 16-bit model's inputs may carry
its output computed in f32 (`exact`, models/export.py). A transformed result
beyond tolerance of the original passes when it is no farther from the exact
one than the original is (`verify.ResultCheck.ok`), and fails when farther."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from mlirfuse import cli
from mlirfuse.runner.inputs import load_npz
from mlirfuse.verify import SCHEDULES, ResultCheck, run_on_cpu, verify
from mlirfuse.zoo.table import numerics_cell

T = "tensor<4x8xf32>"
ADD = f"""
func.func @add(%a: {T}, %b: {T}) -> {T} {{
  %e = tensor.empty() : {T}
  %r = linalg.add ins(%a, %b : {T}, {T}) outs(%e : {T}) -> {T}
  return %r : {T}
}}
"""
INPUTS = [np.full((4, 8), 1.0, np.float32), np.full((4, 8), 0.5, np.float32)]
ORIGINAL = np.full((4, 8), 1.5, np.float32)


def doubled(text: str, func: str, arrays: Sequence[np.ndarray], source: str) -> list[np.ndarray]:
    """A schedule whose results differ from the original's: twice them."""
    return [2 * r for r in run_on_cpu(text, func, arrays, source)]


@pytest.fixture
def doubling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SCHEDULES, "doubled", f"{__name__}:doubled")


@pytest.mark.usefixtures("doubling")
def test_nearer_the_exact_results_passes_beyond_tolerance() -> None:
    report = verify(ADD, None, INPUTS, schedule="doubled", exact={0: 2 * ORIGINAL})
    check = report.results[0]
    assert not check.within_tolerance and check.ok and report.ok
    assert check.exact_errors == (pytest.approx(0.5), 0.0)
    assert "vs exact: 5.000e-01 before, 0.000e+00 after ok (no farther from exact)" in check.line()


@pytest.mark.usefixtures("doubling")
def test_farther_from_the_exact_results_fails() -> None:
    report = verify(ADD, None, INPUTS, schedule="doubled", exact={0: ORIGINAL - 0.25})
    check = report.results[0]
    assert not check.ok and check.line().endswith("FAIL")
    assert report.lines()[-1] == "verify: FAILED (beyond tolerance)"


@pytest.mark.usefixtures("doubling")
def test_without_exact_results_only_the_tolerance_counts() -> None:
    report = verify(ADD, None, INPUTS, schedule="doubled")
    assert not report.ok and report.results[0].exact_errors is None
    assert "vs exact" not in report.results[0].line()


def test_within_tolerance_needs_no_exact_results() -> None:
    check = ResultCheck(0, T, 0.0, 1e-6, 1e-5, exact_errors=(0.0, 0.5))
    assert check.ok and check.line().endswith(" ok")


@pytest.mark.usefixtures("doubling")
def test_the_command_reads_exact_from_the_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, inputs = tmp_path / "add.mlir", tmp_path / "add.npz"
    source.write_text(ADD)
    np.savez(inputs, arg0=INPUTS[0], arg1=INPUTS[1], ref=ORIGINAL, exact=2 * ORIGINAL)
    assert set(load_npz(str(inputs)).exact) == {0}
    argv = ["verify", str(source), "--inputs", str(inputs), "--in-process"]
    assert cli.main([*argv, "--schedule", "doubled"]) == 0
    assert "ok (no farther from exact)" in capsys.readouterr().out
    np.savez(inputs, arg0=INPUTS[0], arg1=INPUTS[1], exact0=ORIGINAL)
    assert cli.main([*argv, "--schedule", "doubled"]) == 1


def test_numbered_exact_results(tmp_path: Path) -> None:
    path = tmp_path / "two.npz"
    np.savez(path, arg0=INPUTS[0], exact0=ORIGINAL, exact1=2 * ORIGINAL)
    exact = load_npz(str(path)).exact
    assert sorted(exact) == [0, 1]
    np.testing.assert_array_equal(exact[1], 2 * ORIGINAL)


def test_the_zoo_cell_shows_the_f32_comparison_only_beyond_tolerance() -> None:
    beyond = {"max_rel": 0.39, "tolerance": 0.08, "ok": True, "exact_rel": 0.12}
    beyond["ref_exact_rel"] = 0.41
    assert numerics_cell(beyond) == "3.9e-01 ok (tol 0.08); vs f32 1.2e-01, PyTorch's 4.1e-01"
    within = beyond | {"max_rel": 0.01}
    assert numerics_cell(within) == "1.0e-02 ok (tol 0.08)"
    assert numerics_cell(beyond | {"ok": False}).startswith("3.9e-01 **FAIL**")
