"""The rule heuristic's recomputation: cheap producers copied into their readers.

A producer read by several kernels is copied (`Cluster.recomputed`) into each
reader's kernel when `FusionOptions.recompute` allows it and it is cheap
(`FusionPolicy.recomputable`). The decision must not depend on how fusion
itself shapes the IR, or fusing the fused IR would decide again:

* a copy takes along the ops of its own kernel that it reads (those the kernel
  runs and those it recomputes): read from there, it would tie the reader to
  that kernel, and once the kernel is merged into one op (an elementwise chain)
  a second run would copy that op;
* the cost bound counts the copied ops together, as the merged op they become;
* an op every reader copies (and nothing else uses) leaves its kernel: the
  rewrite erases it, and a kernel of dead ops is not formed.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.groups import is_materialised
from mlirfuse.analysis.types import OpKind
from mlirfuse.policy.heuristic_facts import Cluster, OpFacts
from mlirfuse.policy.policy import FusionPolicy
from mlirfuse.vocab.options import FusionOptions


class Recomputation(OpFacts):
    """The recomputation step of `_Greedy` (mlirfuse.policy.heuristic)."""

    cluster_of: dict[int, Cluster]
    options: FusionOptions
    policy: FusionPolicy

    def _clusters(self) -> list[Cluster]:
        unique: dict[int, Cluster] = {}
        for c in self.cluster_of.values():
            unique.setdefault(id(c), c)
        return sorted(unique.values(), key=lambda c: min(c.ops))

    def _plan_recomputation(self) -> None:
        if self.options.recompute == "never":
            return
        # Until nothing changes: an op whose readers were all copied away is
        # read by the kernels holding those copies, and is judged again.
        self._copied_into: dict[int, list[Cluster]] = {}
        for cluster in self._clusters():
            for q in cluster.recomputed:
                self._copied_into.setdefault(q, []).append(cluster)
        while self._recompute_once():
            pass
        self._drop_copied_away()
        self._drop_unread_copies()

    def _recompute_once(self) -> bool:
        changed = False
        for p in self.graph.topo_order():
            home = self.cluster_of.get(p)
            copies = self._copies_needed(p, home) if home is not None else None
            if home is None or copies is None or not self._recomputable(p, home, copies):
                continue
            readers = self._readers(p)
            kernels = {id(t) for _, t in readers} | ({id(home)} if len(home.ops) > 1 else set())
            if len(kernels) < 2:
                continue  # one kernel reads it: a refused join stays refused
            inputs = self._copy_inputs([p, *copies])
            for c, target in readers:
                if target is home or p in target.recomputed:
                    continue
                if not (self._is_elementwise_like(c) or self._info(c).kind is OpKind.REDUCTION):
                    continue
                if len(target.reads | inputs) + 1 > self.options.max_operands:
                    continue  # the copy's inputs would exceed the kernel's operand limit
                for q in [*copies, p]:
                    if q not in target.recomputed:
                        target.recomputed.append(q)
                        self._copied_into.setdefault(q, []).append(target)
                changed = True
            if len(home.ops) == 1 and self._all_consumers_recompute(p):
                del self.cluster_of[p]
                changed = True
        return changed

    def _readers(self, p: int) -> list[tuple[int, Cluster]]:
        """(consumer, the kernel reading p through it): its own kernel, or for a
        consumer copied into its readers' kernels (and run nowhere) those."""
        found: list[tuple[int, Cluster]] = []
        for c in self.graph.consumers(p):
            target = self.cluster_of.get(c)
            if target is not None:
                found.append((c, target))
            else:
                found.extend((c, t) for t in self._copied_into.get(c, []))
        return found

    def _copies_needed(self, p: int, home: Cluster) -> list[int] | None:
        """The ops of p's kernel (run or recomputed there) that p reads, directly
        or through each other; None when one that runs there cannot be copied
        (the reader's kernel would depend on p's)."""
        needed: list[int] = []
        frontier = [p]
        while frontier:
            for q in self.graph.preds(frontier.pop()):
                if q in needed or (q not in home.ops and q not in home.recomputed):
                    continue
                if q in home.ops and not self._copyable(q):
                    return None
                needed.append(q)
                frontier.append(q)
        return needed

    def _copy_inputs(self, ops: list[int]) -> set[ir.Value]:
        """The tensors copies of `ops` read, those they compute excluded."""
        made = {r for q in ops for r in self.graph.ops[q].results}
        return set().union(*(self._tensor_inputs(q) for q in ops)) - made

    def _tensor_inputs(self, p: int) -> set[ir.Value]:
        return {v for v in self.graph.ops[p].operands if not is_materialised(self.graph, v)}

    def _copyable(self, p: int) -> bool:
        info = self._info(p)
        return not info.side_effects and info.kind in (OpKind.ELEMENTWISE, OpKind.BROADCAST)

    def _recomputable(self, p: int, home: Cluster, copies: list[int]) -> bool:
        """p and the ops of its kernel it reads are cheap enough to copy, as
        the one op they merge into (ops the kernel itself recomputes were
        judged when they were copied there)."""
        if not self._copyable(p):
            return False
        flops = sum(self._info(q).flops_per_iteration for q in [p, *copies] if q in home.ops)
        return self.policy.recomputable(flops, self.options)

    def _all_consumers_recompute(self, p: int) -> bool:
        if self.graph.external_uses(p) > 0:
            return False
        readers = self._readers(p)
        consumers = set(self.graph.consumers(p))
        reached = {c for c, _ in readers}
        return reached == consumers and all(p in t.recomputed for _, t in readers)

    def _drop_copied_away(self) -> None:
        """Ops that every reader copies and nothing else uses leave their
        kernel (consumers first: then what only they read goes too)."""
        copied = {q for c in self._clusters() for q in c.recomputed}
        gone = {q for q in copied if q not in self.cluster_of}
        for q in sorted(copied - gone, reverse=True):
            if self.graph.external_uses(q) > 0:
                continue
            if all(c in gone or q in self._recomputed_by(c) for c in self.graph.consumers(q)):
                home = self.cluster_of.pop(q)
                home.ops.discard(q)
                gone.add(q)

    def _drop_unread_copies(self) -> None:
        """A copy made for an op that later left the kernel (copied on into
        its own readers) may have no reader left there: drop it, and then
        what only it read (a copy must be read in its kernel, or forming the
        group has nothing to rewire)."""
        for cluster in self._clusters():
            unread = self._unread_copy(cluster)
            while unread is not None:
                cluster.recomputed.remove(unread)
                unread = self._unread_copy(cluster)

    def _unread_copy(self, cluster: Cluster) -> int | None:
        members = set(cluster.ops) | set(cluster.recomputed)
        for q in cluster.recomputed:
            if not any(c in members for c in self.graph.consumers(q)):
                return q
        return None

    def _recomputed_by(self, n: int) -> list[int]:
        cluster = self.cluster_of.get(n)
        return cluster.recomputed if cluster is not None else []
