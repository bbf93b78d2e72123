"""Reading a unit-dim collapse's source without a reshape between kernel ops.

`folds.expand_scalar_result` makes a reduction to a 0-d result write
`tensor<1xT>` (a unit outer loop) and collapses it back for its users. A
generic of the same kernel reading that scalar (the mean's division, a loss's
scale) would then read it through a `tensor.collapse_shape`, and tile-and-fuse
cannot fuse a producer through a reshape. Exports squeeze unit dims too: a
row norm kept as `8x24x1` is read as `8x24` by the division it feeds (YOSO's
L2-normalised keys). `read_through_unit_collapse` reads the unit-dim tensor
itself instead: each dim of a collapsed group at the group's index where it
is the group's one non-unit dim, at 0 where it is a unit dim.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu.irutil import defining_op


def unit_collapse(op: ir.Operation) -> bool:
    """A `tensor.collapse_shape` whose groups each hold at most one non-unit
    dim of its (static) source: it only drops unit dims."""
    if op.name != "tensor.collapse_shape":
        return False
    source = ir.RankedTensorType(op.operands[0].type)
    if not source.has_static_shape:
        return False
    groups = _groups(op)
    if not groups:  # to rank 0
        return all(d == 1 for d in source.shape)
    return all(sum(1 for d in g if source.shape[d] != 1) <= 1 for g in groups)


def _groups(op: ir.Operation) -> list[list[int]]:
    return [
        [ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)]
        for g in ir.ArrayAttr(op.attributes["reassociation"])
    ]


def _source_map(collapse: ir.Operation, amap: ir.AffineMap) -> ir.AffineMap:
    """`amap` (reading the collapse's result) as a map reading its source."""
    shape = ir.RankedTensorType(collapse.operands[0].type).shape
    zero = ir.AffineConstantExpr.get(0)
    results: list[ir.AffineExpr] = [zero] * len(shape)
    for expr, group in zip(amap.results, _groups(collapse), strict=True):
        wide = [d for d in group if shape[d] != 1]
        results[wide[0] if wide else group[0]] = expr  # a unit group's index is 0 anyway
    return ir.AffineMap.get(amap.n_dims, 0, results)


def read_through_unit_collapse(generic: ir.Operation) -> bool:
    """Point a generic's inputs that are unit-dim collapses at their sources."""
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(generic.attributes["indexing_maps"])]
    n_in = len(generic.operands) - len(generic.results)
    changed = False
    for index, value in enumerate(list(generic.operands)[:n_in]):
        producer = defining_op(value)
        if producer is None or not unit_collapse(producer):
            continue
        maps[index] = _source_map(producer, maps[index])
        generic.operands[index] = producer.operands[0]
        changed = True
    if changed:
        generic.attributes["indexing_maps"] = ir.ArrayAttr.get(
            [ir.AffineMapAttr.get(m) for m in maps]
        )
    return changed
