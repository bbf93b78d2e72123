"""Dropping loops of extent 1 that no indexing map reads any more.

`folds.fold_expand_shapes` reads a generic's inputs through the
`tensor.expand_shape`s that only add unit dims. A training step's summed
loss reads two such views, `tensor<32x1xT>` of `tensor<32xT>`, over loops
`(d0, d1)` of extents 32 and 1: folding both would leave the unit loop d1
in no map (its extent could no longer be read off the operands), so one
view stayed, and tile-and-fuse cannot fuse a producer through a reshape
("could not find next producer to fuse"). A loop only ever indexed at
unit dims has extent 1: `drop_unit_loops` removes it from the maps and
the iterator types, and its `linalg.index` becomes the constant 0.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith

from mlirfuse.gpu.irutil import walk
from mlirfuse.mutation import Rewrite


def unused_loops(maps: list[ir.AffineMap]) -> set[int]:
    """The loop dims no map reads as a bare dim (whose extent no operand's
    shape then gives)."""
    used = {
        ir.AffineDimExpr(e).position
        for m in maps
        for e in m.results
        if isinstance(e, ir.AffineDimExpr)
    }
    return set(range(maps[0].n_dims)) - used


def drop_unit_loops(generic: ir.Operation, maps: list[ir.AffineMap], drop: set[int]) -> None:
    """Set `maps` (which read no loop of `drop`, each of extent 1) without
    the loops of `drop`: renumbered maps, iterator types, linalg.index ops."""
    n = maps[0].n_dims
    kept = [d for d in range(n) if d not in drop]
    zero = ir.AffineConstantExpr.get(0)
    renumber = [ir.AffineDimExpr.get(kept.index(d)) if d in kept else zero for d in range(n)]
    sub = ir.AffineMap.get(len(kept), 0, renumber)
    new_maps = [ir.AffineMap.get(len(kept), 0, [e.compose(sub) for e in m.results]) for m in maps]
    generic.attributes["indexing_maps"] = ir.ArrayAttr.get(
        [ir.AffineMapAttr.get(m) for m in new_maps]
    )
    iterators = list(ir.ArrayAttr(generic.attributes["iterator_types"]))
    generic.attributes["iterator_types"] = ir.ArrayAttr.get([iterators[d] for d in kept])
    for index in walk(generic):
        if index.name != "linalg.index":
            continue
        dim = ir.IntegerAttr(index.attributes["dim"]).value
        if dim in kept:
            position = kept.index(dim)
            index.attributes["dim"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), position)
            continue
        with ir.InsertionPoint(index), index.location:
            constant = arith.ConstantOp(ir.IndexType.get(), 0)
        with Rewrite("a dropped unit loop's index is 0", index) as rw:
            rw.replace_op(index, [constant.result])
