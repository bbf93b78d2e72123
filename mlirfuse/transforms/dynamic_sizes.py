"""Dynamic sizes said once (before planning; docs/dynamic-shapes.md).

torch-mlir spells a dynamic batch B many ways in one function: `%dim`,
`divsi(s0 * 32, 32)`, an i64 round trip through `view(-1, ...)`'s inference.
The planners and rewrites compare sizes by SSA value and by type, so every
spelling hides that two `?` are the same B. Where `symbolic_eval` proves a
size (see `symbolic.py`), this pass rewrites the function so that it says so:

- a dynamic size of a `tensor.empty` or `tensor.expand_shape` (or compared
  by an index `arith.cmpi`) is the first value in the function with the same
  `Size` (`%dim`, not `divsi(..)`);
- a `tensor.reshape` whose shape tensor is proven is the `expand_shape` or
  `collapse_shape` it is;
- a broadcast of a dynamic dim written as `extract %t[select(n == 1, 0, i)]`
  reads `%t[i]` where the loop's extent is that `n` (then both are the
  same: `i` is 0 when `n` is 1), and a generic that then only copies `%t`
  is `%t`;
- a `cf.assert` whose condition is proven true is dropped.

Nothing unproven changes; the ops left unused go.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.analysis.symbolic import Size
from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.extract_copies import gathers_as_copies
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    producer_of,
    reassociation_groups,
    users_of,
)
from mlirfuse.transforms.size_values import regroup_sizes

# A reshape nothing reads: one a gather read past (`extract_copies`).
_RESHAPES = ("tensor.reshape", "tensor.expand_shape", "tensor.collapse_shape")
_PURE = frozenset(
    {"tensor.dim", "tensor.empty", "tensor.from_elements", "affine.apply", "linalg.fill"}
)


class _Sizes:
    """The evaluator and, per `Size`, the first index value that has it."""

    def __init__(self) -> None:
        self.evaluate = SizeEvaluator()
        self.first: dict[Size, ir.Value] = {}

    def note(self, op: ir.Operation) -> None:
        for result in op.results:
            if isinstance(result.type, ir.IndexType):
                size = self.evaluate.value(result)
                if size is not None and size not in self.first:
                    self.first[size] = result

    def canonical(self, value: ir.Value) -> ir.Value:
        size = self.evaluate.value(value)
        found = self.first.get(size) if size is not None else None
        return found if found is not None else value


def canonicalize_dynamic_sizes(func_op: ir.Operation) -> int:
    """Rewrite `func_op` as the module doc says; returns the changes made."""
    block = func_op.regions[0].blocks[0]
    if not _has_dynamic_tensor(func_op):
        return 0
    sizes = _Sizes()
    changed = 0
    with func_op.context:
        for op in [o.operation for o in block.operations]:
            changed += _unify_operands(op, sizes)
            sizes.note(op)
        for op in [o.operation for o in block.operations]:
            changed += _rewrite(op, sizes)
        for op in [o.operation for o in block.operations]:
            changed += _compose_reshapes(op)
        # After the broadcasts' selects went: the gathers left only move elements.
        changed += gathers_as_copies(func_op)
        drop_unused_sizes(func_op)
    return changed


def _has_dynamic_tensor(func_op: ir.Operation) -> bool:
    args = func_op.regions[0].blocks[0].arguments
    return any(
        isinstance(a.type, ir.RankedTensorType) and not a.type.has_static_shape for a in args
    )


def _unify_operands(op: ir.Operation, sizes: _Sizes) -> int:
    if op.name == "tensor.empty":
        first = 0
    elif op.name == "arith.cmpi" and isinstance(op.operands[0].type, ir.IndexType):
        first = 0  # an assert's sizes: the arithmetic behind them can go
    elif op.name == "tensor.expand_shape":
        first = 1
    else:
        return 0
    changed = 0
    for i in range(first, len(op.operands)):
        new = sizes.canonical(op.operands[i])
        if new != op.operands[i]:
            op.operands[i] = new
            changed += 1
    return changed


def _rewrite(op: ir.Operation, sizes: _Sizes) -> int:
    if op.name == "tensor.reshape":
        return _reshape(op, sizes)
    if op.name == "cf.assert":
        return _assert(op, sizes)
    if op.name == "linalg.generic":
        return _broadcast_reads(op, sizes)
    return 0


# -- asserts ----------------------------------------------------------------


def _assert(op: ir.Operation, sizes: _Sizes) -> int:
    if sizes.evaluate.value(op.operands[0]) != Size.const(1):
        return 0
    with Rewrite("a size assertion that always holds", op) as rw:
        rw.erase(op)
    return 1


# -- tensor.reshape -----------------------------------------------------------


def _reshape(op: ir.Operation, sizes: _Sizes) -> int:
    source, result = op.operands[0], op.results[0]
    have, want = sizes.evaluate.shape(source), sizes.evaluate.shape(result)
    if not have or not want or None in have or None in want:
        return 0
    expand = regroup_sizes(list(want), list(have))  # type: ignore[arg-type]
    collapse = None if expand is not None else regroup_sizes(list(have), list(want))  # type: ignore[arg-type]
    if expand is None and collapse is None:
        return 0
    with ir.InsertionPoint(op), op.location:
        if expand is not None:
            static = list(ir.RankedTensorType(result.type).shape)
            proven = [s for s in want if s is not None]  # all of them, checked above
            pairs = zip(proven, static, strict=True)
            dynamic = [
                _index_of(s, sizes, op) for s, t in pairs if t == ir.ShapedType.get_dynamic_size()
            ]
            if any(v is None for v in dynamic):
                return 0
            new = tensor.ExpandShapeOp(result.type, source, expand, dynamic, static).result
        else:
            new = tensor.CollapseShapeOp(result.type, source, collapse).result
    if new.type != result.type:
        return 0
    with Rewrite("a proven tensor.reshape as expand/collapse_shape", op) as rw:
        rw.replace_op(op, [new])
    return 1


def _compose_reshapes(op: ir.Operation) -> int:
    """An expand of an expand (a collapse of a collapse) as one reshape."""
    if op.name not in ("tensor.expand_shape", "tensor.collapse_shape"):
        return 0
    inner = producer_of(op.operands[0])
    if inner is None or inner.name != op.name:
        return 0
    first, second = reassociation_groups(inner), reassociation_groups(op)
    if op.name == "tensor.expand_shape":
        groups = [[d for j in g for d in second[j]] for g in first]
    else:
        groups = [[d for j in g for d in first[j]] for g in second]
    source, result = inner.operands[0], op.results[0]
    with ir.InsertionPoint(op), op.location:
        if op.name == "tensor.expand_shape":
            static = list(ir.RankedTensorType(result.type).shape)
            sizes = list(op.operands)[1:]
            new = tensor.ExpandShapeOp(result.type, source, groups, sizes, static).result
        else:
            new = tensor.CollapseShapeOp(result.type, source, groups).result
    with Rewrite("two reshapes as one", op) as rw:
        rw.replace_op(op, [new])
        rw.erase_if_unused(inner)
    return 1


def _index_of(size: Size, sizes: _Sizes, at: ir.Operation) -> ir.Value | None:
    """An index value of `size` defined above `at`, or a constant."""
    found = sizes.first.get(size)
    if found is not None and _defined_above(found, at):
        return found
    if size.is_const:
        return arith.ConstantOp(ir.IndexType.get(), int(size.coef)).result
    return None


def _defined_above(value: ir.Value, op: ir.Operation) -> bool:
    producer = producer_of(value)
    if producer is None:
        return value.owner == op.block  # an argument of the block `op` is in
    return producer.block == op.block and producer.is_before_in_block(op)


# -- broadcasts of a dynamic dim ------------------------------------------------


def _broadcast_reads(op: ir.Operation, sizes: _Sizes) -> int:
    """`select(n == 1, 0, linalg.index k)` as `linalg.index k` where loop k's
    extent is n (a generic left copying its source is then the source:
    `extract_copies.gathers_as_copies`, after these)."""
    body = op.regions[0].blocks[0]
    changed = 0
    extents = _loop_extents(op, sizes)
    for inner in [o.operation for o in body.operations]:
        if inner.name == "arith.select" and _is_broadcast_select(inner, extents, sizes):
            with Rewrite("a broadcast of a dim that already has its size", inner) as rw:
                rw.replace_op(inner, [inner.operands[2]])
                rw.erase_if_unused(producer_of(inner.operands[0]))  # type: ignore[arg-type]
            changed += 1
    return changed


def _loop_extents(op: ir.Operation, sizes: _Sizes) -> list[Size | None]:
    maps = indexing_maps(op)
    operands = list(op.operands)
    if len(op.results) != 1 or len(maps) != len(operands):
        return []  # on memrefs, or several results: not a broadcast copy
    out, out_map = operands[-1], maps[-1]
    if out_map != ir.AffineMap.get_identity(out_map.n_dims):
        return []
    return list(sizes.evaluate.shape(out))


def _is_broadcast_select(select: ir.Operation, extents: list[Size | None], sizes: _Sizes) -> bool:
    cond, zero, index = (producer_of(v) for v in select.operands)
    if cond is None or zero is None or index is None or index.name != "linalg.index":
        return False
    loop = ir.IntegerAttr(index.attributes["dim"]).value
    if cond.name != "arith.cmpi" or ir.IntegerAttr(cond.attributes["predicate"]).value != 0:
        return False
    if sizes.evaluate.value(select.operands[1]) != Size.const(0):
        return False
    a, b = (sizes.evaluate.value(v) for v in cond.operands)
    n = a if b == Size.const(1) else b if a == Size.const(1) else None
    if n is None or loop >= len(extents) or extents[loop] != n:
        return False
    return all(_reads_dim_of_extent(u, select, n, sizes) for u in users_of(select.results[0]))


def _reads_dim_of_extent(user: ir.Operation, select: ir.Operation, n: Size, sizes: _Sizes) -> bool:
    """`user` is a `tensor.extract` using the select only at dims of extent n."""
    if user.name != "tensor.extract":
        return False
    dims = sizes.evaluate.shape(user.operands[0])
    positions = [i for i, v in enumerate(list(user.operands)[1:]) if v == select.results[0]]
    return bool(positions) and all(i < len(dims) and dims[i] == n for i in positions)


def drop_unused_sizes(func_op: ir.Operation) -> None:
    """Erase, last first, the size arithmetic and shape ops nothing reads in a
    function with dynamic arguments (also after the rewrites that follow this
    pass: a folded head split leaves its B*H unread)."""
    if not _has_dynamic_tensor(func_op):
        return
    for op in reversed([o.operation for o in func_op.regions[0].blocks[0].operations]):
        if not op.results or any(list(r.uses) for r in op.results):
            continue
        name = op.name
        if name in _PURE or name.startswith("arith.") or name in _RESHAPES:
            with Rewrite("size arithmetic nothing reads", op) as rw:
                rw.erase(op)
