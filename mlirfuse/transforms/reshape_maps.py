"""An elementwise generic's indexing maps on the other side of a reshape
(`reshape_propagation.py` moves generics through reshapes, and
`gpu/inner_reshapes.py` producers past them): every loop of a collapsed
dim becomes its group's loops, or a run of one group's loops one loop.

Extents are ints (static shapes) or proven `Size`s (`analysis/symbolic.py`);
the maps are the same either way.
"""

from __future__ import annotations

from typing import TypeVar

from mlir import ir

from mlirfuse.analysis.symbolic import Size

# An extent: an int (static callers, gpu/inner_reshapes.py) or a proven Size.
Extent = TypeVar("Extent", int, Size)
MapShape = tuple[ir.AffineMap, list[Extent]]


def expanded_map(
    amap: ir.AffineMap, shape: list[Extent], groups: list[list[int]], fine: list[Extent]
) -> MapShape[Extent] | None:
    """`amap` over the coarse loops as a map over the fine loops (each coarse
    dim becomes its group's dims), with the operand's shape there."""
    exprs: list[ir.AffineExpr] = []
    out: list[Extent] = []
    for pos, expr in enumerate(amap.results):
        if isinstance(expr, ir.AffineDimExpr):
            for f in groups[expr.position]:
                exprs.append(ir.AffineDimExpr.get(f))
                out.append(fine[f])
        elif isinstance(expr, ir.AffineConstantExpr):
            exprs.append(expr)
            out.append(shape[pos])
        else:
            return None
    return ir.AffineMap.get(len(fine), 0, exprs), out


def collapsed_map(
    amap: ir.AffineMap, shape: list[Extent], groups: list[list[int]], fine: list[Extent]
) -> MapShape[Extent] | None:
    """`amap` over the fine loops as a map over the coarse loops: a run of
    one group's dims (in order, every non-unit dim there) becomes its coarse
    dim. None when a group is split, permuted or read twice."""
    owner = {f: c for c, group in enumerate(groups) for f in group}
    results = list(amap.results)
    exprs: list[ir.AffineExpr] = []
    out: list[Extent] = []
    seen: set[int] = set()
    pos = 0
    while pos < len(results):
        expr = results[pos]
        if isinstance(expr, ir.AffineConstantExpr):
            exprs.append(expr)
            out.append(shape[pos])
            pos += 1
            continue
        if not isinstance(expr, ir.AffineDimExpr):
            return None
        c = owner[expr.position]
        run: list[int] = []
        while pos < len(results) and _dim_of(results[pos], owner) == c:
            run.append(ir.AffineDimExpr(results[pos]).position)
            pos += 1
        wide = [f for f in groups[c] if fine[f] != 1]
        if c in seen or run != sorted(set(run)) or not set(wide) <= set(run):
            return None
        seen.add(c)
        exprs.append(ir.AffineDimExpr.get(c))
        extent = fine[run[0]]
        for f in run[1:]:
            extent = extent * fine[f]
        out.append(extent)
    return ir.AffineMap.get(len(groups), 0, exprs), out


def _dim_of(expr: ir.AffineExpr, owner: dict[int, int]) -> int | None:
    return owner[expr.position] if isinstance(expr, ir.AffineDimExpr) else None
