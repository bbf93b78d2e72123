"""File positions of MLIR locations, shared by diagnostics and reports."""

from __future__ import annotations

import re

from mlir import ir

_FILE_LOC = re.compile(r'"([^"]*)":(\d+):(\d+)')


def file_line_col(location: ir.Location) -> tuple[str, int, int] | None:
    """The first file position inside `location` (names, call sites and fused
    locations are looked through); None when it carries none."""
    if location.is_a_file():
        return location.filename, location.start_line, location.start_col
    if location.is_a_name():
        return file_line_col(location.child_loc)
    if location.is_a_callsite():
        return file_line_col(location.callee)
    if location.is_a_fused():
        for inner in location.locations:
            found = file_line_col(inner)
            if found:
                return found
        return None
    match = _FILE_LOC.search(str(location))
    return (match.group(1), int(match.group(2)), int(match.group(3))) if match else None


def format_location(location: ir.Location | None) -> str | None:
    """`FILE:LINE:COL` of `location`, or None."""
    position = None if location is None else file_line_col(location)
    return None if position is None else f"{position[0]}:{position[1]}:{position[2]}"
