"""`search=exact`: fusion grouping as an integer program, solved by CP-SAT.

Over the candidate groups of a component (search/candidates.py: every legal,
convex group; budgets and the Evaluator's refusals are in by construction):

- a boolean x_c per candidate c (every single op is one);
- set partition: each op lies in exactly one chosen candidate;
- acyclic kernel graph: an integer position p_n per op, equal inside a chosen
  group, and p_u < p_v on every edge u -> v whose ends are not in one chosen
  group (p_u <= p_v on every edge anyway). Positions exist exactly when the
  kernels can be ordered, i.e. when the kernel graph has no cycle;
- objective: sum of J(c) x_c, J scaled to integers (SCALE units per J).

Candidates are listed without the analysis' whole-group check (milliseconds
a group: too slow for every set examined) and checked once listed.

The incumbent (the best plan the caller has: greedy, auto) is the solver's
hint, and the result is never worse than it. The answer carries the solver's status, objective, lower bound and
gap: status OPTIMAL (gap 0) is a certificate that no plan over these
candidates is cheaper.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from mlirfuse.cost.problem import Problem
from mlirfuse.search.candidates import (
    WORK_PER_SECOND,
    Candidate,
    ListingLedger,
    enumerate_candidates,
)
from mlirfuse.search.exact import Partition, SearchTooLarge
from mlirfuse.search.groups import Evaluator, GroupCheck
from mlirfuse.search.split import split_component

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


def _cp_model() -> ModuleType:
    """OR-Tools' CP-SAT, imported on the first solve: it imports pandas
    (about 1 s), which every mlirfuse process would pay for, while most plans
    never reach the solver (the exact DP settles components it can hold)."""
    from ortools.sat.python import cp_model as loaded

    return loaded


SCALE = 1e9  # integer objective units per unit of J (J is in microseconds)
DEFAULT_TIME_LIMIT = 10.0
MAX_EXAMINED = 2_000_000  # candidate sets examined per component
WALL_SAFETY = 10  # the safety-net limits are this many time limits


@dataclass
class SolverStats:
    """What the solver proved, summed over the components it solved."""

    status: str  # OPTIMAL, FEASIBLE (a gap remains), or why it could not run
    objective: float  # J of the returned plan
    bound: float  # proven lower bound on J
    candidates: int
    seconds: float  # listing + solving; not in reports (they must be reproducible)
    components: int = 1

    @property
    def gap(self) -> float:
        return (self.objective - self.bound) / self.objective if self.objective > 0 else 0.0

    def add(self, other: SolverStats) -> SolverStats:
        order = ("OPTIMAL", "FEASIBLE")
        worst = max(
            self.status, other.status, key=lambda s: order.index(s) if s in order else len(order)
        )
        return SolverStats(
            worst,
            self.objective + other.objective,
            self.bound + other.bound,
            self.candidates + other.candidates,
            self.seconds + other.seconds,
            self.components + other.components,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "status": self.status,
            "objective": self.objective,
            "bound": self.bound,
            "gap": self.gap,
            "candidates": self.candidates,
            "components": self.components,
        }

    def describe(self) -> str:
        return (
            f"CP-SAT {self.status}: J {self.objective:.4f}, bound {self.bound:.4f}, "
            f"gap {100 * self.gap:.2f}%, {self.candidates} candidates"
        )


def solve_component(
    evaluator: Evaluator,
    members: Sequence[int],
    incumbent: Partition,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    workers: int = 2,
    seeds: Sequence[frozenset[int]] = (),
    listing_safety: float = WALL_SAFETY,
    ledger: ListingLedger | None = None,
    thrifty: bool = False,
) -> tuple[Partition, SolverStats]:
    """The cheapest acyclic partition of `members` into candidate groups, or
    the best found in the time (never worse than `incumbent`, a partition of
    `members`). The candidates are the listed ones plus `seeds` and the
    incumbent's groups that `evaluator.admits` (the rule heuristic's groups,
    which its listing may not reach). `members` is solved as its independent
    subproblems (search/split.py), each listed and solved within
    `time_limit` seconds (deterministic solver time). Each subproblem's
    listing stops after `listing_safety` time limits of work
    (WORK_PER_SECOND units a second; its own allowance, so that whether it
    lists depends on its structure alone, which `ledger` remembers; cut after
    repeated failures where `thrifty`); checking the candidates of all, after as many of CPU time (a
    safety net: the check is the back end's, thousands of them on LayoutLM's
    seven embedding gathers)."""
    began = time.perf_counter()
    ledger = ledger if ledger is not None else ListingLedger()
    work = listing_safety * time_limit * WORK_PER_SECOND
    # CPU seconds, not wall time: under load a wall-clock deadline cut the
    # checks short and the plan depended on the machine's load (poolformer).
    deadline = time.process_time() + listing_safety * time_limit
    extra = [g for g in dict.fromkeys([*seeds, *incumbent]) if len(g) > 1]
    extra = [g for g in extra if set(g) <= set(members) and evaluator.admits(g)]
    plan: Partition = []
    total: SolverStats | None = None
    for part in split_component(evaluator, members, [*extra, *incumbent]):
        inside = set(part)
        mine = [g for g in incumbent if g & inside]
        chosen, stats = _solve_part(
            evaluator,
            part,
            mine,
            [g for g in extra if g <= inside],
            time_limit,
            workers,
            _Allowance(ledger, work, deadline, thrifty),
        )
        plan.extend(chosen)
        total = stats if total is None else total.add(stats)
    assert total is not None
    total.seconds = _since(began)
    return plan, total


def _solve_part(
    evaluator: Evaluator,
    members: Sequence[int],
    incumbent: Partition,
    seeds: list[frozenset[int]],
    time_limit: float,
    workers: int,
    allowance: _Allowance,
) -> tuple[Partition, SolverStats]:
    began = time.perf_counter()
    known = sum(evaluator.cost(g) for g in incumbent)
    try:
        candidates = allowance.listed(evaluator, members)
    except SearchTooLarge as why:
        return incumbent, SolverStats(f"NOT-RUN ({why})", known, 0.0, 0, _since(began))
    check = evaluator.group_check
    if check is not None:  # listed ones pass the Evaluator's own rules: only the check is left
        try:
            candidates = _checked(candidates, check, allowance.deadline)
        except SearchTooLarge as why:
            return incumbent, SolverStats(f"NOT-RUN ({why})", known, 0.0, 0, _since(began))
    listed = {c.members for c in candidates}
    candidates += [Candidate(g, evaluator.cost(g)) for g in seeds if g not in listed]
    model = _Model(evaluator, members, candidates)
    model.hint(evaluator.problem, incumbent)
    cp = _cp_model()
    solver = cp.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.interleave_search = True  # the same plan on every run (ties)
    # Probing dominates presolve here (18 s on gpt2_stack12) and the models
    # solve about twice as fast without it.
    solver.parameters.cp_model_probing_level = 0
    # Deterministic work units, not wall time: the same plan on a loaded
    # machine as on an idle one (a wall-clock limit made `auto` plans, and so
    # fusion's idempotence, depend on the load). Wall time is only a safety net.
    solver.parameters.max_deterministic_time = time_limit
    solver.parameters.max_time_in_seconds = WALL_SAFETY * time_limit
    status = solver.solve(model.model)
    name = solver.status_name(status)
    if status not in (cp.OPTIMAL, cp.FEASIBLE):
        return incumbent, SolverStats(name, known, 0.0, len(candidates), _since(began))
    chosen = [c for c, x in zip(candidates, model.chosen, strict=True) if solver.value(x)]
    plan = [c.members for c in chosen]
    cost = sum(evaluator.cost(g) for g in plan)
    proven = cost if status == cp.OPTIMAL else solver.best_objective_bound / SCALE
    bound = max(0.0, min(proven, cost))
    if cost > known + 1e-9:  # (1e-9: rounding of J; a tie keeps the solver's plan)
        plan, cost, bound = incumbent, known, min(bound, known)
    return plan, SolverStats(name, cost, bound, len(candidates), _since(began))


@dataclass
class _Allowance:
    """What one `solve_component` call may spend listing and checking."""

    ledger: ListingLedger
    work: float  # listing work units per subproblem (before the ledger's share)
    deadline: float  # process time past which checking gives up
    thrifty: bool  # the ledger may cut `work` after repeated failures

    def listed(self, evaluator: Evaluator, members: Sequence[int]) -> list[Candidate]:
        """The candidates of `members`, unless its structure ran out of work
        before in this session or does now (SearchTooLarge, recorded)."""
        unchecked = _unchecked(evaluator)
        key = self.ledger.key(unchecked, members)
        work = self.ledger.allowance(self.work, self.thrifty)
        before = self.ledger.gave_up(key, work)
        if before is not None:
            raise SearchTooLarge(f"{before}; not listed again")
        try:
            return enumerate_candidates(unchecked, members, limit=MAX_EXAMINED, work=work)
        except SearchTooLarge as why:
            self.ledger.record(key, work, str(why))
            raise


def _checked(candidates: list[Candidate], check: GroupCheck, deadline: float) -> list[Candidate]:
    """The candidates `check` accepts (single ops need no check). Each check
    asks the back end about a whole group: with many independent roots
    (LayoutLM's seven embedding gathers) thousands of them outlast any time
    limit, so past `deadline` (process time) the listing gives up."""
    kept: list[Candidate] = []
    for position, candidate in enumerate(candidates):
        if position % 64 == 63 and time.process_time() > deadline:
            raise SearchTooLarge(f"checking {len(candidates)} candidates ran past the time limit")
        if len(candidate.members) < 2 or _accepts(check(candidate.members)):
            kept.append(candidate)
    return kept


def _accepts(decision: object) -> bool:
    return decision is None or bool(getattr(decision, "ok", False))


def _unchecked(evaluator: Evaluator) -> Evaluator:
    """The evaluator without the analysis' whole-group check."""
    if evaluator.group_check is None:
        return evaluator
    return Evaluator(evaluator.problem, evaluator.target, evaluator.weights, evaluator.options)


class _Model:
    def __init__(
        self, evaluator: Evaluator, members: Sequence[int], candidates: list[Candidate]
    ) -> None:
        self.model: cp_model.CpModel = _cp_model().CpModel()
        self.candidates = candidates
        problem = evaluator.problem
        ids = sorted(members, key=problem.index.__getitem__)
        self.position = {n: self.model.new_int_var(0, len(ids) - 1, f"p{n}") for n in ids}
        self.chosen = [self.model.new_bool_var(f"x{i}") for i in range(len(candidates))]
        self.same: dict[tuple[int, int], cp_model.IntVar] = {}  # u, v in one chosen group
        covering: dict[int, list[cp_model.IntVar]] = {n: [] for n in ids}
        for candidate, x in zip(candidates, self.chosen, strict=True):
            for node in candidate.members:
                covering[node].append(x)
        for node in ids:
            self.model.add_exactly_one(covering[node])
        self._order(evaluator, ids)
        self.objective = sum(
            round(c.cost * SCALE) * x for c, x in zip(candidates, self.chosen, strict=True)
        )
        self.model.minimize(self.objective)

    def _order(self, evaluator: Evaluator, ids: list[int]) -> None:
        """Positions: equal across every link inside a chosen group (its
        members are connected by links, so the whole group shares one),
        increasing along edges, strictly between groups."""
        inside = set(ids)
        edges = {(u, v) for u in ids for v in evaluator.problem.succs[u] if v in inside}
        links = {(u, v) for u in ids for v in evaluator.links[u] if v in inside and u < v}
        together: dict[tuple[int, int], list[cp_model.IntVar]] = {}
        for candidate, x in zip(self.candidates, self.chosen, strict=True):
            if len(candidate.members) < 2:
                continue
            for u in candidate.members:
                for v in {*evaluator.problem.succs[u], *evaluator.links[u]}:
                    if v in candidate.members and ((u, v) in edges or (u, v) in links):
                        together.setdefault((u, v), []).append(x)
        for pair in sorted(edges | links):
            u, v = pair
            p, q = self.position[u], self.position[v]
            fused = together.get(pair, [])
            if pair in edges:
                self.model.add(q >= p + (0 if fused else 1))
            if not fused:
                continue
            same = self.same[pair] = self.model.new_bool_var(f"same{u}_{v}")
            self.model.add(sum(fused) == same)
            if pair in links:
                self.model.add(p == q).only_enforce_if(same)
            if pair in edges:
                self.model.add(q >= p + 1).only_enforce_if(same.Not())

    def hint(self, problem: Problem, incumbent: Partition) -> None:
        """Start from `incumbent` (when it is an acyclic plan made of
        candidates; otherwise the solver starts cold). No objective ceiling:
        with `objective <= J(incumbent)` added, CP-SAT 9.15 proved a wrong
        optimum on bert_layer (23.306 where 23.279 exists); the caller keeps
        the incumbent when the solver's plan is worse."""
        index = {c.members: i for i, c in enumerate(self.candidates)}
        order = kernel_order(problem, incumbent)
        if order is None or not all(g in index for g in incumbent):
            return
        picked = {index[g] for g in incumbent}
        for i, x in enumerate(self.chosen):
            self.model.add_hint(x, i in picked)
        owner = {n: rank for rank, group in enumerate(order) for n in group}
        for node, rank in owner.items():
            self.model.add_hint(self.position[node], rank)
        for (u, v), same in self.same.items():
            self.model.add_hint(same, owner[u] == owner[v])


def kernel_order(problem: Problem, partition: Partition) -> Partition | None:
    """The groups in an order where each follows its producers' groups, or
    None when the kernel graph has a cycle."""
    owner = {n: i for i, g in enumerate(partition) for n in g}
    waiting = [0] * len(partition)
    after: list[set[int]] = [set() for _ in partition]
    for producer, consumer in problem.edges():
        a, b = owner.get(producer), owner.get(consumer)
        if a is not None and b is not None and a != b and b not in after[a]:
            after[a].add(b)
            waiting[b] += 1
    ready = [i for i, w in enumerate(waiting) if w == 0]
    order: Partition = []
    while ready:
        i = ready.pop()
        order.append(partition[i])
        for j in after[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.append(j)
    return order if len(order) == len(partition) else None


def _since(began: float) -> float:
    return time.perf_counter() - began


__all__ = ["DEFAULT_TIME_LIMIT", "SolverStats", "kernel_order", "solve_component"]
