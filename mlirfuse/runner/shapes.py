"""Shapes of dynamic results, computed by the IR itself.

The caller allocates every result (results are out-params), so a result of
type `tensor<?x4xf32>` needs its size before the call. For such a function
the runner adds a twin, `@__mlirfuse_result_shapes_<name>`: the same body, but
returning one `tensor<Kxi64>` holding the K dynamic result dims (`tensor.dim`
of each returned value). Its only result is static, so it runs like any other
function; the runner calls it first, then allocates the results. The twin
recomputes the function (canonicalization usually folds the dims down to the
input dims, leaving little to compute).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, func, tensor

from mlirfuse.mutation import erase

SHAPE_HELPER_PREFIX = "__mlirfuse_result_shapes_"


def shape_helper_name(name: str) -> str:
    return SHAPE_HELPER_PREFIX + name


def _dynamic_dims(types: list[ir.Type]) -> list[tuple[int, int]]:
    """(result index, dim) of every dynamic dim of the ranked tensor results."""
    found = []
    for index, type_ in enumerate(types):
        tensor_type = type_.maybe_downcast()
        if isinstance(tensor_type, ir.RankedTensorType):
            found += [(index, d) for d in range(tensor_type.rank) if tensor_type.is_dynamic_dim(d)]
    return found


def add_shape_helper(function: ir.Operation) -> ir.Operation | None:
    """Add the twin of `function` right after it; None when `function` has no
    dynamic result dims or more than one block (nothing added)."""
    type_ = ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)
    dims = _dynamic_dims(list(type_.results))
    if not dims:
        return None
    if len(function.regions[0].blocks) != 1:
        return None  # several returns: the caller must give result_shapes
    twin = function.clone(ip=ir.InsertionPoint.after(function))
    name = ir.StringAttr(function.attributes["sym_name"]).value
    twin.attributes["sym_name"] = ir.StringAttr.get(shape_helper_name(name))
    i64 = ir.IntegerType.get_signless(64)
    shape_type = ir.RankedTensorType.get([len(dims)], i64)
    twin.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get(list(type_.inputs), [shape_type])
    )
    if "res_attrs" in twin.attributes:
        del twin.attributes["res_attrs"]
    terminator = list(twin.regions[0].blocks[0].operations)[-1].operation
    returned = list(terminator.operands)
    with ir.InsertionPoint(terminator), terminator.location:
        sizes = []
        for index, dim in dims:
            size = tensor.dim(returned[index], arith.constant(ir.IndexType.get(), dim))
            sizes.append(arith.index_cast(i64, size))
        func.ReturnOp([tensor.from_elements(shape_type, sizes)])
    erase(terminator, "return the result shapes")
    return twin
