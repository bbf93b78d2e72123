"""What the rule heuristic knows about ops and about the clusters it grows.

`OpFacts` reads an op's kind, loops, result shape and the paths between ops off
the analysis graph;
`Cluster` is one future kernel under construction (docs/vertical-fusion.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mlir import ir

from mlirfuse.analysis.types import OpKind

CHEAP_FLOPS = 2.0  # recompute="auto" duplicates elementwise ops at most this costly


@dataclass
class Cluster:
    ops: set[int]
    family: str  # "E" elementwise, "R" reduction-rooted, "C" contraction-rooted
    root: int | None
    space: tuple[int | None, ...]  # loops of the root (R), its result (C), first op (E)
    recomputed: list[int] = field(default_factory=list)
    # Kept up to date by _union so that a join costs the size of the smaller side:
    boundary: set[int] = field(default_factory=set)  # members read from outside
    spaces: set[tuple[int | None, ...]] = field(default_factory=set)  # member loops
    reads: set[ir.Value] = field(default_factory=set)  # tensors read from outside
    produced: set[ir.Value] = field(default_factory=set)  # member results


def count(shape: tuple[int | None, ...]) -> int | None:
    total = 1
    for size in shape:
        if size is None:
            return None
        total *= size
    return total


def co_iterable(shape: tuple[int | None, ...], space: tuple[int | None, ...]) -> bool:
    """`shape` runs inside `space`'s loops: same rank, each dim equal or 1."""
    if len(shape) != len(space):
        return False
    return all(a == b or a == 1 for a, b in zip(shape, space, strict=True))


class OpFacts:
    """Op properties the heuristic's rules use, from `graph` (read-only)."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def _info(self, n: int) -> Any:
        return self.graph.infos[n]

    def _func_name(self) -> str:
        name = getattr(self.graph, "func_name", None)
        if isinstance(name, str):
            return name
        if not self.graph.ops:
            return ""
        func = self.graph.ops[0].parent
        return str(ir.StringAttr(func.attributes["sym_name"]).value)

    def _pattern(self, c: Cluster) -> str:
        kernels = [o for o in c.ops if self._info(o).is_kernel] + c.recomputed
        if len(kernels) <= 1:
            return "single"
        if c.family == "E":
            return "elementwise-chain"
        if c.family == "C":
            return "contraction-epilogue"
        assert c.root is not None
        after = [o for o in kernels if o > c.root]
        return "reduction-epilogue" if after else "reduction-prologue"

    def _is_elementwise_like(self, n: int) -> bool:
        info = self._info(n)
        if info.kind in (OpKind.ELEMENTWISE, OpKind.BROADCAST):
            return True
        if info.kind is OpKind.INJECTIVE:
            return bool(info.name in ("linalg.transpose", "linalg.generic"))
        # A side-effecting generic is classified opaque; structurally it may
        # still be all-parallel, and moving it (never copying it) is safe.
        return bool(
            info.kind is OpKind.OPAQUE
            and info.name == "linalg.generic"
            and not self.reduction_dims(n)
        )

    def reduction_dims(self, n: int) -> tuple[int, ...]:
        op = self.graph.ops[n]
        if "iterator_types" not in op.attributes:
            return tuple(self._info(n).reduction_dims)
        its = [str(a) for a in op.attributes["iterator_types"]]
        return tuple(i for i, it in enumerate(its) if "reduction" in it)

    def loops(self, n: int) -> tuple[int | None, ...]:
        ranges = tuple(self._info(n).loop_ranges)
        return ranges if ranges else self.result_shape(n)

    def result_shape(self, n: int) -> tuple[int | None, ...]:
        op = self.graph.ops[n]
        if not op.results or not isinstance(op.results[0].type, ir.RankedTensorType):
            return ()
        dynamic = ir.ShapedType.get_dynamic_size()
        return tuple(None if s == dynamic else s for s in op.results[0].type.shape)

    def between(self, ops: set[int], boundary: set[int]) -> set[int]:
        """Ops outside `ops` on a path from `ops` (its `boundary` members) back into it."""
        last = max(ops)
        seen: set[int] = set()
        frontier = [
            s for o in boundary for s in self.graph.consumers(o) if s not in ops and s < last
        ]
        while frontier:
            x = frontier.pop()
            if x in seen:
                continue
            seen.add(x)
            frontier.extend(s for s in self.graph.consumers(x) if s not in ops and s < last)
        return {x for x in seen if any(s in ops for s in self._reach_set(x, ops, last))}

    def _reach_set(self, x: int, ops: set[int], last: int) -> set[int]:
        reached: set[int] = set()
        frontier = [x]
        while frontier:
            y = frontier.pop()
            for s in self.graph.consumers(y):
                if s <= last and s not in reached:
                    reached.add(s)
                    if s not in ops:
                        frontier.append(s)
        return reached
