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

from mlirfuse.analysis.maps import is_zero
from mlirfuse.context import GROUP_OP
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    reduced_loops,
    reshaped,
    set_indexing_maps,
    static_shape,
)


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
        if not _reads_unit_dims_at_zero(value, maps[index], generic):
            continue
        kept = [i for i, e in enumerate(maps[index].results) if isinstance(e, ir.AffineDimExpr)]
        with ir.InsertionPoint(generic), generic.location:
            generic.operands[index] = reshaped(value, [static_shape(value)[i] for i in kept])
        dims = [maps[index].results[i] for i in kept]
        maps[index] = ir.AffineMap.get(maps[index].n_dims, 0, dims)
        changed = True
    if changed:
        set_indexing_maps(generic, maps)
    return changed


def _reads_unit_dims_at_zero(value: ir.Value, amap: ir.AffineMap, generic: ir.Operation) -> bool:
    """Whether `value` is a static kernel input read at 0 in some unit dims
    and at a loop in the others."""
    if not isinstance(value.type, ir.RankedTensorType) or not value.type.has_static_shape:
        return False
    producer = defining_op(value)
    in_group = generic.parent is not None and generic.parent.name == GROUP_OP
    if in_group and producer is not None and producer.parent == generic.parent:
        return False  # computed in the kernel: a reshape there would stop its fusion
    shape = value.type.shape
    constants = [i for i, e in enumerate(amap.results) if not isinstance(e, ir.AffineDimExpr)]
    if not constants or len(constants) == len(shape):
        return False
    return all(is_zero(amap.results[i]) and shape[i] == 1 for i in constants)
