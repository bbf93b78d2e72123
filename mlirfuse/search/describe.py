"""From a partition of compute nodes to the plan's Groups and Refusals."""

from __future__ import annotations

from typing import Any

from mlirfuse.analysis.legality import check_pair
from mlirfuse.analysis.lowerability import check_lowerable
from mlirfuse.analysis.types import RESHAPES, OpKind
from mlirfuse.cost.estimate import GroupEstimate, group_io
from mlirfuse.cost.problem import ANCHOR_KINDS, MATMUL_KINDS, Problem
from mlirfuse.search.exact import Partition
from mlirfuse.search.groups import Evaluator
from mlirfuse.vocab import codes
from mlirfuse.vocab.model import Group, GroupCost, Refusal


def group_cost(estimate: GroupEstimate) -> GroupCost:
    return GroupCost(
        bytes_read=estimate.bytes_read,
        bytes_written=estimate.bytes_written,
        flops=estimate.flops,
        launches=estimate.launches,
        registers_per_thread=estimate.registers_per_thread,
        shared_bytes=estimate.shared_bytes,
        cost=estimate.cost,
        time_us=estimate.time_us,
    )


def pattern_of(problem: Problem, members: frozenset[int]) -> tuple[str, int | None]:
    """(pattern name from model.PATTERNS, root op) of a group of compute nodes."""
    nodes = sorted((problem.by_id[m] for m in members), key=lambda n: problem.index[n.id])
    anchors = [n for n in nodes if n.kind in ANCHOR_KINDS]
    root = anchors[0].id if anchors else None
    if len(nodes) == 1:
        return "single", root
    internal = [(p, c) for p in members for c in problem.succs[p] if c in members]
    if any(n.kind in MATMUL_KINDS for n in anchors):
        matmuls = [n for n in anchors if n.kind in MATMUL_KINDS]
        return ("horizontal-contraction" if len(matmuls) > 1 else "contraction-epilogue"), root
    if anchors:
        reductions = {n.id for n in anchors}
        epilogue = any(p in reductions for p, _ in internal)
        return ("reduction-epilogue" if epilogue else "reduction-prologue"), root
    return ("elementwise-chain" if internal else "sibling"), root


def describe_groups(graph: Any, evaluator: Evaluator, partition: Partition) -> list[Group]:
    problem = evaluator.problem
    companions = _companions(graph, partition)
    groups = []
    for gid, members in enumerate(partition):
        pattern, root = pattern_of(problem, members)
        written = set(_written(evaluator, members))
        kept = tuple(
            sorted(
                n
                for n in members
                if any(v in written for v in problem.by_id[n].outputs)
                and any(c in members for c in problem.succs[n])
            )
        )
        groups.append(
            Group(
                id=gid,
                ops=tuple(sorted(members | companions.get(gid, set()))),
                pattern=pattern,
                root=root,
                kept=kept,
                cost=group_cost(evaluator.estimate_of(members)),
            )
        )
    return groups


def _written(evaluator: Evaluator, members: frozenset[int]) -> list[int]:
    return group_io(evaluator.problem, members)[1]


def _pads_into_windows(graph: Any, owner: dict[int, int]) -> dict[int, set[int]]:
    """A `tensor.pad` read only by one convolution or pooling joins that op's
    kernel (`pad_into_window`)."""
    extra: dict[int, set[int]] = {}
    for n, info in enumerate(graph.infos):
        if info.name != "tensor.pad":
            continue
        window = _window_reader(graph, n)[1]
        gid = owner.get(window) if window is not None else None
        if gid is None:
            continue
        chain = pad_into_window(graph, n, {m for m, g in owner.items() if g == gid})
        extra.setdefault(gid, set()).update(chain)
    return extra


def pad_into_window(graph: Any, pad: int, kernel: set[int]) -> list[int]:
    """The pad (and the reshapes after it) that join `kernel`, the kernel of
    the convolution or pooling that alone reads the pad, directly or through
    reshapes read only by it (a grouped convolution's channel split): the
    kernel reads the unpadded source with a bounds check (the back end's
    lowering), so plan, IR and launched kernels agree. Through reshapes only
    where the back end builds the kernel so; [] when the pad stays out."""
    if graph.external_uses(pad):
        return []
    chain, window = _window_reader(graph, pad)
    if window is None or window not in kernel:
        return []
    if len(chain) > 1:
        members = sorted(kernel | set(chain))
        if check_lowerable([graph.ops[m] for m in members]) is not None:
            return []
    return chain


