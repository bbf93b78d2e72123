"""A gather read only through reshapes, rebuilt over the reshaped shape.

A concat becomes a gather (`concat_kernel.py`) over the concat's own shape.
Where the concat stacks along a new unit dim and a reshape merges it away,
that shape is nobody's: interleaved rotary embeddings (GPT-J, CodeGen,
V-JEPA-2: `stack([-x2, x1], -1).flatten(-2)`) and 4-bit weight unpacking
(`stack([lo, hi], -1).reshape(n, k)`, then regrouped for the scales) read
the gather through a `collapse_shape`, maybe an `expand_shape` after it. A
reshape between two ops of a kernel is what tile-and-fuse cannot fuse
through (`gpu-reshape-inside`), so the gather stayed a kernel of its own,
writing and reading back the interleaved tensor.

Here such a gather (`gather_compose.is_gather`), read by one static reshape
whose result is read by one static reshape and so on, becomes one gather
over the last reshape's shape: each point maps back through the reshapes
(`transforms/view_coords.through_view`) and evaluates the gather's body there. The
reshapes go; the new gather's readers may fuse it (an elementwise reader
computes it at its own points).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.gather_compose import evaluate_body, is_gather
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import users_of
from mlirfuse.transforms.view_coords import through_view

_RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape")


def _reshape_chain(gather: ir.Operation) -> list[ir.Operation]:
    """The static reshapes from `gather` on, each the only reader of the last."""
    chain: list[ir.Operation] = []
    value = gather.results[0]
    while True:
        readers = users_of(value)
        if len(readers) != 1 or readers[0].name not in _RESHAPES:
            return chain
        reshape = readers[0]
        if not ir.RankedTensorType(reshape.results[0].type).has_static_shape:
            return chain
        chain.append(reshape)
        value = reshape.results[0]


def _rebuild(gather: ir.Operation, chain: list[ir.Operation]) -> None:
    last = chain[-1]

    def value_at(at: list[ir.Value]) -> ir.Value:
        coords = at
        for reshape in reversed(chain):
            coords = through_view(reshape, coords)
        return evaluate_body(gather, coords)

    with ir.InsertionPoint(last), last.location:
        new = index_generic(ir.RankedTensorType(last.results[0].type), value_at)
    with Rewrite("a gather read through reshapes, rebuilt over their shape", last) as rw:
        rw.replace_op(last, [new.results[0]])
        for op in [gather, *chain[:-1]]:
            rw.erase(op)
        rw.erase_if_dead(gather.operands[0])


def gathers_over_reshapes(func: ir.Operation) -> int:
    """Rebuild every gather of `func`'s body that only reshapes read over
    the last reshape's shape; returns how many were rebuilt."""
    block = func.regions[0].blocks[0]
    gathers = [op.operation for op in block.operations if is_gather(op.operation)]
    rebuilt = 0
    for gather in gathers:
        chain = _reshape_chain(gather)
        if chain:
            _rebuild(gather, chain)
            rebuilt += 1
    return rebuilt
