"""Every candidate group of a component, enumerated with monotone pruning.

The exact DP (search/exact.py) lists every connected set of nodes (ESU) and
filters them; at model scale (60-100-op blocks) the connected sets number in
the millions, most of them not convex. Here only convex closures are listed
(`_closures`: add a linked node, close under paths), each reached through a
chain of closures inside it, so a branch may be cut as soon as its closure is
*hopeless*: a refusal that adding nodes cannot undo (docs/search.md lists
the rules). Only usable links are followed (a link whose two ends are
hopeless together lies in no candidate). Such refusals are

- a reduction and a contraction together (`mixed-anchors`);
- two contractions sharing no real input (adding contractions only shrinks
  the shared inputs);
- anchors with different parallel extents;
- shared memory over the block's budget (a sum over members);
- registers over budget even without the address registers: the peak of live
  values never drops when nodes join (a value live at a member stays live
  there), nor does the contraction's accumulator.

Each rule is applied to the set's convex hull (every node on a path between
two members), which every convex superset contains: a connected set whose
hull crosses a contraction between two reductions is cut at once.

Every group that survives is then checked in full (`Evaluator.decide`, convexity),
so pruning changes the time, never the set of candidates.

The listing's allowance is counted in work units, not seconds: one per set
examined, one more per two values its hull stores past
`HULL_VALUES_IN_A_UNIT` (the register bound walks them all: a model fused
once has big hulls), and two per member of each set decided (the
Evaluator's checks cost about a set's size). A CPU-time deadline made the plan depend on the machine:
Moonshine-Streaming's 45-op component listed in 29.3 s of a 30 s allowance
here, and a faster machine would have had time left to solve it. `ListingLedger`
remembers, across the plans of one session, the components whose listing
ran out of work, so that a structure is given up on once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from mlirfuse.cost.estimate import registers, shared_bytes
from mlirfuse.cost.problem import ANCHOR_KINDS, MATMUL_KINDS
from mlirfuse.search.exact import SearchTooLarge
from mlirfuse.search.groups import Evaluator
from mlirfuse.search.structure import Key, component_key

# Work units a listing does per CPU second on the reference machine (the
# 2-core CI box): 320,000 to 470,000 on the zoo's and the unseen sets' large
# components, 860,000 on Moonshine-Streaming's (docs/search.md). Only to turn
# the time limit into an allowance: what a listing may do does not depend on
# the machine it runs on.
WORK_PER_SECOND = 400_000
# After this many listings of a session run out of work, each further one
# gets THRIFT_SHARE of its allowance: PP-OCRv5's nine multi-branch
# components (five sibling depthwise convs each) spent 30 s each to fall
# back to windows. Listings that succeed take under 1/8 of an allowance but
# for three of the 150 seen (docs/search.md).
THRIFT_AFTER_FAILURES = 2
THRIFT_SHARE = 8
# A hull's register bound walks every value its members store, about 1 us
# each (0.4 units). The calibration's hulls store 5 to 35 (at most ~110 on
# the zoo), counted in the unit a set costs; past HULL_VALUES_IN_A_UNIT each
# two more values cost a unit. A model fused once stores ~370 per hull
# (Qwen4-Exp's groups, fused again to check idempotence): counted as one
# unit, its listing ran to its 2M-set cap at 0.43 ms a set: 14 minutes.
HULL_VALUES_IN_A_UNIT = 64


@dataclass(frozen=True)
class Candidate:
    members: frozenset[int]
    cost: float


class Pruner:
    """Says whether a set is hopeless; keeps the anchors' facts per node."""

    def __init__(self, evaluator: Evaluator, ids: Sequence[int]) -> None:
        self.ev = evaluator
        problem = evaluator.problem
        self.ids = list(ids)
        nodes = [problem.by_id[n] for n in self.ids]
        self.anchors = _mask_of(n.kind in ANCHOR_KINDS for n in nodes)
        self.matmuls = _mask_of(n.kind in MATMUL_KINDS for n in nodes)
        self.extent = [n.parallel_extent for n in nodes]
        self.stored = [len(problem.stored_values[n]) for n in self.ids]
        self.spent = 0  # work units the register bounds cost beyond a unit each
        self.real_inputs = [
            frozenset(v for v in n.inputs if not problem.values[v].generated) for n in nodes
        ]
        self.descendants, self.ancestors = _reach(evaluator, self.ids)
        self._known: dict[int, bool] = {}  # hull mask -> hopeless (many sets share a hull)

    def hopeless(self, hull: int) -> bool:
        """No convex legal group contains a set whose convex hull is `hull`."""
        known = self._known.get(hull)
        if known is None:
            known = self._known[hull] = self._breaks_rule(hull)
        return known

    def usable(self, i: int, j: int) -> bool:
        """Some candidate may hold both positions i and j (a link between two
        nodes no candidate holds together can be dropped: search/split.py)."""
        return not self.hopeless(self.hull((1 << i) | (1 << j)))

    def hull(self, mask: int) -> int:
        """The set plus every node on a path between two of its members."""
        below = above = 0
        for i in _bits(mask):
            below |= self.descendants[i]
            above |= self.ancestors[i]
        return (below & above) | mask

    def _breaks_rule(self, hull: int) -> bool:
        anchors = _bits(hull & self.anchors)
        if anchors:
            matmuls = _bits(hull & self.matmuls)
            if matmuls and len(matmuls) != len(anchors):
                return True
            if len({self.extent[i] for i in anchors}) > 1 and hull != hull & self.matmuls:
                return True  # contractions alone may differ (Evaluator._iteration_space)
            if len(matmuls) > 1 and not self._share_input(matmuls):
                return True
        target = self.ev.target
        problem = self.ev.problem
        if shared_bytes(problem, [self.ids[i] for i in anchors]) > target.shared_bytes_per_block:
            return True
        # registers() with no external tensor: a lower bound for every superset.
        positions = _bits(hull)
        values = sum(self.stored[i] for i in positions)
        self.spent += max(0, values - HULL_VALUES_IN_A_UNIT) // 2
        members = [self.ids[i] for i in positions]
        return registers(problem, members, 0) > target.registers_per_thread

    def _share_input(self, matmuls: list[int]) -> bool:
        if not self.ev.options.horizontal_contraction:
            return False
        shared = set(self.real_inputs[matmuls[0]])
        for i in matmuls[1:]:
            shared &= self.real_inputs[i]
        return bool(shared)


