"""Group formation: wrap the ops of each planned kernel in a `fusion.group`.

Executes a `FunctionPlan`; decides nothing. For every group of two or more
ops (or with recomputed ops) the ops move, in program order, into a new
`fusion.group` that takes the place of the group's last op. Ops between the
first and last member that depend on a member move after the group. If a
member needs one of them, the plan was convex only up to ops planners ignore:
a reshape, slice or constant moves in with the members; a kernel or call there
means the group cannot be formed and its ops stay ungrouped (with a warning).
The group's results are the
member values used outside it plus the `kept` intermediates; outside uses are
rewired to them. A view of another result is not yielded: it is rebuilt after
the group (`yielded_views.py`). tensor.empty and constants stay outside: they are defined
before the last member, so they dominate the group. Recomputed ops are cloned
into the group next to their first user there; the original is erased when
nothing else uses it.
"""

from __future__ import annotations

import sys
from typing import Any

from mlir import ir

from mlirfuse.analysis.escaping import top_level_ancestor
from mlirfuse.context import GROUP_OP, group_attributes, in_group_order
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_utils import (
    in_block_order,
    is_inside,
    remap_operands,
    replace_uses_outside,
    used_values,
)
from mlirfuse.transforms.yielded_views import rebuild_yielded_views
from mlirfuse.vocab.errors import PassFailure
from mlirfuse.vocab.model import FunctionPlan, Group


def apply_groups(func_op: ir.Operation, plan: FunctionPlan, graph: Any) -> list[ir.Operation]:
    """Form the plan's groups in `func_op`; returns the new `fusion.group` ops."""
    if plan.fingerprint and plan.fingerprint != graph.fingerprint():
        raise PassFailure(
            "the plan was made for different IR (fingerprint mismatch)", func_op.location
        )
    todo = [g for g in plan.groups if len(g.ops) >= 2 or g.recomputed]
    members = {g.id: [graph.ops[i] for i in g.ops] for g in todo}
    originals = {i: graph.ops[i] for g in todo for i in g.recomputed}
    kept = _kept_values(plan, graph)  # read graph.ops before any of them is erased
    # Every copy of an op made so far, by index: a member (or a copy) may already
    # read another group's copy of a recomputed op, not the original.
    versions: dict[int, list[ir.Operation]] = {i: [op] for i, op in originals.items()}
    for g in todo:
        # Consumers first: a copy's own copied producers are rewired to feed it.
        for i in sorted(g.recomputed, reverse=True):
            clone = _recompute(versions[i], members[g.id])
            versions[i].append(clone)
            members[g.id].append(clone)
    with Rewrite("drop ops recomputed in every group", func_op) as rw:
        for op in _unused_originals(originals, members):
            rw.erase(op)
    formed = [_form(g, in_block_order(members[g.id]), kept) for g in todo]
    return [g for g in formed if g is not None]


def _unused_originals(
    originals: dict[int, ir.Operation], members: dict[int, list[ir.Operation]]
) -> list[ir.Operation]:
    """Recomputed ops in no group that nothing uses once the copies read in
    their place, consumers first (a copied chain goes as a whole)."""
    dead: list[ir.Operation] = []
    for i in sorted(originals, reverse=True):
        op = originals[i]
        users = [use.owner.operation for r in op.results for use in r.uses]
        if not _is_grouped(op, members) and all(u in dead for u in users):
            dead.append(op)
    return dead


def _is_grouped(op: ir.Operation, members: dict[int, list[ir.Operation]]) -> bool:
    return any(op in ops for ops in members.values())


def _kept_values(plan: FunctionPlan, graph: Any) -> set[ir.Operation]:
    return {graph.ops[i] for g in plan.groups for i in g.kept}


def _recompute(versions: list[ir.Operation], members: list[ir.Operation]) -> ir.Operation:
    """Clone the op `versions[0]` before its first user among `members`; rewire
    those users, whichever version (the original or an earlier group's copy)
    they read."""
    original = versions[0]
    values = {v for op in versions for v in op.results}
    users = [m for m in members if any(v in values for v in used_values(m))]
    if not users:
        raise PassFailure("recomputed op has no user in its group", original.location)
    first = in_block_order(users)[0]
    clone = original.clone(ip=ir.InsertionPoint(first)).operation
    mapping = {v: c for op in versions for v, c in zip(op.results, clone.results, strict=True)}
    for user in users:
        remap_operands(user, mapping)
    return clone


def _form(group: Group, ops: list[ir.Operation], kept: set[ir.Operation]) -> ir.Operation | None:
    block = ops[0].block
    member_set = set(ops)
    dependents, needed = _dependents_between(block, ops, member_set)
    if needed:
        if not all(_is_free(op) for op in needed):
            _warn_not_convex(group, needed[0])
            return None
        # A reshape or constant the planner left out lies between members:
        # it moves in with them (the kernel reads it anyway).
        return _form(group, in_block_order(ops + needed), kept)
    escaping = in_group_order(_escaping_values(ops, member_set, kept))
    last = ops[-1]
    with last.location:
        group_op = ir.Operation.create(
            GROUP_OP,
            results=[v.type for v in escaping],
            attributes=group_attributes(group.pattern, group.id, len(escaping)),
            regions=1,
            ip=ir.InsertionPoint(last),
        )
        body = group_op.regions[0].blocks.append()
        terminator = ir.Operation.create("gpu.yield", operands=escaping, ip=ir.InsertionPoint(body))
    for op in ops:
        op.move_before(terminator)
    for value, result in zip(escaping, group_op.results, strict=True):
        replace_uses_outside(value, result, group_op)
    anchor = group_op
    for op in dependents:
        op.move_after(anchor)
        anchor = op
    # A reshape or slice that moved in may be read outside as well as its
    # source: yielded once, and the view rebuilt after the group.
    return rebuild_yielded_views(group_op)


