"""Exact search: dynamic programming over the ideals of the dataflow graph.

A state is the set S of nodes already placed in kernels; it is always
downward closed (every producer of a placed node is placed). From S the next
kernel may be any candidate group G disjoint from S whose outside producers
all lie in S; its lowest node (in program order) is then necessarily a
"frontier" node, so candidates are indexed by their lowest node.
best(S) = min over such G of cost(G) + best(S | G), memoised on S. Every
plan reached this way runs its kernels in an order, so it is acyclic; every
acyclic partition into candidate groups is reached (schedule its kernels in a
topological order of the kernel graph), so the minimum is exact.

On a chain the ideals are its n+1 prefixes; on a tree their number grows with
its width; in general the search is bounded by `max_candidates`,
`max_states` and `max_checks` (candidates tried over all states: the work,
which states alone do not bound when each state has thousands of candidates
on its frontier) and raises SearchTooLarge beyond them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from mlirfuse.search.groups import Evaluator

Partition = list[frozenset[int]]

# Candidates tried over all states of one search, at most: about a minute of
# Python. RT-DETR's hybrid encoder step (197 ops) ran past 300 s under `dp`
# within its state bound; the zoo's largest search tries 15 million.
MAX_CHECKS = 50_000_000


class SearchTooLarge(Exception):
    """The exact search would exceed its candidate, state or work bound."""


def exact_partition(
    evaluator: Evaluator,
    members: Sequence[int] | None = None,
    *,
    max_candidates: int = 50_000,
    max_states: int = 200_000,
    max_checks: int | None = None,
) -> Partition:
    """The cheapest partition of `members` (default: all nodes) into groups."""
    problem = evaluator.problem
    ids = sorted(members if members is not None else problem.index, key=problem.index.__getitem__)
    local = {node_id: i for i, node_id in enumerate(ids)}
    neighbours = [_mask(local, evaluator.links[n]) for n in ids]
    preds = [_mask(local, problem.preds[n]) for n in ids]
    candidates = _candidates(evaluator, ids, neighbours, preds, max_candidates)
    return [
        frozenset(ids[i] for i in _bits(m))
        for m in _search(candidates, preds, len(ids), max_states, max_checks or MAX_CHECKS)
    ]


def _mask(local: dict[int, int], nodes: Sequence[int] | set[int]) -> int:
    mask = 0
    for node in nodes:
        position = local.get(node)
        if position is not None:
            mask |= 1 << position
    return mask


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def grow_connected(neighbours: Sequence[int], visit: Callable[[int, int], bool]) -> None:
    """ESU: every connected node set once, as a bit mask, with its lowest node
    `root`: `visit(root, mask)`; when it returns False, no superset grown from
    `mask` is visited (the caller knows none can qualify)."""

    def extend(root: int, sub: int, around: int, extension: int) -> None:
        if not visit(root, sub):
            return
        above = ~((1 << (root + 1)) - 1)
        while extension:
            low = extension & -extension
            extension ^= low
            w = low.bit_length() - 1
            fresh = neighbours[w] & ~(sub | around) & above
            extend(root, sub | low, around | neighbours[w], extension | fresh)

    limit_before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit_before, 10 * len(neighbours) + 1000))
    try:
        for root in range(len(neighbours)):
            above = ~((1 << (root + 1)) - 1)
            extend(root, 1 << root, neighbours[root], neighbours[root] & above)
    finally:
        sys.setrecursionlimit(limit_before)


def connected_masks(neighbours: list[int], limit: int) -> list[list[int]]:
    """Every connected node set, once, listed under its lowest node (ESU)."""
    by_root: list[list[int]] = [[] for _ in neighbours]
    count = 0

    def record(root: int, sub: int) -> bool:
        nonlocal count
        by_root[root].append(sub)
        count += 1
        if count > limit:
            raise SearchTooLarge(f"more than {limit} connected candidate groups")
        return True

    grow_connected(neighbours, record)
    return by_root


def _candidates(
    evaluator: Evaluator, ids: list[int], neighbours: list[int], preds: list[int], limit: int
) -> list[list[tuple[int, float, int]]]:
    """Per lowest node: (members mask, cost, outside-producers mask) of legal groups."""
    out: list[list[tuple[int, float, int]]] = []
    for root_masks in connected_masks(neighbours, limit):
        legal = []
        for mask in root_masks:
            group = frozenset(ids[i] for i in _bits(mask))
            if len(group) > 1 and not (evaluator.decide(group).ok and evaluator.convex(group)):
                continue
            outside = 0
            for i in _bits(mask):
                outside |= preds[i]
            legal.append((mask, evaluator.cost(group), outside & ~mask))
        out.append(legal)
    return out


def _search(
    candidates: list[list[tuple[int, float, int]]],
    preds: list[int],
    size: int,
    max_states: int,
    max_checks: int,
) -> list[int]:
    full = (1 << size) - 1
    best: dict[int, tuple[float, int]] = {full: (0.0, 0)}
    checks = 0

    def solve(done: int) -> float:
        nonlocal checks
        known = best.get(done)
        if known is not None:
            return known[0]
        if len(best) > max_states:
            raise SearchTooLarge(f"more than {max_states} search states")
        choice, value = 0, float("inf")
        for i in _bits(full & ~done):
            if preds[i] & ~done:
                continue  # not on the frontier
            checks += len(candidates[i])
            if checks > max_checks:
                raise SearchTooLarge(f"more than {max_checks} candidate checks")
            for mask, cost, outside in candidates[i]:
                if mask & done or outside & ~done:
                    continue
                total = cost + solve(done | mask)
                if total < value - 1e-12:
                    choice, value = mask, total
        best[done] = (value, choice)
        return value

    limit_before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit_before, 4 * size + 1000))
    try:
        solve(0)
    finally:
        sys.setrecursionlimit(limit_before)
    groups, done = [], 0
    while done != full:
        mask = best[done][1]
        groups.append(mask)
        done |= mask
    return groups
