"""Small IR helpers the GPU lowering shares."""

from __future__ import annotations

from mlir import ir

from mlirfuse.transforms.ir_access import splat_element


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


__all__ = ["defining_op", "splat_element", "walk"]  # splat_element: transforms.ir_access
