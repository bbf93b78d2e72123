"""Stable refusal codes of the legality checks; each is documented with an
example in docs/legality.md. Tests, the explain report, plans and logs share
these strings, so never rename one."""

from __future__ import annotations

OK = "ok"
SAME_OP = "same-op"  # a pair made of one op twice
NO_EDGE = "no-edge"  # the consumer does not use the producer's results
RAW_ORDER = "raw-order"  # the "producer" comes after the "consumer"
OPAQUE_OP = "opaque-op"  # calls, unknown ops, region ops: fusion cannot see inside
NOT_STRUCTURED = "not-structured"  # op-level merge needs linalg ops on both sides
KIND_MISMATCH = "kind-mismatch"  # the kind table forbids this producer/consumer pair
REDUCTION_INTO_REDUCTION = "reduction-into-reduction"
INIT_OPERAND = "init-operand"  # the fused value is the consumer's init (outs)
NON_INVERTIBLE_MAP = "non-invertible-map"  # producer's result map is not a permutation
INCOMPATIBLE_SPACE = "incompatible-space"  # no kernel iterates both loop nests
DYNAMIC_SHAPE = "dynamic-shape"  # compatibility cannot be proven with dynamic dims
CYCLE = "cycle"  # a path through a third op would make the fused op depend on itself
MULTI_CONSUMER = "multi-consumer"  # other users need the value: keep it or recompute
SIDE_EFFECT_DUPLICATION = "side-effect-duplication"  # recompute would copy cf.assert etc.
NO_SHARED_INPUT = "no-shared-input"  # siblings with nothing to share (all else legal)
NON_DOMINATING = "non-dominating"  # no insertion point sees every operand and user
NOT_CONVEX = "not-convex"  # a path leaves the group and comes back
OPERAND_LIMIT = "operand-limit"  # the kernel would take too many buffers

ALL_CODES = (
    OK,
    SAME_OP,
    NO_EDGE,
    RAW_ORDER,
    OPAQUE_OP,
    NOT_STRUCTURED,
    KIND_MISMATCH,
    REDUCTION_INTO_REDUCTION,
    INIT_OPERAND,
    NON_INVERTIBLE_MAP,
    INCOMPATIBLE_SPACE,
    DYNAMIC_SHAPE,
    CYCLE,
    MULTI_CONSUMER,
    SIDE_EFFECT_DUPLICATION,
    NO_SHARED_INPUT,
    NON_DOMINATING,
    NOT_CONVEX,
    OPERAND_LIMIT,
)
