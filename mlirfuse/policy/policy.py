"""FusionPolicy: should these ops fuse, given that they may?

Legality ("may") is the analysis' (`mlirfuse.analysis.legality` for a pair,
`mlirfuse.analysis.groups.check_kernel` for a group); the policy only declines
what is legal, and every decline carries a code of `mlirfuse.vocab.codes`. One
policy object serves the rule heuristic (`join`), the searches (`edge`, through
`make_problem`) and the sibling rules (`siblings`), in the spirit of upstream's
ControlFusionFn and Inductor's choices: a caller passes its own
(`mlirfuse.plan(..., policy=FusionPolicy(contraction_prologues=True))`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mlirfuse.analysis.broadcast_reads import chain_recomputed_by_readers
from mlirfuse.analysis.kinds import is_gather, is_indexed_load, is_transpose, is_weight_prologue
from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.cost.adapter import EdgeLegality, problem_from_graph
from mlirfuse.cost.estimate import recomputed_in_tiles
from mlirfuse.cost.problem import MATMUL_KINDS, Node, Problem
from mlirfuse.policy.heuristic_facts import CHEAP_FLOPS, Cluster, co_iterable, count
from mlirfuse.policy.sibling_limits import SiblingLimits
from mlirfuse.vocab import codes
from mlirfuse.vocab.options import FusionOptions

PARALLEL_KINDS = (OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.INJECTIVE)
Rule = tuple[str, str]  # (code, message); code "ok" joins
OK: Rule = (codes.OK, "")


@dataclass(frozen=True)
class FusionPolicy:
    """Today's rules as defaults (docs/vertical-fusion.md, docs/sibling-fusion.md)."""

    # An elementwise producer inside a contraction's kernel is recomputed for
    # every output tile: legal, declined by default.
    contraction_prologues: bool = False
    # A prologue without arithmetic (a cast such as extf/truncf, a copy, a
    # transpose): recomputing it per tile costs nothing and the tile loads read
    # its narrower input (an f16 weight stays f16 at the kernel boundary).
    # The GPU back end fuses such a cast into the matmul's staged operand
    # tiles (gpu/script_prologue.py).
    free_prologues: bool = True
    # A weight prologue (`kinds.is_weight_prologue`: a dequantization computed
    # from arguments, a few arith ops per element) joins the contraction that
    # reads it, computed in its operand tile loads; the searches price the
    # recomputation per output tile, the rule heuristic allows at most
    # `broadcast_recompute_flops` of it.
    weight_prologues: bool = True
    # recompute="auto" copies an elementwise op into its readers' kernels when
    # its body costs at most this many flops per element.
    recompute_flops: float = CHEAP_FLOPS
    # A small producer read only through broadcast maps (a per-channel scale)
    # is recomputed by its readers when that adds at most this many flops: on
    # an H200 1e7 flops cost well under one launch (cost/weights.py).
    broadcast_recompute_flops: float = 1e7
    siblings: SiblingLimits = field(default_factory=SiblingLimits)

    # -- the searches: one producer->consumer edge -------------------------------

    def edge(
        self, producer: Node, consumer: Node, options: FusionOptions, may: Decision
    ) -> Decision:
        """The search's decision on an edge: pattern switches, then legality
        (`may`), then the policy's own declines."""
        switched_off = _switched_off(producer.kind, consumer.kind, options)
        if switched_off is not None:
            return switched_off
        if not may.ok:
            return may
        prologue = producer.kind in (OpKind.ELEMENTWISE, OpKind.BROADCAST)
        free = self.free_prologues and producer.arithmetic_free
        free = free or _staged_gather(producer, consumer)
        free = free or (self.weight_prologues and _weights_in_tiles(producer, consumer))
        if prologue and consumer.kind in MATMUL_KINDS and not (self.contraction_prologues or free):
            return Decision.refuse(codes.CONTRACTION_PROLOGUE, _PROLOGUE_MESSAGE)
        return may

    # -- the rule heuristic: may cluster `g` join cluster `h` through op `n` ------

    def join(self, facts: Any, g: Cluster, h: Cluster, n: int, options: FusionOptions) -> Rule:
        """The heuristic's pattern rules; `facts` is the heuristic (OpFacts)."""
        pair = g.family + h.family
        if pair == "EE":
            if self._broadcast_prologue(facts, g, h, n, options):
                return OK
            mismatch = "elementwise ops over different element counts"
            return _same_elements(g, h, options.elementwise, "elementwise", mismatch)
        if pair == "ER" and n == h.root:
            mismatch = "prologue does not cover the reduction's loops"
            return _same_elements(g, h, options.reduction_prologue, "reduction-prologue", mismatch)
        if pair in ("ER", "RE"):
            return _reduction_epilogue(facts, g, h, pair, options)
        if pair == "RR":
            return _reductions(facts, g, h, options)
        if pair == "CE":
            return _contraction_epilogue(facts, g, h, options)
        if pair == "EC":
            return self._into_contraction(facts, g, h, n, options)
        return codes.ONE_ROOT_PER_KERNEL, "two reduction/contraction roots in one kernel"

    def _into_contraction(
        self, facts: Any, g: Cluster, h: Cluster, n: int, options: FusionOptions
    ) -> Rule:
        feeds_root = h.root is not None and any(h.root in facts.graph.consumers(x) for x in g.ops)
        if (n == h.root or feeds_root) and not self.contraction_prologues:
            # Through a reshape the operand is no tile load of the root's.
            staged = (
                self._free_prologue(facts, g)
                or self._staged_gathers(facts, g, h)
                or self._weight_prologues(facts, g, h)
            )
            if not (feeds_root and staged):
                return codes.CONTRACTION_PROLOGUE, _PROLOGUE_MESSAGE
            if not facts.only_feeds(g, h.ops | {n}):
                return codes.MULTI_CONSUMER, "prologue results are also read outside the kernel"
            return OK
        if not options.contraction_epilogue:
            return codes.DISABLED, "contraction-epilogue fusion is switched off"
        small = (count(g.space) or 0) <= (count(h.space) or -1)
        if not (small and facts.only_feeds(g, h.ops | {n})):
            return codes.MULTI_CONSUMER, "prologue results are also read outside the kernel"
        return OK

    def _staged_gathers(self, facts: Any, g: Cluster, h: Cluster) -> bool:
        """Cluster `g` only gathers (a reflection pad) into `h`'s convolution,
        which stages its input window as it stages a zero pad, or only loads
        by index (expert weights per token) into `h`'s contraction, which
        loads its operand tiles that way: each element computes its source
        index, a few integer ops, and is loaded once per tile as before."""
        graph = facts.graph
        root = graph.infos[h.root].kind if h.root is not None else None
        if root is OpKind.CONTRACTION:
            return all(is_indexed_load(graph, x) for x in g.ops)
        return root is OpKind.CONVOLUTION and all(is_gather(graph, x) for x in g.ops)

    def _weight_prologues(self, facts: Any, g: Cluster, h: Cluster) -> bool:
        """Cluster `g` only computes a contraction operand from weights
        (`is_weight_prologue`), recomputed per output tile at most
        `broadcast_recompute_flops` more (the searches price it instead)."""
        graph = facts.graph
        if not self.weight_prologues or h.root is None:
            return False
        if graph.infos[h.root].kind is not OpKind.CONTRACTION:
            return False
        if not all(is_weight_prologue(graph, x) for x in g.ops):
            return False
        root_iterations = count(facts.loops(h.root)) or 0
        extra = 0.0
        for x in g.ops:
            iterations = max(1, count(facts.loops(x)) or 1)
            flops = graph.infos[x].flops_per_iteration * iterations
            extra += recomputed_in_tiles(flops, iterations, root_iterations)
        return extra <= self.broadcast_recompute_flops

    def _free_prologue(self, facts: Any, g: Cluster) -> bool:
        """Cluster `g` only casts, copies or transposes (see `free_prologues`);
        reshapes and other injective ops are not tile-operand producers."""
        graph = facts.graph
        kinds = (OpKind.ELEMENTWISE, OpKind.BROADCAST, OpKind.FILL)

        def free(x: int) -> bool:
            info = graph.infos[x]
            return info.flops_per_iteration == 0 and (info.kind in kinds or is_transpose(graph, x))

        return self.free_prologues and all(free(x) for x in g.ops)

    def _broadcast_prologue(
        self, facts: Any, g: Cluster, h: Cluster, n: int, options: FusionOptions
    ) -> bool:
        """A smaller chain `g` read only through broadcast maps by `h` (a
        weights-only prologue: scale folding, a bias upcast), cheap enough to
        recompute at every point of `h`."""
        small, big = count(g.space), count(h.space)
        if not (options.elementwise and small and big and small < big):
            return False
        per_point = sum(facts.graph.infos[x].flops_per_iteration for x in g.ops)
        if per_point * (big - small) > self.broadcast_recompute_flops:
            return False
        return chain_recomputed_by_readers(facts.graph, g.ops, h.ops | {n})

    def recomputable(self, flops_per_iteration: float, options: FusionOptions) -> bool:
        """Whether an elementwise op is cheap enough to copy into its readers."""
        return options.recompute == "always" or flops_per_iteration <= self.recompute_flops


