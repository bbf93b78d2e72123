"""The embedding API: plan and fuse modules that live in the caller's context.

    import mlirfuse
    plan = mlirfuse.plan(module, target="h200", search="auto")
    mlirfuse.fuse(module, plan)          # or mlirfuse.fuse(module) to plan and fuse

`module` is an `mlir.ir.Module` (or its operation) in any `mlir.ir.Context`:
the fusion dialect is loaded into that context first. Both go through the
fusion driver (`mlirfuse.passes.fusion_driver`), as the `mlirfuse-fuse` pass
does, with its defaults: `mlirfuse.fuse(m, **switches)` prints what
`mlirfuse-fuse{switches}` prints. To put mlirfuse passes in your own
PassManager: `get_pass_class("mlirfuse-fuse")(target="h200").add_to(pm)`
(docs/api.md).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from mlir import ir

from mlirfuse.context import load_fusion_dialect
from mlirfuse.cost.weights import CostWeights
from mlirfuse.passes.fusion_driver import DEFAULT_SEARCH, DEFAULT_TARGET, fuse_module, plan_module
from mlirfuse.policy.policy import FusionPolicy
from mlirfuse.runner.measure import CpuMeasurer
from mlirfuse.targets import Target
from mlirfuse.vocab.model import Plan
from mlirfuse.vocab.options import FusionOptions

_OPTION_NAMES = {f.name for f in fields(FusionOptions)}


def fusion_options(options: FusionOptions | None = None, **switches: Any) -> FusionOptions:
    """FusionOptions from keyword switches (`siblings=False`, `max_operands=16`, ...)."""
    unknown = sorted(set(switches) - _OPTION_NAMES)
    if unknown:
        raise TypeError(f"unknown fusion option(s) {unknown} (known: {sorted(_OPTION_NAMES)})")
    base = options or FusionOptions()
    values = {f.name: getattr(base, f.name) for f in fields(FusionOptions)}
    values.update(switches)
    return FusionOptions(**values)


def _operation(module: ir.Module | ir.Operation | ir.OpView) -> ir.Operation:
    op = module.operation
    load_fusion_dialect(op.context)
    return op


def plan(
    module: ir.Module | ir.Operation,
    *,
    target: str | Target = DEFAULT_TARGET,
    search: str = DEFAULT_SEARCH,
    options: FusionOptions | None = None,
    weights: CostWeights | None = None,
    measure: Any = None,
    policy: FusionPolicy | None = None,
    **switches: Any,
) -> Plan:
    """Plan every function of `module`: groups, costs, refusals, P0..Pk.

    The ops are unchanged; shape-only queries (`tensor.dim` of a kernel
    result) are re-pointed at the kernel's init first, as the passes do.
    `measure="cpu"` times the plan on the CPU and splits back slower groups;
    `policy` (a `FusionPolicy`) replaces the default "should fuse" rules.
    """
    op = _operation(module)
    if measure == "cpu":
        measure = CpuMeasurer(op.get_asm(enable_debug_info=True))
    with op.context, ir.Location.unknown(op.context):
        return plan_module(
            op,
            fusion_options(options, **switches),
            target=target,
            search=search,
            weights=weights,
            measure=measure,
            policy=policy,
        )


def fuse(
    module: ir.Module | ir.Operation,
    plan: Plan | None = None,
    *,
    target: str | Target = DEFAULT_TARGET,
    search: str = DEFAULT_SEARCH,
    options: FusionOptions | None = None,
    policy: FusionPolicy | None = None,
    **switches: Any,
) -> Plan:
    """Rewrite `module` in place as `plan` says (planned here when None); returns the plan.

    The plan must have been made from this very IR: each function's fingerprint
    is checked before rewriting it.
    """
    op = _operation(module)
    chosen = fusion_options(options, **switches)
    with op.context, ir.Location.unknown(op.context):
        return fuse_module(op, chosen, target=target, search=search, plan=plan, policy=policy)


__all__ = ["fuse", "fusion_options", "plan"]
