"""A zoo stage that runs past its time limit is killed with every process it
started: a compile's `compile_job` and `kernel_job` children outlived the
killed stage and kept a core busy (the ninth unseen set's CRF)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from mlirfuse.zoo import driver

# Stands in for `python -m mlirfuse.zoo.child ...`: starts a grandchild that
# sleeps, writes its pid, and sleeps itself past the limit.
STAGE = """#!/bin/sh
sleep 60 &
echo $! > "{pidfile}"
sleep 60
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_timed_out_stage_leaves_no_process_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pidfile = tmp_path / "grandchild.pid"
    fake = tmp_path / "stage.sh"
    fake.write_text(STAGE.format(pidfile=pidfile))
    fake.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(fake))
    results, stage, why = driver.run_child(tmp_path / "m.mlir", ["auto"], 3, tmp_path)
    assert results == {}
    assert stage == "auto"
    assert "timed out after 3 s" in why
    grandchild = int(pidfile.read_text())
    deadline = time.monotonic() + 10
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(grandchild)


# Stands in for the child: two stages of 2 s each, the state file naming
# each as it starts (as mlirfuse.zoo.child writes it: argv 4 is its path).
TWO_STAGES = """#!/bin/sh
echo '{{"results": {{}}, "running": "a"}}' > "$4"
sleep 2
echo '{{"results": {{"a": {{"ok": true}}}}, "running": "b"}}' > "$4"
sleep 2
echo '{{"results": {{"a": {{"ok": true}}, "b": {{"ok": true}}}}}}' > "$4"
"""


def test_each_stage_has_the_time_limit_to_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Together the stages pass the limit: one clock for the child blamed the
    # stage running then (Qwen4-Exp's gpu-verify, 3 min alone).
    fake = tmp_path / "stages.sh"
    fake.write_text(TWO_STAGES.format())
    fake.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(fake))
    results, stage, why = driver.run_child(tmp_path / "m.mlir", ["a", "b"], 3, tmp_path)
    assert (stage, why) == (None, "")
    assert results == {"a": {"ok": True}, "b": {"ok": True}}
