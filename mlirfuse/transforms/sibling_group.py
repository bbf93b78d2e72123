"""Wrap the ops of one kernel in a multi-result `fusion.group`.

The group takes no operands (its region captures values from above); its
results are the values of its ops used after it. It is placed where every value
it captures is defined and moves the users of its results that sat too early
(sibling_schedule). Used by sibling fusion for co-iterable siblings and for
independent kernels.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.context import GROUP_OP, group_attributes, in_group_order
from mlirfuse.transforms.sibling_schedule import move_after, place, top_level_op


def _escaping(block: ir.Block, members: set[ir.Operation]) -> list[ir.Value]:
    """Results of members used by an op outside the members (or by the terminator)."""
    escaping: list[ir.Value] = []
    for op in members:
        for result in op.results:
            for use in result.uses:
                owner = top_level_op(use.owner.operation, block)
                if owner not in members:
                    escaping.append(result)
                    break
    return escaping


def wrap_in_group(
    block: ir.Block, ops: Sequence[ir.Operation], pattern: str, group_id: int
) -> ir.Operation:
    """Move `ops` (of `block`) into one new fusion.group; return the group."""
    order = [op.operation for op in block.operations]
    members_list = sorted((op.operation for op in ops), key=order.index)
    members = set(members_list)
    escaping = sorted(_escaping(block, members), key=lambda v: order.index(v.owner.operation))
    escaping = in_group_order(escaping)
    placement = place(block, members_list)
    with members_list[0].context, members_list[0].location:
        group = ir.Operation.create(
            GROUP_OP,
            results=[v.type for v in escaping],
            attributes=group_attributes(pattern, group_id, len(escaping)),
            regions=1,
            loc=ir.Location.fused([op.location for op in members_list]),
            ip=placement.insertion_point,
        )
        body = group.regions[0].blocks.append()
        outside_uses = [(v, _uses_outside(block, v, members)) for v in escaping]
        for op in members_list:
            body.append(op)
        with ir.InsertionPoint(body):
            ir.Operation.create("gpu.yield", operands=escaping)
    for (_, uses), new_value in zip(outside_uses, group.results, strict=True):
        for owner, index in uses:
            owner.operands[index] = new_value
    move_after(group, placement.to_move)
    return group


def _uses_outside(
    block: ir.Block, value: ir.Value, members: set[ir.Operation]
) -> list[tuple[ir.Operation, int]]:
    found = []
    for use in value.uses:
        owner = use.owner.operation
        if top_level_op(owner, block) not in members:
            found.append((owner, use.operand_number))
    return found
