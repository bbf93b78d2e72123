"""Reading a reduction to a scalar without a reshape between kernel ops.

`folds.expand_scalar_result` makes a reduction to a 0-d result write
`tensor<1xT>` (a unit outer loop) and collapses it back for its users. A
generic of the same kernel reading that scalar (the mean's division, a loss's
scale) would then read it through a `tensor.collapse_shape`, and tile-and-fuse
cannot fuse a producer through a reshape. `read_through_unit_collapse` reads
the unit tensor itself instead, at index 0 of each of its dims.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu.irutil import defining_op


def _unit_collapse_source(value: ir.Value) -> ir.Value | None:
    """The source of a `tensor.collapse_shape` of only unit dims to rank 0."""
    producer = defining_op(value)
    if producer is None or producer.name != "tensor.collapse_shape":
        return None
    source = producer.operands[0]
    shape = ir.RankedTensorType(source.type).shape
    if ir.RankedTensorType(value.type).rank != 0 or any(d != 1 for d in shape):
        return None
    return source


def read_through_unit_collapse(generic: ir.Operation) -> bool:
    """Point a generic's 0-d inputs that are collapsed unit tensors at the
    unit tensors (their maps read index 0 of each dim)."""
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(generic.attributes["indexing_maps"])]
    n_in = len(generic.operands) - len(generic.results)
    changed = False
    for index, value in enumerate(list(generic.operands)[:n_in]):
        source = _unit_collapse_source(value)
        if source is None:
            continue
        rank = ir.RankedTensorType(source.type).rank
        zero = ir.AffineConstantExpr.get(0)
        maps[index] = ir.AffineMap.get(maps[index].n_dims, 0, [zero] * rank)
        generic.operands[index] = source
        changed = True
    if changed:
        generic.attributes["indexing_maps"] = ir.ArrayAttr.get(
            [ir.AffineMapAttr.get(m) for m in maps]
        )
    return changed
