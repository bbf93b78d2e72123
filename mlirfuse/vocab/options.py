"""Switches every planner honours, shared by the fusion passes and the CLI."""

from __future__ import annotations

from dataclasses import dataclass

# Tensors one kernel takes, by default: each is a memref argument, and a
# kernel's parameter space (4352 bytes at PTX 8.0) holds about 40 memref
# descriptors of rank 4. The rewrites that merge gathers before planning
# keep to it too (a training step stacks a 7x7 kernel's 49 offsets).
MAX_KERNEL_TENSORS = 32


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
    max_operands: int = MAX_KERNEL_TENSORS  # operands (external tensors) per kernel
    # Q·K -> softmax -> ·V chains -> one online-softmax kernel: "auto" where the
    # cost model's J is lower with it (policy/attention.py), "on", "off";
    # true/false are aliases of on/off.
    attention: str = "auto"

    def __post_init__(self) -> None:
        object.__setattr__(self, "attention", attention_mode(self.attention))


ATTENTION_MODES = ("auto", "on", "off")
_ATTENTION_ALIASES = {"true": "on", "false": "off", "1": "on", "0": "off"}


def attention_mode(value: object) -> str:
    """ "auto" | "on" | "off" from an option value (True/False, "true"/"false"
    kept as aliases); ValueError for anything else."""
    if isinstance(value, bool):
        return "on" if value else "off"
    text = str(value).strip().lower()
    text = _ATTENTION_ALIASES.get(text, text)
    if text not in ATTENTION_MODES:
        raise ValueError(f"attention='{value}' is not one of auto, on, off (or true, false)")
    return text
