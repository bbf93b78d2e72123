"""Search over fusion groupings: `greedy`, `dp` (exact) and `auto`.

See docs/search.md. Every method returns a partition of the compute nodes into
legal groups whose kernel graph is acyclic; `dp` is the exact minimum of J
(up to its size bound), `auto` is exact per component where the component is
small enough and windowed + merging beyond.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mlirfuse.search.candidates import ListingLedger
from mlirfuse.search.cpsat import (
    DEFAULT_TIME_LIMIT,
    WALL_SAFETY,
    SolverStats,
    kernel_order,
    solve_component,
)
from mlirfuse.search.exact import Partition, SearchTooLarge, exact_partition
from mlirfuse.search.groups import Evaluator, GroupDecision
from mlirfuse.search.memo import ComponentMemo, search_settings
from mlirfuse.search.shift import shift_pass
from mlirfuse.search.split import independent_parts
from mlirfuse.search.structure import component_key
from mlirfuse.search.windowed import merge_pass, windowed_partition

METHODS = ("greedy", "dp", "auto", "exact")
BOUND_TOLERANCE = 1e-9  # relative: a search's plan this close to the bound's is kept
MAX_REPAIR_ROUNDS = 8  # merge + shift rounds of merged_further (each lowers J; bounds time)
# auto asks CP-SAT only up to this component size (its listing grows with it;
# the default search must stay quick on 1,000-op graphs).
AUTO_SOLVER_OPS = 200
# `auto` is the default: a component whose candidates are not listed and
# checked in 3 time limits of CPU is planned by windows (StableLM's 64-op
# attention component listed for 100 s, twice per attention decision, and
# fell back anyway). `exact` keeps cpsat.WALL_SAFETY.
AUTO_LISTING_SAFETY = 3.0

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "METHODS",
    "ComponentMemo",
    "Evaluator",
    "GroupDecision",
    "Partition",
    "SearchResult",
    "SearchTooLarge",
    "SolverStats",
    "components",
    "find_partition",
    "no_worse_than",
    "partition_cost",
    "revalidate",
]


@dataclass
class SearchResult:
    partition: Partition
    method: str
    exact: bool  # every component was solved exactly
    notes: list[str] = field(default_factory=list)
    kept_greedy: bool = False  # the search found nothing cheaper than the greedy plan
    solver: SolverStats | None = None  # search=exact, or auto's CP-SAT components
    reused: int = 0  # components identical to an earlier one, solved once (search/memo.py)


def components(evaluator: Evaluator, seeds: Partition | None = None) -> list[list[int]]:
    """The independent subproblems (search/split.py): weakly connected parts
    of the graph, split further where no candidate group and no cycle can
    cross; `seeds` (groups of the caller's) each stay inside one."""
    return independent_parts(evaluator, seeds or ())


def find_partition(
    evaluator: Evaluator,
    method: str = "auto",
    greedy: Partition | None = None,
    window: int = 8,
    time_limit: float = DEFAULT_TIME_LIMIT,
    checked: Evaluator | None = None,  # the solver's evaluator (the analysis' check on)
    memo: ComponentMemo | None = None,
) -> SearchResult:
    """The partition `method` finds. `greedy` (the rule heuristic's plan) is
    the upper bound of "dp" and "auto": they return it unless they found a
    cheaper one, so no search ends above its baseline. `memo` keeps solved
    components beyond this call (the plans "auto" prices for its attention
    decisions share most components: search/memo.py)."""
    if method not in METHODS:
        raise ValueError(f"unknown search '{method}' (known: {', '.join(METHODS)})")
    if method == "greedy":
        partition = greedy if greedy is not None else merge_pass(evaluator, _singletons(evaluator))
        return SearchResult(partition, method, exact=False)
    limits = (200_000, 1_000_000) if method == "dp" else (20_000, 100_000)
    result = SearchResult([], method, exact=True)
    memo = memo if memo is not None else ComponentMemo()
    reused_before = memo.reused
    settings = search_settings(evaluator, method, window, time_limit)
    index = evaluator.problem.index
    for part in components(evaluator, greedy):
        ids = sorted(part, key=index.__getitem__)
        mine = _within(greedy, ids)
        key = (settings, component_key(evaluator, ids, mine))
        reused = memo.lookup(evaluator, ids, key)
        if reused is not None:
            plan, solved = reused
            why, notes, stats = solved.why, list(solved.notes), solved.solver
        else:
            plan, why, notes, stats = _solve_part(
                evaluator, ids, mine, method, limits, window, time_limit, checked, memo.listings
            )
            memo.store(evaluator, ids, key, plan, why, notes, stats)
        if stats is not None:  # a reused component's proof holds for its copy
            result.solver = stats if result.solver is None else result.solver.add(stats)
        result.notes.extend(notes)
        result.exact = result.exact and not why
        result.partition.extend(plan)
    result.reused = memo.reused - reused_before
    result.partition.sort(key=lambda g: min(index[n] for n in g))
    return no_worse_than(evaluator, result, greedy)


def _solve_part(
    evaluator: Evaluator,
    part: list[int],
    mine: Partition,
    method: str,
    limits: tuple[int, int],
    window: int,
    time_limit: float,
    checked: Evaluator | None,
    listings: ListingLedger,
) -> tuple[Partition, str, list[str], SolverStats | None]:
    """One component's plan, why it is not exact ("" when it is), its notes,
    and what the solver proved on it (None where it did not run)."""
    notes: list[str] = []
    stats: SolverStats | None = None
    try:
        plan = exact_partition(evaluator, part, max_candidates=limits[0], max_states=limits[1])
        why = ""
    except SearchTooLarge as error:
        plan, why = _windowed_part(evaluator, part, window), str(error)
    if method == "exact" or (why and method == "auto" and len(part) <= AUTO_SOLVER_OPS):
        view = checked or evaluator
        legal = revalidate(checked, plan)[0] if checked else plan
        plans = [legal, *[g for g in [mine] if _legal(view, g)]]
        incumbent = min(plans, key=lambda p: _cost(evaluator, p))
        safety = AUTO_LISTING_SAFETY if method == "auto" else WALL_SAFETY
        chosen, stats = solve_component(
            view,
            part,
            incumbent,
            time_limit=time_limit,
            seeds=mine,
            listing_safety=safety,
            ledger=listings,
            thrifty=method == "auto",
        )
        proven = stats.status == "OPTIMAL"
        if proven or method == "exact":
            plan = chosen
        if (why and method == "auto") or not proven:
            notes.append(_solver_note(method, len(part), why, window, stats))
        why = "" if proven else why
    elif why:
        notes.append(f"{len(part)}-op component: {why}; used windows of {window} + merging")
    return plan, why, notes, stats


def partition_cost(evaluator: Evaluator, partition: Partition) -> float:
    return sum(evaluator.cost(group) for group in partition)


def no_worse_than(
    evaluator: Evaluator, result: SearchResult, bound: Partition | None
) -> SearchResult:
    """`result`, or `bound` where `bound` is priced cheaper by the same model."""
    if bound is None:
        return result
    found, limit = partition_cost(evaluator, result.partition), partition_cost(evaluator, bound)
    if found <= limit * (1 + BOUND_TOLERANCE):
        return result
    note = (
        f"kept the rule heuristic's plan (J={limit:.4f}): "
        f"the {result.method} search found none cheaper (J={found:.4f})"
    )
    notes = [*result.notes, note]
    return SearchResult(list(bound), result.method, False, notes, True, result.solver)


def merged_further(checked: Evaluator, result: SearchResult) -> SearchResult:
    """`result`'s plan with its linked kernels joined while J drops
    (`merge_pass`, every union under `checked`'s rules), then single ops
    moved into the kernel reading them while J drops (`shift_pass`: the
    rule heuristic's plan too keeps a LayerNorm's widening casts in the
    epilogue before it). The search may lose
    to the rule heuristic on one part of a component and beat it on another
    (a sibling pair it joins, a group the analysis then refuses), or stop at
    a time limit; kept as it was, such a plan left a merge that the same
    search found when run on its own output, so fusing twice differed."""
    merged = _merge_and_shift(checked, result.partition)
    before, after = partition_cost(checked, result.partition), partition_cost(checked, merged)
    if after >= before * (1 - BOUND_TOLERANCE):
        return result
    whose = "kept the rule heuristic's plan, then" if result.kept_greedy else "then"
    note = (
        f"{whose} merged linked kernels and moved ops into their readers' kernels "
        f"while J dropped (J={before:.4f} -> {after:.4f})"
    )
    return SearchResult(merged, result.method, False, [*result.notes, note], False, result.solver)


def _merge_and_shift(checked: Evaluator, partition: Partition) -> Partition:
    """`merge_pass` then `shift_pass`, again while J drops: a move can link
    two kernels the merge had left apart. A squeeze-and-excitation gate's
    multiply, moved out of its hardsigmoid's kernel into the next conv's,
    left the hardsigmoid linked to its own conv but unmerged, and a second
    run joined them (PP-OCRv5: fusing twice differed)."""
    cost = partition_cost(checked, partition)
    for _ in range(MAX_REPAIR_ROUNDS):
        again = shift_pass(checked, merge_pass(checked, partition))
        again_cost = partition_cost(checked, again)
        if again_cost >= cost * (1 - BOUND_TOLERANCE):
            break
        partition, cost = again, again_cost
    return partition


def revalidate(checked: Evaluator, partition: Partition) -> tuple[Partition, list[str]]:
    """Re-check each multi-op group with `checked` (an evaluator whose
    group_check is the analysis': `Evaluator.admits`); a refused group is
    re-searched exactly on its own ops with the check on (by windows when too
    large). Sub-groups of a convex group keep the plan acyclic."""
    out: Partition = []
    notes = []
    for group in partition:
        if checked.admits(group):
            out.append(group)
            continue
        decision = checked.decide(group)
        code = decision.code if not decision.ok else "not convex"
        ops = ",".join(map(str, sorted(group)))
        notes.append(f"kernel [{ops}] refused by the analysis ({code}): re-searched with its check")
        try:
            out.extend(
                exact_partition(checked, sorted(group), max_candidates=20_000, max_states=100_000)
            )
        except SearchTooLarge:
            # Windows, not single ops: a refused 28-op kernel split into
            # singles cost more than the rule's whole plan (DINOv3 in f16).
            out.extend(windowed_partition(checked, members=group))
    index = checked.problem.index
    out.sort(key=lambda g: min(index[n] for n in g))
    return out, notes


def _within(greedy: Partition | None, part: list[int]) -> Partition:
    """The greedy plan's groups inside `part` (single ops where it has none)."""
    keep = set(part)
    groups = [g for g in greedy or [] if g <= keep]
    covered = {n for g in groups for n in g}
    return groups + [frozenset([n]) for n in part if n not in covered]


def _legal(evaluator: Evaluator, partition: Partition) -> bool:
    """Every group a candidate of `evaluator` (the heuristic's may not be:
    recomputed ops, its own rules) and the kernel graph acyclic."""
    groups = [g for g in partition if len(g) > 1]
    if not all(evaluator.admits(g) for g in groups):
        return False
    return kernel_order(evaluator.problem, partition) is not None


def _cost(evaluator: Evaluator, partition: Partition) -> float:
    return sum(evaluator.cost(g) for g in partition)


def _solver_note(method: str, size: int, why: str, window: int, stats: SolverStats) -> str:
    head = f"{size}-op component: {why + '; ' if why else ''}{stats.describe()}"
    if stats.status == "OPTIMAL":
        return head
    fallback = "kept its best plan" if method == "exact" else f"used windows of {window} + merging"
    return f"{head}: not proven optimal, {fallback}"


def _singletons(evaluator: Evaluator) -> Partition:
    return [frozenset([n.id]) for n in evaluator.problem.nodes]


def _windowed_part(evaluator: Evaluator, part: list[int], window: int) -> Partition:
    return windowed_partition(evaluator, window, part)
