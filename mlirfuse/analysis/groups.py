"""Legality of sibling pairs and of whole groups (docs/legality.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.broadcast_reads import recomputed_by_readers, weights_only_chains
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.kinds import ROOTS, is_weight_prologue
from mlirfuse.analysis.lowerability import check_lowerable
from mlirfuse.analysis.op_facts import holds_no_data, is_stored_constant
from mlirfuse.analysis.spaces import spaces_compatible, squeeze
from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.context import group_accepts_result_types
from mlirfuse.vocab import codes


def _opaque(graph: DataflowGraph, nodes: Iterable[int]) -> Decision | None:
    for n in nodes:
        if graph.infos[n].kind is OpKind.OPAQUE:
            return Decision.refuse(
                codes.OPAQUE_OP,
                f"op {n} ({graph.infos[n].name}) is opaque: it cannot join a kernel",
            )
    return None


def is_materialised(graph: DataflowGraph, value: ir.Value) -> bool:
    """Not a real input: scalars and tensors produced by fill-kind ops."""
    if not isinstance(value.type, ir.ShapedType):
        return True
    producer = graph.producer_of(value)
    return producer is not None and graph.infos[producer].kind is OpKind.FILL


def _holds_data(graph: DataflowGraph, value: ir.Value) -> bool:
    """A real input (`is_materialised` is not), or a stored constant."""
    if not isinstance(value.type, ir.ShapedType) or holds_no_data(value):
        return False
    if not is_materialised(graph, value):
        return True
    return isinstance(value, ir.OpResult) and is_stored_constant(value.owner.operation)


def shared_inputs(graph: DataflowGraph, a: int, b: int) -> list[ir.Value]:
    """Tensor values both ops read as inputs (not inits) that hold data: a
    stored constant (an index table) does, a splat or a fill does not."""
    reads_b = graph.input_values(b)
    shared = []
    for v in graph.input_values(a):
        if v in reads_b and v not in shared and _holds_data(graph, v):
            shared.append(v)
    return shared


@dataclass(frozen=True)
class InsertionPlan:
    """Where a merged op of two siblings stands, and which ops must move.

    `at` is the node the merged op replaces (the other sibling is erased);
    `hoist` ops move above the earlier sibling, `sink` ops below the later one,
    keeping their relative order. Moving them never breaks RAW order: hoisted
    ops are producers of the later sibling, sunk ops users of the earlier, and
    there is no path between the siblings.
    """

    at: int
    hoist: tuple[int, ...]
    sink: tuple[int, ...]


def _movable(graph: DataflowGraph, n: int) -> bool:
    info = graph.infos[n]
    return not info.side_effects and info.kind is not OpKind.OPAQUE


def _keeps_effect_order(graph: DataflowGraph, mover: int, passed: list[int]) -> bool:
    """Moving `mover` past `passed` keeps side effects in order."""
    if not graph.infos[mover].side_effects:
        return True
    return not any(graph.infos[n].side_effects for n in passed)


def insertion_plan(graph: DataflowGraph, a: int, b: int) -> InsertionPlan | None:
    """The cheapest placement for siblings `a`, `b` (no path between them), or
    None when every placement needs to move an opaque or side-effecting op (or
    to move a side-effecting sibling past another side effect)."""
    first, last = sorted((a, b))
    between = range(first + 1, last)
    desc, anc = graph.descendants_mask(first), graph.ancestors_mask(last)
    sink = tuple(n for n in between if (desc >> n) & 1)  # users of `first` before `last`
    hoist = tuple(n for n in between if (anc >> n) & 1)  # producers of `last` after `first`
    options = []
    stay = [n for n in between if n not in sink]
    if all(_movable(graph, n) for n in sink) and _keeps_effect_order(graph, first, stay):
        options.append(InsertionPlan(last, (), sink))
    stay = [n for n in between if n not in hoist]
    if all(_movable(graph, n) for n in hoist) and _keeps_effect_order(graph, last, stay):
        options.append(InsertionPlan(first, hoist, ()))
    if not options:
        return None
    return min(options, key=lambda plan: len(plan.hoist) + len(plan.sink))


def check_siblings(graph: DataflowGraph, a: int, b: int) -> Decision:
    """Whether `a` and `b` may become one multi-result op or kernel."""
    if a == b:
        return Decision.refuse(codes.SAME_OP, f"op {a} cannot be its own sibling")
    refusal = _opaque(graph, (a, b))
    if refusal:
        return refusal
    first, last = sorted((a, b))
    if graph.reachable(first, last):
        return Decision.refuse(
            codes.CYCLE,
            f"op {last} depends on op {first} (a path of one or more edges): "
            "one op computing both would consume its own result",
        )
    both_roots = graph.infos[a].kind in ROOTS and graph.infos[b].kind in ROOTS
    if not both_roots:
        space = spaces_compatible(graph.infos[a], graph.infos[b])
        if not space.ok:
            return space
    plan = insertion_plan(graph, a, b)
    if plan is None:
        return Decision.refuse(
            codes.NON_DOMINATING,
            f"no insertion point for ops {first} and {last}: at op {last} a user of op "
            f"{first} comes earlier, at op {first} an operand of op {last} is not yet "
            "defined, and the ops in between are side-effecting or opaque, so not moved",
        )
    if not shared_inputs(graph, a, b):
        return Decision.refuse(
            codes.NO_SHARED_INPUT,
            f"ops {first} and {last} share no input: legal, but fusing only saves a launch",
        )
    moves = "".join(
        f", {word} {', '.join(map(str, ids))}"
        for word, ids in (("hoisting", plan.hoist), ("sinking", plan.sink))
        if ids
    )
    return Decision.accept(
        f"ops {first} and {last} share an input and may share a kernel (at op {plan.at}{moves})"
    )


def _check_convex(graph: DataflowGraph, members: list[int]) -> Decision | None:
    mask = 0
    desc = anc = 0
    for m in members:
        mask |= 1 << m
        desc |= graph.descendants_mask(m)
        anc |= graph.ancestors_mask(m)
    outside = desc & anc & ~mask
    if outside:
        x = (outside & -outside).bit_length() - 1
        return Decision.refuse(
            codes.NOT_CONVEX,
            f"op {x} ({graph.infos[x].name}) is outside the group but on a path "
            "from the group back into it",
        )
    return None


def _check_kinds(graph: DataflowGraph, members: list[int]) -> Decision | None:
    roots = [m for m in members if graph.infos[m].kind in ROOTS]
    for r in roots:
        for other in roots:
            if graph.reachable(r, other):
                return Decision.refuse(
                    codes.KIND_MISMATCH, f"op {other} depends on op {r}: one root per kernel"
                )
    member_set = set(members)
    for m in members:
        if graph.infos[m].kind is not OpKind.REDUCTION:
            continue
        for s in graph.succs(m):
            if s in member_set and graph.infos[s].kind is OpKind.REDUCTION:
                return Decision.refuse(
                    codes.REDUCTION_INTO_REDUCTION, f"reduction op {m} feeds reduction op {s}"
                )
    return None


def _tile_operand_only(graph: DataflowGraph, n: int, member_set: set[int]) -> bool:
    """`n` only feeds contractions/convolutions of the group (loaded by tiles)."""
    inner = [s for s in graph.succs(n) if s in member_set]
    return bool(inner) and all(graph.infos[s].kind in ROOTS for s in inner)


def _operand_prologue(graph: DataflowGraph, n: int, member_set: set[int]) -> bool:
    """`n` is a weight prologue (`kinds.is_weight_prologue`: a dequantized
    weight) that feeds, directly or through other such members, only
    contractions of the group: computed in their operand tile loads, it runs
    on the operand's tiles, not on the kernel's grid."""
    if not is_weight_prologue(graph, n) or graph.results_used_outside(n, member_set):
        return False
    inner = [s for s in graph.succs(n) if s in member_set]
    return bool(inner) and all(
        graph.infos[s].kind is OpKind.CONTRACTION or _operand_prologue(graph, s, member_set)
        for s in inner
    )


def _merges_into_reduction(graph: DataflowGraph, n: int, member_set: set[int]) -> bool:
    """`n` is an elementwise prologue read only by reductions of the group
    over its own loops: the rewrite merges it into their bodies, so the
    kernel iterates it as they do and their check covers it. Judged by its
    all-parallel loops, a (rows, keys) prologue of an argmax refused the
    argmax's (rows, features) gather epilogue, which the merged IR, planned
    again, accepts: a plan that was not a fixed point of fusion."""
    info = graph.infos[n]
    if info.kind is not OpKind.ELEMENTWISE or graph.results_used_outside(n, member_set):
        return False
    readers = graph.succs(n)
    own = squeeze(tuple(info.loop_ranges))
    return bool(readers) and all(
        graph.infos[r].kind is OpKind.REDUCTION
        and squeeze(tuple(graph.infos[r].loop_ranges)) == own
        for r in readers
    )


def _iterations(graph: DataflowGraph, n: int) -> int:
    total = 1
    for d in graph.infos[n].loop_ranges:
        total *= d if d is not None else 1
    return total


def _check_space(graph: DataflowGraph, members: list[int]) -> Decision | None:
    member_set = set(members)
    chains = weights_only_chains(graph, members)
    checked = [
        m
        for m in members
        if graph.infos[m].kind is not OpKind.FILL
        and m not in chains
        and not _tile_operand_only(graph, m, member_set)
        and not _operand_prologue(graph, m, member_set)
        and not recomputed_by_readers(graph, m, member_set)
        and not _merges_into_reduction(graph, m, member_set)
    ]
    if not checked:
        return None
    # The grid is the largest op's; among equally large ops a root (a
    # reduction's rows) first: a prologue over the same loops merges into the
    # root, so judging its epilogue by the prologue's all-parallel loops would
    # refuse what the same kernel, once merged, is accepted as.
    most = max(_iterations(graph, m) for m in checked)
    anchors = [m for m in checked if _iterations(graph, m) == most]
    anchors.sort(key=lambda m: graph.infos[m].kind not in ROOTS)
    first: Decision | None = None
    for anchor in anchors:
        refusal = _refusal_against(graph, checked, anchor)
        if refusal is None:
            return None
        first = first or refusal
    parts = _apart(graph, members)
    if len(parts) > 1 and all(_check_space(graph, part) is None for part in parts):
        return None  # one part per grid, one launch (the back end's partitioned schedule)
    return first


def _apart(graph: DataflowGraph, members: list[int]) -> list[list[int]]:
    """`members` cut where no edge joins them: a rope's query heads beside
    its fewer key heads once grouped-query attention reads K unrepeated. Each
    part may have its own grid; whether parts of different grids make one
    kernel is the back end's call (`gpu-sibling-shapes`)."""
    inside = set(members)
    edges = [(m, s) for m in members for s in graph.succs(m) if s in inside]
    return unjoined_parts(members, edges)


