"""May a producer fuse into its consumer? Every answer has a stable code.

Two levels (docs/legality.md):
- "op": merge into one linalg op (composed maps, one body);
- "kernel": put both in one `fusion.group`, i.e. one future kernel.
The checks run in a fixed order and the first refusal is returned, so a case
built to show one code shows exactly that code.
"""

from __future__ import annotations

import itertools

from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.analysis.kinds import kind_rule
from mlirfuse.analysis.maps import is_invertible
from mlirfuse.analysis.spaces import spaces_compatible
from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.vocab import codes

LEVELS = ("op", "kernel")


def _describe(graph: DataflowGraph, n: int) -> str:
    info = graph.infos[n]
    return f"op {n} ({info.name}, {info.kind.value})"


def _check_edge(graph: DataflowGraph, p: int, c: int) -> Decision | None:
    if p == c:
        return Decision.refuse(codes.SAME_OP, f"{_describe(graph, p)} cannot fuse with itself")
    if c < p:
        return Decision.refuse(
            codes.RAW_ORDER,
            f"{_describe(graph, p)} comes after {_describe(graph, c)}: "
            "fusing would read a value before it is written",
        )
    if not graph.has_edge(p, c):
        return Decision.refuse(
            codes.NO_EDGE, f"{_describe(graph, c)} does not use a result of {_describe(graph, p)}"
        )
    return None


def _check_opaque(graph: DataflowGraph, *nodes: int) -> Decision | None:
    for n in nodes:
        if graph.infos[n].kind is OpKind.OPAQUE:
            return Decision.refuse(
                codes.OPAQUE_OP, f"{_describe(graph, n)} is opaque: fusion cannot see inside it"
            )
    return None


def _fused_operands(graph: DataflowGraph, p: int, c: int) -> list[int]:
    """Operand indices of `c` that take a result of `p`."""
    return [i for i, q in enumerate(graph.operand_producers(c)) if q == p]


def _check_init(graph: DataflowGraph, p: int, c: int) -> Decision | None:
    operands = graph.infos[c].operands
    fused = _fused_operands(graph, p, c)
    if fused and all(operands[i].is_init for i in fused):
        return Decision.refuse(
            codes.INIT_OPERAND,
            f"{_describe(graph, p)} feeds only the init (outs) of {_describe(graph, c)}; "
            "only a fill or an empty tensor may be fused into an init",
        )
    return None


def _check_op_level(graph: DataflowGraph, p: int, c: int) -> Decision | None:
    for n in (p, c):
        if graph.view(n) is None:
            return Decision.refuse(
                codes.NOT_STRUCTURED,
                f"{_describe(graph, n)} is not a linalg op: it cannot be merged into one",
            )
    view = graph.view(p)
    assert view is not None
    for m in view.maps[view.num_inputs :]:
        if not is_invertible(m):
            return Decision.refuse(
                codes.NON_INVERTIBLE_MAP,
                f"result map {m} of {_describe(graph, p)} is not a permutation: "
                "the consumer's indices cannot be mapped back to the producer's loops",
            )
    return None


def _check_space(graph: DataflowGraph, p: int, c: int) -> Decision | None:
    # Operands of a contraction/convolution are loaded tile by tile: their
    # producer need not share the contraction's grid (a transposed weight).
    if graph.infos[c].kind in (OpKind.CONTRACTION, OpKind.CONVOLUTION):
        return None
    decision = spaces_compatible(graph.infos[p], graph.infos[c])
    return None if decision.ok else decision


def _check_cycle(graph: DataflowGraph, p: int, c: int) -> Decision | None:
    # One bitset test; the witness is searched only when there is a cycle.
    if not (graph.indirect_mask(p) >> c) & 1:
        return None
    via = next(s for s in graph.iter_succs(p) if s != c and graph.reachable(s, c))
    return Decision.refuse(
        codes.CYCLE,
        f"path {p} -> {via} -> ... -> {c}: the fused op would both feed and "
        f"consume {_describe(graph, via)}",
    )


def _users_text(graph: DataflowGraph, p: int, c: int) -> str:
    """The other users of `p`'s value, for messages (at most three named)."""
    others = [s for s in itertools.islice(graph.iter_succs(p), 4) if s != c][:3]
    total = graph.out_degree(p) - 1
    users = [f"op {s}" for s in others]
    if total > len(others):
        users.append(f"{total - len(others)} more ops")
    if graph.external_uses(p):
        users.append("the function results")
    return ", ".join(users)


def _check_uses(
    graph: DataflowGraph, p: int, c: int, keep_result: bool, recompute: bool
) -> Decision | None:
    if graph.out_degree(p) <= 1 and not graph.external_uses(p):
        return None
    if keep_result:
        return None
    who = _users_text(graph, p, c)
    if recompute and graph.infos[p].side_effects:
        return Decision.refuse(
            codes.SIDE_EFFECT_DUPLICATION,
            f"{_describe(graph, p)} has a side-effecting body and is also used by {who}: "
            "recomputing would duplicate it; keep it as an extra result instead",
        )
    if recompute:
        return None
    return Decision.refuse(
        codes.MULTI_CONSUMER,
        f"{_describe(graph, p)} is also used by {who}: "
        "fuse with keep_result (extra result) or recompute",
    )


def check_producer_consumer(
    graph: DataflowGraph,
    producer: int,
    consumer: int,
    *,
    keep_result: bool = False,
    recompute: bool = False,
    level: str = "kernel",
) -> Decision:
    """Whether `producer` may fuse into `consumer` at `level` ("op" or "kernel").

    `keep_result`: the fused op still yields the producer's value for its
    other users; `recompute`: other users get their own copy of the producer.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    p, c = producer, consumer
    refusal = _check_edge(graph, p, c) or _check_opaque(graph, p, c)
    if refusal:
        return refusal
    pinfo = graph.infos[p]
    if pinfo.kind is OpKind.FILL and not pinfo.side_effects:
        return Decision.accept(f"{_describe(graph, p)} is rematerialised in the consumer")
    refusal = kind_rule(graph, p, c, level) or _check_init(graph, p, c)
    if not refusal and level == "op":
        refusal = _check_op_level(graph, p, c)
    if not refusal and level == "kernel":
        refusal = _check_space(graph, p, c)
    refusal = refusal or _check_cycle(graph, p, c)
    refusal = refusal or _check_uses(graph, p, c, keep_result, recompute)
    if refusal:
        return refusal
    return Decision.accept(
        f"{_describe(graph, p)} fuses into {_describe(graph, c)} at {level} level"
    )


def check_pair(graph: DataflowGraph, producer: int, consumer: int) -> Decision:
    """The pair check every planner and the explain report share: may `producer`
    join `consumer`'s kernel, its value kept as an extra result for other users
    (what a plan does with a multi-use producer)."""
    return check_producer_consumer(graph, producer, consumer, keep_result=True, level="kernel")
