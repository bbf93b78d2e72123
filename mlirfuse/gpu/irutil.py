"""Small IR helpers the GPU lowering shares."""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.transforms.ir_access import producer_of, splat_element
from mlirfuse.transforms.ir_utils import sizes_of


def defining_op(value: ir.Value) -> ir.Operation | None:
    """The op that defines `value` (as `ir.Operation`), None for block arguments:
    `ir_access.producer_of` under the name the GPU lowering reads it by."""
    return producer_of(value)


def ancestors_within(ops: Sequence[ir.Operation], op: ir.Operation) -> list[ir.Operation]:
    """The ops of `ops` that `op` reads, directly or through others of `ops`."""
    found: list[ir.Operation] = []
    todo = [op]
    while todo:
        for value in todo.pop().operands:
            producer = defining_op(value)
            if producer is None or not any(producer == o for o in ops):
                continue
            if not any(producer == f for f in found):
                found.append(producer)
                todo.append(producer)
    return found


def walk(op: ir.Operation) -> list[ir.Operation]:
    """Every op nested in `op` (and `op`), collected before any rewrite."""
    found: list[ir.Operation] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        found.append(inner.operation)
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return found


__all__ = ["defining_op", "splat_element", "walk"]  # splat_element: transforms.ir_access


def named_copy(value: ir.Value, before: ir.Operation) -> ir.Operation:
    """A `linalg.copy` of `value` into a `tensor.empty`, before `before`: a
    copy that must outlive tiling (canonicalization erases an identity
    generic, and then the copy's readers write into its source's buffer)."""
    t = ir.RankedTensorType(value.type)
    with ir.InsertionPoint(before), before.location:
        empty = tensor.EmptyOp(sizes_of(value, t), t.element_type)
        return linalg.copy(value, outs=[empty.result]).owner.operation


def identity_copy(value: ir.Value, before: ir.Operation) -> ir.Operation:
    """An identity `linalg.generic` from `value` into a `tensor.empty`, before `before`."""
    t = ir.RankedTensorType(value.type)
    identity = ir.AffineMap.get_identity(t.rank)
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint(before), before.location:
        empty = tensor.EmptyOp(sizes_of(value, t), t.element_type)
        copy = linalg.GenericOp(
            [t],
            [value],
            [empty.result],
            ir.ArrayAttr.get([ir.AffineMapAttr.get(identity)] * 2),
            ir.ArrayAttr.get([parallel] * t.rank),
        )
        block = copy.regions[0].blocks.append(t.element_type, t.element_type)
        with ir.InsertionPoint(block):
            linalg.YieldOp([block.arguments[0]])
    return copy.operation
