"""`mlirfuse-widen-i1-memrefs`: store booleans as bytes before lowering to LLVM.

LLVM 22's `finalize-memref-to-llvm` asserts (aborting the process) on a
`memref.load`/`memref.store` of `i1`. Numpy stores a bool as one byte holding
0 or 1, so this pass, run on bufferized loops (after
`convert-linalg-to-loops`), retypes every `memref<...xi1>` value to
`memref<...xi8>` (same shape, layout and memory space), widens each stored
`i1` with `arith.extui` and truncates each loaded byte with `arith.trunci`.
Function types follow their arguments and results; `memref.global`
constants of `i1` become byte globals.
"""

from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith

from mlirfuse.passes.base import ModulePass


def _is_i1(type_: ir.Type) -> bool:
    integer = type_.maybe_downcast()
    return isinstance(integer, ir.IntegerType) and integer.width == 1


def _widened(type_: ir.Type) -> ir.Type | None:
    """memref<..xi1> -> memref<..xi8>; None for every other type."""
    memref = type_.maybe_downcast()
    if not isinstance(memref, ir.MemRefType) or not _is_i1(memref.element_type):
        return None
    i8 = ir.IntegerType.get_signless(8)
    return ir.MemRefType.get(memref.shape, i8, memref.layout, memref.memory_space)


def _retype_values(op: ir.Operation) -> None:
    for region in op.regions:
        for block in region.blocks:
            for argument in block.arguments:
                if (wide := _widened(argument.type)) is not None:
                    argument.set_type(wide)
    for result in op.results:
        if (wide := _widened(result.type)) is not None:
            result.set_type(wide)


def _fix_access(op: ir.Operation) -> None:
    """Loads yield bytes (truncate for users); stores take bytes (extend)."""
    i8 = ir.IntegerType.get_signless(8)
    if op.name == "memref.load" and _is_i1(op.results[0].type):
        loaded = op.results[0]
        uses = [(use.owner, use.operand_number) for use in loaded.uses]
        loaded.set_type(i8)
        with ir.InsertionPoint.after(op):
            narrow = arith.trunci(ir.IntegerType.get_signless(1), loaded)
        for user, number in uses:
            user.operands[number] = narrow
    elif op.name == "memref.store" and _is_i1(op.operands[0].type):
        with ir.InsertionPoint(op):
            op.operands[0] = arith.extui(i8, op.operands[0])


def _widen_global(op: ir.Operation) -> None:
    """A global of i1 (a boolean constant) becomes a global of i8 bytes."""
    wide = _widened(ir.TypeAttr(op.attributes["type"]).value)
    if wide is None:
        return
    op.attributes["type"] = ir.TypeAttr.get(wide)
    initial = op.attributes.get("initial_value", None)
    if initial is None or not isinstance(initial, ir.DenseIntElementsAttr | ir.DenseElementsAttr):
        return
    if not isinstance(initial, ir.DenseIntElementsAttr):
        initial = ir.DenseIntElementsAttr(initial)
    memref = ir.MemRefType(wide)
    bytes_type = ir.RankedTensorType.get(memref.shape, memref.element_type)
    if initial.is_splat:
        value = ir.IntegerAttr.get(memref.element_type, int(initial[0]))
        op.attributes["initial_value"] = ir.DenseElementsAttr.get_splat(bytes_type, value)
        return
    values = np.array([int(initial[i]) for i in range(len(initial))], np.int8)
    op.attributes["initial_value"] = ir.DenseElementsAttr.get(
        values.reshape(memref.shape), type=bytes_type
    )


def _fix_function_type(op: ir.Operation) -> None:
    if op.name != "func.func":
        return
    old = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
    inputs = [_widened(t) or t for t in old.inputs]
    results = [_widened(t) or t for t in old.results]
    op.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))


class WidenI1Memrefs(ModulePass):
    NAME = "mlirfuse-widen-i1-memrefs"
    SUMMARY = "Store i1 memrefs as i8 (LLVM 22 cannot lower loads/stores of i1); run on loops"

    def run(self, module: ir.Operation) -> None:
        ops: list[ir.Operation] = []

        def collect(op: ir.Operation) -> ir.WalkResult:
            ops.append(op)
            return ir.WalkResult.ADVANCE

        module.walk(collect, ir.WalkOrder.PRE_ORDER)
        with module.context, ir.Location.unknown(module.context):
            for op in ops:
                _retype_values(op)
                if op.name == "memref.global":
                    _widen_global(op)
            for op in ops:
                _fix_access(op)
                _fix_function_type(op)