def unjoined_parts(members: Iterable[int], edges: Iterable[tuple[int, int]]) -> list[list[int]]:
    """`members` split into the parts no edge of `edges` joins (union-find;
    each part in the members' order)."""
    parent = {m: m for m in members}

    def root(m: int) -> int:
        while parent[m] != m:
            m = parent[m]
        return m

    for producer, consumer in edges:
        if producer in parent and consumer in parent:
            parent[root(consumer)] = root(producer)
    parts: dict[int, list[int]] = {}
    for m in parent:
        parts.setdefault(root(m), []).append(m)
    return list(parts.values())


def _refusal_against(graph: DataflowGraph, members: list[int], anchor: int) -> Decision | None:
    for m in members:
        decision = spaces_compatible(graph.infos[m], graph.infos[anchor])
        if not decision.ok:
            return decision
    return None


def kernel_operands(graph: DataflowGraph, members: list[int]) -> int:
    """Buffers a kernel for `members` takes: distinct external tensor inputs
    (scalars and fill-kind values excluded: passed by value or made in-kernel)
    plus results used outside the group."""
    member_set = set(members)
    inputs: list[ir.Value] = []
    outputs = 0
    for m in members:
        for v in graph.all_operands(m):
            p = graph.producer_of(v)
            if p in member_set or is_materialised(graph, v) or v in inputs:
                continue
            inputs.append(v)
        if graph.infos[m].kind is not OpKind.FILL:  # fills are rematerialised outside
            outputs += graph.results_used_outside(m, member_set)
    return len(inputs) + outputs


