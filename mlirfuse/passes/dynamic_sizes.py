"""`mlirfuse-dynamic-sizes`: every dynamic size said once.

The first rewrite every planner sees (`fusion_driver.prepare`,
`transforms/dynamic_sizes.py`), as a pass of its own to test or run alone.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.functions import function_ops
from mlirfuse.passes.base import ModulePass
from mlirfuse.transforms.dynamic_sizes import canonicalize_dynamic_sizes


class DynamicSizes(ModulePass):
    NAME = "mlirfuse-dynamic-sizes"
    SUMMARY = (
        "One SSA value per proven dynamic size; proven tensor.reshape as expand/collapse, "
        "dynamic broadcasts of a dim that has the size as reads, true size asserts dropped"
    )

    def run(self, module: ir.Operation) -> None:
        for func_op in function_ops(module):
            canonicalize_dynamic_sizes(func_op)
