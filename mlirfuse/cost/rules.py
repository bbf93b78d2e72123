"""Which kinds fuse into which at kernel level, and the switches on top.

The analysis (`mlirfuse.analysis.legality`) decides legality on real IR; this
table is the same policy on kinds alone, used for synthetic graphs (tests,
benchmarks) and as the fallback when an edge has no analysis decision. The
pattern switches of `FusionOptions` are applied here on every edge, so they
hold whichever legality source is used.
"""

from __future__ import annotations

from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.cost.problem import MATMUL_KINDS, Node
from mlirfuse.vocab.options import FusionOptions

PARALLEL_KINDS = (OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.INJECTIVE)


def kind_rule(producer: Node, consumer: Node) -> Decision:
    """The kernel-level table of docs/cost-model.md ("Candidate groups")."""
    p, c = producer.kind, consumer.kind
    if OpKind.OPAQUE in (p, c):
        return Decision.refuse("opaque", "opaque ops are never fused")
    if p in PARALLEL_KINDS and c in (*PARALLEL_KINDS, OpKind.REDUCTION):
        return Decision.accept("parallel producer fused into its consumer")
    if p == OpKind.INJECTIVE and c in MATMUL_KINDS:
        return Decision.accept("layout change folded into the contraction's operand map")
    if p in PARALLEL_KINDS and c in MATMUL_KINDS:
        return Decision.refuse(
            "contraction-prologue",
            "an elementwise producer would be recomputed for every output tile of the contraction",
        )
    if p == OpKind.REDUCTION and c == OpKind.REDUCTION:
        return Decision.refuse(
            "reduction-into-reduction", "a reduction does not fuse into a reduction"
        )
    if p in (OpKind.REDUCTION, *MATMUL_KINDS) and c in PARALLEL_KINDS:
        return Decision.accept("elementwise epilogue of a reduction or contraction")
    return Decision.refuse("kind-mismatch", f"{p.value} does not fuse into {c.value}")


def switch_rule(producer: Node, consumer: Node, options: FusionOptions) -> Decision | None:
    """A refusal when a FusionOptions switch turns this edge's pattern off."""
    if not options.enabled:
        return Decision.refuse("disabled", "fusion is switched off")
    p, c = producer.kind, consumer.kind
    switches = (
        (p in PARALLEL_KINDS and c in PARALLEL_KINDS, options.elementwise, "elementwise"),
        (
            p in PARALLEL_KINDS and c == OpKind.REDUCTION,
            options.reduction_prologue,
            "reduction-prologue",
        ),
        (
            p == OpKind.REDUCTION and c in PARALLEL_KINDS,
            options.reduction_epilogue,
            "reduction-epilogue",
        ),
        (
            p in MATMUL_KINDS and c in PARALLEL_KINDS,
            options.contraction_epilogue,
            "contraction-epilogue",
        ),
    )
    for applies, enabled, name in switches:
        if applies and not enabled:
            return Decision.refuse("disabled", f"pattern '{name}' is switched off")
    return None


def edge_decision(
    producer: Node, consumer: Node, options: FusionOptions, analysis: Decision | None = None
) -> Decision:
    """The decision the search uses for one producer->consumer edge."""
    switched_off = switch_rule(producer, consumer, options)
    if switched_off is not None:
        return switched_off
    if analysis is not None and not analysis.ok:
        return analysis
    table = kind_rule(producer, consumer)
    return table if analysis is None or not table.ok else analysis
