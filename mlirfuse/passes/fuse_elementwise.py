"""`mlirfuse-fuse-elementwise`: op-level merge only.

Elementwise, broadcast and transposing producers merge into their consumer
`linalg.generic` (and into reductions, as a prologue); every kernel stays one
linalg op, no `fusion.group` is left. The plan comes from the rule heuristic
restricted to these patterns.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, option
from mlirfuse.passes.fuse_options import fusion_options, validate_common
from mlirfuse.passes.fusion_driver import fuse_module


@dataclass(frozen=True)
class FuseElementwisePass(ModulePass):
    NAME = "mlirfuse-fuse-elementwise"
    SUMMARY = "Merge elementwise/broadcast/transpose producers into consumer linalg.generic ops"

    elementwise: bool = option(True, "merge elementwise chains")
    reduction_prologue: bool = option(True, "merge elementwise producers into reductions")
    recompute: str = option("auto", "multi-consumer producers: never | auto | always")
    keep_intermediates: str = option("", "'all' or comma list of %names / FILE:LINE to keep")

    def validate(self) -> None:
        validate_common(self)

    def run(self, module: ir.Operation) -> None:
        options = fusion_options(
            self,
            reduction_epilogue=False,
            contraction_epilogue=False,
            siblings=False,
            horizontal_contraction=False,
            independent=False,
        )
        fuse_module(module, options, mode="elementwise", search="greedy")
