"""A `fusion.group` yields no view of another value it yields.

A reshape or slice between two members of a kernel moves into its group
(`groups.py`: the members read it); when ops outside read it as well, the
group would yield both a value and a view of it. That spends a result slot
(past 7 results a group's values share one type: a planned kernel then
stays ungrouped, and fusing that output again plans other kernels), and
the GPU back end builds two results in one buffer, which a launch cannot
return (each kernel result is a buffer of its own, `gpu/launch_info.py`).
Instead the group yields the value once and the view is rebuilt right
after the group, for the readers outside (a view costs nothing on the host).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_ID_ATTR, GROUP_OP, PATTERN_ATTR, group_attributes
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_utils import is_inside

VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice", "tensor.cast")

# A yielded value that a view op of the group makes from another yielded
# value: the view, and the position of that other value.
Derived = dict[int, tuple[ir.Operation, int]]


def rebuild_yielded_views(group_op: ir.Operation) -> ir.Operation:
    """`group_op`, or the group replacing it that yields no view of another
    of its values; those views are rebuilt after it."""
    terminator = list(group_op.regions[0].blocks[0].operations)[-1].operation
    yielded = list(terminator.operands)
    derived = _derived(group_op, yielded)
    if not derived:
        return group_op
    kept = [i for i in range(len(yielded)) if i not in derived]
    new_group = _regroup(group_op, terminator, [yielded[i] for i in kept])
    outside: dict[int, ir.Value] = {i: new_group.results[j] for j, i in enumerate(kept)}
    for i in sorted(derived):
        _rebuild(i, derived, outside, ir.InsertionPoint(group_op))
    with Rewrite("views of a group's values rebuilt after it", group_op) as rw:
        rw.replace_op(group_op, [outside[i] for i in range(len(yielded))])
        for view, _ in derived.values():
            rw.erase_if_unused(view)  # read outside only
    return new_group


def rebuild_all_yielded_views(func: ir.Operation) -> None:
    """`rebuild_yielded_views` on every group directly in `func`'s body."""
    block = func.regions[0].blocks[0]
    for group_op in [o.operation for o in block.operations if o.operation.name == GROUP_OP]:
        rebuild_yielded_views(group_op)


def _derived(group_op: ir.Operation, yielded: list[ir.Value]) -> Derived:
    derived: Derived = {}
    for i, value in enumerate(yielded):
        view = _inner_view(group_op, value)
        source = _position(yielded, view.operands[0], i) if view is not None else None
        if view is not None and source is not None:
            derived[i] = (view, source)
    return derived


def _inner_view(group_op: ir.Operation, value: ir.Value) -> ir.Operation | None:
    """The view op of the group that makes `value`, if it can be cloned
    after the group (its sizes and offsets come from outside it)."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.operation.name not in VIEWS:
        return None
    view = owner.operation
    if not is_inside(view, group_op):
        return None
    for operand in list(view.operands)[1:]:
        producer = operand.owner
        if not isinstance(producer, ir.Block) and is_inside(producer.operation, group_op):
            return None
    return view


def _position(yielded: list[ir.Value], value: ir.Value, other_than: int) -> int | None:
    return next((j for j, v in enumerate(yielded) if v == value and j != other_than), None)


def _regroup(
    group_op: ir.Operation, terminator: ir.Operation, values: list[ir.Value]
) -> ir.Operation:
    """A group like `group_op` (its ops moved into it) yielding `values`."""
    pattern = ir.StringAttr(group_op.attributes[PATTERN_ATTR]).value
    group_id = ir.IntegerAttr(group_op.attributes[GROUP_ID_ATTR]).value
    with group_op.location:
        new_group = ir.Operation.create(
            GROUP_OP,
            results=[v.type for v in values],
            attributes=group_attributes(pattern, group_id, len(values)),
            regions=1,
            ip=ir.InsertionPoint(group_op),
        )
        body = new_group.regions[0].blocks.append()
        new_terminator = ir.Operation.create(
            terminator.name, operands=values, ip=ir.InsertionPoint(body)
        )
    for op in [o.operation for o in group_op.regions[0].blocks[0].operations]:
        if op != terminator:
            op.move_before(new_terminator)
    return new_group


def _rebuild(
    i: int, derived: Derived, outside: dict[int, ir.Value], at: ir.InsertionPoint
) -> ir.Value:
    """The value yielded at `i`, outside the group (a view built at `at`)."""
    if i in outside:
        return outside[i]
    view, source = derived[i]
    base = _rebuild(source, derived, outside, at)
    clone = view.clone(ip=at).operation
    clone.operands[0] = base
    outside[i] = clone.results[0]
    return outside[i]
