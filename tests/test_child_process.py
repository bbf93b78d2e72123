"""The project's internal children die with their parent (`child_process.py`):
`mlirfuse compile` killed by a caller's timeout (SIGKILL, which no handler
sees) left its `compile_job` lowering kernels at full CPU."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's"
)

# A parent that starts one internal-style child and sleeps: the child asks
# to die with it, says so, and sleeps too.
PARENT = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", {child!r}], stdout=subprocess.PIPE, text=True)
assert child.stdout.readline().strip() == "ready"
print(child.pid, flush=True)
time.sleep(120)
"""
CHILD = (
    "import time\n"
    "from mlirfuse.child_process import die_with_parent\n"
    "die_with_parent()\n"
    "print('ready', flush=True)\n"
    "time.sleep(120)\n"
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.is_file() and status.read_text().split(")")[-1].split()[0] == "Z")


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _alive(pid)


def _children(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.split(")")[-1].split()[1]) == pid:
            found.append((int(entry.name), cmdline))
    return found


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_child_dies_when_its_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT.format(child=CHILD)],
        stdout=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert _alive(child)
    parent.kill()
    parent.wait()
    assert _gone_within(child, 10)


def _wait_for_child(parent: int, module: str, seconds: float) -> int | None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = [pid for pid, line in _children(parent) if module in line]
        if found:
            return found[0]
        time.sleep(0.05)
    return None


def test_a_killed_compile_leaves_no_job_behind(tmp_path: Path) -> None:
    """SIGKILL `mlirfuse compile` while its compile_job plans swin_block
    (about 30 s on this machine before any kernel is lowered): the job goes
    within seconds, not when it is done."""
    model = ROOT / "models" / "swin_block.mlir"
    command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(model), "--chip", "sm_90"]
    command += ["--jobs", "1", "-o", str(tmp_path / "k.ptx")]
    cli = subprocess.Popen(
        command, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        job = _wait_for_child(cli.pid, "mlirfuse.gpu.compile_job", 60)
        assert job is not None, "compile_job was not seen running"
    finally:
        cli.kill()
        cli.wait()
    assert _gone_within(job, 5)
    assert not (tmp_path / "k.ptx").exists()
