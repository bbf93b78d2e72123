"""Which kinds may fuse into which at kernel level, on kinds alone.

The analysis (`mlirfuse.analysis.legality`) decides legality on real IR; this
table mirrors its kernel-level kind table for synthetic graphs (tests,
benchmarks) and for edges with no analysis decision (reshape links). What
pays is not decided here: the pattern switches and the policy's declines are
`mlirfuse.policy.policy.FusionPolicy.edge`.
"""

from __future__ import annotations

from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.cost.problem import MATMUL_KINDS, Node
from mlirfuse.vocab import codes

PARALLEL_KINDS = (OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.INJECTIVE)


def kind_rule(producer: Node, consumer: Node) -> Decision:
    """The kernel-level table of docs/cost-model.md ("Candidate groups")."""
    p, c = producer.kind, consumer.kind
    if OpKind.OPAQUE in (p, c):
        return Decision.refuse(codes.OPAQUE, "opaque ops are never fused")
    if p in PARALLEL_KINDS and c in (*PARALLEL_KINDS, OpKind.REDUCTION):
        return Decision.accept("parallel producer fused into its consumer")
    if p == OpKind.INJECTIVE and c in MATMUL_KINDS:
        return Decision.accept("layout change folded into the contraction's operand map")
    if p in PARALLEL_KINDS and c in MATMUL_KINDS:
        # Legal (an operand tile); the policy decides whether it pays.
        return Decision.accept("elementwise producer loaded with the contraction's operand tile")
    if p == OpKind.REDUCTION and c == OpKind.REDUCTION:
        return Decision.refuse(
            codes.REDUCTION_INTO_REDUCTION, "a reduction does not fuse into a reduction"
        )
    if p in (OpKind.REDUCTION, *MATMUL_KINDS) and c in PARALLEL_KINDS:
        return Decision.accept("elementwise epilogue of a reduction or contraction")
    return Decision.refuse(codes.KIND_MISMATCH, f"{p.value} does not fuse into {c.value}")


def may_fuse_edge(producer: Node, consumer: Node, analysis: Decision | None = None) -> Decision:
    """Legality of one producer->consumer edge: the analysis' answer on real IR,
    the kind table where there is none (synthetic graphs, reshape links)."""
    return analysis if analysis is not None else kind_rule(producer, consumer)
