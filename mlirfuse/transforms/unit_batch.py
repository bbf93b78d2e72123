"""A `linalg.batch_matmul` of batch 1 becomes a `linalg.matmul` (before planning).

TOSA's matmul has rank 3, so linalg lowered from TOSA (torch-mlir's
`output_type="tosa"`, then upstream `tosa-to-linalg`) computes every Linear
as `expand_shape` of the 2-D activations to 1 x M x K, a `batch_matmul` of
batch 1, and a `collapse_shape` of its result back to M x N. That collapse
sits between the contraction and its epilogue (bias, GELU), and tile-and-fuse
cannot fuse through a reshape (`gpu-reshape-inside`), so each Linear cost a
second kernel and its M x N intermediate a round trip through memory.

The batch loop runs once, so the product is a `linalg.matmul` of the 2-D
operands: an operand's `expand_shape` that only added the unit batch is
read through (any other operand is collapsed), a filled init is filled again
at M x N, and the result's collapses to M x N become the matmul's result. Nothing is computed
differently: the same products are summed in the same order. Only where
every reader of the product is such a collapse (elsewhere the rewrite would
move a reshape, not remove one), static shapes only, and only the default
layout (a `batch_matmul` whose `indexing_maps` transpose an operand is left
as it is).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import (
    is_static_tensor,
    producer_of,
    reassociation_groups,
    reshaped,
    static_shape,
    users_of,
)

_UNIT_BATCH = [[0, 1], [2]]  # the reassociation that adds or drops the unit batch
_DEFAULT_ATTRIBUTES = {"operandSegmentSizes", "linalg.memoized_indexing_maps", "indexing_maps"}
_DEFAULT_MAPS = [  # (b, m, n, k): the layout a batch_matmul without maps has
    "affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>",
    "affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>",
    "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>",
]


def _unit_batch(op: ir.Operation) -> bool:
    """A static `batch_matmul` of batch 1 in the default layout."""
    if op.name != "linalg.batch_matmul" or len(op.results) != 1:
        return False
    if any(name not in _DEFAULT_ATTRIBUTES for name in op.attributes):
        return False
    if "indexing_maps" in op.attributes:
        maps = [str(m) for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
        if maps != _DEFAULT_MAPS:
            return False
    values = [*op.operands, op.results[0]]
    if not all(is_static_tensor(v) for v in values) or static_shape(op.results[0])[0] != 1:
        return False
    # Only where the reshape goes: a product read otherwise (an attention's
    # 1 x S x S scores, read by a softmax on three dims) would gain one.
    readers = users_of(op.results[0])
    return bool(readers) and all(_is_unit_reshape(r, "tensor.collapse_shape") for r in readers)


def _is_unit_reshape(op: ir.Operation | None, name: str) -> bool:
    return op is not None and op.name == name and reassociation_groups(op) == _UNIT_BATCH


def _as_matrix(value: ir.Value) -> ir.Value:
    """`value` (1 x A x B) as A x B, built at the current insertion point:
    the source of an expand that only added the unit batch, else a collapse."""
    producer = producer_of(value)
    if _is_unit_reshape(producer, "tensor.expand_shape"):
        assert producer is not None
        return producer.operands[0]
    return reshaped(value, static_shape(value)[1:])


def _matrix_init(init: ir.Value) -> ir.Value:
    """The init at M x N: a fill of an empty filled again, else a collapse."""
    fill = producer_of(init)
    shape = static_shape(init)[1:]
    if fill is None or fill.name != "linalg.fill":
        return reshaped(init, shape)
    element = ir.RankedTensorType(init.type).element_type
    empty = tensor.EmptyOp(shape, element).result
    return linalg.fill(fill.operands[0], outs=[empty])


def _operand_producers(op: ir.Operation) -> list[ir.Operation]:
    """What made `op`'s operands (a fill's empty after the fill), to erase
    where the matmul no longer needs them."""
    producers = [p for v in op.operands if (p := producer_of(v)) is not None]
    fill = producer_of(op.operands[2])
    if fill is not None and fill.name == "linalg.fill":
        producers.extend(p for v in fill.operands if (p := producer_of(v)) is not None)
    return producers


def _rewrite(op: ir.Operation) -> None:
    with ir.InsertionPoint(op), op.location:
        lhs, rhs = (_as_matrix(op.operands[i]) for i in (0, 1))
        init = _matrix_init(op.operands[2])
        m, n, k = (ir.AffineDimExpr.get(i) for i in range(3))
        # The maps spelled out, as the parser gives every matmul them.
        maps = [ir.AffineMap.get(3, 0, r) for r in ([m, k], [k, n], [m, n])]
        product = linalg.matmul(lhs, rhs, outs=[init], indexing_maps=maps)
    with Rewrite("a batch matmul of batch 1 -> a matmul", op) as rw:
        for collapse in users_of(op.results[0]):
            rw.replace_uses(collapse.results[0], product)
            rw.erase(collapse)
        rw.erase(op)
        for producer in _operand_producers(op):
            rw.erase_if_unused(producer)


def unit_batch_matmuls(func_op: ir.Operation) -> int:
    """Rewrite every static `batch_matmul` of batch 1 in `func_op`; returns
    how many."""
    found: list[ir.Operation] = []

    def collect(op: ir.Operation) -> ir.WalkResult:
        if _unit_batch(op):
            found.append(op)
        return ir.WalkResult.ADVANCE

    with func_op.context:  # passes run with no default context entered
        func_op.operation.walk(collect)
        for op in found:
            _rewrite(op)
    return len(found)
