"""`mlirfuse-fold-head-layouts`: head transposes and reshapes as indexing maps.

The rewrite every planner sees first (`fusion_driver.prepare`,
`transforms/head_layout.py`), as a pass of its own to test or run alone.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.functions import function_ops
from mlirfuse.passes.base import ModulePass
from mlirfuse.transforms.head_layout import fold_head_layouts


class FoldHeadLayouts(ModulePass):
    NAME = "mlirfuse-fold-head-layouts"
    SUMMARY = "Fold head-split transposes and copies into the indexing maps of their readers and producers"

    def run(self, module: ir.Operation) -> None:
        for func_op in function_ops(module):
            fold_head_layouts(func_op)
