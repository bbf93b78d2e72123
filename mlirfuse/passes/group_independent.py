"""`mlirfuse-group-independent`: small unrelated kernels share one launch.

Kernel ops writing at most `max-elements` elements each, with no path between
them, are grouped (in program order, at most `max-ops` per group) into one
`fusion.group` with pattern "independent": one launch instead of several.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, OptionError, option
from mlirfuse.policy.sibling_rules import MAX_INDEPENDENT, SMALL_KERNEL_ELEMENTS, SiblingLimits
from mlirfuse.transforms.sibling_apply import fuse_siblings_in_module
from mlirfuse.vocab.options import FusionOptions


@dataclass(frozen=True)
class GroupIndependent(ModulePass):
    NAME = "mlirfuse-group-independent"
    SUMMARY = "Group small kernels with no path between them into one fusion.group"

    max_elements: int = option(
        SMALL_KERNEL_ELEMENTS, "largest output (elements) of a kernel counted as small"
    )
    max_ops: int = option(MAX_INDEPENDENT, "kernels per group")
    report: bool = option(False, "print each refused merge with its code to stderr")

    def validate(self) -> None:
        if self.max_ops < 2:
            raise OptionError(f"max-ops must be >= 2, got {self.max_ops}")

    def run(self, module: ir.Operation) -> None:
        options = FusionOptions(siblings=False, horizontal_contraction=False, independent=True)
        limits = SiblingLimits(
            small_kernel_elements=self.max_elements, max_independent=self.max_ops
        )
        fuse_siblings_in_module(module, options, limits, report=self.report)