def check_group(graph: DataflowGraph, ops: Iterable[int], *, max_operands: int = 32) -> Decision:
    """Whether `ops` may form one kernel (`fusion.group`)."""
    members = sorted(set(ops))
    if not members:
        return Decision.accept("empty group")
    refusal = _opaque(graph, members) or _check_convex(graph, members)
    refusal = refusal or _check_kinds(graph, members) or _check_space(graph, members)
    # The back end's "can build this kernel" is part of "may": a plan is only
    # worth what the back end can lower (mlirfuse.analysis.lowerability).
    refusal = refusal or check_lowerable([graph.ops[m] for m in members])
    if refusal:
        return refusal
    count = kernel_operands(graph, members)
    if count > max_operands:
        return Decision.refuse(
            codes.OPERAND_LIMIT,
            f"the kernel would take {count} buffers, more than the limit of {max_operands}",
        )
    return _check_result_types(graph, members) or Decision.accept(
        f"{len(members)} ops form one kernel with {count} buffers"
    )


def _check_result_types(graph: DataflowGraph, members: list[int]) -> Decision | None:
    """A fusion.group yields at most 7 values that differ in type from its
    most common one (context.group_accepts_result_types)."""
    inside = set(members)
    types = [v.type for m in members for v in graph.results_read_outside(m, inside)]
    if group_accepts_result_types(types):
        return None
    names = ", ".join(sorted({str(t) for t in types}))
    return Decision.refuse(
        codes.GROUP_RESULT_TYPES,
        f"the kernel's {len(types)} outgoing values ({names}) differ in type past "
        "what a fusion.group yields (7 may differ from the most common type)",
    )
