"""Wrappers that turn one `transformers` layer into a zoo model with tensor inputs only.

HF layers take masks, rotary tables and Python options from the surrounding
model; these wrappers build what the layer needs inside `forward` (so it is
exported as IR, not as a model input) or from example inputs in `build()`.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn


def eager(config: Any) -> Any:
    """The config with eager attention: matmul / softmax / matmul in plain aten ops."""
    config._attn_implementation = "eager"
    return config


def perturb_norms(module: nn.Module) -> nn.Module:
    """LayerNorm / RMSNorm scales in [0.5, 1.5] and shifts in [-0.1, 0.1]; freshly
    built they are ones and zeros, which would hide a wrong scale or shift."""
    with torch.no_grad():
        for name, sub in module.named_modules():
            if "norm" not in type(sub).__name__.lower() and "layer_norm" not in name:
                continue
            weight, bias = getattr(sub, "weight", None), getattr(sub, "bias", None)
            if isinstance(weight, nn.Parameter):
                weight.uniform_(0.5, 1.5)
            if isinstance(bias, nn.Parameter):
                bias.uniform_(-0.1, 0.1)
    return module


def causal_mask(seq: int, dtype: torch.dtype) -> torch.Tensor:
    """Additive [1, 1, S, S] mask: 0 on and below the diagonal, dtype's min above.

    Built from arange and a scalar fill, not tensor literals: a bf16 literal
    would need ml_dtypes in the importer."""
    future = torch.arange(seq).unsqueeze(0) > torch.arange(seq).unsqueeze(1)
    zeros = torch.zeros(seq, seq, dtype=dtype)
    return zeros.masked_fill(future, torch.finfo(dtype).min)[None, None]


def padding_mask(lengths: list[int], seq: int) -> torch.Tensor:
    """BERT's extended additive mask [B, 1, 1, S] from a 0/1 padding mask: sequence b
    keeps its first lengths[b] tokens, the rest get the f32 minimum."""
    keep = (torch.arange(seq)[None, :] < torch.tensor(lengths)[:, None]).float()
    return ((1.0 - keep) * torch.finfo(torch.float32).min)[:, None, None, :]


class CausalLayer(nn.Module):
    """A decoder layer called with a causal mask built inside forward from the input's length."""

    def __init__(self, layer: nn.Module, mask_keyword: str = "attention_mask") -> None:
        super().__init__()
        self.layer = layer
        self.mask_keyword = mask_keyword

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        out = self.layer(hidden, **{self.mask_keyword: mask})
        return out[0] if isinstance(out, tuple) else out


class CausalStack(nn.Module):
    """Blocks applied in order under one causal mask, then a final norm (GPT2Model minus embeddings)."""

    def __init__(self, blocks: list[nn.Module], final_norm: nn.Module) -> None:
        super().__init__()
        self.blocks = nn.ModuleList(blocks)
        self.final_norm = final_norm

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        for block in self.blocks:
            hidden = block(hidden, attention_mask=mask)
        return self.final_norm(hidden)


class RotaryDecoderLayer(nn.Module):
    """A Llama decoder layer fed rotary cos/sin computed in forward from position ids 0..S-1.

    The rotary embedding stays in f32 (as HF keeps `inv_freq` in f32) and casts
    cos/sin to the layer's dtype; its `original_inv_freq` buffer, read only by
    dynamic RoPE variants, is dropped so it does not become a dead argument.
    """

    def __init__(self, layer: nn.Module, rotary: nn.Module) -> None:
        super().__init__()
        del rotary.original_inv_freq
        self.layer = layer
        self.rotary = rotary

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1]).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions)
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        return self.layer(hidden, attention_mask=mask, position_embeddings=(cos, sin))