_NOT_FREE = ("linalg.", "func.call", GROUP_OP)


def _is_free(op: ir.Operation) -> bool:
    """Not a kernel nor a call: reshapes, constants, empties, slices."""
    return not op.name.startswith(_NOT_FREE) and op.name != "linalg.fill"


def _warn_not_convex(group: Group, culprit: ir.Operation) -> None:
    print(
        f"{culprit.location}: warning: planned group {group.id} is not convex ({culprit.name} "
        "lies on a path that leaves and re-enters it); its ops stay ungrouped",
        file=sys.stderr,
    )


def _dependents_between(
    block: ir.Block, ops: list[ir.Operation], member_set: set[ir.Operation]
) -> tuple[list[ir.Operation], list[ir.Operation]]:
    """Non-members between the first and last member that use a member's value
    (they move after the group), and those of them a member needs (the plan
    is not convex unless these join it). Follows the members' uses (not the
    block from its start: that made forming n groups quadratic)."""
    last = ops[-1]
    moved: dict[ir.Operation, None] = {}
    todo = [r for op in ops for r in op.results]
    tainted = set(todo)
    while todo:
        for use in todo.pop().uses:
            user = top_level_ancestor(use.owner.operation, block)
            if user is None or user in member_set or user in moved:
                continue
            if user.is_before_in_block(last):
                moved[user] = None
                todo.extend(user.results)
                tainted.update(user.results)
    needed = [
        owner
        for op in ops
        for v in used_values(op)
        if v in tainted and (owner := _owner_in(v, moved)) is not None
    ]
    return in_block_order(list(moved)), in_block_order(list(dict.fromkeys(needed)))


def _owner_in(value: ir.Value, ops: dict[ir.Operation, None]) -> ir.Operation | None:
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.operation not in ops:
        return None
    return owner.operation


def _escaping_values(
    ops: list[ir.Operation], member_set: set[ir.Operation], kept: set[ir.Operation]
) -> list[ir.Value]:
    block = ops[0].block
    escaping = []
    for op in ops:
        for result in op.results:
            outside = any(
                top_level_ancestor(use.owner.operation, block) not in member_set
                for use in result.uses
            )
            # A kept op's results leave the group, but not one nothing reads
            # (an argmax's indices beside its max: yielding them costs the
            # row schedule, `schedule_fallback.reduces_by_position`).
            if outside or (op in kept and any(True for _ in result.uses)):
                escaping.append(result)
    return escaping


def as_execute_regions(groups: list[ir.Operation], which: list[bool]) -> list[ir.Operation]:
    """`groups`, each one flagged in `which` replaced by an `scf.execute_region`
    holding its ops (it may yield any types; a fusion.group past 7 results may
    not). One step: the groups are all formed before any is replaced."""
    if not any(which):
        return groups
    replaced = []
    with Rewrite("groups of mixed result types become scf.execute_region", groups[0]) as rw:
        for group_op, flagged in zip(groups, which, strict=True):
            replaced.append(_execute_region(group_op, rw) if flagged else group_op)
    return replaced


def _execute_region(group_op: ir.Operation, rw: Rewrite) -> ir.Operation:
    ops = [o.operation for o in group_op.regions[0].blocks[0].operations]
    with group_op.location:
        region_op = ir.Operation.create(
            "scf.execute_region",
            results=[r.type for r in group_op.results],
            regions=1,
            ip=ir.InsertionPoint(group_op),
        )
        block = region_op.regions[0].blocks.append()
        terminator = ir.Operation.create(
            "scf.yield", operands=list(ops[-1].operands), ip=ir.InsertionPoint(block)
        )
    for op in ops[:-1]:
        op.move_before(terminator)
    rw.replace_op(group_op, list(region_op.results))
    return region_op


def inline_group(group_op: ir.Operation) -> None:
    """Undo a group (or an scf.execute_region holding one): its ops go back
    before it, its results become the yielded values."""
    body = group_op.regions[0].blocks[0]
    ops = [o.operation for o in body.operations]
    terminator = ops[-1]
    with Rewrite("inline a fusion.group", group_op) as rw:
        for op in ops[:-1]:
            op.move_before(group_op)
        rw.replace_op(group_op, list(terminator.operands))


def group_ops(func_op: ir.Operation) -> list[ir.Operation]:
    """The `fusion.group` ops directly in `func_op`'s body."""
    block = func_op.regions[0].blocks[0]
    return [o.operation for o in block.operations if o.operation.name == GROUP_OP]


__all__ = ["apply_groups", "group_ops", "inline_group", "is_inside"]
