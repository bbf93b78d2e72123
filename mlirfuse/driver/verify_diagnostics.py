"""`--verify-diagnostics`: check emitted diagnostics against comments.

A comment `// expected-SEVERITY [@+N | @-N | @above | @below | @unknown] {{text}}`
expects a diagnostic of that severity (error, warning, remark, note) on the
comment's own line (or the line it names) whose message contains `text`;
`expected-SEVERITY-re {{text with {{regex}} parts}}` matches by regex. As in
mlir-opt, every emitted diagnostic must be expected and every expectation must
be met; the failures are reported as errors at the diagnostic or comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mlirfuse.driver.diagnostics import Diag, flatten

_EXPECTED = re.compile(
    r"expected-(?P<severity>error|warning|remark|note)(?P<re>-re)?"
    r"\s*(?P<where>@(?:[+-]\d+|above|below|unknown))?"
    r"\s*\{\{(?P<text>.*?)\}\}"
)
# In `expected-error-re {{literal {{regex}} literal}}` the text runs to the
# last `}}` of the line and `{{...}}` inside it are regular expressions.
_EXPECTED_RE_TEXT = re.compile(r"\{\{(?P<text>.*)\}\}")
_REGEX_PART = re.compile(r"\{\{(.*?)\}\}")


def regex_from_pattern(text: str) -> re.Pattern[str]:
    """`a {{[0-9]+}} b` -> a regex matching `a `, then `[0-9]+`, then ` b`."""
    parts, last = [], 0
    for match in _REGEX_PART.finditer(text):
        parts.append(re.escape(text[last : match.start()]))
        parts.append(f"(?:{match.group(1)})")
        last = match.end()
    parts.append(re.escape(text[last:]))
    return re.compile("".join(parts))


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
    regex: re.Pattern[str] | None = None  # for expected-*-re

    def matches(self, diag: Diag) -> bool:
        on_line = diag.line == self.line if self.line is not None else diag.file is None
        return (
            (not self.met)
            and on_line
            and diag.severity == self.severity
            and self._text_matches(diag.message)
        )

    def _text_matches(self, message: str) -> bool:
        if self.regex is not None:
            return self.regex.search(message) is not None
        return self.text in message


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
            expectations.append(_expectation(match, line, number))
    return expectations


def _expectation(match: re.Match[str], line: str, number: int) -> Expectation:
    text, regex = match.group("text"), None
    if match.group("re"):
        whole = _EXPECTED_RE_TEXT.search(line, match.start("text") - 2)
        text = whole.group("text") if whole else text
        try:
            regex = regex_from_pattern(text)
        except re.error:
            regex = re.compile(re.escape(text))  # reported as never produced
    return Expectation(
        severity=match.group("severity"),
        text=text,
        line=_target_line(match.group("where"), number),
        comment_line=number,
        comment_col=match.start() + 1,
        regex=regex,
    )


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
