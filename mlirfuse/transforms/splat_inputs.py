"""A generic's splat-constant inputs are read as scalars (before planning).

Linalg from TOSA keeps every scalar operand a constant tensor: GELU's
`x * 0.5` is a generic reading `arith.constant dense<0.5> : tensor<1x1xf32>`
through `(d0, d1) -> (0, 0)`, where torch-mlir's linalg writes
`arith.constant 0.5 : f32` in the body. Each such input is one more buffer
its kernel takes and reads from memory: mlp_gelu through TOSA launched 24
bytes more than IREE O3, which reads such splats as the constants they are.

Every element of a splat is its element, whatever the map reads, so each
splat input goes from the operands and its block argument becomes an
`arith.constant` of the element at the top of the body; a constant no op
reads any more goes too. `generators.py` does the same for a generic whose
only inputs are splats, to make it a generator; this takes any generic.
Nothing is computed differently.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg

from mlirfuse.analysis.structured import dim_position
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import producer_of, splat_element
from mlirfuse.transforms.ir_utils import remap_operands


def _splat_inputs(op: ir.Operation) -> list[int]:
    """The inputs of generic `op` that are splat constants of a scalar type
    and that it can do without: a splat that alone reads some loop (a cumsum
    of ones reads its scan loop only there) stays, as the loop's extent."""
    if op.name != "linalg.generic":
        return []
    inputs = len(op.operands) - len(op.results)
    splats = [i for i in range(inputs) if splat_element(op.operands[i]) is not None]
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    read = {d for i, m in enumerate(maps) if i not in splats for d in _loops_read(m)}
    dropped = []
    for i in splats:
        if _loops_read(maps[i]) <= read:
            dropped.append(i)
        else:
            read |= _loops_read(maps[i])
    return dropped


def _loops_read(amap: ir.AffineMap) -> set[int]:
    """The loops `amap` reads as a plain dim (what gives a loop its extent)."""
    return {d for d in (dim_position(e) for e in amap.results) if d is not None}


def _rebuilt(op: ir.Operation, splats: list[int]) -> ir.Operation:
    """`op` without the inputs `splats`: the same body, each of their
    arguments a constant of the splat's element."""
    operands = list(op.operands)
    n_in = len(operands) - len(op.results)
    kept = [i for i in range(len(operands)) if i not in splats]
    maps = ir.ArrayAttr(op.attributes["indexing_maps"])
    old_body = op.regions[0].blocks[0]
    with ir.InsertionPoint(op), op.location:
        new = linalg.GenericOp(
            [r.type for r in op.results],
            [operands[i] for i in kept if i < n_in],
            operands[n_in:],
            ir.ArrayAttr.get([maps[i] for i in kept]),
            op.attributes["iterator_types"],
        )
    arguments = [old_body.arguments[i] for i in kept]
    body = new.regions[0].blocks.append(
        *[a.type for a in arguments], arg_locs=[op.location] * len(arguments)
    )
    mapping = dict(zip(arguments, body.arguments, strict=True))
    ip = ir.InsertionPoint(body)
    for i in splats:
        argument = old_body.arguments[i]
        mapping[argument] = arith.ConstantOp(
            argument.type, splat_element(operands[i]), ip=ip, loc=op.location
        ).result
    for inner in old_body.operations:
        clone = inner.operation.clone(ip=ip)
        remap_operands(clone, mapping)
        mapping.update(zip(inner.operation.results, clone.results, strict=True))
    return new.operation


def splat_inputs_as_scalars(func_op: ir.Operation) -> int:
    """Rewrite every generic of `func_op`'s body that reads a splat constant
    as an input; returns how many."""
    found: list[tuple[ir.Operation, list[int]]] = []
    for op_view in func_op.regions[0].blocks[0].operations:
        splats = _splat_inputs(op_view.operation)
        if splats:
            found.append((op_view.operation, splats))
    with func_op.context:
        for op, splats in found:
            constants = [producer_of(op.operands[i]) for i in splats]
            new = _rebuilt(op, splats)
            with Rewrite("splat constant inputs read as scalars", op) as rw:
                rw.replace_op(op, list(new.results))
                for constant in constants:
                    if constant is not None:
                        rw.erase_if_unused(constant)
    return len(found)
