"""`mlirfuse-fuse-siblings`: ops sharing an input become one kernel.

Same-space `linalg.generic` siblings become one multi-result generic;
co-iterable siblings (a row reduction and elementwise ops on the same rows)
become one multi-result `fusion.group`. With `independent=true`, small kernels
with no path between them are grouped too. Legality and the rule live in
`mlirfuse.policy.sibling_rules`; see docs/sibling-fusion.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, OptionError, option
from mlirfuse.policy.sibling_rules import SiblingLimits
from mlirfuse.transforms.sibling_apply import fuse_siblings_in_module
from mlirfuse.vocab.options import FusionOptions


@dataclass(frozen=True)
class FuseSiblings(ModulePass):
    NAME = "mlirfuse-fuse-siblings"
    SUMMARY = "Merge ops sharing an input into one multi-result linalg.generic or fusion.group"

    generics: bool = option(
        True, "same-space siblings become one linalg.generic (false: a fusion.group)"
    )
    through_elementwise: bool = option(
        True,
        "recompute a cheap elementwise prologue (a cast) so reductions over the same rows share an input",
    )
    independent: bool = option(False, "also group small independent kernels to save launches")
    max_operands: int = option(32, "external tensors one merged kernel may read")
    report: bool = option(False, "print each refused merge with its code to stderr")

    def validate(self) -> None:
        if self.max_operands < 1:
            raise OptionError(f"max-operands must be >= 1, got {self.max_operands}")

    def run(self, module: ir.Operation) -> None:
        options = FusionOptions(
            siblings=True,
            horizontal_contraction=False,
            independent=self.independent,
            max_operands=self.max_operands,
        )
        limits = SiblingLimits(op_level=self.generics)
        fuse_siblings_in_module(
            module,
            options,
            limits,
            generics=self.generics,
            report=self.report,
            through_elementwise=self.through_elementwise,
        )
