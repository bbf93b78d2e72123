"""Rewrites that make a kernel's ops tileable as one loop nest.

Tile-and-fuse moves producers into the consumer's loop only through ops that
implement the tiling interface. These rewrites remove what stands in the way,
without changing what is computed:
- `tensor.expand_shape` feeding a generic is folded into the operand's map;
- an unused result of a multi-result generic is dropped (with the body ops
  that only it needs), since a partial reduction can't combine an argmax;
- `linalg.transpose` feeding a `linalg.matmul` becomes a transposed map of a
  contraction generic (of the named matmul itself when the tensor cores
  take it), so no transposed copy is materialised per thread;
- `tensor.pad` becomes a generic reading its source with a bounds check, so a
  convolution kernel computes its padded input itself (`padding.py`).
Identity copies become `linalg.copy` (`copy_roots.py`).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.gpu import narrow
from mlirfuse.gpu.generic_subset import results_subset
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.unit_loops import drop_unit_loops, unused_loops
from mlirfuse.mutation import Rewrite, erase
from mlirfuse.transforms.ir_utils import sizes_of

PARALLEL = "parallel"
REDUCTION = "reduction"


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _set_maps(op: ir.Operation, maps: list[ir.AffineMap]) -> None:
    op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])


def _iterators(op: ir.Operation) -> ir.Attribute:
    return op.attributes["iterator_types"]


def drop_asserts(generic: ir.Operation) -> int:
    """Erase `cf.assert` from a generic's body; returns how many.

    A GPU kernel cannot abort the host, and tile-and-fuse refuses to clone a
    body with side effects. The asserts in the workloads guard `1/sqrt(var+eps)`
    against zero, which eps > 0 already excludes; `mlirfuse compile` reports
    the count so nothing disappears silently."""
    body = generic.regions[0].blocks[0]
    asserts = [op.operation for op in body.operations if op.operation.name == "cf.assert"]
    with Rewrite("drop cf.assert from a kernel body", generic) as rw:
        for op in asserts:
            rw.erase(op)
    return len(asserts)


def fold_expand_shapes(generic: ir.Operation) -> bool:
    """Read through `tensor.expand_shape` operands that only add unit dims,
    unless a loop dim the dropped unit dims index would then appear in no map
    (a unit reduction dim of `(d0, d1, d2, d3) -> (d0, d1)`, as GroupNorm's
    statistics are exported): its extent could no longer be read off the
    operands. Where the view is of a producer in the kernel and every map left
    without a loop read it at unit dims only (a loss summed over `32x1` views
    of `32` values), the loop is dropped instead (unit_loops.py)."""
    changed = False
    maps = _maps(generic)
    n_in = len(generic.operands) - len(generic.results)
    unit: set[int] = set()  # loops read at a dropped unit dim: extent 1
    # Inputs only: an init read through a reshape keeps its type (the result's).
    for index, value in enumerate(list(generic.operands)[:n_in]):
        producer = defining_op(value)
        if producer is None or producer.name != "tensor.expand_shape":
            continue
        shape = ir.RankedTensorType(producer.results[0].type).shape
        groups = [
            [ir.IntegerAttr(d).value for d in ir.ArrayAttr(g)]
            for g in ir.ArrayAttr(producer.attributes["reassociation"])
        ]
        results = list(maps[index].results)
        new_results, dropped = [], set()
        for group in groups:
            wide = [d for d in group if shape[d] != 1]
            if len(wide) > 1:
                break
            keep = wide[0] if wide else group[0]
            new_results.append(results[keep])
            dropped |= {
                ir.AffineDimExpr(results[d]).position
                for d in group
                if d != keep and isinstance(results[d], ir.AffineDimExpr)
            }
        else:
            folded = ir.AffineMap.get(maps[index].n_dims, 0, new_results)
            candidate = [*maps[:index], folded, *maps[index + 1 :]]
            unused = unused_loops(candidate)
            # Only for a producer's view: tile-and-fuse reads a kernel argument
            # through a reshape, but fuses no producer through one.
            source = defining_op(producer.operands[0])
            fused = source is not None and source.name.startswith("linalg.")
            if unused and not (fused and unused <= unit | dropped):
                continue
            unit |= dropped
            maps[index] = folded
            generic.operands[index] = producer.operands[0]
            changed = True
    if changed:
        drop = unused_loops(maps)
        if drop:
            drop_unit_loops(generic, maps, drop)
        else:
            _set_maps(generic, maps)
    return changed


def _collapse_groups(results: list[ir.AffineExpr]) -> list[list[int]] | None:
    """Reassociation that folds each constant (unit) position into a neighbour."""
    groups: list[list[int]] = []
    pending: list[int] = []
    for position, expr in enumerate(results):
        if isinstance(expr, ir.AffineDimExpr):
            groups.append([*pending, position])
            pending = []
        elif groups:
            groups[-1].append(position)
        else:
            pending.append(position)
    if pending or not groups:
        return None
    return groups


def drop_constant_output_dims(generic: ir.Operation) -> ir.Operation:
    """A reduction writing `(d0, d1, 0)` -> one writing `(d0, d1)` into a
    collapsed fill, expanded back for its users: partial-reduction tiling needs
    every output index to be a loop dimension."""
    n_out = len(generic.results)
    maps = _maps(generic)
    if n_out != 1:
        return generic
    out_map = maps[-1]
    results = list(out_map.results)
    if all(isinstance(e, ir.AffineDimExpr) for e in results):
        return generic
    init = defining_op(generic.operands[-1])
    groups = _collapse_groups(results)
    if groups is None or init is None or init.name != "linalg.fill":
        return generic
    old_type = ir.RankedTensorType(generic.results[0].type)
    dims = [results[_dim_position(results, g)] for g in groups]
    kept = [_dim_position(results, g) for g in groups]
    new_shape = [old_type.shape[p] for p in kept]
    new_type = ir.RankedTensorType.get(new_shape, old_type.element_type)
    with ir.InsertionPoint(generic), generic.location:
        # Dynamic sizes are read off the fill's destination (the old init).
        sizes = sizes_of(init.operands[1], old_type)
        empty = tensor.EmptyOp([sizes[p] for p in kept], new_type.element_type)
        fill = linalg.fill(init.operands[0], outs=[empty.result])
        generic.operands[len(generic.operands) - 1] = fill
        maps[-1] = ir.AffineMap.get(out_map.n_dims, 0, dims)
        _set_maps(generic, maps)
        generic.results[0].set_type(new_type)
    with ir.InsertionPoint.after(generic), generic.location:
        reassociation = ir.ArrayAttr.get(
            [
                ir.ArrayAttr.get(
                    [ir.IntegerAttr.get(ir.IntegerType.get_signless(64), p) for p in g]
                )
                for g in groups
            ]
        )
        expanded = tensor.ExpandShapeOp(
            old_type,
            generic.results[0],
            reassociation,
            [v for v in sizes if isinstance(v, ir.Value)],
            old_type.shape,
        )
    for use in list(generic.results[0].uses):
        user = use.owner.operation
        if user != expanded.operation:
            user.operands[use.operand_number] = expanded.result
    with Rewrite("collapse a reduction's unit dims", generic) as rw:
        rw.erase_if_unused(init)
    return generic


def _dim_position(results: list[ir.AffineExpr], group: list[int]) -> int:
    return next(p for p in group if isinstance(results[p], ir.AffineDimExpr))


def drop_dead_results(generic: ir.Operation) -> ir.Operation:
    """A copy of `generic` without its unused results, or `generic` itself."""
    kept = [i for i, r in enumerate(generic.results) if list(r.uses)]
    if len(kept) == len(generic.results) or not kept:
        return generic
    new = results_subset(generic, kept)
    if new is None:
        return generic
    with Rewrite("drop unused results", new) as rw:
        for old_index, new_result in zip(kept, new.results, strict=True):
            rw.replace_uses(generic.results[old_index], new_result)
        rw.erase(generic)
    return new.operation


def _width(t: ir.Type) -> int:
    return ir.IntegerType(t).width if isinstance(t, ir.IntegerType) else ir.FloatType(t).width


def convert(value: ir.Value, to: ir.Type, unsigned: bool = False) -> ir.Value:
    """`value` as type `to`, as linalg's `cast_signed`/`cast_unsigned` type
    functions convert a named op's inputs (built at the insertion point)."""
    source = value.type
    if source == to:
        return value
    int_from, int_to = isinstance(source, ir.IntegerType), isinstance(to, ir.IntegerType)
    if int_from and int_to:
        if _width(source) > _width(to):
            return arith.TruncIOp(to, value).result
        return (arith.ExtUIOp if unsigned else arith.ExtSIOp)(to, value).result
    if int_from:
        return (arith.UIToFPOp if unsigned else arith.SIToFPOp)(to, value).result
    if int_to:
        return (arith.FPToUIOp if unsigned else arith.FPToSIOp)(to, value).result
    if _width(source) == _width(to):  # bf16 <-> f16: through f32
        value, source = arith.ExtFOp(ir.F32Type.get(), value).result, ir.F32Type.get()
    if _width(source) < _width(to):
        return arith.ExtFOp(to, value).result
    return arith.TruncFOp(to, value).result


