"""A gather that only moves elements is the copy generic it equals.

torch-mlir writes `expand` of a dynamic shape (grouped-query attention's
key/value repeat, a mask broadcast over heads) as a generic with no inputs
whose body reads its source by `tensor.extract` at loop indices, a unit
dim at the constant 0: `out[a, b, c, s, d] = src[0, b, 0, s, d]`. Nothing
reads through such a gather: the head-layout folds, the attention kernel's
operand walk and the fusion planner see a gather, where the same `expand`
of a static shape is a copy generic they read through. It is rewritten as
that copy: `ins(src)` at the map of its indices, `(a, b, c, s, d) -> (0, b,
0, s, d)`, a body yielding the element. When `src` is an expand_shape that
inserted the unit dims read at 0, the copy reads its source instead, and a
unit dim read at 0 is read at a unit loop: `(a, b, c, s, d) -> (a, b, s,
d)` of the 4-D keys, the map the static export has. A copy at the identity
map is its source. Nothing is computed differently: the same element is read.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.analysis.structured import shape_of
from mlirfuse.analysis.symbolic_eval import Dims, SizeEvaluator
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    PARALLEL_ITERATOR,
    indexing_maps,
    iterator_names,
    producer_of,
    reassociation_groups,
)


def gathers_as_copies(func_op: ir.Operation) -> int:
    """Rewrite every top-level gather of `func_op` that only moves
    elements; returns the rewrites."""
    done = 0
    sizes = SizeEvaluator()
    with func_op.context:
        for op in [o.operation for o in func_op.regions[0].blocks[0].operations]:
            found = copied_read(op, sizes)
            if found is None:
                continue
            source, amap = found
            if _same_elements(source, op.results[0], amap):
                with Rewrite("a gather that copies its source", op) as rw:
                    rw.replace_op(op, [source])
            else:
                _as_copy_generic(op, source, amap)
            done += 1
    return done


def _same_elements(source: ir.Value, result: ir.Value, amap: ir.AffineMap) -> bool:
    """`result[d] = source[amap(d)]` is `source` itself: one type, each dim read
    at its own loop or, a unit dim, at 0."""
    if source.type != result.type:
        return False
    return all(
        (isinstance(e, ir.AffineDimExpr) and ir.AffineDimExpr(e).position == i)
        or isinstance(e, ir.AffineConstantExpr)
        for i, e in enumerate(amap.results)
    )


def copied_read(op: ir.Operation, sizes: SizeEvaluator) -> tuple[ir.Value, ir.AffineMap] | None:
    """(source, map) when `op` is an all-parallel generic of one result with
    no inputs whose body yields `extract %source[...]`, each index a loop
    index (no loop twice) at a source dim of the loop's extent, proven, or
    the constant 0 at a unit dim; the source defined outside `op`. Else None."""
    if op.name != "linalg.generic" or len(op.operands) != 1 or len(op.results) != 1:
        return None
    maps = indexing_maps(op)
    if maps[0] != ir.AffineMap.get_identity(maps[0].n_dims):
        return None
    if any("parallel" not in it for it in iterator_names(op)):
        return None
    body = [o.operation for o in op.regions[0].blocks[0].operations]
    if any(o.name not in ("linalg.index", "arith.constant", "tensor.extract") for o in body[:-1]):
        return None
    extracts = [o for o in body if o.name == "tensor.extract"]
    if len(extracts) != 1 or body[-1].operands[0] != extracts[0].results[0]:
        return None
    extract = extracts[0]
    source = extract.operands[0]
    if defined_inside(source, op):
        return None
    exprs = _index_exprs(extract, shape_of(source))
    if exprs is None or not _extents_match(exprs, sizes.shape(source), sizes.shape(op.operands[0])):
        return None
    # After the check: an expand's source has the sizes the expand says.
    source, exprs = _past_unit_expand(source, exprs)
    exprs = _unit_reads_at_unit_loops(exprs, shape_of(op.operands[0]))
    return source, ir.AffineMap.get(maps[0].n_dims, 0, exprs)


def _past_unit_expand(
    source: ir.Value, exprs: list[ir.AffineExpr]
) -> tuple[ir.Value, list[ir.AffineExpr]]:
    """When `source` is an `expand_shape` whose every group is read at one
    loop at most, its other (unit) dims at 0: its source, each group read
    at that loop (or at 0). torch-mlir's dynamic `expand` inserts the
    repeated dim as a unit dim this way, where the static export reads the
    4-D tensor; reading past it lets the attention walk and the planner see
    the same copy either way."""
    expand = producer_of(source)
    if expand is None or expand.name != "tensor.expand_shape":
        return source, exprs
    read: list[ir.AffineExpr] = []
    for group in reassociation_groups(expand):
        loops = [exprs[d] for d in group if not isinstance(exprs[d], ir.AffineConstantExpr)]
        if len(loops) > 1:
            return source, exprs
        read.append(loops[0] if loops else ir.AffineConstantExpr.get(0))
    return expand.operands[0], read


def _unit_reads_at_unit_loops(
    exprs: list[ir.AffineExpr], loop_extents: tuple[int | None, ...]
) -> list[ir.AffineExpr]:
    """A unit dim read at the constant 0 read at a loop of extent 1 no other
    dim reads (the same element, by a projected permutation, which the copy
    analyses expect: `broadcast_dims` and the head-layout folds), the loop
    of its own position first."""
    used = {ir.AffineDimExpr(e).position for e in exprs if isinstance(e, ir.AffineDimExpr)}
    units = [i for i, extent in enumerate(loop_extents) if extent == 1 and i not in used]
    read = list(exprs)
    for position, expr in enumerate(exprs):
        if not isinstance(expr, ir.AffineConstantExpr) or not units:
            continue
        loop = position if position in units else units[0]
        units.remove(loop)
        read[position] = ir.AffineDimExpr.get(loop)
    return read


def _extents_match(exprs: list[ir.AffineExpr], have: Dims, loops: Dims) -> bool:
    """Each source dim read at a loop has that loop's extent: a smaller loop
    would read a slice, which a copy's map cannot say."""
    for expr, size in zip(exprs, have, strict=True):
        if isinstance(expr, ir.AffineDimExpr):
            extent = loops[ir.AffineDimExpr(expr).position]
            if size is None or extent is None or size != extent:
                return False
    return True


