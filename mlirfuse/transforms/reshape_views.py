"""Reshape chains and when one more reshape of a computed value is free.

A kernel reads a function argument or a constant (or a contiguous slice of
one: `at_boundary`) through any reshape as a view. A computed value read
through a reshape is a kernel boundary unless the reshape folds into the
reader's indexing map: an `expand_shape` adding unit dims, read by a generic
(`gpu/lowerability._reshape_inside`). So a
computed value already read through a regrouping reshape may as well be read
through another one of its root: no fusion is lost (`costs_no_fusion`);
one read through a unit expand only through another unit expand.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.transforms.ir_access import producer_of
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
