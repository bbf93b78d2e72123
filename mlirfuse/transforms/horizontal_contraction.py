"""Horizontal contraction: matmuls sharing their LHS become one matmul.

    %q = linalg.matmul ins(%x, %wq) outs(%fq)      %w = tensor.concat dim(1) %wq, %wk
    %k = linalg.matmul ins(%x, %wk) outs(%fk)  =>  %f = linalg.fill ins(%zero) outs(empty)
                                                   %qk = linalg.matmul ins(%x, %w) outs(%f)
                                                   %q = tensor.extract_slice %qk[0, 0] [M, Nq] [1, 1]
                                                   %k = tensor.extract_slice %qk[0, Nq] [M, Nk] [1, 1]

The weights are concatenated along N (the last dim); the inits become one fill
when they are all fills of the same scalar, otherwise they are concatenated
too. `linalg.batch_matmul` works the same along its last dim. The concat is
a copy of every weight: it is free only when the weights are constants (it
folds) or when the caller hoists/caches it (weights fixed across calls).
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.analysis.contractions import contraction_mismatch, n_of
from mlirfuse.analysis.op_facts import op_name
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.sibling_schedule import move_after, place

_BUILDERS = {"linalg.matmul": linalg.matmul, "linalg.batch_matmul": linalg.batch_matmul}


def _common_fill_scalar(inits: Sequence[ir.Value]) -> ir.Value | None:
    """The scalar every init is filled with, if they are all `linalg.fill` of one value."""
    scalars = []
    for init in inits:
        owner = init.owner
        if isinstance(owner, ir.Block) or op_name(owner) != "linalg.fill":
            return None
        scalars.append(owner.operands[0])
    if all(s == scalars[0] for s in scalars):
        return scalars[0]
    return None


def _concat(values: Sequence[ir.Value], dim: int) -> ir.Value:
    types = [ir.RankedTensorType(v.type) for v in values]
    shape = list(types[0].shape)
    shape[dim] = sum(t.shape[dim] for t in types)
    result = ir.RankedTensorType.get(shape, types[0].element_type)
    return tensor.concat(result, dim, list(values))


def _slice(source: ir.Value, like: ir.Type, offset: int) -> ir.Value:
    ranked = ir.RankedTensorType(like)
    rank = ranked.rank
    offsets = [0] * (rank - 1) + [offset]
    return tensor.extract_slice(
        like,
        source,
        [],
        [],
        [],
        ir.DenseI64ArrayAttr.get(offsets),
        ir.DenseI64ArrayAttr.get(list(ranked.shape)),
        ir.DenseI64ArrayAttr.get([1] * rank),
    )


def concat_contractions(ops: Sequence[ir.Operation], max_n: int = 1 << 62) -> ir.Operation:
    """Replace contractions sharing an LHS by one over concatenated weights; returns it."""
    ops = [op.operation for op in ops]
    problem = contraction_mismatch(ops, max_n)
    if problem is not None:
        raise ValueError(f"cannot concatenate contractions: {problem}")
    block = ops[0].block
    order = [o.operation for o in block.operations]
    ops.sort(key=order.index)
    placement = place(block, ops)
    dim = ir.RankedTensorType(ops[0].results[0].type).rank - 1
    inits = [op.operands[2] for op in ops]
    with ops[0].context, ir.Location.fused([op.location for op in ops]), placement.insertion_point:
        weights = _concat([op.operands[1] for op in ops], dim)
        scalar = _common_fill_scalar(inits)
        if scalar is not None:
            out_type = ir.RankedTensorType(_concat_type(inits, dim))
            empty = tensor.empty(list(out_type.shape), out_type.element_type)
            init = linalg.fill(scalar, outs=[empty])
        else:
            init = _concat(inits, dim)
        merged = _BUILDERS[op_name(ops[0])](ops[0].operands[0], weights, outs=[init])
        slices, offset = [], 0
        for op in ops:
            slices.append(_slice(merged, op.results[0].type, offset))
            offset += n_of(op)
    last_new = slices[-1].owner.operation
    move_after(last_new, placement.to_move)
    with Rewrite("concatenate sibling contractions", merged.owner) as rw:
        for op, new_value in zip(ops, slices, strict=True):
            rw.replace_op(op, [new_value])
        for value in inits:
            rw.erase_if_dead(value)
    return merged.owner.operation


def _concat_type(values: Sequence[ir.Value], dim: int) -> ir.Type:
    types = [ir.RankedTensorType(v.type) for v in values]
    shape = list(types[0].shape)
    shape[dim] = sum(t.shape[dim] for t in types)
    return ir.RankedTensorType.get(shape, types[0].element_type)
