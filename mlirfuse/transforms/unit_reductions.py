"""A reduction whose reduced loops all have extent 1 is elementwise.

A `Linear(1, n)` (the Decision Transformer's return-to-go embedding) is a
`linalg.matmul` of `Mx1` by `1xN`: an outer product. The GPU back end's
contraction schedule tiles K, and a K of 1 left it a vector of one element
that NVVM could not translate (`builtin.unrealized_conversion_cast`): the
model did not compile. As IREE drops unit dims, such a contraction (named
matmul or batch matmul), or any generic whose reduction loops all have
extent 1 (a max over a unit dim, SwiftFormer's), becomes an all-parallel
generic over its other loops, each operand read at 0 in the reduced ones,
its body as it was (`out + a * b`, the init read once): an elementwise op,
which fuses with its producers and readers as one elementwise chain.
Nothing is computed differently: a reduction over one element combines
that element with the init, as the elementwise body does.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.structured import StructuredView, loop_ranges, structured_view
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.generalize import generalize
from mlirfuse.transforms.ir_access import (
    PARALLEL_ITERATOR,
    indexing_maps,
    is_static_tensor,
    set_indexing_maps,
)

_NAMED = ("linalg.matmul", "linalg.batch_matmul")


def unit_reductions_to_elementwise(func_op: ir.Operation) -> int:
    """Rewrite every such reduction of `func_op`'s body; returns how many."""
    ops = [op.operation for op in func_op.regions[0].blocks[0].operations]
    done = 0
    for op in ops:
        if _reduces_one_element(op):
            _as_elementwise(generalize(op))
            done += 1
    return done


def _reduces_one_element(op: ir.Operation) -> bool:
    """A static reduction (a named matmul or batch matmul, or a generic) with
    one result whose reduced loops all have extent 1 and whose body reads no
    loop position."""
    if op.name not in (*_NAMED, "linalg.generic") or len(op.results) != 1:
        return False
    view = structured_view(op)
    if view is None or not all(is_static_tensor(v) for v in op.operands):
        return False
    simple = (ir.AffineDimExpr, ir.AffineConstantExpr)
    if not all(isinstance(e, simple) for m in view.maps for e in m.results):
        return False  # a window's `d0 + d2`: not renumbered here
    reduced = _reduced_loops(view)
    ranges = loop_ranges(view, list(op.operands))
    if not reduced or any(ranges[loop] != 1 for loop in reduced):
        return False
    return "linalg.index" not in view.body_ops


def _reduced_loops(view: StructuredView) -> list[int]:
    return [i for i, name in enumerate(view.iterators) if name == "reduction"]


def _as_elementwise(generic: ir.Operation) -> None:
    """Drop the reduced loops of `generic` in place: each map reads 0 there."""
    view = structured_view(generic)
    assert view is not None
    reduced = set(_reduced_loops(view))
    kept = [d for d in range(len(view.iterators)) if d not in reduced]
    renumber = {old: new for new, old in enumerate(kept)}
    maps = []
    for amap in indexing_maps(generic):
        exprs = [
            ir.AffineConstantExpr.get(0)
            if isinstance(e, ir.AffineDimExpr) and e.position in reduced
            else _renumbered(e, renumber)
            for e in amap.results
        ]
        maps.append(ir.AffineMap.get(len(kept), 0, exprs))
    with Rewrite("a reduction over one element as an elementwise op", generic):
        set_indexing_maps(generic, maps)
        parallel = ir.Attribute.parse(PARALLEL_ITERATOR)
        generic.attributes["iterator_types"] = ir.ArrayAttr.get([parallel] * len(kept))


def _renumbered(expr: ir.AffineExpr, renumber: dict[int, int]) -> ir.AffineExpr:
    """`expr` (a dim or a constant) with its loop dim renumbered."""
    if isinstance(expr, ir.AffineDimExpr):
        return ir.AffineDimExpr.get(renumber[expr.position])
    return expr
