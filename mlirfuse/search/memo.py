"""Solve structurally identical components once.

A stack of identical layers splits into components that differ only in their
node ids: the search (exact DP, CP-SAT, windows) would solve the same
subproblem once per layer. `component_key` (search/structure.py) describes a component without ids
(each node's structure, the edges and sibling reads inside it, what it reads
from and leaves to the rest of the function, and the rule heuristic's groups
in it); `ComponentMemo` keeps the first solution per key in local positions
and maps it onto each later component with that key.

A reuse is never taken on trust: every mapped group must be legal and convex
in the new component (the evaluator's own checks, which consult the real IR)
and the mapped plan must cost what the stored one did; otherwise the caller
searches the component itself.

A memo may outlive one search: "auto" prices each attention decision with a
plan of the whole module, and those plans differ only around the chain
priced (EfficientLoFTR's backbone components, whose candidates are not
listed in the time, were listed again for every plan). Its keys then hold
the search's settings (`search_settings`), so a solution is only reused
under the method, time limit, target, weights and options it was found with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from mlirfuse.search.candidates import ListingLedger
from mlirfuse.search.cpsat import SolverStats
from mlirfuse.search.groups import Evaluator
from mlirfuse.search.structure import Key

Partition = list[frozenset[int]]
COST_TOLERANCE = 1e-9  # relative: a mapped plan priced this close is the same plan


@dataclass(frozen=True)
class Solved:
    """One component's search outcome in local positions."""

    groups: tuple[tuple[int, ...], ...]
    cost: float
    why: str  # why it was not solved exactly ("" when it was)
    notes: tuple[str, ...]
    solver: SolverStats | None = None  # what the solver proved (seconds: none spent again)


def search_settings(evaluator: Evaluator, method: str, window: int, time_limit: float) -> Key:
    """What a component's solution depends on besides the component itself."""
    return (method, window, time_limit, evaluator.target, evaluator.weights, evaluator.options)


class ComponentMemo:
    """Solutions of components, by `component_key` (and `search_settings`
    where the memo serves more than one search)."""

    def __init__(self) -> None:
        self._solved: dict[Key, Solved] = {}
        self.reused = 0
        self.listings = ListingLedger()  # listings that ran out of work, by structure

    def lookup(
        self, evaluator: Evaluator, ids: Sequence[int], key: Key
    ) -> tuple[Partition, Solved] | None:
        """The stored solution mapped onto `ids`, when it holds there."""
        solved = self._solved.get(key)
        if solved is None:
            return None
        partition = [frozenset(ids[i] for i in group) for group in solved.groups]
        for group in partition:
            if len(group) > 1 and not (evaluator.decide(group).ok and evaluator.convex(group)):
                return None
        cost = sum(evaluator.cost(group) for group in partition)
        if abs(cost - solved.cost) > COST_TOLERANCE * max(1.0, abs(solved.cost)):
            return None
        self.reused += 1
        return partition, solved

    def store(
        self,
        evaluator: Evaluator,
        ids: Sequence[int],
        key: Key,
        plan: Partition,
        why: str,
        notes: Sequence[str],
        solver: SolverStats | None = None,
    ) -> None:
        local = {node_id: i for i, node_id in enumerate(ids)}
        groups = tuple(tuple(sorted(local[n] for n in group)) for group in plan)
        cost = sum(evaluator.cost(group) for group in plan)
        again = None if solver is None else dataclasses.replace(solver, seconds=0.0)
        self._solved.setdefault(key, Solved(groups, cost, why, tuple(notes), again))
