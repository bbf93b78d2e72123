"""Run every model's stages in child processes, `jobs` models at a time.

One model is one child (`python -m mlirfuse.zoo.child`). When a child dies
(LLVM ERROR, a segfault) or runs out of time, the stage it was running gets
that as its error and a new child goes on with the stages after it, so one
bad stage costs one cell, not the row, and one bad model never stops the
table. Each stage has the time limit to itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mlirfuse.zoo.stages import Result, crash_detail

DEFAULT_TIMEOUT_S = 1800  # per stage
POLL_S = 0.5  # how often the parent looks at a child's state


def _death(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exited with status {returncode}"


def _crash_line(source: Path, stage: str, how: str, stderr: str) -> str:
    """The crash as a located line; LLVM's own message when it printed one."""
    detail = crash_detail(stderr)
    return f"{source}: error: stage {stage} crashed ({how})" + (f": {detail}" if detail else "")


def _read_state(path: Path) -> dict[str, object]:
    try:
        state: dict[str, object] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {"results": {}}
    return state


def run_child(
    source: Path, stages: Sequence[str], timeout_s: float, folder: Path
) -> tuple[dict[str, Result], str | None, str]:
    """One child over `stages`: (results it finished, the stage it died in,
    why). Each stage has `timeout_s` of its own (`_wait_per_stage`)."""
    output = folder / "state.json"
    output.unlink(missing_ok=True)
    errors = folder / "stderr.txt"
    command = [sys.executable, "-m", "mlirfuse.zoo.child", str(source), str(output), *stages]
    # A session of its own: a stage's compile and verify start children of
    # their own (compile_job, kernel_job, the runner), which a timeout must
    # end too; killed alone, the stage left them running at full CPU. Its
    # stderr goes to a file: the parent polls, and a full pipe would stall it.
    with errors.open("w") as stderr_file:
        child = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=stderr_file,
            text=True,
            start_new_session=True,
        )
        try:
            how = _wait_per_stage(child, output, timeout_s)
        except BaseException:  # an interrupted zoo run leaves no stage running either
            _kill_session(child)
            raise
    stderr = errors.read_text(errors="replace")
    state = _read_state(output)
    results = state.get("results", {})
    assert isinstance(results, dict)
    running = state.get("running")
    if child.returncode == 0 and running is None:
        return results, None, ""
    stage = str(running) if running else stages[0]
    return results, stage, _crash_line(source, stage, how, stderr)


def _wait_per_stage(child: subprocess.Popen[str], state: Path, timeout_s: float) -> str:
    """Wait for `child`, killing it (and what it started) when one stage runs
    past `timeout_s`: the clock restarts whenever its state file names the
    next stage. One clock for the whole child blamed whichever stage was
    running when the stages together passed it (Qwen4-Exp's gpu-verify,
    3 min alone, "timed out after 900 s" behind four slow stages). How it
    ended, in `_death`'s words or as a timeout."""
    running: object = None
    since = time.monotonic()
    while True:
        try:
            child.wait(timeout=POLL_S)
            return _death(child.returncode)
        except subprocess.TimeoutExpired:
            pass
        now = _read_state(state).get("running")
        if now is not None and now != running:
            running, since = now, time.monotonic()
        elif time.monotonic() - since > timeout_s:
            _kill_session(child)
            child.wait()
            return f"timed out after {timeout_s:.0f} s"


def _kill_session(child: subprocess.Popen[str]) -> None:
    """Kill `child` and everything it started (its process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGKILL)


def run_model(source: Path, stages: Sequence[str], timeout_s: float) -> dict[str, Result]:
    """Every stage's result for one model; crashed stages hold their error."""
    results: dict[str, Result] = {}
    remaining = list(stages)
    with tempfile.TemporaryDirectory(prefix="mlirfuse-zoo-") as tmp:
        while remaining:
            finished, crashed, why = run_child(source, remaining, timeout_s, Path(tmp))
            results.update(finished)
            if crashed is None:
                break
            results[crashed] = {"error": why}
            remaining = remaining[remaining.index(crashed) + 1 :]
    return results


def run_models(
    sources: Sequence[Path],
    stages: Sequence[str],
    jobs: int,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    on_done: Callable[[Path], None] | None = None,
) -> dict[str, dict[str, Result]]:
    """`run_model` for every source, `jobs` at a time; keyed by model name."""

    def one(source: Path) -> dict[str, Result]:
        row = run_model(source, stages, timeout_s)
        if on_done is not None:
            on_done(source)
        return row

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        rows = list(pool.map(one, sources))
    return {source.stem: row for source, row in zip(sources, rows, strict=True)}
