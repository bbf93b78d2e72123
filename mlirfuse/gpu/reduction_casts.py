"""A widening cast that a reduction and other ops read: recomputed in the reduction.

torch-mlir decomposes a norm's variance in f64: `extf(x)` is read by the
mean's sum and by `x - mean`, so in the norm's kernel the widened value has
two readers, and a row block stages a value two members read in shared
memory (`cost/estimate.row_block_buffers`, `gpu/row_staging.py`). A
GroupNorm with one group reduces whole rows of C x L (Moonshine's stem: 64 x
63 = 4032 f64, 32 KB), past the 48 KB budget with the sums' partials, so the
planner left the cast in the kernel before (a convolution epilogue), which
wrote the f64 copy to memory for the norm to read back: twice the input's
bytes, moved twice. Recomputing the cast in every op that reads it, when
all are generics and one reduces (`R(E(v))` -> `R'(v)`, E's body in front of
R's, as `transforms/sibling_prologue.py` does for siblings), leaves nothing
reading the widened tensor: the norm's kernel reads `v` and stages nothing
for the cast. Only cheap bodies (`MAX_RECOMPUTED_BODY`) qualify, read from
one tensor of a narrower element type, widened to f64 (the statistics
torch-mlir computes in f64) or from 16 bits to f32: no reader reads more
bytes than it did, and a same-width prologue (attention's scale before its
softmax's max) stays where the attention matcher finds it.

A 16-bit model's f32 upcast is taken only where every reduction reading it
is a sum (a norm's mean, its sum of squares, a LayerNorm's backward sums):
a bf16 ViT's LayerNorm upcast was written as an f32 copy by the mean's
kernel and read back by the normalisation and the backward pass (2x the
input's bytes, three times). Softmax's upcast is read by a max (torch's max
with indices) and stays a kernel input: recomputed in the max and `x - max`
it no longer matched the attention chain (gpt2_block_f16: 7 kernels -> 11,
llama_block_bf16: 13 -> 17).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.op_facts import (
    body_size,
    has_side_effects,
    input_values,
    loop_facts,
    recomputable_prologue,
)
from mlirfuse.policy.sibling_limits import MAX_RECOMPUTED_BODY
from mlirfuse.transforms.ir_access import users_of
from mlirfuse.transforms.sibling_prologue import recompute_into

MAX_REWRITES = 10_000  # each rewrite erases a cast: this bounds time only


def casts_into_reductions(func: ir.Operation) -> int:
    """Recompute each qualifying cast in its readers; how many casts."""
    done = 0
    while done < MAX_REWRITES:
        found = _next_cast(func.regions[0].blocks[0])
        if found is None:
            break
        cast, targets = found
        for reader in targets:  # distinct ops: each rewrite replaces only its own
            recompute_into(cast, reader)  # the last one erases the cast
        done += 1
    return done


def _next_cast(block: ir.Block) -> tuple[ir.Operation, list[ir.Operation]] | None:
    """The first cast to rewrite and its readers to rewrite, found afresh
    (a rewrite replaces readers and may erase the cast)."""
    for op_view in block.operations:
        cast = op_view.operation
        if not _cheap_widening(cast):
            continue
        targets = _targets(cast.results[0])
        if targets:
            return cast, targets
    return None


def _targets(value: ir.Value) -> list[ir.Operation]:
    """The readers to recompute the cast in: all of them, when each is a
    generic reading it once, one at least reduces, and there are two or
    more (one reduction alone merges the cast already). The cast then goes:
    kept for another reader, a reshape propagated past it would keep it out
    of that reader's merge, and the norm's kernel would stage it after all;
    a cast the function returns is written anyway, and stays as it is."""
    readers = users_of(value)
    if len(readers) < 2 or not all(_generic_reading_once(r, value) for r in readers):
        return []
    reductions = [r for r in readers if _reduces(r)]
    if _element_bits(value) == 32 and not all(_sums(r) for r in reductions):
        return []  # a 16-bit upcast a max reads: softmax's, the attention matcher's
    return readers if reductions else []


def _cheap_widening(op: ir.Operation) -> bool:
    if not recomputable_prologue(op) or body_size(op) > MAX_RECOMPUTED_BODY:
        return False
    tensors = [v for v in input_values(op) if isinstance(v.type, ir.RankedTensorType)]
    if len(tensors) != 1:
        return False
    # To f64 (torch-mlir's variance), or a 16-bit value to f32 (`_targets`
    # then asks that every reduction reading it sums).
    wide = ir.ShapedType(op.results[0].type).element_type
    narrow = _element_bits(tensors[0])
    if isinstance(wide, ir.F64Type):
        return narrow < 64
    return isinstance(wide, ir.F32Type) and narrow == 16 and _is_float(tensors[0])


def _element_bits(value: ir.Value) -> int:
    element = ir.ShapedType(value.type).element_type
    return element.width if isinstance(element, ir.FloatType | ir.IntegerType) else 0


def _is_float(value: ir.Value) -> bool:
    return isinstance(ir.ShapedType(value.type).element_type, ir.FloatType)


# Ops whose presence in a reduction's body makes it no plain sum.
_NOT_A_SUM = ("arith.maximumf", "arith.maxnumf", "arith.minimumf", "arith.minnumf", "arith.cmpf")


def _sums(op: ir.Operation) -> bool:
    """A one-result reduction that accumulates with `addf`, taking no max,
    min, comparison or loop index (a softmax's max with indices does)."""
    names = [inner.operation.name for inner in op.regions[0].blocks[0].operations]
    if len(op.results) != 1 or "arith.addf" not in names or "linalg.index" in names:
        return False
    return not any(name in _NOT_A_SUM for name in names)


def _reduces(op: ir.Operation) -> bool:
    facts = loop_facts(op)
    return facts is not None and bool(facts.reduction_dims)


def _generic_reading_once(op: ir.Operation, value: ir.Value) -> bool:
    """A generic reading `value` as one input (not its init), no side effect."""
    if op.name != "linalg.generic" or loop_facts(op) is None:
        return False
    inputs = input_values(op)
    if sum(v == value for v in inputs) != 1 or has_side_effects(op):
        return False
    return all(v != value for v in list(op.operands)[len(inputs) :])
