"""`mlirfuse-form-groups`: kernel-level groups only, no op-level merge.

Wraps the ops of every planned multi-op kernel in a `fusion.group` (reduction
epilogues, contraction epilogues, prologues, chains) and leaves the ops inside
as they were, so a user can see the kernels the plan chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass
from mlirfuse.passes.fuse_options import fusion_options, switch, validate_common
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH, DEFAULT_TARGET, fuse_module


@dataclass(frozen=True)
class FormGroupsPass(ModulePass):
    NAME = "mlirfuse-form-groups"
    SUMMARY = "Wrap the ops of each planned kernel in a fusion.group (no op-level merge)"

    elementwise: bool = switch("elementwise", True)
    reduction_prologue: bool = switch("reduction_prologue", True)
    reduction_epilogue: bool = switch("reduction_epilogue", True)
    contraction_epilogue: bool = switch("contraction_epilogue", True)
    siblings: bool = switch("siblings", False)
    recompute: str = switch("recompute", "auto")
    keep_intermediates: str = switch("keep_intermediates", "")
    target: str = switch("target", DEFAULT_TARGET)
    search: str = switch("search", DEFAULT_SEARCH)

    def validate(self) -> None:
        validate_common(self)

    def run(self, module: ir.Operation) -> None:
        options = fusion_options(self, horizontal_contraction=self.siblings)
        fuse_module(module, options, mode="groups", target=self.target, search=self.search)
