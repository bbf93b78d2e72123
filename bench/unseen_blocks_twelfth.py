"""Wrappers of bench/unseen_models_twelfth.py that feed `transformers` layers
what their model would (masks from lengths, the Q-Former's query length, a
rotary table shared by two SmolLM3 layers), and swap inside a forward what
torch.export or torch-mlir cannot take for an equivalent it can:
Longformer's global-attention indices (`nonzero` of the global mask,
data-dependent) computed at build time from the fixed mask
(`LongformerGlobal`), DBRX's expert loop over `nonzero` hits and JetMoE's
`split` by `expert_size.tolist()` run with each row's expert weights gathered
(`DbrxGathered`, `JetMoeGathered`). Each swap computes the same values; the
exporting docstring quotes the errors. Imported only by the zoo venv.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers import (
    Blip2QFormerConfig,
    LongformerConfig,
    SmolLM3Config,
    Speech2TextConfig,
)
from transformers.models.blip_2.modeling_blip_2 import Blip2QFormerLayer
from transformers.models.dbrx.modeling_dbrx import DbrxExperts
from transformers.models.idefics2.configuration_idefics2 import Idefics2PerceiverConfig
from transformers.models.idefics2.modeling_idefics2 import Idefics2PerceiverResampler
from transformers.models.jetmoe.modeling_jetmoe import JetMoeParallelExperts, JetMoeTopKGating
from transformers.models.longformer.modeling_longformer import (
    LongformerLayer,
    LongformerSelfAttention,
)
from transformers.models.smollm3.modeling_smollm3 import (
    SmolLM3DecoderLayer,
    SmolLM3RotaryEmbedding,
)
from transformers.models.speech_to_text.modeling_speech_to_text import Speech2TextEncoder
from zoo_text_layers import causal_mask


def _as_lists(value: Any) -> Any:
    """Tensors (in tuples) as nested Python lists, a 0-d tensor as an int."""
    if isinstance(value, tuple):
        return tuple(_as_lists(v) for v in value)
    return value.tolist()


def _as_tensors(value: Any) -> Any:
    """What `_as_lists` returned, back as (constant) tensors; ints stay ints."""
    if isinstance(value, tuple):
        return tuple(_as_tensors(v) for v in value)
    return value if isinstance(value, int) else torch.tensor(value, dtype=torch.long)


class LongformerGlobal(nn.Module):
    """Longformer's layer on a [B, S] mask built in forward: 0 local, +10000
    global (the `global_tokens` of each row), -10000 padding (past
    `lengths`). The global-attention indices that `_get_global_attn_indices`
    finds by `nonzero` are those of this fixed mask: computed once at build
    time and fed in as constants."""

    def __init__(
        self, config: LongformerConfig, lengths: list[int], global_tokens: list[list[int]]
    ) -> None:
        super().__init__()
        self.layer, self.lengths = LongformerLayer(config, 0), lengths
        seq = config.attention_window[0] * 2
        is_global = torch.zeros(len(lengths), seq, dtype=torch.bool)
        for row, tokens in enumerate(global_tokens):
            is_global[row, tokens] = True
        self.globals = is_global.tolist()
        self.indices = _as_lists(LongformerSelfAttention._get_global_attn_indices(is_global))

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1])[None, :]
        padded = positions >= torch.tensor(self.lengths)[:, None]
        is_global = torch.tensor(self.globals)
        mask = torch.zeros(hidden.shape[:2]).masked_fill(padded, -10000.0)
        mask = mask.masked_fill(is_global, 10000.0)
        indices = _as_tensors(self.indices)
        with mock.patch.object(
            LongformerSelfAttention, "_get_global_attn_indices", staticmethod(lambda _: indices)
        ):
            out = self.layer(
                hidden,
                attention_mask=mask,
                is_index_masked=mask < 0,
                is_index_global_attn=mask > 0,
                is_global_attn=True,
            )
        result: torch.Tensor = out[0]
        return result


def _dbrx_gathered(
    self: DbrxExperts, hidden: torch.Tensor, top_k_index: torch.Tensor, top_k_weights: torch.Tensor
) -> torch.Tensor:
    """DbrxExperts.forward with each (token, choice)'s expert slices of the
    fused w1 / v1 / w2 gathered by index, weighted and summed over the top-k."""
    batch = hidden.shape[0]
    tokens = hidden.reshape(-1, self.hidden_size)
    shape = (-1, self.ffn_hidden_size, self.hidden_size)
    w1, v1, w2 = (w.view(shape)[top_k_index] for w in (self.mlp.w1, self.mlp.v1, self.mlp.w2))
    gate = torch.einsum("th,tkfh->tkf", tokens, w1)
    up = torch.einsum("th,tkfh->tkf", tokens, v1)
    out = torch.einsum("tkf,tkfh->tkh", self.mlp.activation_fn(gate) * up, w2)
    return (out * top_k_weights[..., None]).sum(1).view(batch, -1, self.hidden_size)


class DbrxGathered(nn.Module):
    """`layer` (holding DBRX experts) run with `_dbrx_gathered` experts."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(DbrxExperts, "forward", _dbrx_gathered):
            out: torch.Tensor = self.layer(hidden)
        return out


