"""Groups being merged by the sibling rule, with group-level path queries.

A merged group is one kernel: once any op of it is reached, all of it runs
after, so a path between two groups is searched on the quotient graph (an
op-level path test misses `A -> G.x`, `G.y -> B` with x, y unrelated in G).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from mlir import ir

from mlirfuse.analysis.block_graph import GraphLike
from mlirfuse.analysis.op_facts import (
    has_side_effects,
    holds_no_data,
    input_values,
    is_structured,
    op_name,
)
from mlirfuse.analysis.sibling_spaces import is_contraction_like
from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.vocab.model import Group


class Clusters:
    def __init__(self, graph: GraphLike, groups: list[Group]) -> None:
        self.graph = graph
        self._groups: list[Group | None] = list(groups)
        self._forward: dict[int, int] = {}
        self.owner: dict[int, int] = {n: gi for gi, g in enumerate(groups) for n in g.ops}
        self._kernels: set[int] = {gi for gi, g in enumerate(groups) if len(g.ops) > 1}
        self._inputs: dict[int, list[ir.Value]] = {}
        self._top: dict[ir.Operation, int] | None = None
        self._effects: dict[int, bool] = {}
        self._contractions: dict[int, bool] = {}
        # tensor value -> the groups reading it as an input, in program order; a
        # group reads what its recomputed copies read (their own kernel's value
        # is not read: the copy computes it)
        reads = [(n, gi) for n, gi in self.owner.items()]
        reads += [(r, gi) for gi, g in enumerate(groups) for r in _copies(g)]
        self._read_by: dict[ir.Value, list[int]] = {}
        for n, gi in sorted(reads):
            for v in self.inputs_of(n):
                if _is_tensor(v) and not holds_no_data(v) and not self._copied_in(v, groups[gi]):
                    self._read_by.setdefault(v, []).append(gi)
        self._desc, self._anc = _masks_with_copies(graph, groups)

    def side_effects(self, n: int) -> bool:
        """Op n's body has side effects (cached)."""
        if n not in self._effects:
            self._effects[n] = has_side_effects(self.graph.ops[n])
        return self._effects[n]

    def contraction_like(self, n: int) -> bool:
        """Op n is a matmul/convolution-like op (cached)."""
        if n not in self._contractions:
            self._contractions[n] = is_contraction_like(self.graph.ops[n])
        return self._contractions[n]

    def inputs_of(self, n: int) -> list[ir.Value]:
        """Input values of op n (cached: the rule never changes the IR)."""
        if n not in self._inputs:
            self._inputs[n] = input_values(self.graph.ops[n])
        return self._inputs[n]

    # -- the groups ------------------------------------------------------------

    def result(self) -> list[Group]:
        live = [g for g in self._groups if g is not None]
        return sorted(live, key=lambda g: g.ops[0] if g.ops else -1)

    def live(self) -> list[int]:
        order = [
            (g.ops[0] if g.ops else -1, gi) for gi, g in enumerate(self._groups) if g is not None
        ]
        return [gi for _, gi in sorted(order)]

    def find(self, gi: int) -> int:
        while gi in self._forward:
            gi = self._forward[gi]
        return gi

    def ops_of(self, gi: int) -> list[int]:
        group = self._groups[self.find(gi)]
        return list(group.ops) if group is not None else []

    def merge(self, a: int, b: int, pattern: str) -> int:
        """Merge group b into group a; returns a."""
        a, b = self.find(a), self.find(b)
        ga, gb = self._groups[a], self._groups[b]
        assert ga is not None and gb is not None and a != b
        ops = tuple(sorted(set(ga.ops) | set(gb.ops)))
        kept = tuple(sorted(set(ga.kept) | set(gb.kept)))
        # an op one group recomputes and the other runs is now a member: no copy
        recomputed = tuple(sorted((set(ga.recomputed) | set(gb.recomputed)) - set(ops)))
        root = ga.root if ga.root is not None else gb.root
        self._groups[a] = replace(
            ga,
            id=min(ga.id, gb.id),
            ops=ops,
            pattern=pattern,
            root=root,
            kept=kept,
            recomputed=recomputed,
            cost=None,
        )
        self._groups[b] = None
        self._forward[b] = a
        self._kernels.discard(b)
        self._kernels.add(a)
        for n in gb.ops:
            self.owner[n] = a
        return a

    # -- paths -----------------------------------------------------------------

    def path_between(self, a: int, b: int) -> list[int] | None:
        """Op ids of a path from group a to group b (through any third op or
        group), or None. Bitset closures decide; a BFS restricted to the nodes
        on such paths names one for the message."""
        if not self.has_path(a, b):
            return None
        a, b = self.find(a), self.find(b)
        allowed = self._closure(a, forward=True) & self._closure(b, forward=False) | self._mask(b)
        start = set(self.ops_of(a))
        parent: dict[int, int | None] = dict.fromkeys(start)
        queue = deque(start)
        while queue:
            u = queue.popleft()
            for s in self.graph.succs(u):
                if s in parent or not allowed >> s & 1:
                    continue
                parent[s] = u
                if self.find(self.owner.get(s, -1)) == b:
                    return self._trace(parent, s)
                queue.append(s)
                # the whole kernel of s runs after u: all its ops are reached
                for t in self._kernel_mates(s):
                    if t not in parent:
                        parent[t] = s
                        queue.append(t)
        return None

    def has_path(self, a: int, b: int) -> bool:
        """A path from group a to group b, through any third op or group."""
        a, b = self.find(a), self.find(b)
        return bool(self._closure(a, forward=True) & self._mask(b))

    def _mask(self, gi: int) -> int:
        mask = 0
        for n in self.ops_of(gi):
            mask |= 1 << n
        return mask

    def _step(self, n: int, forward: bool) -> int:
        if self._desc is not None and self._anc is not None:
            return self._desc[n] if forward else self._anc[n]
        if forward:
            return int(self.graph.descendants_mask(n))
        return int(self.graph.ancestors_mask(n))

    def _closure(self, gi: int, *, forward: bool) -> int:
        """Ops reachable from (forward) or reaching (backward) group gi, where
        touching an op of a multi-op group reaches all of that group."""
        mask = 0
        for n in self.ops_of(gi):
            mask |= self._step(n, forward)
        me = self.find(gi)
        kernels = [g for g in self._kernels if g != me]
        grown = True
        while grown:
            grown = False
            for g in kernels:
                group_mask = self._mask(g)
                if mask & group_mask and group_mask & ~mask:
                    mask |= group_mask
                    for n in self.ops_of(g):
                        mask |= self._step(n, forward)
                    grown = True
        return mask

    def _kernel_mates(self, n: int) -> list[int]:
        gi = self.owner.get(n)
        return [] if gi is None else self.ops_of(gi)

    @staticmethod
    def _trace(parent: dict[int, int | None], end: int) -> list[int]:
        path = [end]
        node = parent[end]
        while node is not None:
            path.append(node)
            node = parent[node]
        return list(reversed(path))

    # -- inputs ----------------------------------------------------------------

    def _produced_inside(self, value: ir.Value, ops: set[int]) -> bool:
        owner = value.owner
        if isinstance(owner, ir.Block):
            return False
        return any(self.graph.ops[n] == owner.operation for n in ops)

    def external_inputs(self, ops: list[int]) -> list[ir.Value]:
        inside = set(ops)
        found: list[ir.Value] = []
        for n in ops:
            for v in self.inputs_of(n):
                if _is_tensor(v) and v not in found and not self._produced_inside(v, inside):
                    found.append(v)
        return found

    def shared_values(self) -> list[ir.Value]:
        """Tensor values read as inputs by grouped ops, in program order."""
        return list(self._read_by)

    def readers(self, value: ir.Value) -> list[int]:
        """Live groups reading `value` as an input produced outside them, in order."""
        found: list[int] = []
        for reader in self._read_by.get(value, []):
            gi = self.find(reader)
            if gi not in found and not self._produced_inside(value, set(self.ops_of(gi))):
                found.append(gi)
        return sorted(found, key=lambda g: self.ops_of(g)[0])

    def escaping_types(self, ops: list[int]) -> list[str]:
        """Types of the results of `ops` used outside them (what a group returns)."""
        inside = {self.graph.ops[n] for n in ops}
        found: list[str] = []
        for n in ops:
            for result in self.graph.ops[n].results:
                if any(_top(use.owner.operation, inside) not in inside for use in result.uses):
                    found.append(str(result.type))
        return found

    def nested_readers(self, value: ir.Value) -> list[tuple[ir.Operation, int]]:
        """Structured ops reading `value` from inside a region: (op, its top-level ancestor)."""
        top = self._top_index()
        found: list[tuple[ir.Operation, int]] = []
        for use in value.uses:
            user = use.owner.operation
            if user in top or not is_structured(user):
                continue
            ancestor = user.parent
            while ancestor is not None and ancestor.operation not in top:
                ancestor = ancestor.operation.parent
            if ancestor is not None:
                found.append((user, top[ancestor.operation]))
        return found

    def _top_index(self) -> dict[ir.Operation, int]:
        if self._top is None:
            self._top = {op: n for n, op in enumerate(self.graph.ops)}
        return self._top

    def is_small(self, gi: int, limit: int) -> bool:
        """The group's kernel ops (fills aside) write at most `limit` elements."""
        ops = [self.graph.ops[n] for n in self.ops_of(gi)]
        kernel_ops = [op for op in ops if is_structured(op) and is_kernel_name(op_name(op))]
        if not kernel_ops:
            return False
        return sum(_elements(r.type) for op in kernel_ops for r in op.results) <= limit

    def _copied_in(self, value: ir.Value, group: Group) -> bool:
        """`value` is computed by one of `group`'s recomputed copies."""
        owner = value.owner
        copies = _copies(group)
        return not isinstance(owner, ir.Block) and any(
            self.graph.ops[r] == owner.operation for r in copies
        )


