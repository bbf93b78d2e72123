"""`mlirfuse-form-groups`: kernel-level groups only, no op-level merge.

Wraps the ops of every planned multi-op kernel in a `fusion.group` (reduction
epilogues, contraction epilogues, prologues, chains) and leaves the ops inside
as they were, so a user can see the kernels the plan chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, option
from mlirfuse.passes.fuse_options import fusion_options, validate_common
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH, DEFAULT_TARGET, fuse_module


@dataclass(frozen=True)
class FormGroupsPass(ModulePass):
    NAME = "mlirfuse-form-groups"
    SUMMARY = "Wrap the ops of each planned kernel in a fusion.group (no op-level merge)"

    elementwise: bool = option(True, "group elementwise chains")
    reduction_prologue: bool = option(True, "group elementwise producers with reductions")
    reduction_epilogue: bool = option(True, "group reductions with their elementwise consumers")
    contraction_epilogue: bool = option(True, "group matmul/conv with their elementwise epilogue")
    siblings: bool = option(False, "also group siblings sharing an input")
    recompute: str = option("auto", "multi-consumer producers: never | auto | always")
    keep_intermediates: str = option("", "'all' or comma list of %names / FILE:LINE to keep")
    target: str = option(DEFAULT_TARGET, "GPU target of the cost model")
    search: str = option(DEFAULT_SEARCH, "planner: greedy (rule heuristic) | dp | auto")

    def validate(self) -> None:
        validate_common(self)

    def run(self, module: ir.Operation) -> None:
        options = fusion_options(self, horizontal_contraction=self.siblings)
        fuse_module(module, options, mode="groups", target=self.target, search=self.search)
