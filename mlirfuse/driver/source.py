"""Parse a source buffer like mlir-opt (several top-level ops get a module).

The logic lives in `mlirfuse.context.parse_module`, shared by every tool; this
module keeps the driver's historical names.
"""

from __future__ import annotations

from mlirfuse.context import PARSER_PLACEHOLDER_NAME, parse_module, rename_locations

parse_source = parse_module

__all__ = ["PARSER_PLACEHOLDER_NAME", "parse_source", "rename_locations"]
