"""`mlirfuse-fuse`: the umbrella fusion pass (vertical and sibling fusion).

Plans each function (the cost model's `make_plan` when present, else the rule
heuristic), then executes the plan: `fusion.group` per multi-op kernel, op-level
merge inside each group, groups left with one linalg op inlined. Every pattern
has a switch; `enabled=false` leaves the IR unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes.base import ModulePass
from mlirfuse.passes.fuse_options import fusion_options, switch, validate_common
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH, DEFAULT_TARGET, fuse_module, plan_module
from mlirfuse.vocab.model import Plan


@dataclass(frozen=True)
class FusePass(ModulePass):
    NAME = "mlirfuse-fuse"
    SUMMARY = "Plan and apply every enabled fusion (vertical, sibling) under the current policy"

    enabled: bool = switch("enabled", True)
    elementwise: bool = switch("elementwise", True)
    reduction_prologue: bool = switch("reduction_prologue", True)
    reduction_epilogue: bool = switch("reduction_epilogue", True)
    contraction_epilogue: bool = switch("contraction_epilogue", True)
    siblings: bool = switch("siblings", True)
    horizontal_contraction: bool = switch("horizontal_contraction", True)
    independent: bool = switch("independent", False)
    recompute: str = switch("recompute", "auto")
    keep_intermediates: str = switch("keep_intermediates", "")
    max_operands: int = switch("max_operands", 32)
    attention: str = switch("attention", "auto")
    target: str = switch("target", DEFAULT_TARGET)
    search: str = switch("search", DEFAULT_SEARCH)

    def validate(self) -> None:
        validate_common(self)

    def run(self, module: ir.Operation) -> None:
        self.fuse(module)

    def fuse(self, module: ir.Operation) -> Plan | None:
        """What `run` does, returning the plan it executed (None when disabled):
        for a caller that prices what the pass fused (`zoo.stages`)."""
        if not self.enabled:
            return None
        with module.context:  # as the pass manager runs it (`ModulePass.as_callable`)
            return fuse_module(module, fusion_options(self), target=self.target, search=self.search)

    def plan(self, module: ir.Operation) -> Plan:
        """The costed plan this pass would execute (`plan_module`); the module is
        left prepared as planning needs it (`fusion_driver.prepare`)."""
        with module.context:
            return plan_module(module, fusion_options(self), target=self.target, search=self.search)
