"""Figures about a module that reports, benches and `mlirfuse verify` share.

Kernel count (the team's convention, issue 4): every `fusion.group` is one
kernel, and so is every linalg structured op outside a group that is not a
`linalg.fill` (fills are expected to fold into their consumer's init). Ops
nested in a group, and the `linalg.yield`/`linalg.index` inside bodies, are
not counted.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.context import GROUP_OP


def _is_kernel(name: str) -> bool:
    return name == GROUP_OP or is_kernel_name(name)


def _count_under(op: ir.Operation) -> int:
    count = 0
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                inner = child.operation
                if _is_kernel(inner.name):
                    count += 1  # a kernel's body holds no further kernels
                else:
                    count += _count_under(inner)
    return count


def _function_name(op: ir.Operation) -> str:
    return ir.StringAttr(op.attributes["sym_name"]).value


def kernels_by_function(module: ir.Module | ir.Operation) -> dict[str, int]:
    """Kernel count of each `func.func` with a body, in module order."""
    top = module.operation
    counts: dict[str, int] = {}
    for op in top.regions[0].blocks[0].operations:
        func = op.operation
        if func.name == "func.func" and len(func.regions[0].blocks) > 0:
            counts[_function_name(func)] = _count_under(func)
    return counts


def count_kernels(module: ir.Module | ir.Operation, func_name: str | None = None) -> int:
    """Kernels in the whole module, or in the function `func_name` only."""
    counts = kernels_by_function(module)
    if func_name is None:
        return sum(counts.values())
    if func_name not in counts:
        raise KeyError(f"no function @{func_name} (defined: {', '.join(counts) or 'none'})")
    return counts[func_name]
