"""`mlirfuse-fuse-elementwise`: op-level merge only.

Elementwise, broadcast and transposing producers merge into their consumer
`linalg.generic` (and into reductions, as a prologue); every kernel stays one
linalg op, no `fusion.group` is left. The plan comes from the rule heuristic
restricted to these patterns.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass
from mlirfuse.passes.fuse_options import fusion_options, switch, validate_common
from mlirfuse.passes.fusion_driver import fuse_module


@dataclass(frozen=True)
class FuseElementwisePass(ModulePass):
    NAME = "mlirfuse-fuse-elementwise"
    SUMMARY = "Merge elementwise/broadcast/transpose producers into consumer linalg.generic ops"

    elementwise: bool = switch("elementwise", True)
    reduction_prologue: bool = switch("reduction_prologue", True)
    recompute: str = switch("recompute", "auto")
    keep_intermediates: str = switch("keep_intermediates", "")

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
