"""`mlirfuse-propagate-reshapes`: reshapes moved to kernel boundaries.

The rewrite every planner sees after the head-layout fold
(`fusion_driver.prepare`, `transforms/reshape_propagation.py`), as a pass of
its own to test or run alone.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.functions import function_ops
from mlirfuse.passes.base import ModulePass
from mlirfuse.transforms.reshape_propagation import propagate_reshapes


class PropagateReshapes(ModulePass):
    NAME = "mlirfuse-propagate-reshapes"
    SUMMARY = "Move reshapes of computed values through the elementwise generics that read them"

    def run(self, module: ir.Operation) -> None:
        for func_op in function_ops(module):
            propagate_reshapes(func_op)
