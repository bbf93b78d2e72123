"""Reading an MLIR source file, shared by every tool.

A file that cannot be read, or whose bytes are not UTF-8, is refused with a
message that names the file and, for a bad byte, its line and column.
"""

from __future__ import annotations

import sys
from pathlib import Path

STDIN_NAME = "<stdin>"


class SourceError(ValueError):
    """The source cannot be read as text."""


def decode_source(data: bytes, name: str) -> str:
    """`data` as UTF-8 text; a bad byte is reported as NAME:LINE:COL."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        line = data.count(b"\n", 0, failure.start) + 1
        column = failure.start - (data.rfind(b"\n", 0, failure.start) + 1) + 1
        byte = data[failure.start]
        raise SourceError(
            f"{name}:{line}:{column}: invalid UTF-8 byte 0x{byte:02x} (MLIR sources are UTF-8)"
        ) from None


def read_source(path: str) -> tuple[str, str]:
    """(text, name for diagnostics) of a file, or of stdin for '-'."""
    if path == "-":
        return decode_source(sys.stdin.buffer.read(), STDIN_NAME), STDIN_NAME
    try:
        data = Path(path).read_bytes()
    except OSError as failure:
        reason = failure.strerror or str(failure)
        raise SourceError(f"cannot open input file '{path}': {reason}") from None
    return decode_source(data, path), path
