"""Which sets of nodes may form one kernel, and what each costs.

A candidate group (docs/search.md) is a set of compute nodes that is
- connected through fusion links: legal producer->consumer edges, or (when
  sibling fusion is on) two nodes reading the same real tensor;
- convex: no path leaves the group and comes back (the search also keeps the
  whole plan acyclic);
- of one iteration space: its anchors (reductions, contractions,
  convolutions) share their parallel extent P and every other op iterates over
  a multiple of P (exactly P around a contraction); without anchors, all ops
  iterate over the same number of points, or fall into parts no edge joins,
  each of one size (the back end's partitioned schedule); at most one contraction unless they
  all share an input (horizontal fusion); reductions and contractions never mix;
- accepted by the analysis' whole-group check when one is given (real IR of
  moderate size: the planner passes `check_group`);
- within budgets: registers per thread, shared memory per block, external
  tensors per kernel.
Single nodes are always legal: they are what the unfused plan runs anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from mlirfuse.analysis.groups import unjoined_parts
from mlirfuse.analysis.kernel_memory import STATIC_SHARED_BYTES
from mlirfuse.analysis.types import Decision, OpKind
from mlirfuse.cost.estimate import GroupEstimate, estimate_group
from mlirfuse.cost.problem import ANCHOR_KINDS, MATMUL_KINDS, Node, Problem
from mlirfuse.cost.weights import CostWeights
from mlirfuse.targets import Target
from mlirfuse.vocab import codes
from mlirfuse.vocab.options import FusionOptions

# An outside legality check of a whole group (the analysis' check_group on
# real IR); None or an ok Decision accepts.
GroupCheck = Callable[[frozenset[int]], Decision | None]


@dataclass(frozen=True)
class GroupDecision:
    ok: bool
    code: str
    message: str
    estimate: GroupEstimate | None = None


@dataclass(frozen=True)
class _Readers:
    """The ops reading a node's results, and whether all are contractions."""

    users: frozenset[int]
    only_matmuls: bool


