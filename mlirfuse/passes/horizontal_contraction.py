"""`mlirfuse-horizontal-contraction`: matmuls sharing their LHS become one.

`linalg.matmul`/`linalg.batch_matmul` ops with the same LHS value, K and
element types become one contraction over weights concatenated along N
(`tensor.concat`), results sliced back out (`tensor.extract_slice`), when the
summed N is at most `max-n`. The concat copies the weights: with
`constant-weights-only=true` only constant weights (the concat folds) qualify.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, OptionError, option
from mlirfuse.policy.sibling_rules import MAX_CONCAT_N, SiblingLimits
from mlirfuse.transforms.sibling_apply import fuse_siblings_in_module
from mlirfuse.vocab.options import FusionOptions


@dataclass(frozen=True)
class HorizontalContraction(ModulePass):
    NAME = "mlirfuse-horizontal-contraction"
    SUMMARY = "Merge matmuls sharing an LHS into one matmul over concatenated weights"

    max_n: int = option(MAX_CONCAT_N, "largest summed N (columns of the concatenated weight)")
    constant_weights_only: bool = option(False, "merge only when every weight is an arith.constant")
    report: bool = option(False, "print each refused merge with its code to stderr")

    def validate(self) -> None:
        if self.max_n < 1:
            raise OptionError(f"max-n must be >= 1, got {self.max_n}")

    def run(self, module: ir.Operation) -> None:
        options = FusionOptions(siblings=False, horizontal_contraction=True, independent=False)
        limits = SiblingLimits(
            max_concat_n=self.max_n, constant_weights_only=self.constant_weights_only, op_level=True
        )
        fuse_siblings_in_module(module, options, limits, report=self.report)
