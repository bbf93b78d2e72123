"""MLIR contexts with the fusion dialect loaded.

Every mlirfuse entry point builds its context here, so that `fusion.group`
parses everywhere; callers who own a context load the dialect into it with
`load_fusion_dialect`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mlir import ir
from mlir.dialects import irdl

FUSION_DIALECT = "fusion"
GROUP_OP = "fusion.group"
PATTERN_ATTR = "fusion.pattern"
GROUP_ID_ATTR = "fusion.id"

_LOADED_ATTR = "mlirfuse.fusion_dialect_loaded"


def fusion_dialect_source() -> str:
    """The IRDL text of the fusion dialect (dialect/fusion.irdl.mlir)."""
    repo_copy = Path(__file__).resolve().parent.parent / "dialect" / "fusion.irdl.mlir"
    if repo_copy.is_file():
        return repo_copy.read_text()
    return resources.files("mlirfuse").joinpath("data/fusion.irdl.mlir").read_text()


def _dialect_is_loaded(ctx: ir.Context) -> bool:
    # IRDL registers dialects dynamically; probing by parsing a tiny group is the
    # only public way to ask whether it is already there.
    try:
        ir.Operation.parse(f'"{GROUP_OP}"() ({{ "gpu.yield"() : () -> () }}) : () -> ()', context=ctx)
    except ir.MLIRError:
        return False
    return True


def load_fusion_dialect(ctx: ir.Context) -> None:
    """Load the fusion dialect into `ctx` (idempotent)."""
    ctx.allow_unregistered_dialects = False
    if _dialect_is_loaded(ctx):
        return
    with ctx, ir.Location.unknown(ctx):
        irdl.load_dialects(ir.Module.parse(fusion_dialect_source()))


def make_context() -> ir.Context:
    """A fresh context with every upstream dialect and the fusion dialect."""
    ctx = ir.Context()
    load_fusion_dialect(ctx)
    return ctx


PARSER_PLACEHOLDER_NAME = "-"
_SINGLE_OP_ERROR = "must contain a single top-level operation"


def parse_module(text: str, ctx: ir.Context, source_name: str = "<input>") -> ir.Module:
    """Parse `text` in `ctx` like mlir-opt; locations say `source_name`.

    Module.parse takes no file name but Operation.parse does, so diagnostics say
    FILE:LINE:COL. The parsed ops are moved (locations kept) into an ir.Module,
    which the pass manager and the execution engine want. A buffer of several
    top-level ops (or none) gets an implicit module, as in mlir-opt.
    """
    with ctx, ir.Location.unknown(ctx):
        try:
            parsed = ir.Operation.parse(text, source_name=source_name, context=ctx).operation
        except ir.MLIRError as error:
            if _SINGLE_OP_ERROR not in str(error):
                raise
            return _parse_implicit_module(text, ctx, source_name)
        module = ir.Module.create()
        if parsed.name != "builtin.module":
            module.body.append(parsed)
            return module
        for name in list(parsed.attributes):
            module.operation.attributes[name] = parsed.attributes[name]
        for op in list(parsed.regions[0].blocks[0].operations):
            module.body.append(op.operation)
        parsed.erase()
        return module


def _parse_implicit_module(text: str, ctx: ir.Context, source_name: str) -> ir.Module:
    # Every op parsed and only the single-op rule failed, so Module.parse
    # succeeds; its locations say "-" and are renamed to the real source.
    module = ir.Module.parse(text, ctx)
    rename_locations(module.operation, source_name)
    module.operation.location = ir.Location.unknown(ctx)
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
