"""Every refusal code of mlirfuse, in one table: legality ("may"), resources,
policy ("should") and search. Legality codes are documented with an example in
docs/legality.md, the others in docs/cost-model.md and docs/search.md. Tests,
the explain report, plans and logs share these strings, so never rename one;
a new code is added here, never written as a literal elsewhere."""

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

# Resources and group shape (the search's check of a candidate kernel).
NOT_CONNECTED = "not-connected"  # no chain of legal fusions joins the ops
MIXED_ANCHORS = "mixed-anchors"  # a reduction and a contraction in one kernel
TWO_CONTRACTIONS = "two-contractions"  # two contractions that share no input
ITERATION_SPACE = "iteration-space"  # ops that do not tile by the anchor's extent
REGISTER_BUDGET = "register-budget"  # the kernel would spill
SHARED_MEMORY_BUDGET = "shared-memory-budget"  # more shared memory than a block has
MIXED_RESULT_TYPES = "mixed-result-types"  # a fusion.group cannot yield these types
OPAQUE = "opaque"  # the kind table on synthetic graphs: opaque ops never fuse

# Sibling and horizontal fusion (mlirfuse.policy.sibling_rules).
# LHS shared but K, batch, element types or maps differ, or the summed N is too wide
CONTRACTION_MISMATCH = "contraction-mismatch"
GROUP_RESULT_TYPES = "group-result-types"  # dialect limit: one type for all group results
CONCAT_COST = "concat-cost"  # constant-weights-only and a weight is computed at run time

# Policy: legal, but the policy says it does not pay (mlirfuse.policy.policy).
DISABLED = "disabled"  # the pattern's switch is off
CONTRACTION_PROLOGUE = "contraction-prologue"  # recomputed for every output tile
PROLOGUE_INTO_CONTRACTION = "prologue-into-contraction"  # the heuristic's form of the same
SPACE_MISMATCH = "space-mismatch"  # the heuristic's pattern rules: loops do not line up
ONE_ROOT_PER_KERNEL = "one-root-per-kernel"  # two reduction/contraction roots
COST = "cost"  # the search found the plan cheaper with the ops apart
NOT_CHOSEN = "not-chosen"  # the rule heuristic did not join these kernels
MEASURED_SLOWER = "measured-slower"  # timed slower fused: split back
MEASURE_FAILED = "measure-failed"  # timing failed: plan kept as it was

# Search notes.
ANALYSIS_RECHECK = "analysis-recheck"  # a group the analysis refused, re-searched
SEARCH_BOUND = "search-bound"  # a component too large for the exact search
GREEDY_KEPT = "greedy-kept"  # the search found nothing cheaper than the rule heuristic

POLICY_CODES = (
    DISABLED,
    CONTRACTION_PROLOGUE,
    PROLOGUE_INTO_CONTRACTION,
    SPACE_MISMATCH,
    ONE_ROOT_PER_KERNEL,
    COST,
    NOT_CHOSEN,
    MEASURED_SLOWER,
    MEASURE_FAILED,
    CONCAT_COST,
)
RESOURCE_CODES = (
    NOT_CONNECTED,
    MIXED_ANCHORS,
    TWO_CONTRACTIONS,
    ITERATION_SPACE,
    REGISTER_BUDGET,
    SHARED_MEMORY_BUDGET,
    MIXED_RESULT_TYPES,
    OPAQUE,
    CONTRACTION_MISMATCH,
    GROUP_RESULT_TYPES,
)
SEARCH_CODES = (ANALYSIS_RECHECK, SEARCH_BOUND, GREEDY_KEPT)

# The legality codes (the analysis' pair, sibling and group checks).
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
