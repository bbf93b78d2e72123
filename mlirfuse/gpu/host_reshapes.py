"""`tensor.reshape` to a computed shape, as an expand or collapse of dims.

torch-mlir exports `view` on a dynamic batch as `tensor.reshape %x(%shape)`
with the shape built by `tensor.from_elements` from host arithmetic. A
reshape between kernels must be a view the split can clone into each unit
that reads it (`isolate.py`); when the static dims group into a
reassociation (each dynamic dim alone in its group, matched one to one) it
becomes `tensor.expand_shape` (the dynamic output sizes are the shape's
elements, cast to index) or `tensor.collapse_shape`. Other reshapes stay
(and the split refuses them, located).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.gpu.irutil import defining_op
from mlirfuse.mutation import replace_op

_DYNAMIC = ir.ShapedType.get_dynamic_size()


def reassociation(small: list[int], large: list[int]) -> list[list[int]] | None:
    """Groups of `large`'s dims whose products are `small`'s dims, or None."""
    groups: list[list[int]] = []
    j = 0
    for size in small:
        if j >= len(large):
            return None
        if size == _DYNAMIC or large[j] == _DYNAMIC:
            if size != large[j]:
                return None
            groups.append([j])
            j += 1
            continue
        group, total = [], 1
        while j < len(large) and large[j] != _DYNAMIC and total < size:
            group.append(j)
            total *= large[j]
            j += 1
        if total != size or not group:
            return None
        groups.append(group)
    while j < len(large) and large[j] == 1 and groups:  # trailing unit dims
        groups[-1].append(j)
        j += 1
    return groups if j == len(large) else None


def _attr(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get(
        [ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups]
    )


def reshape_to_view(op: ir.Operation) -> bool:
    """Rewrite one `tensor.reshape`; False when it is not a regrouping."""
    shape_op = defining_op(op.operands[1])
    if shape_op is None or shape_op.name != "tensor.from_elements":
        return False
    source_type = ir.RankedTensorType(op.operands[0].type)
    result_type = ir.RankedTensorType(op.results[0].type)
    source, result = list(source_type.shape), list(result_type.shape)
    with ir.InsertionPoint(op), op.location:
        if len(result) >= len(source):
            groups = reassociation(source, result)
            if groups is None:
                return False
            index = ir.IndexType.get()
            sizes = [
                _as_index(shape_op.operands[d], index)
                for d, s in enumerate(result)
                if s == _DYNAMIC
            ]
            new = tensor.ExpandShapeOp(
                result_type, op.operands[0], _attr(groups), sizes, result
            ).result
        else:
            groups = reassociation(result, source)
            if groups is None:
                return False
            new = tensor.CollapseShapeOp(result_type, op.operands[0], _attr(groups)).result
    replace_op(op, [new], "gpu-reshape-as-view")
    return True


def _as_index(value: ir.Value, index: ir.Type) -> ir.Value:
    if value.type == index:
        return value
    return arith.IndexCastOp(index, value).result


def reshapes_to_views(func: ir.Operation) -> None:
    block = func.regions[0].blocks[0]
    for op in [o.operation for o in block.operations]:
        if op.name == "tensor.reshape":
            reshape_to_view(op)