DEFAULT_POLICY = FusionPolicy()
_PROLOGUE_MESSAGE = (
    "an elementwise producer would be recomputed for every output tile of the contraction"
)


def make_problem(
    graph: Any,
    options: FusionOptions | None = None,
    *,
    policy: FusionPolicy | None = None,
    legality: EdgeLegality | None = None,
    func: str | None = None,
) -> Problem:
    """The search's Problem for `graph`, its edges decided by legality and `policy`."""
    chosen = options or FusionOptions()
    rules = policy or DEFAULT_POLICY

    def decide(producer: Node, consumer: Node, may: Decision) -> Decision:
        return rules.edge(producer, consumer, chosen, may)

    return problem_from_graph(graph, legality=legality, func=func, decide=decide)


def _switched_off(p: OpKind, c: OpKind, options: FusionOptions) -> Decision | None:
    if not options.enabled:
        return Decision.refuse(codes.DISABLED, "fusion is switched off")
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
            return Decision.refuse(codes.DISABLED, f"pattern '{name}' is switched off")
    return None


def _same_elements(g: Cluster, h: Cluster, enabled: bool, pattern: str, mismatch: str) -> Rule:
    if not enabled:
        return codes.DISABLED, f"{pattern} fusion is switched off"
    if count(g.space) != count(h.space) or count(g.space) is None:
        return codes.SPACE_MISMATCH, mismatch
    return OK


