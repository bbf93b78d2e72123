"""The plan: which ops form which kernel, at what modelled cost, and why not.

Planners (the rule heuristic, the exact search) produce a `Plan`; the fusion
rewrites consume it and decide nothing themselves. Ops are named by the ids of
`mlirfuse.analysis` (their position in the function body), so a plan is only
valid for the IR it was made from; `FunctionPlan.fingerprint` lets a rewrite
check that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GroupCost:
    bytes_read: int
    bytes_written: int
    flops: float
    launches: int
    registers_per_thread: int
    shared_bytes: int
    cost: float  # J for this group under the target's weights
    time_us: float  # roofline estimate


@dataclass(frozen=True)
class Group:
    """The ops of one future kernel."""

    id: int
    ops: tuple[int, ...]  # op ids in program order
    pattern: str  # see PATTERNS
    root: int | None = None  # the anchor op (contraction/reduction) if any
    kept: tuple[int, ...] = ()  # ops whose results also leave the group (extra results)
    recomputed: tuple[int, ...] = ()  # ops duplicated into this group instead of kept
    cost: GroupCost | None = None


# Pattern names shared by planners, rewrites, reports and tests.
PATTERNS = (
    "single",  # one op, nothing fused
    "elementwise-chain",  # vertical: elementwise/broadcast/transposing ops -> one op
    "reduction-prologue",  # elementwise producers fused into a reduction
    "reduction-epilogue",  # reduction(s) + elementwise consumers (softmax, layernorm)
    "contraction-epilogue",  # matmul/conv root + elementwise consumers
    "sibling",  # horizontal: ops sharing an input -> one multi-result kernel
    "horizontal-contraction",  # matmuls sharing an LHS -> one contraction
    "independent",  # unrelated small kernels grouped to save launches
    "attention",  # Q·K -> softmax -> ·V as one online-softmax kernel (policy/attention.py)
)


@dataclass(frozen=True)
class Refusal:
    """A fusion the planner looked at and did not make."""

    producer: int | None  # op id (None for sibling/group refusals)
    consumer: int | None
    code: str  # a legality code (docs/legality.md) or a cost code
    message: str
    ops: tuple[int, ...] = ()  # the ops involved, for sibling/group refusals


@dataclass(frozen=True)
class PlanSummary:
    """One row of the P0..Pk report."""

    name: str  # "P0", "P1", ...
    kernels: int
    bytes: int
    flops: float
    cost: float
    relative: float  # cost / cost(P0)
    description: str = ""
    bytes_relative: float = 1.0  # bytes / bytes(P0)
    time_us: float = 0.0  # roofline estimate, summed over kernels


@dataclass
class FunctionPlan:
    func: str
    groups: list[Group]
    refusals: list[Refusal] = field(default_factory=list)
    fingerprint: str = ""  # hash of the op names in order; checked by rewrites
    solver: dict[str, Any] | None = None  # CP-SAT status, objective, bound, gap (search=exact)

    def group_of(self, op_id: int) -> Group | None:
        for group in self.groups:
            if op_id in group.ops:
                return group
        return None


@dataclass
class Plan:
    target: str
    search: str
    functions: dict[str, FunctionPlan] = field(default_factory=dict)
    summaries: list[PlanSummary] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def cost(self) -> float | None:
        """J of the plan, its groups' costs summed; None where a group is not
        priced (the greedy plan a rewrite makes, `_plan_for_rewrite`)."""
        groups = [group for plan in self.functions.values() for group in plan.groups]
        if any(group.cost is None for group in groups):
            return None
        return sum(group.cost.cost for group in groups if group.cost is not None)