@dataclass
class ListingLedger:
    """The listings of one planning session (a `ComponentMemo`'s life) that
    ran out of work. A listing is deterministic in its structure and its
    allowance, so a structure that ran out is not listed again under an
    allowance no larger; and after THRIFT_AFTER_FAILURES of them, a thrifty
    caller's (`auto`) listings get THRIFT_SHARE of their allowance."""

    exhausted: dict[Key, tuple[float, str]] = field(default_factory=dict)  # allowance, why
    failures: int = 0

    def allowance(self, work: float, thrifty: bool) -> float:
        if thrifty and self.failures >= THRIFT_AFTER_FAILURES:
            return work / THRIFT_SHARE
        return work

    def key(self, evaluator: Evaluator, members: Sequence[int]) -> Key:
        ids = sorted(members, key=evaluator.problem.index.__getitem__)
        return component_key(evaluator, ids, [])

    def gave_up(self, key: Key, work: float) -> str | None:
        """Why the structure `key` ran out of an allowance of at least `work`."""
        before = self.exhausted.get(key)
        return before[1] if before is not None and before[0] >= work else None

    def record(self, key: Key, work: float, why: str) -> None:
        self.exhausted[key] = (work, why)
        self.failures += 1


def enumerate_candidates(
    evaluator: Evaluator,
    members: Sequence[int],
    limit: int = 200_000,
    work: float = math.inf,
) -> list[Candidate]:
    """Singletons plus every legal convex group of `members` (SearchTooLarge
    beyond `limit` sets examined or `work` units done: module docstring)."""
    problem = evaluator.problem
    ids = sorted(members, key=problem.index.__getitem__)
    local = {n: i for i, n in enumerate(ids)}
    pruner = Pruner(evaluator, ids)
    # Only usable links: every candidate is connected through them.
    neighbours = [0] * len(ids)
    for i, node in enumerate(ids):
        for other in evaluator.links[node]:
            j = local.get(other)
            if j is not None and pruner.usable(i, j):
                neighbours[i] |= 1 << j
    return _closures(evaluator, ids, pruner, neighbours, limit, work)


