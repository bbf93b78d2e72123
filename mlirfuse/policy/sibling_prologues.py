"""The rule for siblings through a cheap elementwise prologue (LayerNorm's
`sum(x)` and `sum(extf(x))`): which (prologue, reduction) pairs to rewrite."""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.block_graph import GraphLike
from mlirfuse.analysis.op_facts import (
    body_size,
    has_side_effects,
    input_values,
    loop_facts,
    op_name,
    recomputable_prologue,
)
from mlirfuse.analysis.sibling_spaces import same_space
from mlirfuse.policy.sibling_limits import MAX_RECOMPUTED_BODY
from mlirfuse.vocab.options import FusionOptions


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
        read_maps = {
            str(m) for v, m in zip(input_values(user), facts.maps, strict=False) if v == value
        }
        if len(read_maps) == 1 and not has_side_effects(user):
            try:
                found.append(graph.id_of(user))
            except (KeyError, ValueError):
                continue  # nested in a region: not a sibling of a top-level op
    return found


def _same_space_partner(graph: GraphLike, r: int, r1: int) -> bool:
    if r == r1 or graph.reachable(r, r1) or graph.reachable(r1, r):
        return False
    return same_space([graph.ops[r], graph.ops[r1]])
