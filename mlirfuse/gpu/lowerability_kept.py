"""Refusal: a reduction over a dynamic loop, kept by a group it is not the root of.

Only the fallback schedule builds a reduction whose reduced extent is known at
run time (`schedule.make_schedule`), one thread per output element of the
kernel's root. A reduction fused in front of that root is computed whole in
each thread, and when the group also keeps it (a result read after the
kernel: a softmax's row sum, a norm's statistics), tile-and-fuse yields it
through the kernel's output, so every thread of a block accumulates into the
same address: a race on the GPU that the CPU check, which runs the threads
one after another, does not see (`race_check.py` refuses the built kernel).
The plan keeps such a reduction out of the group instead; read only inside
the group, or as the group's root, it lowers.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.structured import structured_view
from mlirfuse.analysis.types import Decision

KEPT_DYNAMIC_REDUCTION = "gpu-kept-dynamic-reduction"  # a kept reduction of a dynamic extent


def kept_dynamic_reduction(ops: Sequence[ir.Operation]) -> Decision | None:
    """Refuse a reduction of `ops` with a dynamic reduced loop whose result
    is read both in `ops` and outside them."""
    for op in ops:
        if not _reduces_dynamic_loop(op):
            continue
        readers = [use.owner.operation for result in op.results for use in result.uses]
        inside = [r for r in readers if any(r == o for o in ops)]
        if inside and len(inside) < len(readers):
            return Decision.refuse(
                KEPT_DYNAMIC_REDUCTION,
                f"'{op.name}' reduces a dynamic loop and is read after the kernel: "
                "the fallback schedule would accumulate it with every thread",
            )
    return None


def _reduces_dynamic_loop(op: ir.Operation) -> bool:
    """A reduction loop of `op` that indexes a dynamic dim of an operand."""
    view = structured_view(op)
    if view is None:
        return False
    reduced = {d for d, it in enumerate(view.iterators) if it == "reduction"}
    for value, amap in zip(op.operands, view.maps, strict=False):
        if not isinstance(value.type, ir.ShapedType):
            continue
        shaped = ir.ShapedType(value.type)
        for position, expr in enumerate(amap.results):
            if (
                isinstance(expr, ir.AffineDimExpr)
                and expr.position in reduced
                and shaped.is_dynamic_dim(position)
            ):
                return True
    return False
