"""Refusal: a kernel op reading one value of the kernel through two operands.

Tile-and-fuse moves a producer into its consumer's loop through one
`extract_slice` of one operand. When an op reads a value the kernel computes
through two operands whose tiles differ, one of them is left reading a
producer that is no longer there to fuse ("could not find next producer to
fuse"). JetMoE regroups tokens by expert with the inverse of a sort: a
reduction over positions whose init is an iota that it also reads, whole,
as an input (`out[i] = in[j] == i ? iota[j] : out[i]`). Two reads through the
same map (`x * x` as `ins(%x, %x)`) take the same tile and fuse; the
refusal is for different maps (an input and the init included: the
destination's tile is fused like any operand's).
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.analysis.structured import structured_view
from mlirfuse.analysis.types import Decision
from mlirfuse.gpu.irutil import defining_op

READ_TWICE = "gpu-read-twice"  # one kernel value read by one op through two unlike maps


def read_twice(ops: Sequence[ir.Operation]) -> Decision | None:
    """Refuse when an op of `ops` reads a value computed in `ops` through two
    operands (inputs or init) with different maps."""
    for op in ops:
        view = structured_view(op)
        if view is None:
            continue
        # A value the kernel computes, or any value that is also the op's init:
        # tiling makes the loop's destination stand for the init, and every
        # use of that value in the loop, the input's too, then reads the
        # destination the threads write (a race; wrong rows in verify).
        inits = list(op.operands)[view.num_inputs :]
        reads = [
            (value, index)
            for index, value in enumerate(op.operands)
            if index < len(view.maps) and (_computed_in(ops, value) or value in inits)
        ]
        for first, (value, i) in enumerate(reads):
            for other, j in reads[first + 1 :]:
                if other != value:
                    continue
                if view.maps[i] != view.maps[j]:
                    return Decision.refuse(
                        READ_TWICE,
                        f"'{op.name}' reads a value of the kernel through operands {i} and {j}"
                        " with different tiles: tile-and-fuse fuses its producer for one only",
                    )
    return None


def _computed_in(ops: Sequence[ir.Operation], value: ir.Value) -> bool:
    producer = defining_op(value)
    return producer is not None and any(producer == op for op in ops)
