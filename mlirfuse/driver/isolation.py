"""Run the compile in a child process and turn its crashes into reports.

The bindings are built with assertions: misuse can abort the whole process
(`LLVM ERROR`, failed assertion). The parent therefore runs the same command
line with `--no-isolation` in `python -m mlirfuse.driver.worker`, which writes
its exit code to a result file once it has finished normally. No result file,
a signal, or exit code 2 (an internal error the child caught) means the
compiler crashed: the parent saves a copy of the input and prints a command
line that reproduces the crash, and exits 2.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from mlirfuse.driver.options import DriverOptions

RESULT_FILE_ENV = "MLIRFUSE_OPT_RESULT_FILE"
EXIT_INTERNAL_ERROR = 2
STDERR_TAIL_LINES = 30

# Flags that change what is computed, so a reproducer must repeat them.
_REPRO_FLAGS = {
    "split_input_file": "--split-input-file",
    "verify_diagnostics": "--verify-diagnostics",
    "print_generic": "--mlir-print-op-generic",
    "print_debuginfo": "--mlir-print-debuginfo",
    "disable_threading": "--mlir-disable-threading",
    "allow_unregistered_dialect": "--allow-unregistered-dialect",
    "print_local_scope": "--mlir-print-local-scope",
    "verify_roundtrip": "--verify-roundtrip",
}


def run_isolated(opts: DriverOptions, argv: list[str]) -> int:
    """Run `argv` in a worker process; forward its output or report a crash."""
    stdin_data = sys.stdin.buffer.read() if opts.input == "-" else None
    with tempfile.TemporaryDirectory(prefix="mlirfuse-opt-") as scratch:
        result_file = Path(scratch) / "result"
        proc = subprocess.run(
            [sys.executable, "-m", "mlirfuse.driver.worker", *argv],
            input=stdin_data,
            stdin=None if stdin_data is not None else subprocess.DEVNULL,
            capture_output=True,
            env={**os.environ, RESULT_FILE_ENV: str(result_file)},
        )
        finished = result_file.is_file() and result_file.read_text().strip() == str(proc.returncode)
    if finished and proc.returncode in (0, 1):
        sys.stdout.buffer.write(proc.stdout)
        sys.stdout.flush()
        sys.stderr.buffer.write(proc.stderr)
        return proc.returncode
    report_crash(opts, proc, stdin_data, handled=finished)
    return EXIT_INTERNAL_ERROR


def report_crash(
    opts: DriverOptions,
    proc: subprocess.CompletedProcess[bytes],
    stdin_data: bytes | None,
    handled: bool,
) -> None:
    stderr = proc.stderr.decode(errors="replace")
    if handled:
        # The child printed its own internal-error message and traceback.
        sys.stderr.write(stderr)
    else:
        sys.stderr.write(f"mlirfuse-opt: internal error: the compiler crashed ({describe(proc)})\n")
        tail = stderr.splitlines()[-STDERR_TAIL_LINES:]
        if tail:
            sys.stderr.write("--- last lines the compiler printed ---\n")
            sys.stderr.write("\n".join(tail) + "\n---\n")
    saved = save_input_copy(opts, stdin_data)
    if saved is None:
        return
    sys.stderr.write(f"mlirfuse-opt: the input was saved to {saved}; reproduce with:\n")
    sys.stderr.write("  " + reproducer_command(opts, saved) + "\n")
    sys.stderr.write("  (add --no-isolation to debug the crash in one process)\n")


def describe(proc: subprocess.CompletedProcess[bytes]) -> str:
    if proc.returncode < 0:
        return f"signal {-proc.returncode}"
    return f"exit code {proc.returncode}, no result"


def save_input_copy(opts: DriverOptions, stdin_data: bytes | None) -> str | None:
    try:
        data = stdin_data if stdin_data is not None else Path(opts.input).read_bytes()
        fd, path = tempfile.mkstemp(prefix="mlirfuse-opt-repro-", suffix=".mlir")
        with os.fdopen(fd, "wb") as copy:
            copy.write(data)
    except OSError:
        return None
    return path


def reproducer_command(opts: DriverOptions, saved_input: str) -> str:
    args = ["mlirfuse-opt", saved_input]
    if opts.pipeline:
        args.append(f"--pass-pipeline={opts.pipeline}")
    args += [flag for attr, flag in _REPRO_FLAGS.items() if getattr(opts, attr)]
    if not opts.verify_each:
        args.append("--no-verify-each")
    if opts.crash_for_testing:
        args.append(f"--crash-for-testing={opts.crash_for_testing}")
    return shlex.join(args)