def _reduction_epilogue(
    facts: Any, g: Cluster, h: Cluster, pair: str, options: FusionOptions
) -> Rule:
    if not options.reduction_epilogue:
        return codes.DISABLED, "reduction-epilogue fusion is switched off"
    r, e = (h, g) if pair == "ER" else (g, h)
    rows = facts.result_shape(r.root) if r.root is not None else ()
    if not all(_in_rows(facts.loops(x), r.space, rows) for x in e.ops):
        return codes.SPACE_MISMATCH, "elementwise ops do not run over the reduction's rows"
    return OK


def _reductions(facts: Any, g: Cluster, h: Cluster, options: FusionOptions) -> Rule:
    if not options.reduction_epilogue:
        return codes.DISABLED, "reduction-epilogue fusion is switched off"
    same = g.space == h.space and g.root is not None and h.root is not None
    if not same or facts.reduction_dims(g.root or 0) != facts.reduction_dims(h.root or 0):
        return codes.SPACE_MISMATCH, "reductions over different loops"
    return OK


def _contraction_epilogue(facts: Any, g: Cluster, h: Cluster, options: FusionOptions) -> Rule:
    if not options.contraction_epilogue:
        return codes.DISABLED, "contraction-epilogue fusion is switched off"
    if any(count(facts.loops(x)) != count(g.space) for x in h.ops):
        return codes.SPACE_MISMATCH, "epilogue does not cover the contraction's result"
    return OK


def _in_rows(
    loops: tuple[int | None, ...], space: tuple[int | None, ...], rows: tuple[int | None, ...]
) -> bool:
    """Runs over a reduction's loops (dims equal or 1) or over its result
    (the rows, when the reduction drops its reduced dims)."""
    # Merged into the kernel, an op iterates its consumer's loop order, so a
    # transposed order here is what a second run would see as the same loops.
    if co_iterable(loops, space) or (bool(loops) and loops == rows):
        return True
    if not loops or None in loops:
        return False
    order = sorted(d or 0 for d in loops)
    return order in (sorted(d or 0 for d in space), sorted(d or 0 for d in rows))


def _weights_in_tiles(producer: Node, consumer: Node) -> bool:
    """A weight prologue (a dequantization) into a contraction: computed in
    its operand tile loads; the recomputation per output tile is priced in
    the group's flops (`cost.estimate.tile_recompute_flops`)."""
    return producer.weight_prologue and consumer.kind is OpKind.CONTRACTION


def _staged_gather(producer: Node, consumer: Node) -> bool:
    """A gather into a convolution: staged with its input window; a load by
    index into a contraction: its operand tiles loaded by index (see
    `FusionPolicy._staged_gathers`)."""
    if consumer.kind is OpKind.CONTRACTION:
        return producer.loads_by_index
    return producer.gathers and consumer.kind is OpKind.CONVOLUTION
