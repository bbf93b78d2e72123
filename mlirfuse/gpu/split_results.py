"""Multi-result elementwise generics of a group split by where their results are read.

The fusion rewrite makes a multi-result generic when it fuses a kept producer
into its elementwise consumer (BLOOM's attention-mask compare and its extui:
one result read by the cumsum in the group, one only by another kernel). The
row and reduce schedules tile the root's chain and left such an op as a loop
on the host; split in two, each part is an ordinary member of the kernel.
Where the inside results are computed from an outside one (a kept producer
fused into its consumer), the inside part reads the outside part's result,
so the kernel keeps the one chain and root the plan priced (BitNet's kept
RMSNorm output and its absolute maximum: two parts recomputing from the row
sum were two roots of different shapes sharing it, which no schedule builds).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.generic_subset import needed_body_ops, results_subset, yielded
from mlirfuse.gpu.irutil import defining_op
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
    second = results_subset(generic, outside)
    given = _computed_from(generic, inside, outside)
    first = None
    if second is not None:
        reads = [(i, second.results[outside.index(i)]) for i in given]
        first = results_subset(generic, inside, reads)
    if first is None or second is None:
        if second is not None:
            erase(second, "drop an unused split")
        return False
    with Rewrite("split a generic's inside and outside results", first) as rw:
        for indices, part in ((inside, first), (outside, second)):
            for old_index, new_result in zip(indices, part.results, strict=True):
                rw.replace_uses(generic.results[old_index], new_result)
        rw.erase(generic)
    return True


def _computed_from(generic: ir.Operation, inside: list[int], outside: list[int]) -> list[int]:
    """The results of `outside` whose values the body computes on the way to
    those of `inside` (a kept producer fused into its consumer: the consumer's
    part reads the producer's part instead of computing it again, so the two
    stay one chain, and one root, as the plan saw them)."""
    values = yielded(generic)
    needed = needed_body_ops(generic.regions[0].blocks[0], [values[i] for i in inside])
    return [
        i
        for i in outside
        if (producer := defining_op(values[i])) is not None and any(producer == op for op in needed)
    ]


def _read_in_group(value: ir.Value) -> bool:
    """Whether an op of the value's group (not its yield) reads it."""
    for use in value.uses:
        owner = use.owner.operation
        if owner.name != "gpu.yield":
            return True
    return False
