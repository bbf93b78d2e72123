"""The rule heuristic planner (`search="greedy"`).

One walk over the function in topological order grows clusters, each a future
kernel. Every op that is a kernel (a linalg op that is not a fill) starts its
own cluster and then tries to join the clusters of its producers (looking
through `tensor.expand_shape`/`collapse_shape`, which are free). A join is made
when the pattern rule allows it, the union stays convex, the analysis'
`check_group` accepts it (one kernel grid, operand limit) and a fusion.group
can yield the values leaving it (up to 7 may differ in type; see
dialect/fusion.irdl.mlir). The rules
(docs/vertical-fusion.md):

* elementwise chains fuse when they cover the same number of elements;
* elementwise producers fuse into a reduction over the same loops (prologue);
* elementwise consumers and further reductions over the same rows join a
  reduction (epilogue: softmax and layernorm become one kernel);
* a contraction/convolution roots a kernel: the transposes feeding it only,
  and elementwise consumers over its result (bias, activation, residual,
  scale) join it; a small elementwise chain whose results are read only by
  that kernel (e.g. BatchNorm's per-channel scale) is moved into it;
* one reduction or contraction root per kernel, reductions over equal loops
  excepted; fills whose only consumers are in a kernel move into it;
* a producer read by several kernels stays one op and its value leaves its
  kernel as an extra result, unless `FusionOptions.recompute` duplicates it
  (cheap, side-effect-free elementwise ops only) into the readers' kernels;
* then the sibling rules (mlirfuse.policy.sibling_rules) may merge kernels.
"""

from __future__ import annotations

from typing import Any

from mlir import ir

from mlirfuse.analysis.escaping import escaping_results, group_decision
from mlirfuse.analysis.groups import is_materialised
from mlirfuse.analysis.legality import check_pair
from mlirfuse.analysis.types import RESHAPES, Decision, OpKind
from mlirfuse.context import group_accepts_result_types
from mlirfuse.policy.heuristic_facts import Cluster, count
from mlirfuse.policy.heuristic_recompute import Recomputation
from mlirfuse.policy.policy import DEFAULT_POLICY, FusionPolicy
from mlirfuse.policy.sibling_rules import plan_siblings
from mlirfuse.search.describe import pad_into_window, pad_refusals, window_of
from mlirfuse.vocab import codes
from mlirfuse.vocab.model import FunctionPlan, Group, Refusal
from mlirfuse.vocab.options import FusionOptions


def plan_function_greedy(
    graph: Any, options: FusionOptions, policy: FusionPolicy | None = None
) -> FunctionPlan:
    """Plan `graph`'s function with the rule heuristic under `policy`."""
    return _Greedy(graph, options, policy or DEFAULT_POLICY).run()


