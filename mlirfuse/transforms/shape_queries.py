"""Shape queries on kernel results read the destination instead (before planning).

`tensor.dim %r, i` with `%r` a result of a linalg op asks for a shape only, but
as an SSA use it ties every later op sized by it to that kernel: a consumer
whose init is `tensor.empty(tensor.dim %producer_result)` looks like a path
producer -> dim -> empty -> consumer, i.e. a cycle, and the fusion is refused.
Once the consumer's init goes away (it is merged into its own consumer) that
path is gone, so fusing the output again fused more: not idempotent.

A destination-style op's result has the shape of its init operand, so the query
is re-pointed at the init (repeatedly, through chains of inits), as upstream
`resolve-ranked-shaped-type-result-dims` does. No op moves or disappears: the
dataflow graph keeps its nodes and loses only shape-only edges.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.symbolic_eval import same_shape_init


def resolve_result_dims(func_op: ir.Operation) -> int:
    """Re-point each `tensor.dim` of a linalg result in `func_op` at the
    result's init; returns how many were changed."""
    dims: list[ir.Operation] = []

    def collect(op: ir.Operation) -> ir.WalkResult:
        if op.name == "tensor.dim":
            dims.append(op)
        return ir.WalkResult.ADVANCE

    func_op.operation.walk(collect)
    changed = 0
    for dim in dims:
        source = dim.operands[0]
        init = same_shape_init(source)
        while init is not None:
            source = init
            init = same_shape_init(source)
        if source != dim.operands[0]:
            dim.operands[0] = source
            changed += 1
    return changed
