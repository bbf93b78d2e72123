"""The sibling rule: which groups sharing an input become one kernel.

`merge_siblings(graph, groups, options)` takes the groups a planner formed
(vertical groups or single ops) and merges, in this order:

1. horizontal contractions (`options.horizontal_contraction`): groups rooted at
   a `linalg.matmul`/`linalg.batch_matmul` with the same LHS value, same K and
   element types, when the summed N fits `MAX_CONCAT_N`;
2. siblings (`options.siblings`): groups reading a common value, with no path
   between them, whose ops are co-iterable (sibling_spaces), within the operand
   limit and free of side effects;
3. independent groups (`options.independent`, off by default): small groups
   with no path between them, to save launches.

Each merge saves one launch and (for 1 and 2) all but one read of the shared
value; the rule takes every legal merge (the cost model may be stricter).
Every merge it does not make is returned as a `Refusal` with a code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mlir import ir

from mlirfuse.analysis.block_graph import GraphLike
from mlirfuse.analysis.broadcast_reads import recomputed_by_readers
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.groups import check_group
from mlirfuse.analysis.op_facts import location_text, op_name
from mlirfuse.analysis.sibling_spaces import co_iterable, same_space
from mlirfuse.analysis.types import Decision
from mlirfuse.context import group_accepts_result_types
from mlirfuse.policy.sibling_clusters import Clusters
from mlirfuse.policy.sibling_horizontal import merge_contractions, merge_independent
from mlirfuse.policy.sibling_limits import (
    MAX_CLUSTERS_TRIED,
    MAX_CONCAT_N,
    MAX_INDEPENDENT,
    MAX_RECOMPUTED_BODY,
    SMALL_KERNEL_ELEMENTS,
    SiblingLimits,
    describe,
    refusal,
)
from mlirfuse.policy.sibling_prologues import prologue_recomputations
from mlirfuse.vocab import codes
from mlirfuse.vocab.codes import CONCAT_COST, CONTRACTION_MISMATCH, GROUP_RESULT_TYPES
from mlirfuse.vocab.model import Group, Refusal
from mlirfuse.vocab.options import FusionOptions

__all__ = [
    "CONCAT_COST",
    "CONTRACTION_MISMATCH",
    "GROUP_RESULT_TYPES",
    "MAX_CLUSTERS_TRIED",
    "MAX_CONCAT_N",
    "MAX_INDEPENDENT",
    "MAX_RECOMPUTED_BODY",
    "SMALL_KERNEL_ELEMENTS",
    "SiblingLimits",
    "check_sibling_groups",
    "merge_siblings",
    "plan_siblings",
    "prologue_recomputations",
]


def merge_siblings(
    graph: GraphLike, groups: list[Group], options: FusionOptions
) -> tuple[list[Group], list[Refusal]]:
    """Merge sibling groups where legal and the rule says it pays."""
    return plan_siblings(graph, groups, options, SiblingLimits())


def plan_siblings(
    graph: GraphLike, groups: list[Group], options: FusionOptions, limits: SiblingLimits
) -> tuple[list[Group], list[Refusal]]:
    """`merge_siblings` with explicit limits."""
    if not options.enabled:
        return list(groups), []
    clusters = Clusters(graph, groups)
    refusals: list[Refusal] = []
    if options.horizontal_contraction:
        refusals += merge_contractions(clusters, limits)
    if options.siblings:
        if limits.op_level:
            # One-op merges first; their refusals are repeated by the second pass.
            _merge_shared_inputs(clusters, options, replace(limits, kernel_groups=False))
        refusals += _merge_shared_inputs(clusters, options, limits)
    if options.independent:
        refusals += merge_independent(clusters, limits)
    return clusters.result(), refusals


def check_sibling_groups(
    clusters: Clusters, a: int, b: int, options: FusionOptions, limits: SiblingLimits
) -> Decision:
    """May groups `a` and `b` (sharing an input) become one kernel?"""
    ops = clusters.ops_of(a) + clusters.ops_of(b)
    effects = [n for n in ops if clusters.side_effects(n)]
    if effects:
        n = effects[0]
        return Decision.refuse(
            codes.OPAQUE_OP,
            f"{describe(clusters, n)} has a side-effecting body (e.g. cf.assert); sibling fusion never moves or merges it",
        )
    contraction = [n for n in ops if clusters.contraction_like(n)]
    if contraction:
        return Decision.refuse(
            codes.INCOMPATIBLE_SPACE,
            f"{describe(clusters, contraction[0])} is a contraction; only horizontal contraction merges those",
        )
    path = clusters.path_between(a, b) or clusters.path_between(b, a)
    if path is not None:
        via = ", ".join(describe(clusters, n) for n in path[1:-1]) or "a direct use"
        return Decision.refuse(
            codes.CYCLE,
            f"path {describe(clusters, path[0])} -> {describe(clusters, path[-1])} through {via}: merging would make a cycle",
        )
    op_handles = [clusters.graph.ops[n] for n in ops]
    one_generic = limits.op_level and same_space(op_handles)
    if not one_generic:
        if not limits.kernel_groups:
            return Decision.refuse(codes.INCOMPATIBLE_SPACE, "not one op (kernel-level pass)")
        reason = co_iterable([clusters.graph.ops[n] for n in _own_grid_ops(clusters, ops)])
        if reason is not None:
            return Decision.refuse(
                codes.INCOMPATIBLE_SPACE, f"incompatible iteration spaces: {reason}"
            )
        if not group_accepts_result_types(clusters.escaping_types(ops)):
            return Decision.refuse(
                GROUP_RESULT_TYPES,
                "co-iterable, but a fusion.group yields at most 7 results of different types "
                "(later ones share one type; dialect/fusion.irdl.mlir)",
            )
    analysis = _analysis_group_check(clusters, ops, options)
    # one generic needs no common tiling of separate loop nests: the analysis'
    # space check (made for kernels of several ops) does not apply to it
    space_only = one_generic and analysis is not None and analysis.code == codes.INCOMPATIBLE_SPACE
    if analysis is not None and not analysis.ok and not space_only:
        return analysis
    operands = clusters.external_inputs(ops)
    if len(operands) > options.max_operands:
        return Decision.refuse(
            codes.OPERAND_LIMIT,
            f"{len(operands)} operands exceed the limit of {options.max_operands}",
        )
    return Decision.accept("siblings share an input and are co-iterable")


def _own_grid_ops(clusters: Clusters, ops: list[int]) -> list[int]:
    """`ops` less the small producers their readers recompute through broadcast
    maps: as in the analysis' group check, those run inside their readers (and
    merge into them), so their own loops are no grid of the kernel."""
    graph = clusters.graph
    if not isinstance(graph, DataflowGraph):
        return ops
    inside = set(ops)
    return [n for n in ops if not recomputed_by_readers(graph, n, inside)]


def _merge_shared_inputs(
    clusters: Clusters, options: FusionOptions, limits: SiblingLimits
) -> list[Refusal]:
    refusals: list[Refusal] = []
    for value in clusters.shared_values():
        readers = clusters.readers(value)
        if readers:
            refusals += _nested_reader_refusals(clusters, value, readers[0])
        if len(readers) < 2:
            continue
        refusals += _cluster_greedily(clusters, readers, options, limits)
    return refusals


def _nested_reader_refusals(clusters: Clusters, value: ir.Value, reader: int) -> list[Refusal]:
    """A sibling inside a region (loop, branch) has no insertion point shared with one outside."""
    refusals = []
    for user, ancestor in clusters.nested_readers(value):
        message = (
            f"{op_name(user)} at {location_text(user)} reads the shared value inside "
            f"{describe(clusters, ancestor)}: no point outside it is dominated by all its operands"
        )
        ops = tuple(sorted({ancestor, *clusters.ops_of(reader)}))
        refusals.append(Refusal(None, None, codes.NON_DOMINATING, message, ops))
    return refusals


def _cluster_greedily(
    clusters: Clusters, readers: Sequence[int], options: FusionOptions, limits: SiblingLimits
) -> list[Refusal]:
    """Each reader joins the first cluster that accepts it, else starts one.

    A reader tries at most `MAX_CLUSTERS_TRIED` clusters (the latest ones), so
    a value with thousands of dependent readers stays linear; each reader that
    joins none records the first refusal it got.
    """
    refusals: list[Refusal] = []
    bases: list[int] = []
    for reader in readers:
        reader = clusters.find(reader)
        first_refusal: Refusal | None = None
        joined = False
        for i in range(len(bases) - 1, max(-1, len(bases) - 1 - MAX_CLUSTERS_TRIED), -1):
            base = clusters.find(bases[i])
            if base == reader:
                joined = True
                break
            decision = check_sibling_groups(clusters, base, reader, options, limits)
            if decision.ok:
                bases[i] = clusters.merge(base, reader, "sibling")
                joined = True
                break
            first_refusal = first_refusal or refusal(clusters, base, reader, decision)
        if not joined:
            bases.append(reader)
            if first_refusal is not None:
                refusals.append(first_refusal)
    return refusals


def _analysis_group_check(
    clusters: Clusters, ops: list[int], options: FusionOptions
) -> Decision | None:
    """The analysis' whole-group legality (convexity, kinds, operand count) on a function body."""
    if not isinstance(clusters.graph, DataflowGraph):
        return None
    decision: Decision = check_group(clusters.graph, ops, max_operands=options.max_operands)
    return decision
