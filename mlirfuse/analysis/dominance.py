"""Dominance for structured IR, which the bindings do not expose.

Regions here are single-block (func bodies, scf.for/scf.if, linalg bodies,
fusion.group), so dominance reduces to: find the ancestor of the later op that
sits in the earlier op's block and compare positions. For a multi-block region
only the entry block is taken to dominate the others (conservative).
`Operation.block` aborts on a parentless op, so every walk tests `parent` first.
"""

from __future__ import annotations

from mlir import ir


def _block_of(op: ir.Operation) -> ir.Block | None:
    if op.parent is None:
        return None
    return op.block


def _ancestor_in(block: ir.Block, op: ir.Operation) -> ir.Operation | None:
    """`op` or its ancestor whose block is `block`; None if `op` is not inside it."""
    cur: ir.Operation | None = op
    while cur is not None:
        cur_block = _block_of(cur)
        if cur_block is not None and cur_block == block:
            return cur
        parent = cur.parent
        cur = None if parent is None else parent.operation
    return None


def _region_entry_dominates(block: ir.Block, op: ir.Operation) -> bool:
    """`op` lies in a later block of `block`'s region, and `block` is its entry."""
    region = block.region
    if region.blocks[0] != block:
        return False
    cur: ir.Operation | None = op
    while cur is not None:
        cur_block = _block_of(cur)
        if cur_block is not None and cur_block.region == region:
            return True
        parent = cur.parent
        cur = None if parent is None else parent.operation
    return False


def properly_dominates(
    a: ir.Operation | ir.OpView, b: ir.Operation | ir.OpView, *, enclosing_ok: bool = True
) -> bool:
    """`a` comes before `b` on every path (a != b). An op encloses, and so
    dominates, the ops nested in it when `enclosing_ok` (MLIR's convention)."""
    a_op, b_op = a.operation, b.operation
    if a_op == b_op:
        return False
    block = _block_of(a_op)
    if block is None:  # `a` is a top-level module: it encloses everything
        return enclosing_ok
    anchor = _ancestor_in(block, b_op)
    if anchor is None:
        return _region_entry_dominates(block, b_op)
    if anchor == a_op:  # `b` is nested inside `a`
        return enclosing_ok
    return a_op.is_before_in_block(anchor)


def dominates(value: ir.Value, user: ir.Operation | ir.OpView) -> bool:
    """`value` is available at `user`: `user` may take it as an operand.

    A block argument is available to everything nested in its block; a result
    to every op after its definer, not to the definer or ops nested in it.
    """
    user_op = user.operation
    if isinstance(value, ir.BlockArgument):
        block = value.owner
        return _ancestor_in(block, user_op) is not None or _region_entry_dominates(block, user_op)
    return properly_dominates(value.owner.operation, user_op, enclosing_ok=False)
