"""Diagnostics as the driver prints them: `FILE:LINE:COL: SEVERITY: message`.

MLIR diagnostics (from an MLIRError or the context's handler) are converted
at once into plain `Diag` values: the bindings' diagnostic objects are only
valid while the handler runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mlir import ir

from mlirfuse.locations import file_line_col
from mlirfuse.tm_tensor_scan import explain_unknown_dialect

_SEVERITIES = {
    ir.DiagnosticSeverity.ERROR: "error",
    ir.DiagnosticSeverity.WARNING: "warning",
    ir.DiagnosticSeverity.NOTE: "note",
    ir.DiagnosticSeverity.REMARK: "remark",
}


@dataclass(frozen=True)
class Diag:
    severity: str  # error | warning | remark | note
    message: str
    file: str | None = None  # None: unknown location
    line: int = 0
    col: int = 0
    notes: tuple[Diag, ...] = field(default=())

    def format(self, default_file: str = "", source: Sequence[str] | None = None) -> str:
        """The diagnostic and its notes, one `FILE:LINE:COL: sev: msg` each.

        With `source` (the lines of `default_file`), each located in that file
        is followed by its source line and a caret under the column, as
        mlir-opt prints them."""
        if self.file is not None:
            where = f"{self.file}:{self.line}:{self.col}: "
        else:
            where = f"{default_file}: " if default_file else ""
        lines = [f"{where}{self.severity}: {self.message}"]
        if source is not None and self.file == default_file and 1 <= self.line <= len(source):
            lines += source_snippet(source[self.line - 1], self.col)
        lines += [note.format(default_file, source) for note in self.notes]
        return "\n".join(lines)


def source_snippet(text: str, col: int) -> list[str]:
    """The source line and a caret under column `col` (tabs kept for alignment)."""
    line = text.rstrip()
    pad = "".join(c if c == "\t" else " " for c in line[: max(col - 1, 0)])
    return [line, pad + "^"]


def from_mlir(diagnostic: Any) -> Diag:
    """Convert an `ir.Diagnostic` or `ir.DiagnosticInfo` (notes included)."""
    severity = _SEVERITIES.get(diagnostic.severity, "error")
    notes = tuple(from_mlir(note) for note in diagnostic.notes)
    message = explain_unknown_dialect(diagnostic.message)
    position = file_line_col(diagnostic.location)
    if position is None:
        return Diag(severity, message, notes=notes)
    file, line, col = position
    return Diag(severity, message, file, line, col, notes)


def from_mlir_error(error: ir.MLIRError) -> list[Diag]:
    """The diagnostics an MLIRError carries (its message when it has none)."""
    diags = [from_mlir(d) for d in error.error_diagnostics]
    return diags or [Diag("error", error.message)]


def flatten(diags: list[Diag]) -> list[Diag]:
    """Each diagnostic followed by its notes, as separate entries."""
    flat: list[Diag] = []
    for diag in diags:
        flat.append(Diag(diag.severity, diag.message, diag.file, diag.line, diag.col))
        flat += flatten(list(diag.notes))
    return flat


class DiagnosticCollector:
    """Attach to a context to keep the warnings and remarks passes emit.

    Errors that make an operation fail also come back in its MLIRError; the
    collector keeps them too and `merge` drops the duplicates.
    """

    def __init__(self, ctx: ir.Context) -> None:
        self.diags: list[Diag] = []
        self._handler = ctx.attach_diagnostic_handler(self._handle)

    def _handle(self, diagnostic: Any) -> bool:
        self.diags.append(from_mlir(diagnostic))
        return True  # handled: nothing is printed by MLIR itself

    def take(self) -> list[Diag]:
        taken, self.diags = self.diags, []
        return taken

    def detach(self) -> None:
        self._handler.detach()


def renamed(diags: list[Diag], old_file: str, new_file: str) -> list[Diag]:
    """`diags` (and their notes) with the file `old_file` called `new_file`."""
    out = []
    for d in diags:
        file = new_file if d.file == old_file else d.file
        notes = tuple(renamed(list(d.notes), old_file, new_file))
        out.append(Diag(d.severity, d.message, file, d.line, d.col, notes))
    return out


def merge(first: list[Diag], second: list[Diag]) -> list[Diag]:
    """`first` followed by the entries of `second` that are not in it."""
    return first + [d for d in second if d not in first]
