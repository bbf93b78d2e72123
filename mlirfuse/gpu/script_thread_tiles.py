"""Registers for a contraction's (or conv's) thread tile, after stage 1's
thread-level tiling: the 4x4 accumulator of a single f32 matmul as a
loop-carried vector (`register_accumulator`), or, for scalar tiles, the
reduction loops outside the output elements (`reductions_outermost`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mlirfuse.gpu import script_matmul
from mlirfuse.gpu.schedule import Schedule
from mlirfuse.gpu.tiles import K_STEP, divisor_at_most

if TYPE_CHECKING:
    from mlirfuse.gpu.script import ScriptBuilder

ANY = "!transform.any_op"


def register_accumulator(script: ScriptBuilder, s: Schedule) -> None:
    """The thread's matmul tile: K in steps of K_STEP, fill and matmul
    vectorized, the accumulator hoisted into the K loop's iter_args (a
    vector<4x4xf32> in registers) and the contraction lowered to outer-product
    FMAs on 1-D vectors. The epilogue stays scalar, on the accumulator."""
    assert s.contraction is not None and s.contraction_init is not None
    shape = s.op_shapes[s.contraction]
    # Static vector shapes need steps that divide K: the largest divisor of
    # each reduction extent up to K_STEP (K in 32-wide staged steps: 4).
    steps = [divisor_at_most(max(e, 1), K_STEP) for e in shape.extents]
    if script_matmul.stageable(s):
        steps = [divisor_at_most(script_matmul.STAGE_K, K_STEP)] * len(shape.extents)
    sizes = [step if red else 0 for step, red in zip(steps, shape.reduction, strict=True)]
    tiled, _ = script.fresh(), script.fresh()
    script.emit(
        f"{tiled}, {_} = transform.structured.tile_using_for {script.match_op(s.kernel_id, s.contraction)} "
        f"tile_sizes {sizes} : ({ANY}) -> ({ANY}, {ANY})"
    )
    script.emit(
        f"transform.structured.vectorize {script.match_op(s.kernel_id, s.contraction_init)} : {ANY}"
    )
    script.emit(f"transform.structured.vectorize {tiled} : {ANY}")
    script.cleanup()
    loops = script.fresh()
    script.emit(
        f'{loops} = transform.structured.match ops{{["scf.for"]}} in %arg0 : ({ANY}) -> {ANY}'
    )
    script.emit(f"transform.loop.hoist_loop_invariant_subsets {loops} : {ANY}")
    script.cleanup(
        [
            "transform.apply_patterns.vector.reduction_to_contract",
            "transform.apply_patterns.vector.transfer_permutation_patterns",
        ]
    )
    script.cleanup(
        [
            'transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"',
            "transform.apply_patterns.vector.lower_outerproduct",
        ]
    )


def reductions_outermost(script: ScriptBuilder, s: Schedule) -> None:
    """A scalar thread tile's contractions loop over K outside their output
    tile: each K step loads a column and a row and updates every accumulator.
    With K innermost, LLVM unrolls it whole and keeps the row of A it reuses
    for every column live (NeRF's 4x3 tile over K = 64: 255 registers, 188
    bytes spilled). Each output element still sums K in the same order."""
    for index, shape in sorted(s.op_shapes.items()):
        if not any(shape.reduction) or all(shape.reduction):
            continue
        order = [d for d, red in enumerate(shape.reduction) if red]
        order += [d for d, red in enumerate(shape.reduction) if not red]
        generic = script.fresh()
        script.emit(
            f"{generic} = transform.structured.generalize {script.match_op(s.kernel_id, index)}"
            f" : ({ANY}) -> {ANY}"
        )
        script.emit(
            f"transform.structured.interchange {generic} iterator_interchange = {order}"
            f" : ({ANY}) -> {ANY}"
        )