class _Greedy(Recomputation):
    def __init__(self, graph: Any, options: FusionOptions, policy: FusionPolicy) -> None:
        super().__init__(graph)
        self.options = options
        self.policy = policy
        self.cluster_of: dict[int, Cluster] = {}
        self.refusals: list[Refusal] = []

    # -- the walk ----------------------------------------------------------------

    def run(self) -> FunctionPlan:
        if self.options.enabled:
            for n in self.graph.topo_order():
                self._visit(n)
            self._absorb_fills()
            self._absorb_pads()
            self._peel_mixed_results()
            self._plan_recomputation()
        groups = self._groups()
        groups = self._merge_siblings(groups)
        self.refusals += pad_refusals(self.graph, groups)
        return FunctionPlan(
            func=self._func_name(),
            groups=groups,
            refusals=self.refusals,
            fingerprint=self.graph.fingerprint(),
        )

    def _visit(self, n: int) -> None:
        if not self._info(n).is_kernel:
            return
        kind = self._info(n).kind
        if kind in (OpKind.CONTRACTION, OpKind.CONVOLUTION):
            self.cluster_of[n] = self._single(n, "C", n, self.result_shape(n))
            self._absorb_transposes(n)
            self._join_producers(n)  # prologues: the policy declines them by default
        elif kind is OpKind.REDUCTION:
            self.cluster_of[n] = self._single(n, "R", n, self.loops(n))
            self._join_producers(n)
        elif self._is_elementwise_like(n):
            self.cluster_of[n] = self._single(n, "E", None, self.loops(n))
            self._join_producers(n)

    def _producers(self, n: int) -> list[tuple[int, set[int]]]:
        """Producers of `n`, looking through reshapes: (producer, reshapes)."""
        found: list[tuple[int, set[int]]] = []
        for p in self.graph.preds(n):
            if self._info(p).name in RESHAPES:
                for q, bridge in self._producers(p):
                    found.append((q, bridge | {p}))
            else:
                found.append((p, set()))
        return found

    def _join_producers(self, n: int) -> None:
        # Rooted producer kernels first: an elementwise producer that may only
        # join as a prologue of the kernel `n` lands in is judged after `n` has.
        candidates = sorted(self._producers(n), key=lambda pb: self._priority(pb[0]))
        for p, bridge in candidates:
            producer_cluster = self.cluster_of.get(p)
            consumer_cluster = self.cluster_of[n]
            if producer_cluster is None or producer_cluster is consumer_cluster:
                continue
            legal = self._may(p, n, bridge)
            code, message = legal.code, legal.message
            if legal.ok or legal.code == codes.CYCLE:
                # A pair cycle through a third op is left to _union, which may
                # take that op into the kernel too; if the policy declines, the
                # pair is reported as the analysis sees it.
                code, message = self.policy.join(
                    self, producer_cluster, consumer_cluster, n, self.options
                )
                if code != codes.OK and not legal.ok:
                    code, message = legal.code, legal.message
            if code == codes.OK:
                code, message = self._union(producer_cluster, consumer_cluster, bridge)
            if code != codes.OK:
                self.refusals.append(Refusal(p, n, code, message))

    def _may(self, p: int, n: int, bridge: set[int]) -> Decision:
        """The analysis' pair check; an edge through reshapes (`bridge`) is
        judged by the group check alone."""
        return Decision.accept() if bridge else check_pair(self.graph, p, n)

    def _priority(self, p: int) -> int:
        # A contraction takes its elementwise consumers as an epilogue before a
        # reduction does: the epilogue then runs before the contraction's store.
        cluster = self.cluster_of.get(p)
        return {"C": 0, "R": 1}.get(cluster.family, 2) if cluster is not None else 2

    def _absorb_transposes(self, root: int) -> None:
        if not self.options.contraction_epilogue:
            return
        for p in self.graph.preds(root):
            cluster = self.cluster_of.get(p)
            if cluster is None or cluster.family != "E":
                continue
            transposes = all(self._info(o).name == "linalg.transpose" for o in cluster.ops)
            if transposes and self.only_feeds(cluster, {root}):
                self._union(cluster, self.cluster_of[root], set())

    def only_feeds(self, cluster: Cluster, target: set[int]) -> bool:
        for o in cluster.ops:
            if self.graph.external_uses(o) > 0:
                return False
            for c in self.graph.consumers(o):
                if c not in cluster.ops and c not in target and not self._feeds_only(c, target):
                    return False
        return True

    def _feeds_only(self, n: int, target: set[int]) -> bool:
        """A reshape whose consumers all lie in `target`."""
        if self._info(n).name not in RESHAPES or self.graph.external_uses(n) > 0:
            return False
        return all(c in target or self._feeds_only(c, target) for c in self.graph.consumers(n))

    # -- cluster algebra ---------------------------------------------------------

    def _single(
        self, n: int, family: str, root: int | None, space: tuple[int | None, ...]
    ) -> Cluster:
        cluster = Cluster({n}, family, root, space)
        self._add_members(cluster, [n])
        return cluster

    def _add_members(self, cluster: Cluster, new: list[int]) -> None:
        op_results = [r for n in new for r in self.graph.ops[n].results]
        cluster.produced.update(op_results)
        cluster.reads.difference_update(op_results)
        for n in new:
            cluster.spaces.add(self.loops(n))
            for v in self.graph.ops[n].operands:
                # What `analysis.groups.kernel_operands` counts: an init made by
                # a fill-kind op (a `tensor.empty`) is no kernel operand.
                if not is_materialised(self.graph, v) and v not in cluster.produced:
                    cluster.reads.add(v)
        cluster.boundary = {
            o
            for o in cluster.boundary | set(new)
            if self.graph.external_uses(o)
            or any(c not in cluster.ops for c in self.graph.consumers(o))
        }

    def _union(self, g: Cluster, h: Cluster, bridge: set[int]) -> tuple[str, str]:
        ops = g.ops | h.ops | bridge
        between = self.between(ops, g.boundary | h.boundary | bridge)
        blocking = [x for x in between if self._info(x).name not in RESHAPES]
        if blocking:
            return (
                codes.CYCLE,
                f"op {blocking[0]} lies on a path that leaves and re-enters the kernel",
            )
        ops |= between
        boundary = g.boundary | h.boundary | bridge | between
        # Reads by ops not visited yet may still join: judged at the end (_peel).
        escaping = escaping_results(self.graph, ops, horizon=max(ops), candidates=boundary)
        types = {str(v.type) for v in escaping}
        if not group_accepts_result_types([v.type for v in escaping]):
            return (
                codes.MIXED_RESULT_TYPES,
                f"values leaving the kernel differ in type ({', '.join(sorted(types))})",
            )
        code, message = self._kernel_check(g, h, ops, escaping)
        if code != "ok":
            return code, message
        family = "C" if "C" in (g.family, h.family) else "R" if "R" in (g.family, h.family) else "E"
        big, small = (g, h) if len(g.ops) >= len(h.ops) else (h, g)
        keep = g if g.family == family else h
        if family == "E" and (count(h.space) or 0) > (count(g.space) or 0):
            keep = h  # a broadcast-read producer joined: the reader's grid stays
        big.root, big.space, big.family = keep.root, keep.space, family
        big.recomputed = g.recomputed + h.recomputed
        new = sorted(ops - big.ops)
        big.ops |= ops
        big.boundary |= small.boundary
        big.spaces |= small.spaces
        big.produced |= small.produced
        big.reads = (big.reads | small.reads) - big.produced
        self._add_members(big, new)
        for x in new:
            self.cluster_of[x] = big
        return "ok", ""

    def _kernel_check(
        self, g: Cluster, h: Cluster, ops: set[int], escaping: list[ir.Value]
    ) -> tuple[str, str]:
        """The analysis' whole-group check, skipped for a chain over one loop
        nest (its space check is then trivial), where only the operand count
        is checked, incrementally, so long chains plan in linear time."""
        uniform = g.family == h.family == "E" and len(g.spaces | h.spaces) == 1
        if not uniform:
            decision = group_decision(self.graph, ops, max_operands=self.options.max_operands)
            return ("ok", "") if decision.ok else (decision.code, decision.message)
        reads = (g.reads | h.reads) - g.produced - h.produced
        operands = len(reads) + len(escaping)
        if operands > self.options.max_operands:
            return (
                codes.OPERAND_LIMIT,
                f"the kernel would take {operands} tensors (max-operands={self.options.max_operands})",
            )
        return "ok", ""

    def _peel_mixed_results(self) -> None:
        """Drop trailing ops until a fusion.group can yield the values leaving
        the cluster (beyond 7 results, the rest share one type).

        Removing a cluster's last op keeps it convex (no member comes after it).
        """
        for cluster in self._clusters():
            while len(cluster.ops) > 1:
                escaping = escaping_results(self.graph, cluster.ops)
                if group_accepts_result_types([v.type for v in escaping]):
                    break
                last = max(cluster.ops)
                cluster.ops.discard(last)
                self.refusals.append(
                    Refusal(
                        None,
                        last,
                        codes.MIXED_RESULT_TYPES,
                        "values leaving the kernel differ in type",
                    )
                )
                if self._info(last).is_kernel:
                    self.cluster_of[last] = self._single(last, "E", None, self.loops(last))
                else:
                    del self.cluster_of[last]

    def _absorb_fills(self) -> None:
        for n in self.graph.topo_order():
            if self._info(n).name != "linalg.fill" or self.graph.external_uses(n) > 0:
                continue
            clusters = {id(self.cluster_of.get(c)) for c in self.graph.consumers(n)}
            first = self.cluster_of.get(next(iter(self.graph.consumers(n)), -1))
            if len(clusters) == 1 and first is not None and len(first.ops) >= 2:
                first.ops.add(n)
                self.cluster_of[n] = first

    def _absorb_pads(self) -> None:
        # A pad read only by one convolution/pooling runs in its kernel: the
        # lowering reads the unpadded source with a bounds check.
        for n in self.graph.topo_order():
            if self._info(n).name != "tensor.pad":
                continue
            reader = window_of(self.graph, n)
            home = self.cluster_of.get(reader) if reader is not None else None
            if home is None:
                continue
            for m in pad_into_window(self.graph, n, set(home.ops)):
                home.ops.add(m)
                self.cluster_of[m] = home

    # -- output ------------------------------------------------------------------

    def _groups(self) -> list[Group]:
        ordered = self._clusters()
        groups = []
        for gid, c in enumerate(ordered):
            groups.append(
                Group(
                    id=gid,
                    ops=tuple(sorted(c.ops)),
                    pattern=self._pattern(c),
                    root=c.root,
                    recomputed=tuple(c.recomputed),
                )
            )
        return groups

    def _merge_siblings(self, groups: list[Group]) -> list[Group]:
        """The hook of horizontal fusion: `mlirfuse.policy.sibling_rules`."""
        o = self.options
        if not (o.enabled and (o.siblings or o.horizontal_contraction or o.independent)):
            return groups
        merged, refusals = plan_siblings(self.graph, groups, o, self.policy.siblings)
        self.refusals.extend(refusals)
        return list(merged)
