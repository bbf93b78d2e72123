"""Iteration-space questions of sibling fusion: same space, co-iterable.

Two notions, both read from the linalg structure:

- *same space*: every op is a `linalg.generic` with identical loop ranges and
  iterator types. Such ops can become ONE multi-result generic: operands are
  unioned and bodies concatenated, each keeping its own maps.
- *co-iterable*: the ops cannot be one linalg op but one kernel can cover them
  by tiling the same rows. With K the ranges of the largest ops and R the dims
  those ops reduce, every op has K's rank and, in each dim i, either K[i] or
  (i in R) the extent 1, up to an order of its loops: a row reduction, the
  elementwise ops over the same rows (in any loop order), and the per-row ops
  on its result (1 in the reduced dim) qualify.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

from mlir import ir

from mlirfuse.analysis.op_facts import LoopFacts, input_values, loop_facts, op_name
from mlirfuse.analysis.registry import classify_op
from mlirfuse.analysis.types import OpKind

MAX_PERMUTED_RANK = 5  # loop dims up to which permuted siblings are aligned (5! orders)
CONTRACTION_NAMES = frozenset(
    {
        "linalg.matmul",
        "linalg.batch_matmul",
        "linalg.matvec",
        "linalg.vecmat",
        "linalg.batch_matvec",
        "linalg.dot",
        "linalg.contract",
    }
)


def is_contraction_like(op: ir.Operation) -> bool:
    """Matmuls, convolutions, pooling and generic contractions: never row siblings."""
    name = op_name(op)
    if name in CONTRACTION_NAMES or name.startswith(
        ("linalg.conv", "linalg.pooling", "linalg.depthwise")
    ):
        return True
    if name != "linalg.generic":
        return False
    kind = classify_op(op, 0).kind
    return kind in (OpKind.CONTRACTION, OpKind.CONVOLUTION)


def same_space(ops: Sequence[ir.Operation]) -> bool:
    """All generics with the same static ranges and iterator types, up to a
    permutation of loop dims (see `alignment`)."""
    if any(op_name(op) != "linalg.generic" for op in ops):
        return False
    return all(alignment(ops[0], op) is not None for op in ops)


def alignment(first: ir.Operation, other: ir.Operation) -> tuple[int, ...] | None:
    """A permutation p such that loop dim p[i] of `other` has the range and the
    iterator type of loop dim i of `first`; None when there is none.

    Among several, the one under which a value both ops read is read through
    the same map wins (so it becomes one operand), then the identity.
    """
    fa, fb = loop_facts(first), loop_facts(other)
    if (
        fa is None
        or fb is None
        or not fa.static
        or not fb.static
        or len(fa.ranges) != len(fb.ranges)
    ):
        return None
    n = len(fa.ranges)
    orders = permutations(range(n)) if n <= MAX_PERMUTED_RANK else iter([tuple(range(n))])
    candidates = [
        p
        for p in orders
        if all(
            fa.ranges[i] == fb.ranges[p[i]] and fa.iterators[i] == fb.iterators[p[i]]
            for i in range(n)
        )
    ]
    if not candidates:
        return None
    shared = _shared_input_maps(first, other)
    for p in candidates:
        if any(permute_map(mb, p) == ma for ma, mb in shared):
            return p
    identity = tuple(range(n))
    return identity if identity in candidates else candidates[0]


def _shared_input_maps(
    first: ir.Operation, other: ir.Operation
) -> list[tuple[ir.AffineMap, ir.AffineMap]]:
    fa, fb = loop_facts(first), loop_facts(other)
    assert fa is not None and fb is not None
    pairs = []
    for i, v in enumerate(input_values(other)):
        for j, w in enumerate(input_values(first)):
            if v == w:
                pairs.append((fa.maps[j], fb.maps[i]))
    return pairs


def inverse(p: tuple[int, ...]) -> tuple[int, ...]:
    """inv[j] = i where p[i] = j: the dim of `first` that dim j of `other` becomes."""
    inv = [0] * len(p)
    for i, j in enumerate(p):
        inv[j] = i
    return tuple(inv)


def permute_map(amap: ir.AffineMap, p: tuple[int, ...]) -> ir.AffineMap:
    """`amap` (over `other`'s dims) rewritten over `first`'s dims."""
    if p == tuple(range(len(p))):
        return amap
    inv = inverse(p)
    rename = ir.AffineMap.get(
        len(p), 0, [ir.AffineDimExpr.get(inv[j], amap.context) for j in range(len(p))]
    )
    return ir.AffineMap.get(len(p), amap.n_symbols, [e.compose(rename) for e in amap.results])


def co_iterable(ops: Sequence[ir.Operation]) -> str | None:
    """None when one row-tiled kernel covers `ops`; otherwise the reason."""
    facts: list[tuple[ir.Operation, LoopFacts]] = []
    for op in ops:
        f = loop_facts(op)
        if f is None:
            continue  # reshapes and the like ride along with their neighbours
        if not f.static:
            return f"{op_name(op)} has dynamic loop ranges"
        if is_contraction_like(op):
            return f"{op_name(op)} is a contraction (see horizontal contraction)"
        facts.append((op, f))
    if not facts:
        return "no structured op"
    widest = max(facts, key=lambda item: _volume(item[1]))[1]
    full = widest.ranges
    # Loop order is compared up to a permutation: a member's own order is how
    # its op happens to be written, and a merge gives it its consumer's (the
    # merged sibling of a transposed chain iterates the transposed loops).
    reduced: set[int] = set()
    for _, f in facts:
        order = next((p for p in _orders(len(full)) if _aligned(f.ranges, full, p)), None)
        if len(f.ranges) == len(full) and order is not None:
            reduced.update(i for i, d in enumerate(order) if d in f.reduction_dims)
    for op, f in facts:
        if len(f.ranges) != len(full):
            return f"{op_name(op)} iterates {_fmt(f.ranges)}, rank differs from {_fmt(full)}"
        if not any(_over_rows(f.ranges, full, reduced, p) for p in _orders(len(full))):
            return f"{op_name(op)} iterates {_fmt(f.ranges)}, not the rows of {_fmt(full)}"
    return None


def _orders(rank: int) -> Iterable[tuple[int, ...]]:
    """Loop orders tried, the identity first."""
    if rank <= MAX_PERMUTED_RANK:
        return permutations(range(rank))
    return [tuple(range(rank))]


def _aligned(
    ranges: tuple[int | None, ...], full: tuple[int | None, ...], p: Sequence[int]
) -> bool:
    """Dim p[i] of `ranges` has the extent of dim i of `full`, for every i."""
    return len(ranges) == len(full) and all(ranges[p[i]] == full[i] for i in range(len(full)))


def _over_rows(
    ranges: tuple[int | None, ...],
    full: tuple[int | None, ...],
    reduced: set[int],
    p: Sequence[int],
) -> bool:
    """Under order p, every dim is `full`'s, or 1 where `full`'s ops reduce."""
    return all(
        ranges[p[i]] == full[i] or (i in reduced and ranges[p[i]] == 1) for i in range(len(full))
    )


def _volume(facts: LoopFacts) -> int:
    total = 1
    for r in facts.ranges:
        total *= r or 1
    return total


def _fmt(ranges: tuple[int | None, ...]) -> str:
    return "x".join("?" if r is None else str(r) for r in ranges)