def _copies(group: Group) -> list[int]:
    """The ops `group` recomputes (clones) rather than reads."""
    return [r for r in group.recomputed if r not in group.ops]


def _masks_with_copies(graph: GraphLike, groups: list[Group]) -> tuple[list[int] | None, ...]:
    """Descendant and ancestor bitsets of the graph as the rewrite leaves it:
    a group that recomputes op r reads r's inputs (through its copy), not r.
    (None, None) when no group recomputes (the graph's own bitsets hold)."""
    cut: set[tuple[int, int]] = set()
    added: set[tuple[int, int]] = set()
    for g in groups:
        copies = set(_copies(g))
        if not copies:
            continue
        members = set(g.ops)
        first = min(members) if members else None
        for r in copies:
            cut.update((r, c) for c in graph.succs(r) if c in members)
            if first is not None:
                added.update((q, first) for q in graph.preds(r) if q not in copies and q < first)
    if not cut:
        return None, None
    size = len(graph.ops)
    succs = [[s for s in graph.succs(n) if (n, s) not in cut] for n in range(size)]
    for q, c in added:
        succs[q].append(c)
    preds: list[list[int]] = [[] for _ in range(size)]
    for n in range(size):
        for s in succs[n]:
            preds[s].append(n)
    desc, anc = [0] * size, [0] * size
    for n in range(size - 1, -1, -1):  # program order is topological
        for s in succs[n]:
            desc[n] |= (1 << s) | desc[s]
    for n in range(size):
        for p in preds[n]:
            anc[n] |= (1 << p) | anc[p]
    return desc, anc


def _top(op: ir.Operation, inside: set[ir.Operation]) -> ir.Operation:
    """`op` or the ancestor of it that is in `inside` (when one is)."""
    cur: ir.Operation | None = op
    while cur is not None:
        if cur in inside:
            return cur
        parent = cur.parent
        cur = parent.operation if parent is not None else None
    return op


def _is_tensor(value: ir.Value) -> bool:
    return isinstance(value.type, ir.RankedTensorType)


def _elements(type_: ir.Type) -> int:
    shaped = ir.ShapedType(type_)
    if not shaped.has_static_shape:
        return 1 << 62
    total = 1
    for i in range(shaped.rank):
        total *= shaped.get_dim_size(i)
    return total
