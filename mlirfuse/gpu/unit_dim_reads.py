"""Contraction inputs read at 0 in unit dims, read through a collapse.

A contraction generic can read a kernel input through a map with constants
for its unit dims: SAM2's single-head q·kᵀ reads `tensor<1x1x64x64xf32>` at
`(d0, d1, d2) -> (0, 0, d0, d2)` once reshapes and a transpose were folded
into its maps. The contraction schedule copies each operand's tile to
shared memory, and upstream's copy mapping (GPUHeuristics' CopyMappingInfo)
takes copies of 1 to 3 dims only: it aborted on the rank-4 one. Such an
input is read through a `collapse_shape` that drops the unit dims (a view of
the kernel's argument), at the map without the constants.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.folds import collapse_groups
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.transforms.ir_access import indexing_maps, reduced_loops, set_indexing_maps


def collapse_unit_dim_reads(generic: ir.Operation) -> bool:
    """Read each input of the contraction `generic` that comes from outside
    its block at constant 0 in unit dims through a collapse without them
    (module docstring); returns whether one was."""
    if not any(reduced_loops(generic)):
        return False
    maps = indexing_maps(generic)
    n_in = len(generic.operands) - len(generic.results)
    changed = False
    for index, value in enumerate(list(generic.operands)[:n_in]):
        groups = _unit_groups(value, maps[index], generic)
        if groups is None:
            continue
        dims = [e for e in maps[index].results if isinstance(e, ir.AffineDimExpr)]
        element = ir.RankedTensorType(value.type).element_type
        shape = [
            ir.RankedTensorType(value.type).shape[_loop_position(g, maps[index])] for g in groups
        ]
        with ir.InsertionPoint(generic), generic.location:
            collapsed = tensor.collapse_shape(
                ir.RankedTensorType.get(shape, element), value, _reassociation(groups)
            )
        generic.operands[index] = collapsed
        maps[index] = ir.AffineMap.get(maps[index].n_dims, 0, dims)
        changed = True
    if changed:
        set_indexing_maps(generic, maps)
    return changed


def _unit_groups(
    value: ir.Value, amap: ir.AffineMap, generic: ir.Operation
) -> list[list[int]] | None:
    """The collapse's groups where `value` is a static kernel input read at
    0 in unit dims only; None where nothing is to drop."""
    if not isinstance(value.type, ir.RankedTensorType) or not value.type.has_static_shape:
        return None
    producer = defining_op(value)
    in_group = generic.parent is not None and generic.parent.name == GROUP_OP
    if in_group and producer is not None and producer.parent == generic.parent:
        return None  # computed in the kernel: a reshape there would stop its fusion
    shape = value.type.shape
    constants = [i for i, e in enumerate(amap.results) if not isinstance(e, ir.AffineDimExpr)]
    if not constants or any(not _is_zero(amap.results[i]) or shape[i] != 1 for i in constants):
        return None
    return collapse_groups(list(amap.results))


def _is_zero(expr: ir.AffineExpr) -> bool:
    return isinstance(expr, ir.AffineConstantExpr) and expr.value == 0


def _loop_position(group: list[int], amap: ir.AffineMap) -> int:
    """The one position of `group` read at a loop dim."""
    return next(i for i in group if isinstance(amap.results[i], ir.AffineDimExpr))


def _reassociation(groups: list[list[int]]) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get(
        [ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups]
    )
