"""Every tool on every file of the bad-input corpus (test_lit/bad_inputs/):
exit 0 (clean pass-through) or 1 (a diagnostic with FILE:LINE:COL), never a
traceback or a crash, input untouched, no partial output file.

The lit files hold the exact diagnostics for `mlirfuse-opt`; this sweep runs
the other user-facing commands (explain, plan, run, verify: whichever exist)
over the same corpus.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mlirfuse.cli import SUBCOMMANDS

CORPUS = Path(__file__).resolve().parent.parent / "test_lit" / "bad_inputs"
FILES = sorted(CORPUS.glob("*.mlir"))
MODULE_MAIN = {
    "mlirfuse-opt": [sys.executable, "-m", "mlirfuse.tools.mlirfuse_opt"],
    "mlirfuse": [sys.executable, "-m", "mlirfuse.cli"],
}
# (tool, arguments before the file, arguments after it, writes -o?)
COMMANDS = {
    "opt-fuse": (
        "mlirfuse-opt",
        [],
        ["--split-input-file", "--pass-pipeline=builtin.module(mlirfuse-fuse)"],
        True,
    ),
    "explain": ("mlirfuse", ["explain"], [], False),
    "plan": ("mlirfuse", ["plan"], ["--format", "json"], False),
    "run": ("mlirfuse", ["run"], ["--seed", "0"], False),
    "verify": ("mlirfuse", ["verify"], ["--seed", "0"], False),
}
LOCATED = re.compile(r"^\S+:(\d+):(\d+): error: ", re.MULTILINE)

# Known bugs in commands this file does not own, kept visible until fixed:
# (command, file name) -> reason. Strict xfail: a fix makes the test fail
# until the entry is removed. (The explain/plan multi-function bug was fixed.)
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def _available(command: str) -> bool:
    tool, sub, _, _ = COMMANDS[command]
    return tool == "mlirfuse-opt" or sub[0] in SUBCOMMANDS


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cases() -> list[object]:
    cases = []
    for path in FILES:
        for command in COMMANDS:
            bug = KNOWN_BUGS.get((command, path.name))
            marks = [pytest.mark.xfail(reason=bug, strict=True)] if bug else []
            cases.append(pytest.param(path, command, marks=marks, id=f"{path.name}-{command}"))
    return cases


@pytest.mark.parametrize(("path", "command"), _cases())
def test_bad_input_is_diagnosed_or_passed_through(command: str, path: Path, tmp_path: Path) -> None:
    if not _available(command):
        pytest.skip(f"`mlirfuse {command}` does not exist in this build")
    tool, before, after, writes = COMMANDS[command]
    out = tmp_path / "out.mlir"
    argv = [*MODULE_MAIN[tool], *before, str(path), *after] + (["-o", str(out)] if writes else [])
    digest = _digest(path)
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert proc.returncode in (0, 1), f"exit {proc.returncode}: {proc.stderr[-2000:]}"
    assert _digest(path) == digest, "the input file changed"
    if proc.returncode == 1:
        # A located diagnostic (a real line, not 0:0), or a usage error naming
        # the file (`run` on a file with several functions asks for --func).
        located = LOCATED.findall(proc.stderr)
        assert located or f"error: {path}" in proc.stderr, f"no diagnostic: {proc.stderr[-1000:]}"
        assert all(int(line) >= 1 for line, _ in located), f"fake location: {proc.stderr[-1000:]}"
        if writes:
            assert not out.exists(), "partial output written on failure"
