"""The logic behind `mlirfuse-opt` (the console script is a thin wrapper).

Exit codes: 0 success; 1 an error in the input, the pipeline or the command
line (diagnostics say where); 2 an internal error of the compiler (a crash,
reported with a reproducer command line). Output goes to stdout or `-o FILE`
only when the exit code is 0, except with --split-input-file on stdout, where
(as with mlir-opt) the chunks that succeeded are printed even when another
failed, a failed chunk leaving an empty place between `// -----` lines; an
`-o` file is never partial: it is written to a temporary file in the same
folder and renamed, so a failed run never leaves a partial file. The input is
only read.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

from mlirfuse.driver.options import DriverOptions, UsageError, parse_args
from mlirfuse.source import SourceError, read_source

PROG = "mlirfuse-opt"
STDIN_NAME = "<stdin>"


class InputError(Exception):
    """The input cannot be read or the output cannot be written."""


def error(message: str) -> None:
    sys.stderr.write(f"{PROG}: error: {message}\n")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        opts = parse_args(argv)
        check_paths(opts)
    except (UsageError, InputError) as failure:
        error(str(failure))
        return 1
    if opts.list_passes:
        from mlirfuse.driver.listing import list_passes_text

        sys.stdout.write(list_passes_text())
        return 0
    if not opts.no_isolation:
        from mlirfuse.driver.isolation import run_isolated

        return run_isolated(opts, argv)
    return run_in_process(opts)


def check_paths(opts: DriverOptions) -> None:
    """Refuse an output path that is the input: the input is never modified."""
    if opts.output in (None, "-") or opts.input == "-":
        return
    assert opts.output is not None
    if Path(opts.output).resolve() == Path(opts.input).resolve():
        raise InputError(f"refusing to overwrite the input file '{opts.input}' with -o")


def read_input(path: str) -> tuple[str, str]:
    """The input text and the name diagnostics use for it."""
    try:
        return read_source(path)
    except SourceError as failure:
        raise InputError(str(failure)) from None


def write_output(path: str | None, text: str) -> None:
    """Write to stdout, or atomically to `path` (temp file + rename)."""
    if path in (None, "-"):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    assert path is not None
    target = Path(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w") as out:
            out.write(text)
        os.replace(temp, target)
    except OSError as failure:
        raise InputError(f"cannot write output file '{path}': {failure.strerror}") from None


def report_internal_error(failure: BaseException) -> None:
    """One line naming the exception and where it was raised; the full
    traceback goes to a file (users see no traceback, developers keep it)."""
    frames = traceback.extract_tb(failure.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    sys.stderr.write(f"{PROG}: internal error: {type(failure).__name__}: {failure}{where}\n")
    try:
        fd, path = tempfile.mkstemp(prefix="mlirfuse-opt-traceback-", suffix=".txt")
        with os.fdopen(fd, "w") as out:
            out.write("".join(traceback.format_exception(failure)))
        sys.stderr.write(f"{PROG}: the Python traceback was saved to {path}\n")
    except OSError:
        pass


def run_in_process(opts: DriverOptions) -> int:
    from mlirfuse.driver.compile import compile_text
    from mlirfuse.pipeline import PipelineError

    try:
        text, source_name = read_input(opts.input)
        result = compile_text(text, source_name, opts)
    except (InputError, PipelineError) as failure:
        error(str(failure))
        return 1
    except Exception as failure:  # a bug in mlirfuse, not in the input
        report_internal_error(failure)
        return 2
    source = text.splitlines()
    for diag in result.diagnostics:
        sys.stderr.write(diag.format(source_name, source) + "\n")
    sys.stderr.flush()
    if not result.ok and (not result.output or opts.output not in (None, "-")):
        return 1
    try:
        write_output(opts.output, result.output)
    except InputError as failure:
        error(str(failure))
        return 1
    return 0 if result.ok else 1
