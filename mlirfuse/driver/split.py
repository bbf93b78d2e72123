"""`--split-input-file`: cut a buffer at `// -----` lines.

Each chunk keeps its place in the original file: it is prefixed with as many
empty lines as precede it, so the parser's line numbers (and hence every
diagnostic and `expected-*` line) are those of the original file.
"""

from __future__ import annotations

from dataclasses import dataclass

SPLIT_MARKER = "// -----"
OUTPUT_SEPARATOR = SPLIT_MARKER + "\n"


@dataclass(frozen=True)
class Chunk:
    text: str  # padded with empty lines so that line numbers match the file
    first_line: int  # 1-based line of the chunk's first line in the file


def is_marker(line: str) -> bool:
    return line.strip().startswith(SPLIT_MARKER)


def split_input(text: str, enabled: bool = True) -> list[Chunk]:
    """The chunks of `text` (one chunk holding everything when not enabled)."""
    if not enabled:
        return [Chunk(text, 1)]
    chunks: list[Chunk] = []
    lines = text.splitlines(keepends=True)
    start = 0
    for index, line in enumerate([*lines, SPLIT_MARKER]):
        if is_marker(line):
            body = "".join(lines[start:index])
            chunks.append(Chunk("\n" * start + body, start + 1))
            start = index + 1
    return chunks


def join_outputs(outputs: list[str]) -> str:
    """Chunk outputs joined like mlir-opt's: separated by a `// -----` line
    (a failed chunk's output is empty, so two separators follow each other)."""
    fixed = [out if out.endswith("\n") or not out else out + "\n" for out in outputs]
    return OUTPUT_SEPARATOR.join(fixed)
