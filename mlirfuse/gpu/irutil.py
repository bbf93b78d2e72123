"""Small IR helpers the GPU lowering shares."""

from __future__ import annotations

from mlir import ir


def defining_op(value: ir.Value) -> ir.Operation | None:
    """The op that defines `value` (as `ir.Operation`), None for block arguments."""
    owner = value.owner
    if isinstance(owner, ir.OpView):
        return owner.operation
    if isinstance(owner, ir.Operation):
        return owner
    return None


def walk(op: ir.Operation) -> list[ir.Operation]:
    """Every op nested in `op` (and `op`), collected before any rewrite."""
    found: list[ir.Operation] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        found.append(inner.operation)
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return found


def splat_element(value: ir.Value) -> ir.Attribute | None:
    """The element of a splat `arith.constant` tensor; None for anything else."""
    op = defining_op(value)
    if op is None or op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    if not isinstance(attr, ir.DenseElementsAttr) or not attr.is_splat:
        return None
    return attr.get_splat_value()
