"""The horizontal parts of the sibling rule that share no input value:
contractions sharing their LHS (concatenated along N) and independent small
kernels (grouped to save launches)."""

from __future__ import annotations

from mlirfuse.analysis.contractions import (
    contraction_mismatch,
    contractions_in,
    horizontal_lhs,
    weights_are_constant,
)
from mlirfuse.analysis.types import Decision
from mlirfuse.context import group_accepts_result_types
from mlirfuse.policy.sibling_clusters import Clusters
from mlirfuse.policy.sibling_limits import (
    SiblingLimits,
    describe,
    refusal,
)
from mlirfuse.vocab import codes
from mlirfuse.vocab.codes import CONCAT_COST, CONTRACTION_MISMATCH, GROUP_RESULT_TYPES
from mlirfuse.vocab.model import Refusal


def merge_contractions(clusters: Clusters, limits: SiblingLimits) -> list[Refusal]:
    refusals: list[Refusal] = []
    by_lhs: dict[object, list[int]] = {}
    for gi in clusters.live():
        lhs = horizontal_lhs([clusters.graph.ops[n] for n in clusters.ops_of(gi)])
        if lhs is not None:
            by_lhs.setdefault(lhs, []).append(gi)
    for members in by_lhs.values():
        base = members[0]
        for other in members[1:]:
            decision = _check_contractions(clusters, base, other, limits)
            if decision.ok:
                base = clusters.merge(base, other, "horizontal-contraction")
            else:
                refusals.append(refusal(clusters, base, other, decision))
    return refusals


def _check_contractions(clusters: Clusters, a: int, b: int, limits: SiblingLimits) -> Decision:
    roots = [clusters.graph.ops[n] for n in clusters.ops_of(a) + clusters.ops_of(b)]
    mismatch = contraction_mismatch(roots, limits.max_concat_n)
    if mismatch is not None:
        return Decision.refuse(CONTRACTION_MISMATCH, mismatch)
    if limits.constant_weights_only and not all(
        weights_are_constant(op) for op in contractions_in(roots)
    ):
        return Decision.refuse(
            CONCAT_COST, "a weight is not a constant: the concat would copy it on every call"
        )
    if clusters.has_path(a, b) or clusters.has_path(b, a):
        return Decision.refuse(
            codes.CYCLE, "one contraction depends on the other: merging would make a cycle"
        )
    ops = clusters.ops_of(a) + clusters.ops_of(b)
    if not limits.op_level and not group_accepts_result_types(clusters.escaping_types(ops)):
        return Decision.refuse(
            GROUP_RESULT_TYPES,
            "a fusion.group yields at most 7 results of different types (later ones share one)",
        )
    return Decision.accept("shared LHS, summed N fits")


def merge_independent(clusters: Clusters, limits: SiblingLimits) -> list[Refusal]:
    """Neighbours in program order among the small groups, then among those
    of them left alone with one op: multi-op kernels are formed, and fusing
    the fused IR again sees only the single ops, now neighbours."""
    small = [gi for gi in clusters.live() if clusters.is_small(gi, limits.small_kernel_elements)]
    refusals = _merge_neighbours(clusters, small, limits)
    alone = [gi for gi in small if clusters.find(gi) == gi and len(clusters.ops_of(gi)) == 1]
    _merge_neighbours(clusters, alone, limits)  # its refusals repeat the first pass's
    return refusals


def _merge_neighbours(clusters: Clusters, small: list[int], limits: SiblingLimits) -> list[Refusal]:
    refusals: list[Refusal] = []
    current: int | None = None
    for gi in small:
        if current is None or len(clusters.ops_of(current)) >= limits.max_independent:
            current = gi
            continue
        if _share_an_input(clusters, current, gi):
            current = gi  # siblings, not independent: sibling fusion decides those
            continue
        decision = _check_independent(clusters, current, gi)
        if decision.ok:
            current = clusters.merge(current, gi, "independent")
            continue
        refusals.append(refusal(clusters, current, gi, decision))
        current = gi
    return refusals


def _share_an_input(clusters: Clusters, a: int, b: int) -> bool:
    reads_b = clusters.external_inputs(clusters.ops_of(b))
    return any(v in reads_b for v in clusters.external_inputs(clusters.ops_of(a)))


def _check_independent(clusters: Clusters, a: int, b: int) -> Decision:
    ops = clusters.ops_of(a) + clusters.ops_of(b)
    if any(clusters.side_effects(n) for n in ops):
        return Decision.refuse(codes.OPAQUE_OP, "a side-effecting body is never moved into a group")
    path = clusters.path_between(a, b) or clusters.path_between(b, a)
    if path is not None:
        via = " -> ".join(describe(clusters, n) for n in path)
        return Decision.refuse(codes.CYCLE, f"not independent: path {via}")
    if not group_accepts_result_types(clusters.escaping_types(ops)):
        return Decision.refuse(
            GROUP_RESULT_TYPES,
            "a fusion.group yields at most 7 results of different types (later ones share one)",
        )
    return Decision.accept("independent small kernels")
