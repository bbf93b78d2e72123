"""Where a merged sibling op goes, and which ops must move for it.

The merged op replaces several ops of one block. It must sit after every op
that defines a value it uses (operands and values its bodies capture) and
before every user of its results. When the siblings already have such a point
(all operands defined before the first sibling), it goes right before the first
sibling. Otherwise it goes right after the last definer, and the users of the
siblings' results that sit before that point (with everything that depends on
them) move after it, keeping their order. Nothing a definer needs can move:
with no path between the siblings no definer depends on their results, so RAW
order is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.op_facts import all_used_values


class ScheduleError(Exception):
    """No legal insertion point: a definer depends on a sibling's result."""


@dataclass
class Placement:
    insertion_point: ir.InsertionPoint
    to_move: list[ir.Operation]  # move after the new ops, in this order


def top_level_op(value_or_op: ir.Value | ir.Operation, block: ir.Block) -> ir.Operation | None:
    """The op of `block` that defines `value` (or contains `op`), None for block args above."""
    if isinstance(value_or_op, ir.Value):
        owner = value_or_op.owner
        op = owner.owner if isinstance(owner, ir.Block) else owner
        if isinstance(owner, ir.Block) and owner == block:
            return None
    else:
        op = value_or_op
    while op is not None:
        if op.operation.parent is not None and op.operation.block == block:
            return op.operation
        op = op.operation.parent
    return None


def place(block: ir.Block, siblings: Sequence[ir.Operation]) -> Placement:
    """An insertion point for the op(s) replacing `siblings`, and the ops to move."""
    order = [op.operation for op in block.operations]
    position = {op: i for i, op in enumerate(order)}
    members = {op.operation for op in siblings}
    first = min(position[op] for op in members)
    definers: set[ir.Operation] = set()
    for op in members:
        for value in all_used_values(op):
            definer = top_level_op(value, block)
            if definer is not None and definer not in members:
                definers.add(definer)
    last_def = max((position[d] for d in definers), default=-1)
    if last_def < first:
        return Placement(ir.InsertionPoint(order[first]), [])
    tainted = set(members)
    to_move: list[ir.Operation] = []
    for op in order[first : last_def + 1]:
        if op in members:
            continue
        if _depends_on(op, tainted, block):
            if op in definers:
                raise ScheduleError("an operand of one sibling depends on another sibling")
            tainted.add(op)
            to_move.append(op)
    return Placement(ir.InsertionPoint(order[last_def + 1]), to_move)


def _depends_on(op: ir.Operation, tainted: set[ir.Operation], block: ir.Block) -> bool:
    for value in all_used_values(op):
        definer = top_level_op(value, block)
        if definer is not None and definer in tainted:
            return True
    return False


def move_after(anchor: ir.Operation, ops: Sequence[ir.Operation]) -> None:
    """Move `ops` (in order) right after `anchor`."""
    previous = anchor
    for op in ops:
        op.move_after(previous)
        previous = op
