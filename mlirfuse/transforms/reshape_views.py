"""Reshape chains and when one more reshape of a computed value is free.

A kernel reads a function argument or a constant (or a contiguous slice of
one: `at_boundary`) through any reshape as a view. A computed value read
through a reshape is a kernel boundary unless the reshape folds into the
reader's indexing map: an `expand_shape` adding unit dims, read by a generic
(`gpu/lowerability._reshape_inside`). So a
computed value already read through a regrouping reshape may as well be read
through another one of its root: no fusion is lost (`costs_no_fusion`);
one read through a unit expand only through another unit expand. And a
value computed from a reduction or a contraction that reaches the pivot
through another contraction is at a kernel boundary for the pivot's reader
whatever the plan (`behind_other_anchor`).
"""

from __future__ import annotations

import math

from mlir import ir

from mlirfuse.analysis.kinds import ROOTS
from mlirfuse.analysis.registry import classify_op
from mlirfuse.analysis.types import OpKind
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import producer_of, reshaped, static_shape, users_of
from mlirfuse.transforms.size_values import Dims, SizeValues, dims_of, regroup_sizes

_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")
_BOUNDARY = ("arith.constant",)


def is_reshape(op: ir.Operation | None) -> bool:
    return op is not None and op.name in _RESHAPES


def reshape_root(value: ir.Value) -> ir.Value:
    """`value` with the reshapes that make it stripped."""
    op = producer_of(value)
    while is_reshape(op) and op is not None:
        value = op.operands[0]
        op = producer_of(value)
    return value


def read_directly(old: ir.Value, result: ir.Value, rw: Rewrite) -> None:
    """Readers of `old` read `result` (of the same elements in the same order)
    instead: each reshape in the chains of reshapes that read `old` by one
    reshape of its own (a reshape of a reshape is one), the other readers by
    one reshape to `old`'s shape, built where `old` is."""
    others = [user for user in users_of(old) if not is_reshape(user)]
    todo = [user for user in users_of(old) if is_reshape(user)]
    while todo:
        reshape = todo.pop()
        todo.extend(user for user in users_of(reshape.results[0]) if is_reshape(user))
        with ir.InsertionPoint(reshape), reshape.location:
            direct = reshaped(result, static_shape(reshape.results[0]))
        rw.replace_op(reshape, [direct])
        if direct != result:
            rw.erase_if_unused(direct.owner)
    if others:
        with ir.InsertionPoint(old.owner), old.owner.location:
            rw.replace_uses(old, reshaped(result, static_shape(old)))


def costs_no_fusion(value: ir.Value, shape: Dims, sizes: SizeValues) -> bool:
    """A computed `value`, read through reshapes, may be read as one reshape
    of its root to `shape` instead: when the reshapes it is read through
    already end its producer's kernel (none fuses through them), or when the
    new one is a unit expand, which folds into a generic's map as the old
    one did (`gpu/lowerability._reshape_inside`)."""
    reshape = producer_of(value)
    if reshape is None or not is_reshape(reshape):
        return False
    root = dims_of(reshape_root(value), sizes.evaluate)
    if root is None:
        return False
    return not _unit_expand(root, reshape, sizes) or _unit_expansion(root, shape)


def _unit_expand(root: Dims, reshape: ir.Operation, sizes: SizeValues) -> bool:
    """`reshape` is one expand_shape of `root` adding unit dims only."""
    if reshape.name != "tensor.expand_shape" or is_reshape(producer_of(reshape.operands[0])):
        return False
    have = dims_of(reshape.results[0], sizes.evaluate)
    return have is not None and _unit_expansion(root, have)


def _unit_expansion(root: Dims, shape: Dims) -> bool:
    groups = regroup_sizes(shape, root)
    return groups is not None and all(sum(shape[d] != 1 for d in g) <= 1 for g in groups)


def at_boundary(value: ir.Value) -> bool:
    """A value a kernel reads as a view whatever its shape: a function
    argument or a constant, through reshapes and contiguous slices."""
    producer = producer_of(reshape_root(value))
    if producer is not None and contiguous_slice(producer):
        return at_boundary(producer.operands[0])
    return producer is None or producer.name in _BOUNDARY


