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
from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis import codes
from mlirfuse.analysis.types import Decision
from mlirfuse.plan.model import Group, Refusal
from mlirfuse.plan.options import FusionOptions
from mlirfuse.plan.sibling_clusters import Clusters
from mlirfuse.transforms.sibling_contraction import (
    contraction_mismatch,
    contractions_in,
    horizontal_lhs,
    weights_are_constant,
)
from mlirfuse.transforms.sibling_facts import (
    has_side_effects,
    input_values,
    location_text,
    loop_facts,
    op_name,
)
from mlirfuse.transforms.sibling_graph import GraphLike
from mlirfuse.transforms.sibling_group import group_results_may_differ
from mlirfuse.transforms.sibling_prologue import body_size, recomputable_prologue
from mlirfuse.transforms.sibling_spaces import co_iterable, same_space

CONTRACTION_MISMATCH = (
    "contraction-mismatch"  # LHS shared but K, types or maps differ, or N too wide
)
GROUP_RESULT_TYPES = "group-result-types"  # dialect limit: one type for all group results
CONCAT_COST = "concat-cost"  # constant-weights-only and a weight is computed at run time
MAX_CONCAT_N = 8192  # summed N of a horizontal contraction (columns of the concatenated weight)
MAX_CLUSTERS_TRIED = 8  # clusters of one shared value a reader tries to join
MAX_RECOMPUTED_BODY = 2  # body ops of an elementwise prologue worth recomputing per element
SMALL_KERNEL_ELEMENTS = 1 << 16  # an op writing at most this many elements is "small"
MAX_INDEPENDENT = 8  # ops per independent group