def _index_exprs(
    extract: ir.Operation, shape: tuple[int | None, ...]
) -> list[ir.AffineExpr] | None:
    exprs: list[ir.AffineExpr] = []
    for dim, value in enumerate(list(extract.operands)[1:]):
        index = producer_of(value)
        if index is None:
            return None
        if index.name == "linalg.index":
            exprs.append(ir.AffineDimExpr.get(ir.IntegerAttr(index.attributes["dim"]).value))
        elif shape[dim] == 1 and is_zero_index(index):
            exprs.append(ir.AffineConstantExpr.get(0))
        else:
            return None
    loops = [e for e in exprs if isinstance(e, ir.AffineDimExpr)]
    if len({ir.AffineDimExpr(e).position for e in loops}) != len(loops):
        return None  # a loop read twice: a diagonal, not a copy
    return exprs


def is_zero_index(op: ir.Operation | None) -> bool:
    """An `arith.constant` 0 (an index into a unit dim)."""
    if op is None or op.name != "arith.constant":
        return False
    value = op.attributes["value"]
    return isinstance(value, ir.IntegerAttr) and value.value == 0


def defined_inside(value: ir.Value, op: ir.Operation) -> bool:
    """`value` is defined in `op`'s regions (or is its result)."""
    owner = producer_of(value)
    while owner is not None:
        if owner == op:
            return True
        parent = owner.parent
        owner = parent.operation if parent is not None else None
    return False


def _as_copy_generic(op: ir.Operation, source: ir.Value, amap: ir.AffineMap) -> None:
    init = op.operands[0]
    element = ir.RankedTensorType(init.type).element_type
    rank = amap.n_dims
    with ir.InsertionPoint(op), op.location:
        new = linalg.GenericOp(
            [init.type],
            [source],
            [init],
            ir.ArrayAttr.get(
                [ir.AffineMapAttr.get(amap), ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))]
            ),
            ir.ArrayAttr.get([ir.Attribute.parse(PARALLEL_ITERATOR)] * rank),
        )
        body = new.regions[0].blocks.append(element, element)
        linalg.YieldOp([body.arguments[0]], ip=ir.InsertionPoint(body))
    with Rewrite("a gather that only moves elements as a copy generic", op) as rw:
        rw.replace_op(op, [new.results[0]])
