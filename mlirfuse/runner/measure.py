"""Fall back when fusion is slower: time the plan, split back slower groups.

A `Measurer` times one function of a module text (seconds, lower is better).
`split_slower` applies the plan, then, for each multi-op group (largest
first), the plan with that group split back into single ops; when the split
version is faster by more than `tolerance`, the split is kept and recorded as
a Refusal with code "measured-slower". `CpuMeasurer` uses the CPU runner
(`mlirfuse.runner`); a GPU measurer only has to implement `time_function`.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Protocol

from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.passes.fusion_driver import fuse_module
from mlirfuse.passes.inline_groups import InlineGroups
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.signature import random_inputs
from mlirfuse.vocab import codes
from mlirfuse.vocab.model import FunctionPlan, Group, Plan, Refusal
from mlirfuse.vocab.options import FusionOptions


class Measurer(Protocol):
    tolerance: float

    def time_function(self, module_text: str, func: str) -> float:
        """Seconds one call of `func` in `module_text` takes (best of a few)."""
        ...


def apply_plan_text(module_text: str, func: str, fplan: FunctionPlan) -> str:
    """`module_text` with `fplan` applied to `func` (by the fusion driver) and
    groups inlined (runnable)."""
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        module = parse_module(module_text, ctx)
        plan = Plan(target="", search="given", functions={func: fplan})
        fuse_module(module.operation, FusionOptions(), plan=plan)
        InlineGroups()(module)
        return str(module)


def split_group(fplan: FunctionPlan, group: Group, compute_ops: set[int]) -> FunctionPlan:
    """`fplan` with `group` replaced by one group per compute op."""
    groups = [g for g in fplan.groups if g.id != group.id]
    next_id = max((g.id for g in fplan.groups), default=-1) + 1
    for offset, op in enumerate(o for o in group.ops if o in compute_ops):
        groups.append(Group(id=next_id + offset, ops=(op,), pattern="single"))
    groups.sort(key=lambda g: min(g.ops))
    return replace(fplan, groups=groups, refusals=list(fplan.refusals))


def split_slower(
    measurer: Measurer, module_text: str, func: str, fplan: FunctionPlan, compute_ops: set[int]
) -> FunctionPlan:
    try:
        return _split_slower(measurer, module_text, func, fplan, compute_ops)
    except Exception as error:  # a measurement must never lose the plan
        note = Refusal(
            None, None, codes.MEASURE_FAILED, f"measuring @{func} failed, plan kept: {error}"
        )
        return replace(fplan, refusals=[*fplan.refusals, note])


def _split_slower(
    measurer: Measurer, module_text: str, func: str, fplan: FunctionPlan, compute_ops: set[int]
) -> FunctionPlan:
    best = measurer.time_function(apply_plan_text(module_text, func, fplan), func)
    candidates = sorted(
        (g for g in fplan.groups if len(set(g.ops) & compute_ops) > 1), key=lambda g: -len(g.ops)
    )
    for group in candidates:
        split = split_group(fplan, group, compute_ops)
        seconds = measurer.time_function(apply_plan_text(module_text, func, split), func)
        if seconds < best * (1.0 - measurer.tolerance):
            message = (
                f"kernel {group.id} ({group.pattern}) measured slower fused: plan {best * 1e3:.3f} ms, "
                f"split back {seconds * 1e3:.3f} ms"
            )
            split.refusals.append(
                Refusal(None, None, codes.MEASURED_SLOWER, message, ops=group.ops)
            )
            fplan, best = split, seconds
    return fplan


class CpuMeasurer:
    """Times functions with the CPU runner on fixed random inputs."""

    def __init__(
        self,
        module_text: str,
        source: str = "<input>",
        *,
        repeats: int = 5,
        seed: int = 0,
        tolerance: float = 0.05,
    ) -> None:
        self.module_text = module_text
        self.source = source
        self.repeats = repeats
        self.seed = seed
        self.tolerance = tolerance

    def time_function(self, module_text: str, func: str) -> float:
        compiled = CompiledFunction(module_text, func, source_name=self.source)
        inputs = random_inputs(compiled.signature, self.seed)
        compiled(*inputs)  # warm up
        best = float("inf")
        for _ in range(self.repeats):
            start = time.perf_counter()
            compiled(*inputs)
            best = min(best, time.perf_counter() - start)
        return best

    def check(self, module_op: Any, func: str, fplan: FunctionPlan, graph: Any) -> FunctionPlan:
        """The planner's hook: split back the groups that run slower fused."""
        compute = {i for i, info in enumerate(graph.infos) if info.is_kernel}
        return split_slower(self, self.module_text, func, fplan, compute)
