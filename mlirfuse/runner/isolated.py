"""Run a function in a child process, so an `LLVM ERROR` cannot kill the caller.

The bindings are built with assertions: some bad IR aborts the process instead
of raising. The CLI therefore compiles and runs in a child Python
(`python -m mlirfuse.runner.child REQUEST RESPONSE`). A plain subprocess,
not multiprocessing, so the caller's `__main__` is never re-imported (scripts
without an `if __name__ == "__main__"` guard work). The child's stderr is the
caller's, so LLVM's own message still reaches the user, and the parent turns
the crash into a RunnerError.
"""

from __future__ import annotations

import pickle
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mlirfuse.runner.errors import RunnerError

T = TypeVar("T")


def _death(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"was killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"was killed by signal {-returncode}"
    return f"exited with status {returncode}"


def call_isolated(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` in a child Python; `fn` must be importable by name.
    RunnerErrors pass through; a crash of the child becomes a RunnerError."""
    with tempfile.TemporaryDirectory(prefix="mlirfuse-run-") as folder:
        request, response = Path(folder) / "request.pkl", Path(folder) / "response.pkl"
        request.write_bytes(pickle.dumps((fn, args, kwargs)))
        command = [sys.executable, "-m", "mlirfuse.runner.child", str(request), str(response)]
        returncode = subprocess.run(command, stdin=subprocess.DEVNULL, check=False).returncode
        if not response.is_file():
            raise RunnerError(
                f"the compile-and-run process {_death(returncode)}: a failed cf.assert in "
                "the IR or a crash of LLVM (its message is printed above)"
            )
        status, payload = pickle.loads(response.read_bytes())
    if status == "error":
        raise payload
    if status == "crash":
        raise RunnerError(f"internal error in the compile-and-run process:\n{payload}")
    result: T = payload
    return result
