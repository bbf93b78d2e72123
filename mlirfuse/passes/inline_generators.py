"""`mlirfuse-inline-generators`: index-only values computed where they are read.

The rewrites every planner sees after the reshapes moved
(`fusion_driver.prepare`): index-only generators merged into their generic
readers (`transforms/generators.py`), elementwise producers a gather alone
reads computed at its reads (`transforms/gather_inline.py`); as a pass of its
own to test or run alone.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.functions import function_ops
from mlirfuse.passes.base import ModulePass
from mlirfuse.transforms.gather_inline import inline_index_computations


class InlineGenerators(ModulePass):
    NAME = "mlirfuse-inline-generators"
    SUMMARY = "Compute index-only generators (and producers only a gather reads) at their reads"

    def run(self, module: ir.Operation) -> None:
        for func_op in function_ops(module):
            inline_index_computations(func_op)
