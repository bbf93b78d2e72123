"""Parse a source buffer like mlir-opt: several top-level ops get a module.

`mlirfuse.context.parse_module` uses `Operation.parse` (the only parser entry
that takes a file name) which accepts exactly one top-level op. A file with
several top-level functions, or none, is valid MLIR (mlir-opt wraps it in an
implicit module), so it is parsed again with `Module.parse`, whose locations
say `"-"`; they are renamed here to the real source name.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import parse_module

PARSER_PLACEHOLDER_NAME = "-"
_SINGLE_OP_ERROR = "must contain a single top-level operation"


def parse_source(text: str, ctx: ir.Context, source_name: str) -> ir.Module:
    """Parse `text`; diagnostics and locations carry `source_name`."""
    try:
        return parse_module(text, ctx, source_name)
    except ir.MLIRError as error:
        if _SINGLE_OP_ERROR not in str(error):
            raise
    # All ops parsed; only the single-op rule failed, so this parse succeeds
    # (verification errors here name the file "-": the driver renames them).
    module = ir.Module.parse(text, ctx)
    with ctx:
        rename_locations(module.operation, source_name)
        module.operation.location = ir.Location.unknown()
    return module


def _renamed(location: ir.Location, source_name: str) -> ir.Location | None:
    if location.is_a_file() and location.filename == PARSER_PLACEHOLDER_NAME:
        return ir.Location.file(source_name, location.start_line, location.start_col)
    return None


def rename_locations(root: ir.Operation, source_name: str) -> None:
    """Give every op and block argument located in "-" the name `source_name`."""

    def visit(op: ir.Operation) -> ir.WalkResult:
        new = _renamed(op.location, source_name)
        if new is not None:
            op.location = new
        for region in op.regions:
            for block in region.blocks:
                for argument in block.arguments:
                    new = _renamed(argument.location, source_name)
                    if new is not None:
                        argument.set_location(new)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
