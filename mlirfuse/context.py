"""MLIR contexts with the fusion dialect loaded.

Every mlirfuse entry point builds its context here, so that `fusion.group`
parses everywhere; callers who own a context load the dialect into it with
`load_fusion_dialect`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from mlir import ir
from mlir.dialects import irdl

from mlirfuse.mutation import erase
from mlirfuse.tm_tensor_scan import import_tm_tensor_scans
from mlirfuse.tm_tensor_scatter import import_tm_tensor_scatters
from mlirfuse.tm_tensor_sort import import_tm_tensor_sorts

FUSION_DIALECT = "fusion"
GROUP_OP = "fusion.group"
PATTERN_ATTR = "fusion.pattern"
GROUP_ID_ATTR = "fusion.id"

SEGMENTS_ATTR = "resultSegmentSizes"
# Result slots of fusion.group (dialect/fusion.irdl.mlir): the first
# GROUP_TYPED_SLOTS results may each have their own type, later ones share one.
GROUP_RESULT_SLOTS = 8
GROUP_TYPED_SLOTS = GROUP_RESULT_SLOTS - 1


def group_segment_sizes(num_results: int) -> list[int]:
    """The `resultSegmentSizes` of a fusion.group with `num_results` results."""
    typed = min(num_results, GROUP_TYPED_SLOTS)
    rest = num_results - typed
    return [1] * typed + [0] * (GROUP_TYPED_SLOTS - typed) + [rest]


def group_accepts_result_types(types: Sequence[object]) -> bool:
    """Whether a fusion.group can yield values of these types, in the order
    `group_result_order` gives them: the results after the typed slots must
    share one type, so at most GROUP_TYPED_SLOTS results may differ from the
    most common type."""
    names = [str(t) for t in types]
    if len(set(names[GROUP_TYPED_SLOTS:])) <= 1:
        return True
    return len(names) - Counter(names).most_common(1)[0][1] <= GROUP_TYPED_SLOTS


def group_result_order(types: Sequence[object]) -> list[int]:
    """The positions of values of these types in the order a fusion.group
    yields them: as given when the dialect takes them so (the common case,
    and what the printed IR keeps), else the values of the most common type
    last, where they share the variadic slot."""
    names = [str(t) for t in types]
    if len(set(names[GROUP_TYPED_SLOTS:])) <= 1:
        return list(range(len(names)))
    common = Counter(names).most_common(1)[0][0]
    rare = [i for i, name in enumerate(names) if name != common]
    return rare + [i for i, name in enumerate(names) if name == common]


def in_group_order(values: Sequence[ir.Value]) -> list[ir.Value]:
    """`values` in the order a new fusion.group yields them (`group_result_order`)."""
    return [values[i] for i in group_result_order([v.type for v in values])]


def group_attributes(pattern: str, group_id: int, num_results: int) -> dict[str, ir.Attribute]:
    """Attributes of a new fusion.group (needs an active context)."""
    return {
        PATTERN_ATTR: ir.StringAttr.get(pattern),
        GROUP_ID_ATTR: ir.IntegerAttr.get(ir.IntegerType.get_signless(64), group_id),
        SEGMENTS_ATTR: ir.DenseI32ArrayAttr.get(group_segment_sizes(num_results)),
    }


def fusion_dialect_source() -> str:
    """The IRDL text of the fusion dialect (dialect/fusion.irdl.mlir)."""
    repo_copy = Path(__file__).resolve().parent.parent / "dialect" / "fusion.irdl.mlir"
    if repo_copy.is_file():
        return repo_copy.read_text()
    return resources.files("mlirfuse").joinpath("data/fusion.irdl.mlir").read_text()


def _dialect_is_loaded(ctx: ir.Context) -> bool:
    return bool(ctx.is_registered_operation(GROUP_OP))


def load_fusion_dialect(ctx: ir.Context) -> None:
    """Load the fusion dialect into `ctx` (idempotent)."""
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
    torch-mlir's `tm_tensor.scan`, `tm_tensor.scatter` and `tm_tensor.sort` are
    read as linalg (mlirfuse/tm_tensor_scan.py, tm_tensor_scatter.py, tm_tensor_sort.py).
    """
    text = import_tm_tensor_sorts(import_tm_tensor_scatters(import_tm_tensor_scans(text)))
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
        erase(parsed, "drop the emptied parsed module")
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
