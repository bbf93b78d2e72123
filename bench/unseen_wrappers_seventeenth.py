"""Wrappers of bench/unseen_models_seventeenth.py: each feeds a transformers
model what its pipeline would (positions, masks, memories, object queries,
fixed keyword arguments) and returns one tensor. Imported only by the zoo
venv.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn
from unseen_common import perturb


def randomize(module: nn.Module, *names: str) -> nn.Module:
    """Parameters whose name holds one of `names` (expert and router weights,
    built empty or zero) drawn at random, then `perturb`."""
    with torch.no_grad():
        for name, tensor in module.named_parameters():
            if any(part in name for part in names):
                tensor.normal_(0.0, 0.2)
    return perturb(module)


class Fields(nn.Module):
    """A model whose output object's `fields` are flattened after the batch
    axis and concatenated (outputs of different shapes side by side)."""

    def __init__(self, model: nn.Module, *fields: str, **fixed: Any) -> None:
        super().__init__()
        self.model, self.fields, self.fixed = model, fields, fixed

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        out = self.model(*inputs, **self.fixed)
        parts = [getattr(out, field) for field in self.fields]
        return torch.cat([part.flatten(1) for part in parts], dim=1)


class FirstFeatureMap(nn.Module):
    """A backbone-style model returning `feature_maps`: the first one (EfficientLoFTR's
    coarse features after the aggregated-attention transformer)."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(pixels).feature_maps[0]
        return result


class LayoutTokens(nn.Module):
    """LayoutLMv3's text-only encoder on token ids, word boxes and a padding mask."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor, boxes: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(
            input_ids=ids, bbox=boxes, attention_mask=keep
        ).last_hidden_state
        return result


class ConditionalDecoder(nn.Module):
    """Conditional DETR's decoder over encoder memory [B, HW, D] with its sine
    position embeddings and learned object queries [Q, D]: reference points from
    the queries' positions, sine embedding of their centres scaled per layer by
    `query_scale`, content and spatial halves concatenated in cross-attention."""

    def __init__(self, decoder: nn.Module, queries: int, dim: int) -> None:
        super().__init__()
        self.decoder = decoder
        self.query_position = nn.Embedding(queries, dim)

    def forward(self, memory: torch.Tensor, memory_position: torch.Tensor) -> torch.Tensor:
        batch = memory.shape[0]
        queries = self.query_position.weight[None].expand(batch, -1, -1)
        out = self.decoder(
            inputs_embeds=torch.zeros_like(queries),
            encoder_hidden_states=memory,
            spatial_position_embeddings=memory_position,
            object_queries_position_embeddings=queries,
        )
        result: torch.Tensor = out.last_hidden_state
        return result


class MemoryAttention(nn.Module):
    """SAM2-video's memory attention: the current frame's features [HW, B, C]
    attend to themselves and to the memory of earlier frames plus object
    pointer tokens [M, B, Cm] (axial 2D RoPE on queries, repeated over the
    memory frames on keys, pointer tokens left unrotated)."""

    def __init__(self, attention: nn.Module, pointers: int) -> None:
        super().__init__()
        self.attention, self.pointers = attention, pointers

    def forward(
        self,
        current: torch.Tensor,
        memory: torch.Tensor,
        current_position: torch.Tensor,
        memory_position: torch.Tensor,
    ) -> torch.Tensor:
        result: torch.Tensor = self.attention(
            current,
            memory,
            current_vision_position_embeddings=current_position,
            memory_posision_embeddings=memory_position,
            num_object_pointer_tokens=self.pointers,
        )
        return result


class PrefixLM(nn.Module):
    """A model fed token ids and a 0/1 prefix indicator (prefix-LM masking:
    bidirectional over the prefix, causal after it)."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor, prefix: torch.Tensor) -> torch.Tensor:
        out = self.model(input_ids=ids, token_type_ids=prefix, use_cache=False)
        result: torch.Tensor = out.last_hidden_state
        return result


class TokensNoCache(nn.Module):
    """A decoder model on token ids without a KV cache."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(input_ids=ids, use_cache=False).last_hidden_state
        return result