def _jetmoe_gating(self: JetMoeTopKGating, hidden: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """JetMoeTopKGating.forward with `expert_size` kept a tensor (no `.tolist()`)."""
    logits = self.layer(hidden).float()
    top_k_logits, top_k_indices = logits.topk(self.top_k, dim=1)
    top_k_gates = torch.softmax(top_k_logits, dim=1).type_as(hidden)
    zeros = torch.zeros([top_k_gates.size(0), self.num_experts], dtype=top_k_gates.dtype)
    expert_size = zeros.scatter(1, top_k_indices, 1).long().sum(0)
    _, index_sorted_experts = top_k_indices.flatten().sort(0)
    batch_index = index_sorted_experts.div(self.top_k, rounding_mode="trunc")
    batch_gates = top_k_gates.flatten()[index_sorted_experts]
    return index_sorted_experts, batch_index, batch_gates, expert_size, logits


def _jetmoe_experts(
    self: JetMoeParallelExperts, inputs: torch.Tensor, expert_size: torch.Tensor
) -> torch.Tensor:
    """JetMoeParallelExperts.forward on rows grouped by expert: the expert of
    row i is the number of group ends (cumsum of `expert_size`) at or before i;
    its weight is gathered instead of splitting the rows."""
    ends = torch.cumsum(expert_size, 0)
    expert = (torch.arange(inputs.shape[0])[:, None] >= ends[None, :]).sum(-1)
    return torch.einsum("ti,toi->to", inputs, self.weight[expert])


class JetMoeGathered(nn.Module):
    """`layer` (a JetMoE decoder layer, fed rotary cos/sin and a causal mask
    by the RotaryLayer it is) with `_jetmoe_gating` and `_jetmoe_experts`."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        with (
            mock.patch.object(JetMoeTopKGating, "forward", _jetmoe_gating),
            mock.patch.object(JetMoeParallelExperts, "forward", _jetmoe_experts),
        ):
            out: torch.Tensor = self.layer(hidden)
        return out


class Speech2TextPadded(nn.Module):
    """Speech2Text's encoder (Conv1dSubsampler, sinusoidal positions) with a
    0/1 frame mask built in forward from `lengths`."""

    def __init__(self, config: Speech2TextConfig, lengths: list[int]) -> None:
        super().__init__()
        self.encoder, self.lengths = Speech2TextEncoder(config), lengths

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(features.shape[1])[None, :] < torch.tensor(self.lengths)[:, None]
        out: torch.Tensor = self.encoder(features, attention_mask=keep.long()).last_hidden_state
        return out


class QFormerWithText(nn.Module):
    """A BLIP-2 Q-Former layer on [query tokens; text tokens]: self-attention
    over both, cross-attention to the image features for the queries only."""

    def __init__(self, config: Blip2QFormerConfig, queries: int) -> None:
        super().__init__()
        self.layer, self.queries = Blip2QFormerLayer(config, 0), queries

    def forward(self, hidden: torch.Tensor, image: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.layer(
            hidden, encoder_hidden_states=image, query_length=self.queries
        )
        return out


class PerceiverPadded(nn.Module):
    """Idefics2's perceiver resampler with a 0/1 context mask from `lengths`."""

    def __init__(self, config: Idefics2PerceiverConfig, lengths: list[int]) -> None:
        super().__init__()
        self.resampler, self.lengths = Idefics2PerceiverResampler(config), lengths

    def forward(self, context: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(context.shape[1])[None, :] < torch.tensor(self.lengths)[:, None]
        out: torch.Tensor = self.resampler(context, attention_mask=keep.long())
        return out


class SmolLM3Pair(nn.Module):
    """SmolLM3's third and fourth layers (rotary, then NoPE) under one causal
    mask, fed the same rotary cos/sin (the NoPE layer ignores them)."""

    def __init__(self, config: SmolLM3Config) -> None:
        super().__init__()
        self.layers = nn.ModuleList(SmolLM3DecoderLayer(config, index) for index in (2, 3))
        self.rotary = SmolLM3RotaryEmbedding(config)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1]).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions)
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        for layer in self.layers:
            hidden = layer(hidden, attention_mask=mask, position_embeddings=(cos, sin))
        return hidden
