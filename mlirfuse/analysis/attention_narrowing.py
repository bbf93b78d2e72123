"""P·V's narrowing: an identity generic whose body is one `truncf` (16-bit
chains, docs/attention.md); the attention kernel writes it itself."""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.structured import (
    PARALLEL,
    dim_position,
    element_name,
    shape_of,
    structured_view,
)


def is_narrowing(op: ir.Operation) -> bool:
    """An identity generic of one input whose body is one `truncf`."""
    if op.name != "linalg.generic" or len(op.results) != 1:
        return False  # (a generic on buffers has no result)
    view = structured_view(op)
    if view is None or view.num_inputs != 1:
        return False
    rank = len(shape_of(op.results[0]))
    if view.iterators != (PARALLEL,) * rank or not all(
        [dim_position(e) for e in m.results] == list(range(rank)) for m in view.maps
    ):
        return False
    if element_name(op.results[0]) not in ("f32", "f16", "bf16"):
        return False
    body = op.regions[0].blocks[0]
    ops = [o.operation for o in body.operations]
    if [o.name for o in ops] != ["arith.truncf", "linalg.yield"]:
        return False
    narrow, done = ops
    return narrow.operands[0] == body.arguments[0] and done.operands[0] == narrow.results[0]