def window_of(graph: Any, pad: int) -> int | None:
    """The convolution or pooling that alone reads `pad` (through reshapes)."""
    return _window_reader(graph, pad)[1]


def _window_reader(graph: Any, pad: int) -> tuple[list[int], int | None]:
    """The pad and the reshapes after it, and the convolution or pooling
    reading them (None when another op reads the pad or a reshape)."""
    chain = [pad]
    while True:
        users = graph.consumers(chain[-1])
        if len(users) != 1:
            return chain, None
        user = users[0]
        if graph.infos[user].kind is OpKind.CONVOLUTION:
            return chain, user
        if graph.infos[user].name not in RESHAPES or graph.external_uses(user):
            return chain, None
        chain.append(user)


def pad_refusals(graph: Any, groups: list[Group]) -> list[Refusal]:
    """Why the producer of a pad that joined its convolution's kernel stays out:
    the analysis' pair verdict on that edge (a policy code when it is legal)."""
    owner = {n: g.id for g in groups for n in g.ops}
    refusals = []
    for g in groups:
        for n in g.ops:
            if graph.infos[n].name != "tensor.pad":
                continue
            for p in graph.preds(n):
                if p in owner and owner[p] != g.id:
                    may = check_pair(graph, p, n)
                    code = may.code if not may.ok else codes.NOT_CHOSEN
                    refusals.append(Refusal(p, n, code, may.message))
    return refusals


def _companions(graph: Any, partition: Partition) -> dict[int, set[int]]:
    """Fills read only by one multi-op kernel, reshapes between its members,
    pads in front of its convolutions."""
    owner = {n: gid for gid, members in enumerate(partition) for n in members}
    sizes = {gid: len(members) for gid, members in enumerate(partition)}
    extra = _pads_into_windows(graph, owner)
    for n, info in enumerate(graph.infos):
        if info.is_kernel or (info.name != "linalg.fill" and info.name not in RESHAPES):
            continue
        users = graph.consumers(n)
        if not users or graph.external_uses(n):
            continue
        homes = {owner.get(u) for u in users}
        if len(homes) != 1 or None in homes:
            continue
        gid = homes.pop()
        assert gid is not None
        if info.name in RESHAPES and not all(owner.get(p) == gid for p in graph.preds(n)):
            continue
        if info.name == "linalg.fill" and sizes[gid] < 2:
            continue
        owner[n] = gid
        extra.setdefault(gid, set()).add(n)
    return extra


def refusals_between(
    evaluator: Evaluator, partition: Partition, known: list[Refusal] | None = None
) -> list[Refusal]:
    """Why each producer->consumer edge between two kernels was not fused.

    `known`: refusals a planner already gave (the heuristic's); an edge they
    cover keeps that reason, and "cost" then means the heuristic's choice."""
    problem = evaluator.problem
    owner = {n: members for members in partition for n in members}
    given = {(r.producer, r.consumer): r for r in known or []}
    refusals = [r for r in known or [] if r.producer is None]
    for producer, consumer in problem.edges():
        a, b = owner[producer], owner[consumer]
        if a is b:
            continue
        why = given.get((producer, consumer)) or _why_not(evaluator, producer, consumer, a | b)
        if known is not None and why.code == codes.COST:
            why = Refusal(
                producer,
                consumer,
                codes.NOT_CHOSEN,
                "the rule heuristic did not join these kernels",
            )
        refusals.append(why)
    return refusals


def _why_not(evaluator: Evaluator, producer: int, consumer: int, union: frozenset[int]) -> Refusal:
    edge = evaluator.problem.edge_decisions.get((producer, consumer))
    if edge is not None and not edge.ok:
        return Refusal(producer, consumer, edge.code, edge.message)
    decision = evaluator.decide(union)
    if not decision.ok:
        return Refusal(producer, consumer, decision.code, decision.message)
    if not evaluator.convex(union):
        return Refusal(
            producer,
            consumer,
            codes.CYCLE,
            "joining the two kernels would make a path leave and re-enter it",
        )
    joined = evaluator.cost(union)
    return Refusal(
        producer,
        consumer,
        codes.COST,
        f"not chosen: the best plan is cheaper with these ops in different kernels (joined kernel J={joined:.3f})",
    )


__all__ = [
    "OpKind",
    "describe_groups",
    "group_cost",
    "pattern_of",
    "refusals_between",
]
