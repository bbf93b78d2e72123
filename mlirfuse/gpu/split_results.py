"""Multi-result elementwise generics of a group split by where their results are read.

The fusion rewrite makes a multi-result generic when it fuses a kept producer
into its elementwise consumer (BLOOM's attention-mask compare and its extui:
one result read by the cumsum in the group, one only by another kernel). The
row and reduce schedules tile the root's chain and left such an op as a loop
on the host; split in two, each part is an ordinary member of the kernel.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.folds import results_subset
from mlirfuse.mutation import Rewrite, erase


def split_mixed_results(generic: ir.Operation) -> bool:
    """Split a multi-result elementwise generic of a group whose results are
    read in the group and results read only outside it (the rewrite makes
    one when it fuses a kept producer into its consumer: BLOOM's mask compare
    and its extui) into one generic per side, each computing what it yields:
    the row and reduce schedules tile the root's chain and left such an op
    on the host. Recomputing an elementwise body costs no memory traffic
    (both read the same inputs in one kernel). Returns whether it split."""
    if len(generic.results) < 2 or "reduction" in str(generic.attributes["iterator_types"]):
        return False
    parent = generic.parent
    if parent is None or parent.name != GROUP_OP:
        return False
    inside = [i for i, r in enumerate(generic.results) if _read_in_group(r)]
    outside = [i for i in range(len(generic.results)) if i not in inside]
    if not inside or not outside:
        return False
    first = results_subset(generic, inside)
    second = results_subset(generic, outside) if first is not None else None
    if first is None or second is None:
        if first is not None:
            erase(first, "drop an unused split")
        return False
    with Rewrite("split a generic's inside and outside results", first) as rw:
        for indices, part in ((inside, first), (outside, second)):
            for old_index, new_result in zip(indices, part.results, strict=True):
                rw.replace_uses(generic.results[old_index], new_result)
        rw.erase(generic)
    return True


def _read_in_group(value: ir.Value) -> bool:
    """Whether an op of the value's group (not its yield) reads it."""
    for use in value.uses:
        owner = use.owner.operation if isinstance(use.owner, ir.OpView) else use.owner
        if owner.name != "gpu.yield":
            return True
    return False