class Evaluator:
    """Legality and cost of groups of one problem, memoised by member set."""

    def __init__(
        self,
        problem: Problem,
        target: Target,
        weights: CostWeights,
        options: FusionOptions | None = None,
        group_check: GroupCheck | None = None,
    ) -> None:
        self.problem = problem
        self.group_check = group_check
        self.target = target
        self.weights = weights
        self.options = options or FusionOptions()
        self._cache: dict[frozenset[int], GroupDecision] = {}
        self._estimates: dict[frozenset[int], GroupEstimate] = {}
        self.links = self._fusion_links()
        self._readers_of: dict[int, _Readers | None] = {}

    def _fusion_links(self) -> dict[int, set[int]]:
        links: dict[int, set[int]] = {n.id: set() for n in self.problem.nodes}
        if not self.options.enabled:
            return links
        for producer, consumer in self.problem.edges():
            if self.problem.edge_ok(producer, consumer):
                links[producer].add(consumer)
                links[consumer].add(producer)
        if self.options.siblings:
            for node_id, others in self.problem.sibling_links.items():
                links[node_id].update(others)
        return links

    def estimate(self, members: Iterable[int]) -> GroupEstimate:
        return estimate_group(self.problem, members, self.target, self.weights)

    def estimate_of(self, members: frozenset[int]) -> GroupEstimate:
        """The estimate of any set of nodes, legal or not (memoised)."""
        decision = self.decide(members)
        if decision.estimate is not None:
            return decision.estimate
        known = self._estimates.get(members)
        if known is None:
            known = self._estimates[members] = self.estimate(members)
        return known

    def cost(self, members: frozenset[int]) -> float:
        return self.estimate_of(members).cost

    def decide(self, members: frozenset[int], linked: bool = False) -> GroupDecision:
        """Whether `members` may be one kernel (cached). `linked`: the caller
        has seen them joined through `links` (the candidate listing checks
        that itself), so the connectivity walk is skipped."""
        cached = self._cache.get(members)
        if cached is None:
            cached = self._decide(members, linked)
            self._cache[members] = cached
        return cached

    def _decide(self, members: frozenset[int], linked: bool) -> GroupDecision:
        if len(members) > 1:
            structural = self._structure(members, linked)
            if structural is not None:
                return structural
        estimate = self.estimate(members)
        if len(members) > 1:
            budget = self._budgets(estimate)
            if budget is not None:
                return budget
        return GroupDecision(True, "ok", "legal", estimate)

    def _structure(self, members: frozenset[int], linked: bool) -> GroupDecision | None:
        if not linked and not self.connected(members):
            return GroupDecision(
                False, codes.NOT_CONNECTED, "no chain of legal fusions joins these ops"
            )
        refusal = self._iteration_space(members)
        if refusal is None and self.group_check is not None:
            outside = self.group_check(members)
            if outside is not None and not outside.ok:
                refusal = GroupDecision(False, outside.code, outside.message)
        return refusal

    def connected(self, members: frozenset[int]) -> bool:
        start = next(iter(members))
        seen = {start}
        stack = [start]
        while stack:
            links = self.links[stack.pop()]
            # Hubs (a tensor many ops read) have many links: scan the smaller side.
            near = (m for m in members if m in links) if len(members) < len(links) else links
            for other in near:
                if other in members and other not in seen:
                    seen.add(other)
                    stack.append(other)
        return len(seen) == len(members)

    def _iteration_space(self, members: frozenset[int]) -> GroupDecision | None:
        nodes = [self.problem.by_id[m] for m in members]
        anchors = [n for n in nodes if n.kind in ANCHOR_KINDS]
        matmuls = [n for n in anchors if n.kind in MATMUL_KINDS]
        if matmuls and len(matmuls) != len(anchors):
            return GroupDecision(
                False, codes.MIXED_ANCHORS, "a reduction and a contraction in one kernel"
            )
        if len(matmuls) > 1 and not self._horizontal(matmuls):
            return GroupDecision(
                False, codes.TWO_CONTRACTIONS, "two contractions that share no input"
            )
        if not anchors:
            # Smaller ops beside the grid (a broadcast-read scale) as below.
            widest = max(n.iterations for n in nodes)
            if any(
                n.iterations != widest and not self._operand_side(n.id, members, widest)
                for n in nodes
            ):
                if self._apart_by_size(members):
                    return None  # parts of one launch each (the back end decides)
                return GroupDecision(
                    False, codes.ITERATION_SPACE, "elementwise ops of different sizes"
                )
            return None
        extents = {n.parallel_extent for n in anchors}
        if len(extents) > 1 and len(matmuls) == len(nodes):
            # Contractions alone sharing an input (xLSTM's C @ V beside C @ n),
            # as the sibling rules form them: the back end's predicate decides
            # (planner._parted; the GPU's refuses them, gpu-sibling-shapes).
            return None
        if len(extents) > 1:
            return GroupDecision(
                False, codes.ITERATION_SPACE, "anchors with different parallel extents"
            )
        extent = extents.pop()
        for node in nodes:
            if node.kind in ANCHOR_KINDS or self._operand_side(node.id, members, extent):
                continue
            fits = node.iterations == extent if matmuls else node.iterations % max(extent, 1) == 0
            if not fits:
                return GroupDecision(
                    False,
                    codes.ITERATION_SPACE,
                    f"op {node.id} does not tile by the anchor's extent {extent}",
                )
        return None

    def _apart_by_size(self, members: frozenset[int]) -> bool:
        """Elementwise ops in parts that no edge of the group joins, each of
        one size (a rope's query heads beside its fewer key heads once
        grouped-query attention reads K unrepeated): one launch of one part
        per size, the back end's partitioned schedule, which its own check
        (`gpu-sibling-shapes`) accepts or refuses."""
        succs = self.problem.succs
        edges = [(m, c) for m in members for c in succs[m] if c in members]
        parts = unjoined_parts(sorted(members), edges)
        sizes = [{self.problem.by_id[m].iterations for m in part} for part in parts]
        return len(sizes) > 1 and all(len(s) == 1 for s in sizes)

    def _operand_side(self, node_id: int, members: frozenset[int], extent: int) -> bool:
        """A transpose or a cast feeding only contractions of the group (folded
        into its operand map, or into its tile loads), or a small op (fewer points than the kernel's rows, e.g.
        a per-channel scale) whose results stay inside the group: both run
        beside the anchor's grid rather than on it."""
        node = self.problem.by_id[node_id]
        readers = self._readers(node_id)
        if readers is None or not readers.users <= members:
            return False
        loads = node.gathers or node.loads_by_index or node.weight_prologue
        only_matmuls = readers.only_matmuls or (
            loads and self._feeds_operand_transposes(readers.users, members, extent)
        )
        if node.kind == OpKind.INJECTIVE:
            return only_matmuls
        if (node.arithmetic_free or loads) and only_matmuls:
            return True
        return node.iterations < extent

    def _feeds_operand_transposes(
        self, users: frozenset[int], members: frozenset[int], extent: int
    ) -> bool:
        """Every user a contraction, or a transpose or a weight prologue on
        the operand side of one (a gathered weight transposed into a batch
        matmul's operand; a weight converted, scaled, then transposed)."""
        by_id = self.problem.by_id
        return all(
            by_id[u].kind in MATMUL_KINDS
            or (
                (by_id[u].kind == OpKind.INJECTIVE or by_id[u].weight_prologue)
                and self._operand_side(u, members, extent)
            )
            for u in users
        )

    def _readers(self, node_id: int) -> _Readers | None:
        """Who reads `node_id`'s results (None when one escapes the function);
        the same for every group, so computed once per node."""
        if node_id not in self._readers_of:
            node = self.problem.by_id[node_id]
            readers = None
            if not any(self.problem.values[v].escapes for v in node.outputs):
                users = frozenset(u for v in node.outputs for u in self.problem.consumers[v])
                kinds = [self.problem.by_id[u].kind for u in users]
                readers = _Readers(users, all(kind in MATMUL_KINDS for kind in kinds))
            self._readers_of[node_id] = readers
        return self._readers_of[node_id]

    def _horizontal(self, matmuls: list[Node]) -> bool:
        if not self.options.horizontal_contraction:
            return False
        shared = set(matmuls[0].inputs)
        for node in matmuls[1:]:
            shared &= set(node.inputs)
        return any(not self.problem.values[v].generated for v in shared)

    def _budgets(self, estimate: GroupEstimate) -> GroupDecision | None:
        target = self.target
        if estimate.registers_per_thread > target.registers_per_thread:
            return GroupDecision(
                False,
                codes.REGISTER_BUDGET,
                f"needs ~{estimate.registers_per_thread} registers per thread "
                f"(limit {target.registers_per_thread}): it would spill",
                estimate,
            )
        # Kernels use static shared memory: 48 KB whatever the opt-in maximum.
        shared_limit = min(target.shared_bytes_per_block, STATIC_SHARED_BYTES)
        if estimate.shared_bytes > shared_limit:
            return GroupDecision(
                False,
                codes.SHARED_MEMORY_BUDGET,
                f"needs {estimate.shared_bytes} bytes of shared memory per block "
                f"(limit {shared_limit})",
                estimate,
            )
        if estimate.external_tensors > self.options.max_operands:
            return GroupDecision(
                False,
                codes.OPERAND_LIMIT,
                f"{estimate.external_tensors} external tensors (limit {self.options.max_operands})",
                estimate,
            )
        return None

    def admits(self, members: frozenset[int]) -> bool:
        """A legal kernel: convex, and accepted by `decide`; or, when an
        outside check is given, by that check and the budgets. The shape rules
        of `decide` (links, one iteration space) approximate the analysis'
        check for the search's candidates; a group the analysis accepts (the
        rule heuristic's, say) is legal even where they are stricter."""
        if len(members) < 2:
            return True
        if not self.convex(members):
            return False
        decision = self.decide(members)
        if decision.ok or self.group_check is None or decision.estimate is not None:
            return decision.ok  # a budget refusal (it has an estimate) stands
        outside = self.group_check(members)
        if outside is not None and not outside.ok:
            return False
        return self._budgets(self.estimate_of(members)) is None

    def convex(self, members: frozenset[int]) -> bool:
        """No path from a member through a non-member back into the group."""
        problem = self.problem
        last = max(problem.index[m] for m in members)
        frontier = [s for m in members for s in problem.succs[m] if s not in members]
        seen = set(frontier)
        while frontier:
            node = frontier.pop()
            for succ in problem.succs[node]:
                if succ in members:
                    return False
                if succ not in seen and problem.index[succ] < last:
                    seen.add(succ)
                    frontier.append(succ)
        return True
