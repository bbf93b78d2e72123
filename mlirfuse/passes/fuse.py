"""`mlirfuse-fuse`: the umbrella fusion pass (vertical and sibling fusion).

Plans each function (the cost model's `make_plan` when present, else the rule
heuristic), then executes the plan: `fusion.group` per multi-op kernel, op-level
merge inside each group, groups left with one linalg op inlined. Every pattern
has a switch; `enabled=false` leaves the IR unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass, option
from mlirfuse.passes.fuse_options import fusion_options, validate_common
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH, DEFAULT_TARGET, fuse_module


@dataclass(frozen=True)
class FusePass(ModulePass):
    NAME = "mlirfuse-fuse"
    SUMMARY = "Plan and apply every enabled fusion (vertical, sibling) under the current policy"

    enabled: bool = option(True, "global switch: false leaves the IR unchanged")
    elementwise: bool = option(True, "fuse elementwise/broadcast/transpose chains")
    reduction_prologue: bool = option(True, "fuse elementwise producers into reductions")
    reduction_epilogue: bool = option(True, "reduction + elementwise consumers in one kernel")
    contraction_epilogue: bool = option(True, "matmul/conv + elementwise epilogue in one kernel")
    siblings: bool = option(True, "merge ops sharing an input (horizontal fusion)")
    horizontal_contraction: bool = option(True, "merge matmuls sharing an LHS")
    independent: bool = option(False, "group unrelated small kernels to save launches")
    recompute: str = option("auto", "multi-consumer producers: never | auto | always")
    keep_intermediates: str = option("", "'all' or comma list of %names / FILE:LINE to keep")
    max_operands: int = option(32, "operands (external tensors) per kernel")
    target: str = option(DEFAULT_TARGET, "GPU target of the cost model")
    search: str = option(DEFAULT_SEARCH, "planner: greedy (rule heuristic) | dp | auto")

    def validate(self) -> None:
        validate_common(self)

    def run(self, module: ir.Operation) -> None:
        if not self.enabled:
            return
        fuse_module(module, fusion_options(self), target=self.target, search=self.search)
