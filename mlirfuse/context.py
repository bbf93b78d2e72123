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


def parse_module(text: str, ctx: ir.Context, source_name: str = "<input>") -> ir.Module:
    """Parse `text` in `ctx`; diagnostics carry `source_name` as the file name."""
    # Module.parse takes no file name but Operation.parse does, so diagnostics say
    # FILE:LINE:COL. The parsed ops are moved (locations kept) into an ir.Module,
    # which the pass manager and the execution engine want.
    with ctx, ir.Location.unknown(ctx):
        parsed = ir.Operation.parse(text, source_name=source_name, context=ctx).operation
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
