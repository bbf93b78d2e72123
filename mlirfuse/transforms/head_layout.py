"""Head-split layouts become indexing maps (before planning).

Exported attention writes its head split as data movement: a projection's
result is reshaped (`expand_shape` to B x S x H x D), transposed to B x H x S x D,
collapsed to (B*H) x S x D for a `linalg.batch_matmul`, and the attention
output goes back the same way. Each `linalg.transpose` is a copy kernel of
its own, and the reshapes around it stand between any two ops that could
share a kernel (`gpu-reshape-inside`). As IREE does, the copies are folded
into the indexing maps of the ops that read or write them:

- a `linalg.batch_matmul` whose operand is a collapsed copy, or whose result
  is expanded and copied, becomes a contraction `linalg.generic` over the
  expanded batch loops (`expand_batch_matmul`): it reads the uncollapsed
  tensors directly, so the reshapes move to kernel boundaries;
- a pure copy (`linalg.transpose`, or a generic that only yields its input:
  a broadcast such as grouped-query attention's key/value repeat) read by a
  generic is folded into that generic's input map (`fold_copy_into_readers`);
- a transpose of a contraction's (or reduction's) only result becomes that
  op's output map (`fold_transpose_into_producer`).

Nothing is computed differently: copies only change which element is read
where, and a contraction's sum keeps its order. Batch matmuls with default
maps are expanded when f32, or when 16-bit operands accumulate in f32 and
M, N, K are no whole tensor-core tiles (`batch_expand._tensor_core_tiles`:
the tensor cores take the others, which stay named); a dynamic batch is
expanded when its sizes are proven (`transforms/size_values.py`: B x H
from (B*H), as B and H).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.analysis.attention import contraction, is_narrowing
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    iterator_names,
    producer_of,
    reassociation_groups,
    set_indexing_maps,
    static_shape,
    users_of,
)
from mlirfuse.transforms.size_values import SizeValues, dims_of

_BMM = "linalg.batch_matmul"
_TRANSPOSE = "linalg.transpose"


def _perm(op: ir.Operation) -> list[int]:
    return list(ir.DenseI64ArrayAttr(op.attributes["permutation"]))


# -- pure copies -----------------------------------------------------------------


def copy_source(op: ir.Operation) -> tuple[ir.Value, ir.AffineMap] | None:
    """(source, map) when `op` only moves elements: result[d] = source[map(d)]."""
    if op.name == _TRANSPOSE:
        perm = _perm(op)
        inverse = [perm.index(k) for k in range(len(perm))]
        exprs = [ir.AffineDimExpr.get(i) for i in inverse]
        return op.operands[0], ir.AffineMap.get(len(perm), 0, exprs)
    if op.name != "linalg.generic" or len(op.results) != 1 or len(op.operands) != 2:
        return None
    maps = indexing_maps(op)
    if not maps[1].is_permutation or maps[1] != ir.AffineMap.get_identity(maps[1].n_dims):
        return None
    if any("parallel" not in it for it in iterator_names(op)):
        return None
    body = op.regions[0].blocks[0]
    ops = list(body.operations)
    if len(ops) != 1 or ops[0].operation.operands[0] != body.arguments[0]:
        return None
    source = op.operands[0].type
    if not isinstance(source, ir.RankedTensorType) or not source.has_static_shape:
        return None  # a scalar broadcast, a memref, a dynamic shape
    return op.operands[0], maps[0]


def compose_copy_map(outer: ir.AffineMap, inner: ir.AffineMap) -> ir.AffineMap | None:
    """outer . inner, for an `outer` of dims and constants (a copy's map)."""
    exprs = []
    for expr in outer.results:
        if isinstance(expr, ir.AffineDimExpr):
            exprs.append(inner.results[expr.position])
        elif isinstance(expr, ir.AffineConstantExpr):
            exprs.append(expr)
        else:
            return None
    return ir.AffineMap.get(inner.n_dims, inner.n_symbols, exprs)


def _unit_groups(expand: ir.Operation) -> list[list[int]] | None:
    """The reassociation of an expand_shape that only adds unit dims."""
    if expand.name != "tensor.expand_shape":
        return None
    shape = static_shape(expand.results[0])
    groups = reassociation_groups(expand)
    if any(sum(1 for d in g if shape[d] != 1) > 1 for g in groups):
        return None
    return groups


def _through_unit_expand(
    amap: ir.AffineMap, groups: list[list[int]], shape: list[int]
) -> ir.AffineMap:
    """A map into an expand's result, as a map into its source (each group's
    non-unit dim, or 0 where the whole group is unit)."""
    exprs = []
    for group in groups:
        wide = [d for d in group if shape[d] != 1]
        exprs.append(amap.results[wide[0]] if wide else ir.AffineConstantExpr.get(0))
    return ir.AffineMap.get(amap.n_dims, amap.n_symbols, exprs)


def _folded_maps(
    copy: ir.Operation, reader: ir.Operation, value: ir.Value
) -> list[ir.AffineMap] | None:
    """`reader`'s maps reading `copy`'s source instead of `value` (the copy's
    result, or a unit expand of it). None: `reader` is no generic, or writes
    into the copy."""
    found = copy_source(copy)
    if found is None or reader.name != "linalg.generic":
        return None
    source_map = found[1]
    expand = producer_of(value) if value != copy.results[0] else None
    inputs = len(reader.operands) - len(reader.results)
    if any(reader.operands[i] == value for i in range(inputs, len(reader.operands))):
        return None  # the copy is an init: its elements are written
    maps = indexing_maps(reader)
    for i in range(inputs):
        if reader.operands[i] == value:
            amap = maps[i]
            if expand is not None:
                groups = _unit_groups(expand) or []
                amap = _through_unit_expand(amap, groups, static_shape(value))
            composed = compose_copy_map(source_map, amap)
            if composed is None:
                return None
            maps[i] = composed
    return maps if _every_loop_read(maps) else None


def _every_loop_read(maps: list[ir.AffineMap]) -> bool:
    """Each loop is some operand's plain dim, so its range is known (linalg's
    verifier inverts the maps): a unit dim folded into a constant index
    would leave a reduction over it without one."""
    loops = maps[0].n_dims if maps else 0
    seen = {
        ir.AffineDimExpr(e).position
        for m in maps
        for e in m.results
        if isinstance(e, ir.AffineDimExpr)
    }
    return seen >= set(range(loops))


def _readers(copy: ir.Operation) -> list[tuple[ir.Operation, ir.Value]] | None:
    """(reader, value read) of `copy`, seeing through expands that add unit dims."""
    found: list[tuple[ir.Operation, ir.Value]] = []
    for user in users_of(copy.results[0]):
        if _unit_groups(user) is not None:
            readers = users_of(user.results[0])
            if not readers:
                return None
            found.extend((reader, user.results[0]) for reader in readers)
        else:
            found.append((user, copy.results[0]))
    once = all(sum(1 for r, _ in found if r == reader) == 1 for reader, _ in found)
    return found if found and once else None


def fold_copy_into_readers(copy: ir.Operation) -> bool:
    """When every reader of `copy` (directly or through a unit expand) is a
    generic, each reads `copy`'s source through the composed map and `copy`
    is erased (a copy that is returned or read by another op stays whole)."""
    found = copy_source(copy)
    readers = _readers(copy) if found is not None else None
    if found is None or readers is None:
        return False
    folded = [_folded_maps(copy, reader, value) for reader, value in readers]
    if any(maps is None for maps in folded):
        return False
    with Rewrite("fold a copy into its readers' maps", copy) as rw:
        for (reader, value), maps in zip(readers, folded, strict=True):
            for i, operand in enumerate(list(reader.operands)):
                if operand == value:
                    reader.operands[i] = found[0]
            set_indexing_maps(reader, list(maps or []))
            if value != copy.results[0]:
                rw.erase_if_unused(value.owner)
        rw.erase(copy)
        rw.erase_if_dead(copy.operands[len(copy.operands) - 1])
    return True


# -- a transpose as its producer's output map ---------------------------------


def _fresh_init(init: ir.Value, like: ir.Value, anchor: ir.Operation) -> ir.Value | None:
    """An init shaped as `like` equal to `init` when that is an empty or a
    fill, built before `anchor` (dynamic dims from proven sizes above it)."""
    producer = producer_of(init)
    element = ir.RankedTensorType(init.type).element_type
    if producer is None or producer.name not in ("tensor.empty", "linalg.fill"):
        return None
    sizes = SizeValues(anchor.block, before=anchor)
    dims = dims_of(like, sizes.evaluate)
    if dims is None or not sizes.buildable([dims]):
        return None
    empty = sizes.empty(dims, element)
    if empty is None:
        return None
    if producer.name == "tensor.empty":
        return empty
    return linalg.fill(producer.operands[0], outs=[empty])


def fold_transpose_into_producer(transpose: ir.Operation) -> bool:
    """transpose(generic(...)) -> the generic writing through a permuted output
    map, when the transposed result is that of a one-result reduction or
    contraction read by nothing else and its init is an empty or a fill."""
    source = transpose.operands[0]
    producer = producer_of(source)
    if producer is None or producer.name != "linalg.generic" or len(producer.results) != 1:
        return False
    if len(users_of(source)) != 1 or not any("reduction" in it for it in iterator_names(producer)):
        return False
    perm = _perm(transpose)
    maps = indexing_maps(producer)
    out = maps[-1]
    with ir.InsertionPoint(producer), producer.location:
        init = _fresh_init(producer.operands[-1], transpose.results[0], producer)
    if init is None:
        return False
    maps[-1] = ir.AffineMap.get(out.n_dims, out.n_symbols, [out.results[p] for p in perm])
    with Rewrite("fold a transpose into its producer's output map", transpose) as rw:
        old_init = producer.operands[-1]
        producer.operands[len(producer.operands) - 1] = init
        set_indexing_maps(producer, maps)
        producer.results[0].set_type(transpose.results[0].type)
        rw.replace_uses(transpose.results[0], producer.results[0])
        rw.erase(transpose)
        rw.erase_if_dead(old_init)
        rw.erase_if_dead(transpose.operands[1])
    return True


# -- the pass --------------------------------------------------------------------


def _top_ops(func_op: ir.Operation) -> list[ir.Operation]:
    return [op.operation for op in func_op.regions[0].blocks[0].operations]


def fold_head_layouts(func_op: ir.Operation) -> int:
    """Expand head-split batch matmuls, then fold copies into their readers and
    transposes into their producers, to a fixed point; returns the rewrites."""
    from mlirfuse.transforms.batch_expand import expand_batch_matmul

    done = 0
    with func_op.context:
        for op in [op for op in _top_ops(func_op) if op.name == _BMM]:
            done += expand_batch_matmul(op)
        while _fold_one(func_op):  # erased ops leave the scan: rescan after each
            done += 1
    return done


def narrow_before_heads(func_op: ir.Operation) -> int:
    """A 16-bit model's attention output: P·V (f32) reshaped to the heads
    (B·H -> B x H), then narrowed by a `truncf` generic. The narrowing moves
    before the reshape (`reshape_propagation.reshape_through`), where the
    attention analysis takes it as the kernel's output cast and the heads'
    transpose after it as the kernel's output layout. Returns the moves."""
    from mlirfuse.transforms.reshape_propagation import reshape_through

    done = 0
    with func_op.context:
        while True:  # a move erases ops: rescan after each
            found = next((op for op in _top_ops(func_op) if _narrowed_heads(op)), None)
            if found is None or reshape_through(found) is None:
                return done
            done += 1


def _narrowed_heads(op: ir.Operation) -> bool:
    """A narrowing generic, the only reader of an expand of a contraction."""
    if op.name != "linalg.generic" or not is_narrowing(op):
        return False
    expand = producer_of(op.operands[0])
    if (
        expand is None
        or expand.name != "tensor.expand_shape"
        or len(users_of(expand.results[0])) != 1
    ):
        return False
    source = producer_of(expand.operands[0])
    return source is not None and contraction(source) is not None


def _fold_one(func_op: ir.Operation) -> bool:
    for op in _top_ops(func_op):
        if op.name == _TRANSPOSE and fold_transpose_into_producer(op):
            return True
        if copy_source(op) is not None and fold_copy_into_readers(op):
            return True
    return False
