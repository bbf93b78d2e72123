"""make_plan: analyse every function, search its groupings, cost and explain them.

    plan = make_plan(module_op, target="h200", search="auto")

The plan's groups name op ids of `mlirfuse.analysis.DataflowGraph`; besides the
compute ops chosen by the search a group lists the fills that only it reads
and the reshapes between its members (what the rewrite moves into the kernel,
as the heuristic does). Every producer->consumer edge left between two kernels
gets a Refusal saying why (a legality code, a budget, a cycle, or "cost").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mlir import ir

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import check_group
from mlirfuse.analysis.legality import check_pair
from mlirfuse.analysis.lowerability import check_lowerable, registered_backends
from mlirfuse.cost.adapter import NOMINAL_EXTENT
from mlirfuse.cost.problem import MATMUL_KINDS, Problem
from mlirfuse.cost.weights import CostWeights
from mlirfuse.functions import function_name, function_ops
from mlirfuse.policy.heuristic import plan_function_greedy
from mlirfuse.policy.policy import FusionPolicy, make_problem
from mlirfuse.search import (
    DEFAULT_TIME_LIMIT,
    ComponentMemo,
    Evaluator,
    Partition,
    find_partition,
    merged_further,
    no_worse_than,
    revalidate,
)
from mlirfuse.search.cycles import break_cycles
from mlirfuse.search.describe import describe_groups, pad_refusals, refusals_between
from mlirfuse.search.steps import merge_steps
from mlirfuse.targets import Target, get_target
from mlirfuse.vocab import codes
from mlirfuse.vocab.model import FunctionPlan, Plan, PlanSummary, Refusal
from mlirfuse.vocab.options import FusionOptions

MAX_STEP_ROWS = 10  # intermediate plans shown between P0 and the best
MAX_STEP_NODES = 400  # beyond this, no intermediate plans and no heuristic reference row
MAX_RESEARCH_NODES = 64  # up to this, a refused kernel re-searches the whole function


def make_plan(
    module_op: ir.Operation | ir.Module,
    *,
    target: str | Target = "h200",
    search: str = "auto",
    options: FusionOptions | None = None,
    weights: CostWeights | None = None,
    measure: Any = None,  # None | a Measurer with .check(...) (mlirfuse.runner.measure)
    policy: FusionPolicy | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,  # seconds per component for the CP-SAT solver
    memo: ComponentMemo | None = None,  # solved components shared with other plans
) -> Plan:
    """Plan every function of `module_op` (never modified)."""
    options = options or FusionOptions()
    gpu = get_target(target)
    weights = weights or CostWeights.for_target(gpu)
    op = module_op.operation if isinstance(module_op, ir.Module) else module_op
    plan = Plan(target=gpu.name, search=search)
    road: list[list[tuple[str, Evaluator, Partition]]] = []
    reference: list[tuple[str, Evaluator, Partition]] = []
    complete = True  # every function has the heuristic's plan (small enough)
    for func in function_ops(op):
        name = function_name(func)
        graph = DataflowGraph.build(func)
        function_plan, evaluator, partitions, heuristic = plan_function(
            graph, name, gpu, weights, search, options, policy, time_limit, memo
        )
        complete = complete and heuristic is not None
        if heuristic is not None:
            reference.append(("greedy", evaluator, heuristic))
        if measure is not None:
            function_plan = measure.check(op, name, function_plan, graph)
        plan.functions[name] = function_plan
        plan.extra.setdefault("graphs", {})[name] = graph_view(evaluator, function_plan)
        road.append([(label, evaluator, part) for label, part in partitions])
    plan.summaries = summarise(road)
    has_reference = complete and bool(reference)
    plan.extra["reference"] = [reference_row(reference, plan.summaries[0])] if has_reference else []
    plan.extra["weights"] = {
        "bytes": weights.bytes,
        "launch": weights.launch,
        "flops": weights.flops,
    }
    plan.extra["target"] = gpu.to_dict()
    return plan


def plan_function(
    graph: Any,
    name: str,
    target: Target,
    weights: CostWeights,
    search: str,
    options: FusionOptions,
    policy: FusionPolicy | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    memo: ComponentMemo | None = None,
) -> tuple[FunctionPlan, Evaluator, list[tuple[str, Partition]], Partition | None]:
    """The plan of one function, the partitions of its P0..Pk road, and the
    rule heuristic's partition (the report's reference row)."""
    problem = make_problem(graph, options, policy=policy, legality=_analysis_legality(), func=name)
    evaluator = Evaluator(problem, target, weights, options)
    # The analysis' whole-group check (the back end's lowerability included)
    # is legality: the chosen groups are re-checked at every function size,
    # and refused ones re-searched with it. It costs the group's size, not
    # the function's (`_kernel_ops`), so this stays linear in the groups.
    heuristic: Partition | None = None
    heuristic_refusals = None
    if search == "greedy" or len(problem.nodes) <= MAX_STEP_NODES:
        heuristic, heuristic_refusals = greedy_partition(graph, problem, options, policy)
    check = _analysis_group_check(
        graph, options, _concatenated(problem, heuristic), _parted(problem)
    )
    checked = Evaluator(problem, target, weights, options, group_check=check)
    # As the search's incumbent and bound, the heuristic's plan after the same
    # check as the search's groups (a refused kernel is re-searched on its own
    # ops): a group the analysis or the back end refuses must not come back
    # through the bound, and `exact` is then never above the checked heuristic.
    incumbent = heuristic
    if heuristic is not None and search != "greedy":
        incumbent = revalidate(checked, heuristic)[0]
    elif heuristic is not None and registered_backends():
        # greedy: the rules' own plan, but no group a back end cannot build
        # (horizontal contractions of different N: one kernel each).
        buildable = Evaluator(problem, target, weights, options, group_check=_backend_check(graph))
        incumbent = revalidate(buildable, heuristic)[0]
    split_notes: list[str] = []
    if incumbent is not None:
        incumbent, split_notes = break_cycles(problem, incumbent)
    # The solver's candidates pass the analysis' check: its bound holds for the plan.
    result = find_partition(
        evaluator, search, greedy=incumbent, time_limit=time_limit, checked=checked, memo=memo
    )
    if search != "greedy" and not result.kept_greedy:
        result.partition, notes = revalidate(checked, result.partition)
        if notes and len(problem.nodes) <= MAX_RESEARCH_NODES:
            # The refused kernel's ops may pair with ops outside it (a sibling,
            # a neighbour): re-searched only among themselves they leave a plan
            # that the same search improves on when run on its own output.
            again = find_partition(checked, search, time_limit=time_limit, checked=checked)
            result.partition, result.exact = again.partition, result.exact and again.exact
        else:
            result.exact = result.exact and not notes
        result.notes += notes
        result = no_worse_than(evaluator, result, incumbent)
    if result.kept_greedy or search == "greedy":
        result.notes += split_notes  # the plan is the split heuristic's
    if search in ("dp", "auto"):
        # `exact`'s plan is the optimum over every candidate, with its certificate.
        result = merged_further(checked, result)
    known = heuristic_refusals if search == "greedy" or result.kept_greedy else None
    groups = describe_groups(graph, checked, result.partition)
    refusals = refusals_between(checked, result.partition, known) + pad_refusals(graph, groups)
    function_plan = FunctionPlan(name, groups, refusals, problem.fingerprint)
    function_plan.solver = result.solver.to_dict() if result.solver else None
    singles = [frozenset([n.id]) for n in problem.nodes]
    road: list[tuple[str, Partition]] = [("unfused", singles)]
    if len(problem.nodes) <= MAX_STEP_NODES:
        steps = merge_steps(evaluator, result.partition)
        road.extend(("merge", s) for s in steps[:-1])
    road.append(("best" if result.exact else search, result.partition))
    for note in result.notes:
        function_plan.refusals.append(Refusal(None, None, _note_code(note), note))
    if problem.unknown_sizes:
        function_plan.refusals.append(
            Refusal(
                None,
                None,
                codes.DYNAMIC_SHAPE,
                f"{problem.unknown_sizes} tensors have dynamic shapes: priced with every "
                f"dynamic extent at {NOMINAL_EXTENT}, their bytes are not what a run moves",
            )
        )
    return function_plan, evaluator, road, heuristic


def _note_code(note: str) -> str:
    if "refused by the analysis" in note:
        return codes.ANALYSIS_RECHECK
    if "kept the rule heuristic's plan" in note or "feed each other" in note:
        return codes.GREEDY_KEPT
    return codes.SEARCH_BOUND


def graph_view(evaluator: Evaluator, function_plan: FunctionPlan) -> dict[str, Any]:
    """Nodes (kind, group) and edges (legality) of a function, for reports."""
    problem = evaluator.problem
    group_of = {n: g.id for g in function_plan.groups for n in g.ops}
    nodes = [
        {"id": n.id, "op": n.name, "kind": n.kind.value, "loc": n.loc, "group": group_of.get(n.id)}
        for n in problem.nodes
    ]
    edges = []
    for (producer, consumer), decision in sorted(problem.edge_decisions.items()):
        edges.append(
            {
                "producer": producer,
                "consumer": consumer,
                "ok": decision.ok,
                "code": decision.code,
                "message": decision.message,
                "fused": group_of.get(producer) == group_of.get(consumer),
            }
        )
    return {"nodes": nodes, "edges": edges}


def _analysis_group_check(
    graph: Any,
    options: FusionOptions,
    concatenated: frozenset[frozenset[int]] = frozenset(),
    parted: Callable[[frozenset[int]], bool] = lambda members: False,
) -> Any:
    """The analysis' check_group on a candidate's compute ops plus the views
    and generators between them (a reshape between two members is moved into
    the kernel by the rewrite, so the check must see it inside).
    `concatenated` (the heuristic's horizontal-contraction groups: the
    sibling rules concatenate their matmuls) and `parted` groups (the
    searches' contractions alone, of different N) need only the
    back end's predicate: the check, seeing the contractions apart, finds no
    common grid when their N differ."""

    backend = _backend_check(graph)

    def check(members: frozenset[int]) -> Any:
        if members in concatenated or parted(members):
            return backend(members)
        return check_group(graph, _kernel_ops(graph, members), max_operands=options.max_operands)

    return check


def _backend_check(graph: Any) -> Any:
    """The registered back ends' predicate alone, on a group's kernel ops."""

    def check(members: frozenset[int]) -> Any:
        return check_lowerable([graph.ops[n] for n in _kernel_ops(graph, members)])

    return check


def _concatenated(problem: Problem, heuristic: Partition | None) -> frozenset[frozenset[int]]:
    """The heuristic's groups of several contractions (horizontal fusion)."""
    return frozenset(
        g for g in heuristic or [] if sum(problem.by_id[n].kind in MATMUL_KINDS for n in g) > 1
    )


def _parted(problem: Problem) -> Callable[[frozenset[int]], bool]:
    """Whether a group is contractions alone of different parallel extents."""

    def parted(members: frozenset[int]) -> bool:
        nodes = [problem.by_id[n] for n in members]
        return (
            len(nodes) > 1
            and all(n.kind in MATMUL_KINDS for n in nodes)
            and len({n.parallel_extent for n in nodes}) > 1
        )

    return parted


def _kernel_ops(graph: Any, members: frozenset[int]) -> list[int]:
    """`members` plus the views and generators on a path from one member to
    another (what the rewrite moves into the kernel), in program order. A
    chain of views after the kernel's last member stays outside: counted in,
    its slices were judged as members and refused groups the same search
    accepts once a first run has formed the kernel's neighbours."""
    between = _view_closure(graph, members, graph.succs) & _view_closure(
        graph, members, graph.preds
    )
    return sorted(members | between)


def _view_closure(graph: Any, members: frozenset[int], step: Any) -> set[int]:
    """Non-kernel ops reached from `members` by `step` through non-kernel ops."""
    seen: set[int] = set()
    todo = [n for m in members for n in step(m)]
    while todo:
        n = todo.pop()
        if n in members or n in seen or graph.infos[n].is_kernel:
            continue
        seen.add(n)
        todo.extend(step(n))
    return seen


def _analysis_legality() -> Any:
    def decide(graph: Any, producer: int, consumer: int) -> Any:
        if consumer not in graph.succs(producer):
            return None  # linked through reshapes: the kind table decides
        return check_pair(graph, producer, consumer)

    return decide


def greedy_partition(
    graph: Any, problem: Problem, options: FusionOptions, policy: FusionPolicy | None = None
) -> tuple[Partition, list[Refusal]]:
    """The rule heuristic's grouping as compute-node sets, with its own refusals."""
    function_plan = plan_function_greedy(graph, options, policy)
    placed: set[int] = set()
    partition: Partition = []
    for group in function_plan.groups:
        members = frozenset(n for n in group.ops if n in problem.by_id and n not in placed)
        if members:
            partition.append(members)
            placed |= members
    partition.extend(frozenset([n.id]) for n in problem.nodes if n.id not in placed)
    ordered = sorted(partition, key=lambda g: min(problem.index[n] for n in g))
    return ordered, list(function_plan.refusals)


def summarise(road: list[list[tuple[str, Evaluator, Partition]]]) -> list[PlanSummary]:
    """Rows P0..Pk: functions advance one after the other along their roads."""
    current = [steps[0] for steps in road]
    rows = [_row(current)]
    for index, steps in enumerate(road):
        for step in steps[1:]:
            current[index] = step
            rows.append(_row(current))
    rows = _thin(rows)
    base_cost = rows[0][1] or 1.0
    base_bytes = rows[0][2]
    out = []
    for i, (kernels, cost, moved, flops, label, time_us) in enumerate(rows):
        out.append(
            PlanSummary(
                name=f"P{i}",
                kernels=kernels,
                bytes=moved,
                flops=flops,
                cost=cost,
                relative=cost / base_cost,
                description=label,
                bytes_relative=moved / base_bytes if base_bytes else 1.0,
                time_us=time_us,
            )
        )
    return out


def reference_row(
    parts: list[tuple[str, Evaluator, Partition]], base: PlanSummary
) -> dict[str, Any]:
    """The rule heuristic's plan priced by the same model, relative to P0."""
    kernels, cost, moved, flops, _, time_us = _row(parts)
    return {
        "name": "greedy",
        "kernels": kernels,
        "bytes": moved,
        "flops": flops,
        "cost": cost,
        "relative": cost / base.cost if base.cost else 1.0,
        "bytes_relative": moved / base.bytes if base.bytes else 1.0,
        "time_us": time_us,
        "description": "rule heuristic (mlirfuse/policy/heuristic.py), priced by the cost model",
    }


def _row(
    current: list[tuple[str, Evaluator, Partition]],
) -> tuple[int, float, int, float, str, float]:
    kernels, cost, moved, flops, time_us = 0, 0.0, 0, 0.0, 0.0
    for _, evaluator, partition in current:
        for group in partition:
            estimate = evaluator.estimate_of(group)
            kernels += 1
            cost += estimate.cost
            moved += estimate.bytes
            flops += estimate.flops
            time_us += estimate.time_us
    labels = [label for label, _, _ in current]
    if len(set(labels)) == 1:
        label = labels[0]
    else:  # several functions at different points of their roads
        label = ", ".join(f"@{ev.problem.func} {step}" for step, ev, _ in current)
    return kernels, cost, moved, flops, label, time_us


def _thin(
    rows: list[tuple[int, float, int, float, str, float]],
) -> list[tuple[int, float, int, float, str, float]]:
    deduped = [r for i, r in enumerate(rows) if i == 0 or r[:4] != rows[i - 1][:4]]
    if len(deduped) <= MAX_STEP_ROWS + 2:
        return deduped
    middle = deduped[1:-1]
    stride = len(middle) / MAX_STEP_ROWS
    picked = [middle[int(i * stride)] for i in range(MAX_STEP_ROWS)]
    return [deduped[0], *picked, deduped[-1]]


__all__ = ["make_plan", "plan_function", "summarise"]
