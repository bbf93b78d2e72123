"""Bounds, extra refusal codes and message helpers of the sibling rule.

The codes here complement the analysis' (docs/legality.md); every one is
listed in docs/sibling-fusion.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlirfuse.analysis.op_facts import location_text, op_name
from mlirfuse.analysis.types import Decision
from mlirfuse.policy.sibling_clusters import Clusters
from mlirfuse.vocab.model import Refusal

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
    # False: only merges that become one op (a first pass, so that siblings
    # which can share one generic are not taken first into a fusion.group)
    kernel_groups: bool = True


def refusal(clusters: Clusters, a: int, b: int, decision: Decision) -> Refusal:
    ops = tuple(sorted(clusters.ops_of(a) + clusters.ops_of(b)))
    return Refusal(None, None, decision.code, decision.message, ops)


def describe(clusters: Clusters, n: int) -> str:
    op = clusters.graph.ops[n]
    return f"op {n} ({op_name(op)} at {location_text(op)})"