def _closures(
    evaluator: Evaluator,
    ids: list[int],
    pruner: Pruner,
    neighbours: list[int],
    limit: int,
    work: float,
) -> list[Candidate]:
    """Every convex set reached from a single node by adding a linked node
    and closing under paths, once each (a set of `seen` masks). A convex
    linked group S is reached: add its members in an order where each is
    linked to an earlier one; every closure on the way lies inside S, so none
    is hopeless. Non-convex sets, the bulk of the connected ones on blocks
    with diamonds (a norm's two reductions), are never visited."""
    down, up = pruner.descendants, pruner.ancestors
    found = [Candidate(frozenset([n]), evaluator.cost(frozenset([n]))) for n in ids]
    seen = {1 << i for i in range(len(ids))}
    stack = [(1 << i, down[i], up[i], neighbours[i]) for i in reversed(range(len(ids)))]
    done = 0  # work units
    while stack:
        mask, below, above, around = stack.pop()
        fresh = around & ~mask
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            y = low.bit_length() - 1
            grown = ((below | down[y]) & (above | up[y])) | mask | low
            if grown in seen:
                continue
            seen.add(grown)
            if len(seen) > limit:
                raise SearchTooLarge(f"more than {limit} candidate groups to examine")
            done += 1
            if done + pruner.spent > work:
                raise SearchTooLarge(
                    f"candidates not listed within the work allowance ({len(seen)} examined)"
                )
            if pruner.hopeless(grown):  # `grown` is its own hull
                continue
            b, a, r = below, above, around
            for j in _bits(grown & ~mask):
                b, a, r = b | down[j], a | up[j], r | neighbours[j]
            if _linked(grown, neighbours):  # through usable links, a subset of the evaluator's
                group = frozenset(ids[i] for i in _bits(grown))
                done += 2 * len(group)
                if evaluator.decide(group, linked=True).ok:
                    found.append(Candidate(group, evaluator.cost(group)))
            stack.append((grown, b, a, r))
    return found


def _linked(mask: int, neighbours: list[int]) -> bool:
    """The positions of `mask` are connected through `neighbours`."""
    reached = frontier = mask & -mask
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        step = neighbours[low.bit_length() - 1] & mask & ~reached
        reached |= step
        frontier |= step
    return reached == mask


def _reach(evaluator: Evaluator, ids: list[int]) -> tuple[list[int], list[int]]:
    """Per position: masks of the strict descendants and ancestors among `ids`
    (paths through nodes outside `ids` do not exist: `ids` is a component)."""
    problem = evaluator.problem
    local = {n: i for i, n in enumerate(ids)}
    down = [0] * len(ids)
    for i in reversed(range(len(ids))):
        for succ in problem.succs[ids[i]]:
            j = local.get(succ)
            if j is not None:
                down[i] |= down[j] | (1 << j)
    up = [0] * len(ids)
    for i in range(len(ids)):
        for pred in problem.preds[ids[i]]:
            j = local.get(pred)
            if j is not None:
                up[i] |= up[j] | (1 << j)
    return down, up


def _bits(mask: int) -> list[int]:
    """Positions of the set bits, lowest first (string scan: fast on wide masks)."""
    text = bin(mask)[:1:-1]
    return [i for i, bit in enumerate(text) if bit == "1"]


def _mask_of(flags: Iterable[bool]) -> int:
    return sum(1 << i for i, flag in enumerate(flags) if flag)


__all__ = ["WORK_PER_SECOND", "Candidate", "ListingLedger", "Pruner", "enumerate_candidates"]