def fold_transpose_into_matmul(matmul: ir.Operation) -> ir.Operation:
    """matmul(A, transpose(B)) -> generic reading B with a transposed map
    (inputs cast to the accumulator's element type, as the matmul does)."""
    a, b, c = matmul.operands
    producer = defining_op(b)
    if producer is None or producer.name != "linalg.transpose":
        return matmul
    perm = list(ir.DenseI64ArrayAttr(producer.attributes["permutation"]))
    if perm != [1, 0]:
        return matmul
    source = producer.operands[0]
    if narrow.tensor_core_operands(a, source, c):
        return narrow.transposed_named_matmul(matmul, producer, source)
    kinds = [PARALLEL, PARALLEL, REDUCTION]
    m, n, k = (ir.AffineDimExpr.get(i) for i in range(3))
    if len({str(ir.ShapedType(v.type).element_type) for v in (a, source, c)}) > 1:
        # Mixed precision (bf16 x bf16 -> f32) gets scalar thread tiles: with K
        # outermost each thread's loop nest is a sequence of 4x4 outer products,
        # so its registers hold the accumulator and one K step of A and B, not
        # the whole 4xK slices that LLVM keeps live across the (m, n) loops.
        kinds = [REDUCTION, PARALLEL, PARALLEL]
        k, m, n = (ir.AffineDimExpr.get(i) for i in range(3))
    maps = [
        ir.AffineMap.get(3, 0, [m, k]),
        ir.AffineMap.get(3, 0, [n, k]),
        ir.AffineMap.get(3, 0, [m, n]),
    ]
    iterators = ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{t}>") for t in kinds])
    with ir.InsertionPoint(matmul), matmul.location:
        new = linalg.GenericOp(
            [matmul.results[0].type],
            [a, source],
            [c],
            ir.ArrayAttr.get([ir.AffineMapAttr.get(x) for x in maps]),
            iterators,
        )
        elem = [ir.RankedTensorType(v.type).element_type for v in (a, source, c)]
        block = new.regions[0].blocks.append(*elem)
        unsigned = "cast" in matmul.attributes and "unsigned" in str(matmul.attributes["cast"])
        with ir.InsertionPoint(block):
            lhs, rhs, acc = block.arguments
            # linalg.matmul's semantics: both inputs cast to the accumulator's type.
            lhs, rhs = (convert(v, acc.type, unsigned) for v in (lhs, rhs))
            if isinstance(acc.type, ir.IntegerType):
                total = arith.AddIOp(acc, arith.MulIOp(lhs, rhs).result).result
            else:
                total = arith.AddFOp(acc, arith.MulFOp(lhs, rhs).result).result
            linalg.YieldOp([total])
    with Rewrite("fold a transpose into a matmul", new) as rw:
        rw.replace_op(matmul, [new.results[0]])
        rw.erase_if_unused(producer)
    return new.operation


