"""Grids sized at run time: a block loop over a dynamic extent to a launch.

`transform.gpu.map_forall_to_blocks` requires a block loop with static trip
counts. A kernel whose dynamic loop is tiled onto blocks (one index per
block, `schedule.py`) has a trip count the host computes (`memref.dim` of an
argument, an `affine.apply` of it). `freeze` sets each such trip count to
a placeholder (65535, the largest grid the mapping accepts) before stage 2,
so that the mapping sees a static loop; `thaw` then gives the generated
`gpu.launch` the host's value as its grid size, before outlining (which
would otherwise record the placeholder as a known grid size). Until then a
call to an external function (`ANCHOR`, dropped by `thaw`) keeps each host
value alive through the script's canonicalizations. The kernel
body uses the block id in place of the loop index, which the placeholder
only bounds from above: every fact derived from it holds for the real grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import arith
from mlir.dialects import func as func_d

from mlirfuse.gpu.kernels import LOOP_ATTR
from mlirfuse.mutation import Rewrite

ANCHOR = "mlirfuse_grid_size"

PLACEHOLDERS = {"x": 65535, "y": 65535, "z": 65535}
_DYNAMIC = ir.ShapedType.get_dynamic_size()


@dataclass
class FrozenGrid:
    """The host values of one block loop's dynamic trip counts, per axis."""

    sizes: dict[int, ir.Value]  # grid axis (0 = x) -> trip count


def _block_loops(module: ir.Module) -> list[ir.Operation]:
    loops = []
    for func in module.body.operations:
        if func.operation.name != "func.func" or not func.operation.regions[0].blocks:
            continue
        for op in func.operation.regions[0].blocks[0].operations:
            if op.operation.name == "scf.forall" and LOOP_ATTR in op.operation.attributes:
                loops.append(op.operation)
    return loops


def _axis(mapping: ir.Attribute) -> int:
    text = str(mapping)  # #gpu.block<x>
    return "xyz".index(text.split("<")[1][0])


def freeze(module: ir.Module) -> list[FrozenGrid]:
    """Static placeholders for the dynamic trip counts of every block loop
    (in program order; a loop with static counts gives an empty record)."""
    frozen = []
    loops = _block_loops(module)
    if any(_DYNAMIC in ir.DenseI64ArrayAttr(op.attributes["staticUpperBound"]) for op in loops):
        with ir.InsertionPoint.at_block_begin(module.body), module.operation.location:
            index = ir.IndexType.get()
            decl = func_d.FuncOp(ANCHOR, ir.FunctionType.get([index], []), visibility="private")
            del decl
    for loop in loops:
        static = list(ir.DenseI64ArrayAttr(loop.attributes["staticUpperBound"]))
        mapping = list(ir.ArrayAttr(loop.attributes["mapping"]))
        n_lower = sum(
            1 for v in ir.DenseI64ArrayAttr(loop.attributes["staticLowerBound"]) if v == _DYNAMIC
        )
        sizes: dict[int, ir.Value] = {}
        position = n_lower
        for dim, bound in enumerate(static):
            if bound != _DYNAMIC:
                continue
            axis = _axis(mapping[dim])
            sizes[axis] = loop.operands[position]
            with ir.InsertionPoint(loop), loop.location:
                placeholder = arith.ConstantOp(ir.IndexType.get(), PLACEHOLDERS["xyz"[axis]])
                func_d.CallOp([], ir.FlatSymbolRefAttr.get(ANCHOR), [sizes[axis]])
            loop.operands[position] = placeholder.result
            position += 1
        frozen.append(FrozenGrid(sizes))
    return frozen


def thaw(module: ir.Module, frozen: list[FrozenGrid]) -> None:
    """Give each generated launch (program order) its host grid sizes."""
    if not any(f.sizes for f in frozen):
        return
    launches = [
        op.operation
        for func in module.body.operations
        if func.operation.name == "func.func" and func.operation.regions[0].blocks
        for op in func.operation.regions[0].blocks[0].operations
        if op.operation.name == "gpu.launch"
    ]
    if len(launches) != len(frozen):
        raise ValueError(f"{len(frozen)} block loops became {len(launches)} launches")
    for launch, grid in zip(launches, frozen, strict=True):
        first = len(launch.opview.asyncDependencies)  # type: ignore[attr-defined]
        for axis, value in grid.sizes.items():
            launch.operands[first + axis] = value
    anchors = [
        op.operation
        for op in module.body.operations
        if op.operation.name == "func.func" and _name(op.operation) == ANCHOR
    ]
    calls = [
        op.operation
        for func in module.body.operations
        if func.operation.name == "func.func" and func.operation.regions[0].blocks
        for op in func.operation.regions[0].blocks[0].operations
        if op.operation.name == "func.call" and _callee(op.operation) == ANCHOR
    ]
    with Rewrite("drop the grid-size anchors", module.operation) as rw:
        for op in [*calls, *anchors]:
            rw.erase(op)


def _name(op: ir.Operation) -> str:
    return str(ir.StringAttr(op.attributes["sym_name"]).value)


def _callee(op: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
