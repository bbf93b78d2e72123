"""Switches every planner honours, shared by the fusion passes and the CLI."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FusionOptions:
    enabled: bool = True  # global switch: False plans every op alone
    elementwise: bool = True  # elementwise/broadcast/transpose chains
    reduction_prologue: bool = True  # elementwise into reductions
    reduction_epilogue: bool = True  # reduction + elementwise consumers
    contraction_epilogue: bool = True  # matmul/conv + elementwise consumers
    siblings: bool = True  # ops sharing an input
    horizontal_contraction: bool = True  # matmuls sharing an LHS
    independent: bool = False  # unrelated ops grouped to save launches
    recompute: str = "auto"  # multi-consumer producers: "never" | "auto" | "always"
    keep_intermediates: str = ""  # "" | "all" | comma list of SSA names or locations
    max_operands: int = 32  # operands (external tensors) per kernel
    attention: bool = False  # Q·K -> softmax -> ·V chains -> one online-softmax kernel
