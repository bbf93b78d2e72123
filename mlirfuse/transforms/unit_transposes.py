"""A transpose that moves only unit dims is a reshape.

torch-mlir lowers an einsum whose output has a unit dim in another place
than the batch matmul's (neighborhood attention's `bnhwd,bnhwijd->bnhwij`,
computed as `512x1x25` and read as `2x4x8x8x5x5`) to reshapes around a
`linalg.transpose` that moves that unit dim. The transpose keeps every
element where it was, but it is a copy kernel, or a transpose between
reshapes that no kernel fuses through (`gpu-reshape-inside`): the scores
and their bias add were two kernels. Such a transpose, read only by
reshapes, becomes one reshape of the value its reshape chain starts from,
and each reshape reading it reads that value by one reshape of its own;
where the shapes agree nothing is left, and the ops on either side read each
other directly. Nothing is computed differently: the elements keep their
row-major order.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import is_static_tensor, producer_of, static_shape, users_of
from mlirfuse.transforms.reshape_views import is_reshape, read_directly, reshape_root

# A head split of a named matmul's output (a decode step's `1x1x2x16` to
# `1x2x1x16`) is head_layout.py's: it folds the transpose into the matmul, the
# same way for sibling projections (K and V of one input), which then share a
# kernel; a reshape here would leave one sibling unfolded, on another space.
_HEAD_LAYOUT_ROOTS = ("linalg.matmul", "linalg.batch_matmul")


def unit_transposes_to_reshapes(func_op: ir.Operation) -> int:
    """Rewrite every transpose of `func_op` that moves only unit dims; returns
    how many."""
    done = 0
    while (transpose := _next(func_op)) is not None:
        _as_reshape(transpose)  # erases reshapes after it too: scan afresh
        done += 1
    return done


def _next(func_op: ir.Operation) -> ir.Operation | None:
    for op in func_op.regions[0].blocks[0].operations:
        if op.operation.name == "linalg.transpose" and moves_only_unit_dims(op.operation):
            return op.operation
    return None


def moves_only_unit_dims(transpose: ir.Operation) -> bool:
    """The static transpose keeps its dims of size > 1 in their order, only
    reshapes read it, and its reshape chain does not start at a named
    matmul. (A generic reading it directly folds it into its map,
    `head_layout.py`: no copy is left to remove, and a reshape there would
    move the generic onto another space, away from its siblings.)"""
    if not all(is_static_tensor(v) for v in (*transpose.operands, *transpose.results)):
        return False
    if not all(is_reshape(user) for user in users_of(transpose.results[0])):
        return False
    root = producer_of(reshape_root(transpose.operands[0]))
    if root is not None and root.name in _HEAD_LAYOUT_ROOTS:
        return False
    permutation = list(ir.DenseI64ArrayAttr(transpose.attributes["permutation"]))
    shape = static_shape(transpose.results[0])
    kept = [source for source, size in zip(permutation, shape, strict=True) if size != 1]
    return kept == sorted(kept) and permutation != sorted(permutation)


def _as_reshape(transpose: ir.Operation) -> None:
    source, result = transpose.operands[0], transpose.results[0]
    root = reshape_root(source)
    with Rewrite("a transpose of unit dims as a reshape", transpose) as rw:
        read_directly(result, root, rw)
        rw.erase(transpose)
        rw.erase_if_dead(transpose.operands[1])
        chain = source
        while chain != root:  # the reshapes that only the transpose read
            rw.erase_if_unused(chain.owner)
            chain = chain.owner.operands[0]
