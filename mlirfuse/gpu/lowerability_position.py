"""Refusal: a reduction by position fused where its kernel would recompute it.

A reduction that yields a value computed from the index of a loop it
reduces (argmax's index, a cumsum read as a triangular sum) takes the
fallback schedule (`schedule_fallback.reduces_by_position`): upstream's
reduction split does not offset those indices into each thread's chunk. The
fallback gives each thread one element of the kernel's root and fuses the
other ops into it, so the reduction runs whole in every thread:
- with elementwise producers (they are computed inside its loop, each
  element once) and readers of its own extents (the positions' `(cs - 1) *
  mask`), every row is reduced once, as alone;
- with a reader of a larger space (SLANeXt's one-hot of the argmax over its
  12 classes, `pos == j`), every row is reduced once per element of that
  space: allowed while those recomputed iterations stay few
  (`MAX_RECOMPUTED_ITERATIONS`);
- beside a contraction or another reduction, the fallback would run them
  one thread per element too: refused.

It was refused in any group once: fused with its producer and epilogue, the
GPU schedule computed BLOOM's ALiBi positions off by one. That group now
verifies (`verify --schedule gpu`, test_lit/gpu/cumsum-kernels.mlir), and so
do argmax and cumsum groups of every shape in test_lit/gpu/position-kernels.mlir.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.types import Decision
from mlirfuse.gpu.irutil import ancestors_within
from mlirfuse.gpu.opshape import ScheduleError, op_shape
from mlirfuse.gpu.schedule_fallback import yields_position

POSITION_REDUCTION = "gpu-position-reduction"  # a reduction by position its kernel recomputes
# Reduction iterations the fallback may spend recomputing a reduction by
# position for a reader of a larger space (each reader element reduces its
# row again): a one-hot over a few classes costs a few hundred, one over a
# vocabulary billions.
MAX_RECOMPUTED_ITERATIONS = 1 << 16


def position_reduction(ops: Sequence[ir.Operation]) -> Decision | None:
    """Refuse a group whose reduction by position the fallback schedule would
    run beside other reductions, or recompute too often (see the module)."""
    positional = [op for op in ops if yields_position(op)]
    if not positional:
        return None
    reduction = positional[0]
    others = [op for op in ops if _computes(op) and op != reduction]
    if len(positional) > 1 or any(_reduces(op) for op in others):
        return _refuse("beside another reduction or contraction it is its own kernel")
    try:
        shape = op_shape(reduction)
    except ScheduleError:
        return _refuse("a reduction by position of unknown extents is its own kernel")
    rows = math.prod(shape.parallel_extents)
    reduced = math.prod(e for e, red in zip(shape.extents, shape.reduction, strict=True) if red)
    feeding = ancestors_within(ops, reduction)
    spaces = [_space(op) for op in others if not any(op == f for f in feeding)]
    if None in spaces:
        return _refuse("a reader of unknown extents would recompute it")
    widest = max((space for space in spaces if space is not None), default=0)
    if widest > rows and widest * reduced > MAX_RECOMPUTED_ITERATIONS:
        return _refuse(
            f"a reader of {widest} elements would reduce each of its {rows} rows of "
            f"{reduced} again per element ({widest * reduced} iterations, at most "
            f"{MAX_RECOMPUTED_ITERATIONS})"
        )
    return None


def _refuse(why: str) -> Decision:
    return Decision.refuse(POSITION_REDUCTION, f"a reduction by position (argmax, cumsum): {why}")


def _computes(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.") and op.name != "linalg.fill"


def _reduces(op: ir.Operation) -> bool:
    """Whether the op has a reduction loop (an op of no known loops counts)."""
    try:
        return any(op_shape(op).reduction)
    except ScheduleError:
        return True


def _space(op: ir.Operation) -> int | None:
    """How many elements the op's parallel loops run (None: not static)."""
    try:
        return math.prod(op_shape(op).parallel_extents)
    except ScheduleError:
        return None
