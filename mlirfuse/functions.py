"""The functions of a module, as planners, rewrites and tools walk them."""

from __future__ import annotations

from mlir import ir


def function_ops(module_op: ir.Operation) -> list[ir.Operation]:
    """Every `func.func` with a body directly inside the module, in order."""
    funcs = []
    for child in module_op.regions[0].blocks[0].operations:
        op = child.operation
        if op.name == "func.func" and op.regions[0].blocks:
            funcs.append(op)
    return funcs


def function_name(func_op: ir.Operation) -> str:
    return str(ir.StringAttr(func_op.attributes["sym_name"]).value)
