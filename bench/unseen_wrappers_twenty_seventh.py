"""Substitutions for bench/unseen_models_twenty_seventh.py: Qwen4-Exp's QSA
indexer as dense comparisons (`dense_qsa_indexer`, `DenseIndexer`) and
SLANeXt's table decoder unrolled over all its steps (`UnrolledTableHead`).
Each says why, and each computes what the original does.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import math
from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers.models.qwen4_exp import modeling_qwen4_exp as qwen4


def _block_membership(visible: torch.Tensor, ratio: int) -> tuple[torch.Tensor, ...]:
    """For each query's visible keys (B, S, K): which of the K // ratio
    blocks of `ratio` consecutive visible keys each key falls in (B, S, N, K,
    complete blocks only), each block's first key, and the keys of the
    incomplete tail."""
    rank = torch.cumsum(visible.long(), dim=-1) - 1  # the key's place among visible ones
    complete = visible.sum(dim=-1, keepdim=True) // ratio
    blocks = torch.arange(visible.shape[-1] // ratio)
    valid = blocks < complete  # (B, S, N)
    member = visible[..., None, :] & ((rank // ratio)[..., None, :] == blocks[:, None])
    member = member & valid[..., None]
    first = member & (rank % ratio == 0)[..., None, :]
    tail = visible & (rank >= complete * ratio)
    return member, first, tail, valid


def _top_blocks(scores: torch.Tensor, valid: torch.Tensor, budget: int) -> torch.Tensor:
    """The `budget` best valid blocks of each query (B, S, N) as a mask, ties
    to the lower index: a block is kept when fewer than `budget` valid blocks
    rank before it."""
    index = torch.arange(scores.shape[-1])
    other, this = scores[..., None, :], scores[..., :, None]
    before = (other > this) | ((other == this) & (index[None, :] < index[:, None]))
    ahead = (before & valid[..., None, :]).sum(dim=-1)
    return valid & (ahead < budget)


def dense_qsa_indexer(
    self: nn.Module,
    hidden_states: torch.Tensor,
    position_embeddings: tuple[torch.Tensor, torch.Tensor],
    attention_mask: torch.Tensor,
    past_key_values: Any = None,
) -> torch.Tensor:
    """Qwen4ExpTextQSAIndexer.forward without a cache, as comparisons over
    every (query, block, key): the original loops over batch rows and queries
    and takes each query's visible keys with `nonzero` (data-dependent shapes,
    which torch.export refuses: "Could not guard on data-dependent
    expression"). Per query: the visible keys split into blocks of
    `compress_ratio`, each block's keys pooled (mean, k-norm, rotated at its
    first key's position) and scored against the query's heads (ReLU, summed);
    the best `budget // ratio` blocks and the incomplete tail are kept."""
    batch, seq, _ = hidden_states.shape
    ratio, width = self.compress_ratio, self.index_head_dim
    full_cos, full_sin = position_embeddings
    q, keys = torch.split(
        self.index_qk_proj(hidden_states), [self.index_n_heads * width, width], dim=-1
    )
    q = self.q_layernorm(q.reshape(batch, seq, -1, width))
    q = qwen4.apply_rotary_pos_emb(
        q, cos=full_cos[:, -seq:], sin=full_sin[:, -seq:], unsqueeze_dim=2
    )
    visible = attention_mask if attention_mask.dtype == torch.bool else attention_mask == 0
    member, first, tail, valid = _block_membership(visible[:, 0], ratio)
    pooled = (member.float() @ keys.float()[:, None]) / ratio  # (B, S, N, width)
    pooled = self.k_layernorm(pooled.to(keys.dtype))
    cos, sin = first.float() @ full_cos[:, None], first.float() @ full_sin[:, None]
    block_keys = qwen4.apply_rotary_pos_emb(
        pooled[..., None, :], cos=cos, sin=sin, unsqueeze_dim=-2
    ).squeeze(-2)
    per_head = q.float() @ block_keys.float().transpose(-1, -2)  # (B, S, heads, N)
    scores = torch.relu(per_head).sum(dim=-2) / math.sqrt(width)
    chosen = _top_blocks(scores, valid, self.block_topk)
    kept = (member & chosen[..., None]).any(dim=-2) | tail
    return kept.unsqueeze(1)


class DenseIndexer(nn.Module):
    """`model` with Qwen4-Exp's QSA indexer run by `dense_qsa_indexer`."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(qwen4.Qwen4ExpTextQSAIndexer, "forward", dense_qsa_indexer):
            result: torch.Tensor = self.model(*inputs)
        return result


class UnrolledTableHead(nn.Module):
    """SLANeXt's table recogniser with its SLA head run for every one of its
    `max_text_length + 1` steps: the original stops once every row has
    predicted the end token (`if ....all(): break`), control flow on a
    tensor's value that torch.export refuses. Each step is the original's:
    attend over the backbone's features with the GRU cell, predict, feed the
    argmax back as a one-hot. Returns the steps' softmax, as the original."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        features = self.model.backbone(pixels).last_hidden_state
        head, config = self.model.head, self.model.config
        state = features.new_zeros(features.shape[0], config.hidden_size)
        chars = torch.zeros(features.shape[0], dtype=torch.long)
        steps = []
        for _ in range(config.max_text_length + 1):
            onehot = nn.functional.one_hot(chars, config.out_channels).float()
            state, _ = head.structure_attention_cell(state, features, onehot)
            step = head.structure_generator(state)
            chars = step.argmax(dim=1)
            steps.append(step)
        return torch.softmax(torch.stack(steps, dim=1), dim=-1)