@dataclass(frozen=True)
class SiblingLimits:
    """The rule's bounds (pass options set them; the umbrella uses the defaults)."""

    max_concat_n: int = MAX_CONCAT_N
    constant_weights_only: bool = False  # horizontal contraction only when the concat folds
    small_kernel_elements: int = SMALL_KERNEL_ELEMENTS
    max_independent: int = MAX_INDEPENDENT
    # the caller's rewrite makes one op where it can (a multi-result generic for
    # same-space siblings, a concat contraction); else every merge is a fusion.group
    op_level: bool = False


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
        refusals += _merge_contractions(clusters, limits)
    if options.siblings:
        refusals += _merge_shared_inputs(clusters, options, limits)
    if options.independent:
        refusals += _merge_independent(clusters, limits)
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
            f"{_describe(clusters, n)} has a side-effecting body (e.g. cf.assert); sibling fusion never moves or merges it",
        )
    contraction = [n for n in ops if clusters.contraction_like(n)]
    if contraction:
        return Decision.refuse(
            codes.INCOMPATIBLE_SPACE,
            f"{_describe(clusters, contraction[0])} is a contraction; only horizontal contraction merges those",
        )
    path = clusters.path_between(a, b) or clusters.path_between(b, a)
    if path is not None:
        via = ", ".join(_describe(clusters, n) for n in path[1:-1]) or "a direct use"
        return Decision.refuse(
            codes.CYCLE,
            f"path {_describe(clusters, path[0])} -> {_describe(clusters, path[-1])} through {via}: merging would make a cycle",
        )
    op_handles = [clusters.graph.ops[n] for n in ops]
    one_generic = limits.op_level and same_space(op_handles)
    if not one_generic:
        reason = co_iterable(op_handles)
        if reason is not None:
            return Decision.refuse(
                codes.INCOMPATIBLE_SPACE, f"incompatible iteration spaces: {reason}"
            )
        mixed = len(set(clusters.escaping_types(ops))) > 1
        if mixed and not group_results_may_differ(op_handles[0].context):
            return Decision.refuse(
                GROUP_RESULT_TYPES,
                "co-iterable, but a fusion.group cannot yet return results of different types "
                "(the IRDL variadic result constraint binds one type for all)",
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
            f"{_describe(clusters, ancestor)}: no point outside it is dominated by all its operands"
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
            first_refusal = first_refusal or _refusal(clusters, base, reader, decision)
        if not joined:
            bases.append(reader)
            if first_refusal is not None:
                refusals.append(first_refusal)
    return refusals


def prologue_recomputations(graph: GraphLike, options: FusionOptions) -> list[tuple[int, int]]:
    """(prologue, reduction) pairs to rewrite so that two reductions share an input.

    A reduction R reading a cheap elementwise op E of value v (at most
    MAX_RECOMPUTED_BODY body ops, e.g. a cast) while another reduction R1 over
    the same space reads v directly: recomputing E inside R makes R and R1
    same-space siblings on v. Never when recomputation is switched off, nor
    when a path joins R and R1.
    """
    if options.recompute == "never" or not options.enabled:
        return []
    pairs: list[tuple[int, int]] = []
    for e, prologue in enumerate(graph.ops):
        if not recomputable_prologue(prologue) or body_size(prologue) > MAX_RECOMPUTED_BODY:
            continue
        sources = [v for v in input_values(prologue) if isinstance(v.type, ir.RankedTensorType)]
        if len(sources) != 1:
            continue
        for r in _reductions_reading(graph, prologue.results[0]):
            if any(
                _same_space_partner(graph, r, r1) for r1 in _reductions_reading(graph, sources[0])
            ):
                pairs.append((e, r))
    return pairs


def _reductions_reading(graph: GraphLike, value: ir.Value) -> list[int]:
    found = []
    for use in value.uses:
        user = use.owner.operation
        facts = loop_facts(user)
        if facts is None or not facts.reduction_dims or op_name(user) != "linalg.generic":
            continue
        if value in input_values(user) and not has_side_effects(user):
            try:
                found.append(graph.id_of(user))
            except (KeyError, ValueError):
                continue  # nested in a region: not a sibling of a top-level op
    return found


def _same_space_partner(graph: GraphLike, r: int, r1: int) -> bool:
    if r == r1 or graph.reachable(r, r1) or graph.reachable(r1, r):
        return False
    return same_space([graph.ops[r], graph.ops[r1]])


def _analysis_group_check(
    clusters: Clusters, ops: list[int], options: FusionOptions
) -> Decision | None:
    """The analysis' whole-group legality (convexity, kinds, operand count), when it is there."""
    try:
        from mlirfuse.analysis.graph import DataflowGraph
        from mlirfuse.analysis.groups import check_group
    except ImportError:
        return None
    if not isinstance(clusters.graph, DataflowGraph):
        return None
    decision: Decision = check_group(clusters.graph, ops, max_operands=options.max_operands)
    return decision


def _merge_contractions(clusters: Clusters, limits: SiblingLimits) -> list[Refusal]:
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
                refusals.append(_refusal(clusters, base, other, decision))
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
    mixed = len(set(clusters.escaping_types(ops))) > 1
    if mixed and not limits.op_level and not group_results_may_differ(roots[0].context):
        return Decision.refuse(
            GROUP_RESULT_TYPES,
            "the products differ in shape and a fusion.group cannot yet return results of different types",
        )
    return Decision.accept("shared LHS, summed N fits")


def _merge_independent(clusters: Clusters, limits: SiblingLimits) -> list[Refusal]:
    refusals: list[Refusal] = []
    small = [gi for gi in clusters.live() if clusters.is_small(gi, limits.small_kernel_elements)]
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
        refusals.append(_refusal(clusters, current, gi, decision))
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
        via = " -> ".join(_describe(clusters, n) for n in path)
        return Decision.refuse(codes.CYCLE, f"not independent: path {via}")
    context = clusters.graph.ops[ops[0]].context
    if not group_results_may_differ(context) and len(set(clusters.escaping_types(ops))) > 1:
        return Decision.refuse(
            GROUP_RESULT_TYPES, "a fusion.group cannot yet return results of different types"
        )
    return Decision.accept("independent small kernels")


def _refusal(clusters: Clusters, a: int, b: int, decision: Decision) -> Refusal:
    ops = tuple(sorted(clusters.ops_of(a) + clusters.ops_of(b)))
    return Refusal(None, None, decision.code, decision.message, ops)


def _describe(clusters: Clusters, n: int) -> str:
    op = clusters.graph.ops[n]
    return f"op {n} ({op_name(op)} at {location_text(op)})"
