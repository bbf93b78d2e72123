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


def pivot_loops(
    perm: list[int],
    groups: list[list[int]],
    fine: list[Extent],
    coarse: list[Extent],
    *,
    expand: bool,
) -> tuple[list[list[int]], list[Extent], list[Extent]] | None:
    """A generic's loops as one side of a reshape it reads with the
    permutation `perm` (the reshape's dim r is loop perm[r]), on the other
    side: the loop groups and the loops' extents to hand `expanded_map`
    (through a collapse) or `collapsed_map` (through an expand), and the
    new loop space. Through an expand the loops of each group must be a run
    in order (the generic's identity outputs cannot split one); None when not.

    A ViT patch embedding reads `collapse(conv)` transposed: each token loop
    becomes the rows and columns of the conv's map, the channel loop stays
    last, so the generic writes the tokens' layout from the conv's result."""
    if perm == list(range(len(perm))):  # the reshape's own dims
        return groups, fine, fine if not expand else coarse
    if not expand:
        return _expanded_loops(perm, groups, fine)
    if any(not group for group in groups):
        return None
    order = sorted(range(len(groups)), key=lambda g: perm[groups[g][0]])
    runs = [[perm[f] for f in groups[g]] for g in order]
    if [loop for run in runs for loop in run] != list(range(len(perm))):
        return None  # a group's loops split or out of order
    extents = [fine[perm.index(loop)] for loop in range(len(perm))]
    return runs, extents, [coarse[g] for g in order]


def _expanded_loops(
    perm: list[int], groups: list[list[int]], fine: list[Extent]
) -> tuple[list[list[int]], list[Extent], list[Extent]]:
    """Through a collapse: loop l becomes the fine dims of the reshape's dim
    read at l, numbered in loop order."""
    loop_groups: list[list[int]] = []
    extents: list[Extent] = []
    for loop in range(len(perm)):
        loop_groups.append(list(range(len(extents), len(extents) + len(groups[perm.index(loop)]))))
        extents.extend(fine[f] for f in groups[perm.index(loop)])
    return loop_groups, extents, extents


def permutation(amap: ir.AffineMap) -> list[int] | None:
    """The loop each result of `amap` reads, when it reads every loop once."""
    results = list(amap.results)
    if len(results) != amap.n_dims or not all(isinstance(e, ir.AffineDimExpr) for e in results):
        return None
    perm = [ir.AffineDimExpr(e).position for e in results]
    return perm if sorted(perm) == list(range(len(perm))) else None
