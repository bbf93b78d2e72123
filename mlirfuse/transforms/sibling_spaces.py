"""Iteration-space questions of sibling fusion: same space, co-iterable.

Two notions, both read from the linalg structure:

- *same space*: every op is a `linalg.generic` with identical loop ranges and
  iterator types. Such ops can become ONE multi-result generic: operands are
  unioned and bodies concatenated, each keeping its own maps.
- *co-iterable*: the ops cannot be one linalg op but one kernel can cover them
  by tiling the same rows. With K the ranges of the largest ops and R the dims
  those ops reduce, every op has K's rank and, in each dim i, either K[i] or
  (i in R) the extent 1: a row reduction, the elementwise ops over the same
  rows, and the per-row ops on its result (1 in the reduced dim) qualify.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis import OpKind, classify_op
from mlirfuse.transforms.sibling_facts import LoopFacts, loop_facts, op_name

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
    """All generics with the same static ranges and iterator types."""
    facts = [loop_facts(op) for op in ops]
    if any(
        f is None or not f.static or op_name(op) != "linalg.generic"
        for f, op in zip(facts, ops, strict=True)
    ):
        return False
    first = facts[0]
    assert first is not None
    return all(
        f is not None and f.ranges == first.ranges and f.iterators == first.iterators for f in facts
    )


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
    reduced: set[int] = set()
    for _, f in facts:
        if f.ranges == widest.ranges:
            reduced.update(f.reduction_dims)
    for op, f in facts:
        if len(f.ranges) != len(widest.ranges):
            return (
                f"{op_name(op)} iterates {_fmt(f.ranges)}, rank differs from {_fmt(widest.ranges)}"
            )
        for i, (mine, full) in enumerate(zip(f.ranges, widest.ranges, strict=True)):
            if mine != full and not (i in reduced and mine == 1):
                return f"{op_name(op)} iterates {_fmt(f.ranges)}, not the rows of {_fmt(widest.ranges)}"
    return None


def _volume(facts: LoopFacts) -> int:
    total = 1
    for r in facts.ranges:
        total *= r or 1
    return total


def _fmt(ranges: tuple[int | None, ...]) -> str:
    return "x".join("?" if r is None else str(r) for r in ranges)
