"""`--verify-diagnostics`: check emitted diagnostics against comments.

A comment `// expected-SEVERITY [@+N | @-N | @above | @below | @unknown] {{text}}`
expects a diagnostic of that severity (error, warning, remark, note) on the
comment's own line (or the line it names) whose message contains `text`. As in
mlir-opt, every emitted diagnostic must be expected and every expectation must
be met; the failures are reported as errors at the diagnostic or comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mlirfuse.driver.diagnostics import Diag, flatten

_EXPECTED = re.compile(
    r"expected-(?P<severity>error|warning|remark|note)"
    r"\s*(?P<where>@(?:[+-]\d+|above|below|unknown))?"
    r"\s*\{\{(?P<text>.*?)\}\}"
)

# The note MLIR attaches to verifier errors, holding the failing op's text.
OP_PRINTOUT_NOTE = "see current operation"


@dataclass
class Expectation:
    severity: str
    text: str
    line: int | None  # the line the diagnostic must be on; None: unknown loc
    comment_line: int
    comment_col: int
    met: bool = False

    def matches(self, diag: Diag) -> bool:
        on_line = diag.line == self.line if self.line is not None else diag.file is None
        return (
            (not self.met)
            and on_line
            and diag.severity == self.severity
            and (self.text in diag.message)
        )


def _target_line(where: str | None, comment_line: int) -> int | None:
    if not where:
        return comment_line
    offset = where[1:]
    if offset == "unknown":
        return None
    if offset == "above":
        return comment_line - 1
    if offset == "below":
        return comment_line + 1
    return comment_line + int(offset)


def parse_expectations(text: str) -> list[Expectation]:
    """Every `expected-*` comment in `text` (line numbers as in `text`)."""
    expectations = []
    for number, line in enumerate(text.splitlines(), start=1):
        comment = line.find("//")
        if comment < 0:
            continue
        for match in _EXPECTED.finditer(line, comment):
            expectations.append(
                Expectation(
                    severity=match.group("severity"),
                    text=match.group("text"),
                    line=_target_line(match.group("where"), number),
                    comment_line=number,
                    comment_col=match.start() + 1,
                )
            )
    return expectations


def check(expectations: list[Expectation], diags: list[Diag], file: str) -> list[Diag]:
    """Errors for unexpected diagnostics and unmet expectations (empty: pass)."""
    failures: list[Diag] = []
    for diag in flatten(diags):
        if diag.severity == "note" and diag.message.startswith(OP_PRINTOUT_NOTE):
            continue  # mlir-opt turns these printouts off under -verify-diagnostics
        expected = next((e for e in expectations if e.matches(diag)), None)
        if expected is not None:
            expected.met = True
            continue
        failures.append(
            Diag(
                "error",
                f"unexpected {diag.severity}: {diag.message}",
                diag.file,
                diag.line,
                diag.col,
            )
        )
    for e in expectations:
        if not e.met:
            message = f'expected {e.severity} "{e.text}" was not produced'
            failures.append(Diag("error", message, file, e.comment_line, e.comment_col))
    return failures