def expand_scalar_result(generic: ir.Operation) -> ir.Operation:
    """A generic of rank-0 results (a reduction to a scalar, a scalar chain:
    a loss divided by its count) -> one writing `tensor<1xT>` each through a
    new outer unit loop, collapsed back for their users: every schedule tiles
    parallel loops, and a 0-d result has none. A `linalg.index d` of the body
    (a gather fused into the reduction: a loss's picked target logit) reads
    loop d + 1 after it."""
    results = list(generic.results)
    if not results or any(ir.RankedTensorType(r.type).rank != 0 for r in results):
        return generic
    for index in walk(generic):
        if index.name == "linalg.index":
            dim = ir.IntegerAttr(index.attributes["dim"]).value
            index.attributes["dim"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), dim + 1)
    maps = _maps(generic)
    n = maps[0].n_dims
    shift = ir.AffineMap.get(n + 1, 0, [ir.AffineDimExpr.get(d + 1) for d in range(n)])
    new_maps = [ir.AffineMap.get(n + 1, 0, [e.compose(shift) for e in m.results]) for m in maps]
    n_inputs = len(generic.operands) - len(results)
    for k in range(len(results)):
        new_maps[n_inputs + k] = ir.AffineMap.get(n + 1, 0, [ir.AffineDimExpr.get(0)])
    fills = [_expand_init(generic, n_inputs + k) for k in range(len(results))]
    _set_maps(generic, new_maps)
    iterators = [ir.Attribute.parse(f"#linalg.iterator_type<{PARALLEL}>")]
    generic.attributes["iterator_types"] = ir.ArrayAttr.get(
        iterators + list(ir.ArrayAttr(_iterators(generic)))
    )
    for result in results:
        old_type = ir.RankedTensorType(result.type)
        result.set_type(ir.RankedTensorType.get([1], old_type.element_type))
        with ir.InsertionPoint.after(generic), generic.location:
            scalar = tensor.CollapseShapeOp(old_type, result, ir.ArrayAttr.get([]))
        for use in list(result.uses):
            user = use.owner.operation
            if user != scalar.operation:
                user.operands[use.operand_number] = scalar.result
    unique = [f for k, f in enumerate(fills) if f is not None and f not in fills[:k]]
    for fill in unique:  # once each: two results may share one fill
        if not list(fill.results[0].uses):
            erase(fill, "drop the fill a collapsed reduction no longer reads")
    return generic


def _expand_init(generic: ir.Operation, operand: int) -> ir.Operation | None:
    """Point the generic's 0-d init `operand` at a `tensor<1xT>` one (a new
    fill where it was a fill); returns the old fill, for its caller to erase."""
    init = generic.operands[operand]
    old_type = ir.RankedTensorType(init.type)
    new_type = ir.RankedTensorType.get([1], old_type.element_type)
    producer = defining_op(init)
    with ir.InsertionPoint(generic), generic.location:
        if producer is not None and producer.name == "linalg.fill":
            empty = tensor.EmptyOp([1], old_type.element_type)
            new_init = linalg.fill(producer.operands[0], outs=[empty.result])
        else:
            new_init = tensor.ExpandShapeOp(new_type, init, ir.ArrayAttr.get([]), [], [1]).result
    generic.operands[operand] = new_init
    return producer if producer is not None and producer.name == "linalg.fill" else None
