"""Both console scripts stop quietly when their reader goes away
(`mlirfuse compile m.mlir | head -1`): no traceback on stderr, and exit 141
(the shell's SIGPIPE code) where the write failed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

MODELS = Path(__file__).resolve().parent.parent / "models"
MODEL = MODELS / "gpt2_stack12.mlir"
TOOLS = {
    # The kernel table after the first line of the compile report.
    "mlirfuse": [
        sys.executable,
        "-m",
        "mlirfuse.cli",
        "compile",
        str(MODELS / "softmax_lastdim.mlir"),
    ],
    "mlirfuse-opt": [
        sys.executable,
        "-m",
        "mlirfuse.tools.mlirfuse_opt",
        str(MODEL),
        "--pass-pipeline=builtin.module(mlirfuse-fuse)",
    ],
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_closed_reader_is_a_quiet_exit(tool: str) -> None:
    process = subprocess.Popen(TOOLS[tool], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()  # the first line, then the reader goes away
    process.stdout.close()
    stderr = process.stderr.read().decode()
    code = process.wait(timeout=300)
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr, stderr
    # mlirfuse-opt writes its output at once: the pipe may hold it all.
    assert code == 141 or (tool == "mlirfuse-opt" and code == 0), stderr
