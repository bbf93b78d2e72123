"""Every refusal code of the GPU back end's predicate has a lit test in which
`explain --backend gpu` shows it (docs/gpu-lowering.md's promise): a code
added without one, or a lit test that stops checking one, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mlirfuse.gpu.lowerability import ALL_GPU_CODES

LIT = Path(__file__).resolve().parent.parent / "test_lit"


def _lit_files_checking(code: str) -> list[Path]:
    """lit files with a CHECK line on `refused [code]` and an explain run with
    the GPU back end registered."""
    found = []
    for path in sorted(LIT.rglob("*.mlir")):
        if "Output" in path.relative_to(LIT).parts:
            continue  # what lit's runs wrote
        text = path.read_text(errors="replace")
        checked = re.search(rf"^// [A-Z0-9_-]+:.*refused \[{re.escape(code)}\]", text, re.M)
        explained = re.search(r"^// RUN: .*%mlirfuse explain .*--backend gpu", text, re.M)
        if checked and explained:
            found.append(path)
    return found


@pytest.mark.parametrize("code", ALL_GPU_CODES)
def test_each_code_is_shown_by_a_lit_test(code: str) -> None:
    assert _lit_files_checking(code), f"no lit test checks `refused [{code}]`"


def test_the_codes_are_distinct_and_namespaced() -> None:
    assert len(set(ALL_GPU_CODES)) == len(ALL_GPU_CODES)
    assert all(code.startswith("gpu-") for code in ALL_GPU_CODES)
