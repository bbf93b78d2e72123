"""Small IR helpers shared by the fusion rewrites (no decisions here)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cmp_to_key

from mlir import ir


def is_inside(op: ir.Operation, container: ir.Operation) -> bool:
    """`op` is nested (at any depth) in `container`'s regions."""
    cur = op.operation
    while cur.parent is not None:
        cur = cur.parent.operation
        if cur == container:
            return True
    return False


def used_values(op: ir.Operation) -> Iterator[ir.Value]:
    """Operands of `op` and of every op nested in it."""
    found: list[ir.Value] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        found.extend(inner.operands)
        return ir.WalkResult.ADVANCE

    op.operation.walk(visit)
    return iter(found)


def in_block_order(ops: list[ir.Operation]) -> list[ir.Operation]:
    def compare(a: ir.Operation, b: ir.Operation) -> int:
        if a == b:
            return 0
        return -1 if a.is_before_in_block(b) else 1

    return sorted(ops, key=cmp_to_key(compare))


def remap_operands(op: ir.Operation, mapping: dict[ir.Value, ir.Value]) -> None:
    """Replace, in `op` and its nested ops, every operand found in `mapping`."""

    def visit(inner: ir.Operation) -> ir.WalkResult:
        for i, value in enumerate(inner.operands):
            if value in mapping:
                inner.operands[i] = mapping[value]
        return ir.WalkResult.ADVANCE

    op.operation.walk(visit)


def replace_uses_outside(value: ir.Value, new: ir.Value, container: ir.Operation) -> None:
    """Uses of `value` not nested in `container` now use `new`."""
    for use in list(value.uses):
        owner = use.owner.operation
        if owner != container and not is_inside(owner, container):
            owner.operands[use.operand_number] = new


def has_uses(op: ir.Operation) -> bool:
    return any(True for r in op.results for _ in r.uses)


INIT_MAKERS = ("tensor.empty", "linalg.fill", "tensor.dim")


def erase_dead_inits(values: Iterable[ir.Value]) -> None:
    """Erase the tensor.empty/linalg.fill (or the tensor.dim sizing one) defining
    each of `values`, and in turn those defining their operands, once unused.

    Several values may share one defining op (two merged ops with the same
    tensor.empty init), and a linalg.fill's tensor.empty may be among them: each
    op is visited from a worklist of live ops, never through the handle of a
    value whose owner was already erased (that handle dangles)."""
    pending: list[ir.Operation] = []

    def visit_owner(value: ir.Value) -> None:
        owner = value.owner
        if isinstance(owner, ir.Block):
            return
        op = owner.operation
        if op.name in INIT_MAKERS and op not in pending:
            pending.append(op)

    for value in values:
        visit_owner(value)
    while pending:
        op = pending.pop(0)
        if has_uses(op):
            continue
        inputs = list(op.operands)
        op.erase()
        for value in inputs:
            visit_owner(value)