def contiguous_slice(op: ir.Operation | None) -> bool:
    """A static `extract_slice` whose elements are one run of its source's
    (unit strides; only its outermost non-unit dim is cut short): any reshape
    of it is a view of the source, as of an argument (a ViT's position
    embedding without the class token's row)."""
    if op is None or op.name != "tensor.extract_slice" or len(op.operands) != 1:
        return False  # dynamic offsets, sizes or strides
    source = ir.RankedTensorType(op.operands[0].type)
    sizes = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
    strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
    if not source.has_static_shape or any(s != 1 for s in strides):
        return False
    if ir.RankedTensorType(op.results[0].type).rank != source.rank:
        return False  # rank-reducing: the kept dims are not said
    cut = [d for d in range(source.rank) if sizes[d] != source.shape[d]]
    return not cut or all(sizes[d] == 1 for d in range(cut[-1]))


_ANCHORS = (OpKind.REDUCTION, *ROOTS)
_BEHIND_SEARCH = 2048  # producers walked back from the pivot, at most
_CHAIN = 8  # elementwise generics between a value and its anchors, at most


def behind_other_anchor(value: ir.Value, later: ir.Value, *, chain: bool) -> bool:
    """`value`, smaller than `later`, is a result of a reduction or
    contraction (with `chain`: is computed from such results by elementwise
    generics), and `later` is computed from each of them through a
    contraction or convolution other than itself. No kernel holds such an
    anchor and a reader of `later`: it would hold the contraction between
    them (convex), and a reduction never shares a kernel with a contraction,
    nor a contraction with one it feeds."""
    if not _fewer_elements(value, later):
        return False
    anchors = _chain_anchors(reshape_root(value), 0 if chain else _CHAIN)
    return bool(anchors) and all(_feeds_through_other_root(a, later) for a in anchors or [])


def _fewer_elements(value: ir.Value, later: ir.Value) -> bool:
    """`value` is read broadcast beside `later` (a per-token scale, a row
    norm): fewer elements, both static. An operand as large as `later` would
    be recomputed or re-read whole on the new shape (Swin's residual add,
    rebuilt beside the one its other readers keep: 30 KB more planned)."""
    types = [ir.RankedTensorType(v.type) for v in (value, later)]
    if not all(t.has_static_shape for t in types):
        return False
    return math.prod(types[0].shape) < math.prod(types[1].shape)


def _chain_anchors(value: ir.Value, depth: int) -> list[ir.Operation] | None:
    """The anchors `value` is computed from through elementwise generics;
    None when something else computes it."""
    op = producer_of(value)
    if op is None or at_boundary(value):
        return []
    if classify_op(op).kind in _ANCHORS:
        return [op]
    if depth >= _CHAIN or op.name != "linalg.generic":  # (depth _CHAIN: an anchor only)
        return None
    if classify_op(op).kind not in (OpKind.ELEMENTWISE, OpKind.BROADCAST):
        return None
    found: list[ir.Operation] = []
    for operand in list(op.operands)[: len(op.operands) - len(op.results)]:
        more = _chain_anchors(reshape_root(operand), depth + 1)
        if more is None:
            return None
        found.extend(more)
    return found


def _feeds_through_other_root(anchor: ir.Operation, later: ir.Value) -> bool:
    """A path from `anchor` to `later` passes a contraction or convolution
    other than `anchor` (walked back from `later`)."""
    start = producer_of(later)
    todo = [(start, False)] if start is not None and start.block == anchor.block else []
    seen: set[tuple[ir.Operation, bool]] = set()  # read only: no handle dangles
    while todo and len(seen) < _BEHIND_SEARCH:
        op, passed = todo.pop()
        if op == anchor:
            if passed:
                return True
            continue
        if (op, passed) in seen or op.is_before_in_block(anchor):
            continue  # an op before the anchor does not read it
        seen.add((op, passed))
        passed = passed or classify_op(op).kind in ROOTS
        for operand in op.operands:
            producer = producer_of(operand)
            if producer is not None and producer.block == anchor.block:
                todo.append((producer, passed))
    return False
