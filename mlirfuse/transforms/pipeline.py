"""The fusion driver shared by the three passes: plan, then execute the plan.

    plan  = make_plan(...) or plan_function_greedy(...)   (decides)
    apply_groups(func, plan)                              (group formation)
    merge_block(group body)                               (op-level merge)
    inline groups left with one kernel                    (elementwise chains)

`mode` says how far to go: "groups" stops after group formation, "fuse" also
merges inside groups, "elementwise" merges and then inlines every group.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Literal

from mlir import ir

from mlirfuse.context import group_accepts_result_types
from mlirfuse.functions import function_name, function_ops
from mlirfuse.passes.base import PassFailure
from mlirfuse.plan.heuristic import plan_function_greedy
from mlirfuse.plan.model import FunctionPlan, Plan
from mlirfuse.plan.options import FusionOptions
from mlirfuse.transforms.graph import build_graph
from mlirfuse.transforms.groups import apply_groups, as_execute_regions, inline_group
from mlirfuse.transforms.keep import (
    drop_mixed_types,
    mark_kept,
    parse_selection,
    return_values,
    select_ops,
)
from mlirfuse.transforms.merge import merge_block
from mlirfuse.transforms.shape_queries import resolve_result_dims

Mode = Literal["groups", "fuse", "elementwise"]


def fuse_module(
    module_op: ir.Operation,
    options: FusionOptions,
    *,
    mode: Mode = "fuse",
    target: str = "h200",
    search: str = "greedy",
) -> Plan:
    """Plan every function of `module_op` and execute the plan; returns the plan."""
    for func_op in function_ops(module_op):
        resolve_result_dims(func_op)  # shape-only uses must not block fusion
    plan = _make_plan(module_op, options, target, search)
    selection = parse_selection(options.keep_intermediates)
    for func_op in function_ops(module_op):
        name = function_name(func_op)
        fplan = plan.functions.get(name)
        if fplan is None:
            continue
        graph = build_graph(func_op)
        kept = select_ops(fplan, graph, selection) if selection else []
        kept = drop_mixed_types(fplan, graph, kept)
        fplan = mark_kept(fplan, kept)
        plan.functions[name] = fplan
        return_values(func_op, [r for i in kept for r in graph.ops[i].results])
        execute(func_op, fplan, graph, mode)
    return plan


def execute(func_op: ir.Operation, fplan: FunctionPlan, graph: Any, mode: Mode) -> None:
    """Rewrite `func_op` as `fplan` says (`graph` must describe it as planned)."""
    groups = apply_groups(func_op, fplan, graph)
    mixed = [_mixed_result_types(g) for g in groups]
    # A fusion.group cannot yield mixed types: until such a group is inlined
    # below, its ops live in an scf.execute_region, so the IR stays valid.
    kernels = as_execute_regions(groups, mixed)
    for kernel, is_mixed in zip(kernels, mixed, strict=True):
        if mode != "groups":
            merge_block(kernel.regions[0].blocks[0])
        if mode == "elementwise" or (mode == "fuse" and _kernels_in(kernel) <= 1):
            inline_group(kernel)
        elif is_mixed:
            _warn_mixed(kernel)
            inline_group(kernel)


def _mixed_result_types(group_op: ir.Operation) -> bool:
    """Results a fusion.group cannot yield (past 7 results they share one type)."""
    return not group_accepts_result_types([r.type for r in group_op.results])


def _warn_mixed(group_op: ir.Operation) -> None:
    types = " ".join(sorted({str(r.type) for r in group_op.results}))
    print(
        f"{group_op.location}: warning: a planned kernel yields values of several types "
        f"({types}); a fusion.group cannot, so its ops stay ungrouped (merged where possible)",
        file=sys.stderr,
    )


def _kernels_in(group_op: ir.Operation) -> int:
    body = group_op.regions[0].blocks[0]
    return sum(
        1
        for o in body.operations
        if o.operation.name.startswith("linalg.") and o.operation.name != "linalg.fill"
    )


def _make_plan(module_op: ir.Operation, options: FusionOptions, target: str, search: str) -> Plan:
    # "greedy" is the rule heuristic itself (make_plan would call it too and
    # only add costs, which rewriting does not need); the searches need the
    # cost model's planner.
    if search != "greedy":
        try:
            planner = importlib.import_module("mlirfuse.plan.planner")
        except ImportError as missing:
            raise PassFailure(f"search='{search}' needs mlirfuse.plan.planner") from missing
        made: Plan = planner.make_plan(module_op, target=target, search=search, options=options)
        return made
    plan = Plan(target=target, search="greedy")
    for func_op in function_ops(module_op):
        fplan = plan_function_greedy(build_graph(func_op), options)
        plan.functions[function_name(func_op)] = fplan
    return plan
