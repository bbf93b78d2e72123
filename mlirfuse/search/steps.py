"""The road from P0 (every op its own kernel) to the best plan, one merge at a time.

Every step joins two kernels of the current plan that belong to the same
kernel of the final plan, choosing the merge that lowers J most among those
whose union is a legal, convex group; a step that cannot be split that way
joins the whole final group at once. The plans along the road are the
P1 ... Pk-1 rows of the report (each a legal plan in its own right).
"""

from __future__ import annotations

from mlirfuse.search.exact import Partition
from mlirfuse.search.groups import Evaluator


def merge_steps(evaluator: Evaluator, final: Partition) -> list[Partition]:
    """Partitions from singletons to `final`, one merge per step (start excluded)."""
    current: list[frozenset[int]] = [frozenset([n.id]) for n in evaluator.problem.nodes]
    target_of = {n: g for g in final for n in g}
    steps: list[Partition] = []
    while len(current) > len(final):
        merge = _best_merge(evaluator, current, target_of)
        if merge is None:
            current = _jump(current, target_of)
        else:
            a, b = merge
            current = [g for g in current if g not in (a, b)] + [a | b]
        steps.append(sorted(current, key=lambda g: min(evaluator.problem.index[n] for n in g)))
    return steps


def _best_merge(
    evaluator: Evaluator, current: list[frozenset[int]], target_of: dict[int, frozenset[int]]
) -> tuple[frozenset[int], frozenset[int]] | None:
    best: tuple[float, frozenset[int], frozenset[int]] | None = None
    owner = {n: g for g in current for n in g}
    for group in current:
        for node in group:
            for other in evaluator.links[node]:
                partner = owner[other]
                if partner is group or target_of[other] is not target_of[node]:
                    continue
                union = group | partner
                if not (evaluator.decide(union).ok and evaluator.convex(union)):
                    continue
                gain = evaluator.cost(group) + evaluator.cost(partner) - evaluator.cost(union)
                if best is None or gain > best[0]:
                    best = (gain, group, partner)
    return None if best is None else (best[1], best[2])


def _jump(
    current: list[frozenset[int]], target_of: dict[int, frozenset[int]]
) -> list[frozenset[int]]:
    """Complete the first unfinished final group in one step."""
    for group in current:
        final = target_of[next(iter(group))]
        if group != final:
            return [g for g in current if not g <= final] + [final]
    return current
