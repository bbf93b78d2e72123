"""Should an attention chain become one online-softmax kernel, and how tiled.

The analysis (`analysis/attention.py`) says which chains *are* attention; the
policy decides: the switch `attention` (FusionOptions: "off", "on", or "auto":
`choose_attention`, each chain taken only where the cost model's J of the
whole plan is lower with it than without), whether the back end
planned for can build the kernel (`check_pattern_lowerable`: the GPU back end's
`gpu-attention-*` refusals), and the key block the
kernel walks the keys by (the largest divisor of the key count up to
KEY_BLOCK, so every block is full). The plan names each group; the rewrite
(`transforms/attention.py`) emits it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.attention import AttentionMatch, find_attention
from mlirfuse.analysis.lowerability import check_pattern_lowerable
from mlirfuse.vocab.options import FusionOptions

KEY_BLOCK = 16  # keys per step of the online softmax
MAX_PRICED = 4  # up to this many chains per function, each priced on its own


@dataclass(frozen=True)
class AttentionGroup:
    """One planned attention kernel."""

    match: AttentionMatch
    key_block: int


@dataclass(frozen=True)
class AttentionPlan:
    groups: tuple[AttentionGroup, ...]
    refusals: tuple[tuple[ir.Operation, str], ...]  # (the Q·K contraction, why not)


def key_block(keys: int | None, limit: int = KEY_BLOCK) -> int:
    """The largest divisor of `keys` not above `limit`; `limit` for a key
    count known only at run time (the last block then may be partial)."""
    if keys is None:
        return limit
    return max(b for b in range(1, min(keys, limit) + 1) if keys % b == 0)


def plan_attention(block: ir.Block, options: FusionOptions) -> AttentionPlan:
    """The attention groups of one function body (none when switched off)."""
    if not options.enabled or options.attention == "off":
        return AttentionPlan((), ())
    groups, refusals = [], []
    for candidate in find_attention(block):
        if candidate.match is None:
            refusals.append((candidate.anchor, candidate.reason))
            continue
        match = candidate.match
        ops = match.ops
        refusal = check_pattern_lowerable("attention", ops)
        if refusal is not None:  # the back end planned for cannot build it
            refusals.append((candidate.anchor, f"{refusal.code}: {refusal.message}"))
            continue
        keys = candidate.match.keys
        groups.append(AttentionGroup(candidate.match, key_block(keys)))
    return AttentionPlan(tuple(groups), tuple(refusals))


@dataclass(frozen=True)
class AttentionChoice:
    """One "auto" decision: J of the plan without and with `chains` (indices
    into the function's planned groups) as attention kernels."""

    chains: tuple[int, ...]
    without: float
    with_: float

    @property
    def taken(self) -> bool:
        return self.with_ < self.without


def choose_attention(
    count: int, price: Callable[[tuple[int, ...]], float], limit: int = MAX_PRICED
) -> tuple[tuple[int, ...], tuple[AttentionChoice, ...]]:
    """Which of `count` chains become attention kernels under "auto".

    `price(chains)` is J of the function's plan with exactly `chains` as
    attention kernels (the same planner and cost model as the final plan).
    Up to `limit` chains, each is priced in turn against the chains already
    taken and kept only when J is strictly lower; beyond it (a stack of
    identical blocks) all chains are priced together, all or none.
    """
    if count == 0:
        return (), ()
    if count > limit:
        everything = tuple(range(count))
        choice = AttentionChoice(everything, price(()), price(everything))
        return (everything if choice.taken else ()), (choice,)
    taken: tuple[int, ...] = ()
    current = price(taken)
    choices = []
    for index in range(count):
        trial = price((*taken, index))
        choices.append(AttentionChoice((index,), current, trial))
        if trial < current:
            taken, current = (*taken, index), trial
    return taken, tuple(choices)
