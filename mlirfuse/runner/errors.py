"""The one error type of the runner, printed like an MLIR diagnostic.

Every failure a user can cause (a bad file, a missing function, inputs that do
not match the signature, a lowering that fails) is a `RunnerError` carrying a
`FILE:LINE:COL` location when one is known, so the CLI can print
`FILE:LINE:COL: error: ...` and exit 1 without a traceback.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.locations import format_location
from mlirfuse.tm_tensor_scan import explain_unknown_dialect


class RunnerError(Exception):
    """A located, user-facing failure of `mlirfuse.run` or `mlirfuse.verify`."""

    def __init__(self, message: str, location: str | None = None, notes: tuple[str, ...] = ()):
        super().__init__(message, location, notes)
        self.message = message
        self.location = location
        self.notes = notes

    def __str__(self) -> str:
        return self.diagnostic()

    def diagnostic(self) -> str:
        """`FILE:LINE:COL: error: message`, then one `note:` line per note."""
        prefix = f"{self.location}: " if self.location else ""
        lines = [f"{prefix}error: {self.message}"]
        lines += [f"{prefix}note: {note}" for note in self.notes]
        return "\n".join(lines)


class NoFunctionError(RunnerError):
    """The input defines no function (with --split-input-file: a chunk to skip)."""


def from_mlir_error(error: ir.MLIRError, what: str) -> RunnerError:
    """Turn an MLIRError into a RunnerError located at its first diagnostic."""
    diagnostics = list(error.error_diagnostics)
    if not diagnostics:
        return RunnerError(f"{what}: {error.message}")
    first = diagnostics[0]
    notes = tuple(
        f"{format_location(d.location) or '<unknown>'}: {d.message}" for d in diagnostics[1:]
    )
    message = explain_unknown_dialect(first.message)
    return RunnerError(f"{what}: {message}", format_location(first.location), notes)
