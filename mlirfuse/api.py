"""The embedding API: plan and fuse modules that live in the caller's context.

    import mlirfuse
    plan = mlirfuse.plan(module, target="h200", search="auto")
    mlirfuse.fuse(module, plan)          # or mlirfuse.fuse(module) to plan and fuse

`module` is an `mlir.ir.Module` (or its operation) in any `mlir.ir.Context`:
the fusion dialect is loaded into that context first. To put mlirfuse passes
in your own PassManager: `get_pass_class("mlirfuse-fuse")(target="h200").add_to(pm)`
(docs/api.md).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from mlir import ir

from mlirfuse.context import load_fusion_dialect
from mlirfuse.cost.weights import CostWeights
from mlirfuse.plan.model import Plan
from mlirfuse.plan.options import FusionOptions
from mlirfuse.targets import Target

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
    target: str | Target = "h200",
    search: str = "auto",
    options: FusionOptions | None = None,
    weights: CostWeights | None = None,
    measure: Any = None,
    **switches: Any,
) -> Plan:
    """Plan every function of `module` (unchanged): groups, costs, refusals, P0..Pk."""
    from mlirfuse.plan.planner import make_plan

    op = _operation(module)
    with op.context, ir.Location.unknown(op.context):
        return make_plan(
            op,
            target=target,
            search=search,
            options=fusion_options(options, **switches),
            weights=weights,
            measure=measure,
        )


def fuse(
    module: ir.Module | ir.Operation,
    plan: Plan | None = None,
    *,
    target: str | Target = "h200",
    search: str = "auto",
    options: FusionOptions | None = None,
    **switches: Any,
) -> Plan:
    """Rewrite `module` in place as `plan` says (planned here when None); returns the plan.

    The plan must have been made from this very IR: each function's fingerprint
    is checked before rewriting it.
    """
    from mlirfuse.analysis import DataflowGraph
    from mlirfuse.functions import function_name, function_ops
    from mlirfuse.transforms.pipeline import execute

    op = _operation(module)
    chosen = fusion_options(options, **switches)
    with op.context, ir.Location.unknown(op.context):
        if plan is None:
            plan = globals()["plan"](op, target=target, search=search, options=chosen)
        for func_op in function_ops(op):
            function_plan = plan.functions.get(function_name(func_op))
            if function_plan is not None and chosen.enabled:
                execute(func_op, function_plan, DataflowGraph.build(func_op), "fuse")
        op.verify()
    return plan


__all__ = ["fuse", "fusion_options", "plan"]
