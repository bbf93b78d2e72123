"""Wrappers of bench/unseen_models_twenty_first.py: each feeds a transformers
model what its pipeline would and returns one tensor; LongCat-Flash's
experts as one dense computation (`dense_zero_experts`) and Mask2Former
built without scipy (`mask2former`). Imported only by the zoo venv.
"""

from __future__ import annotations

import types
from typing import Any
from unittest import mock

import torch
from torch import nn

_SCATTER_ = torch.Tensor.scatter_
_SETITEM = torch.Tensor.__setitem__


def _dense_experts(
    self: nn.Module, hidden: torch.Tensor, top_k_index: torch.Tensor, top_k_weights: torch.Tensor
) -> torch.Tensor:
    """LongCat-Flash's experts over every token: each routed expert's SwiGLU
    for all tokens and the zero-compute (identity) experts the token itself,
    weighted by a dense [T, E] matrix of the router's top-k weights (zero
    where an expert is not picked)."""
    routed_count = self.num_routed_experts
    dense = torch.zeros(hidden.shape[0], self.total_experts, dtype=top_k_weights.dtype)
    dense = dense.scatter(1, top_k_index, top_k_weights)
    gate_up = torch.einsum("td,efd->tef", hidden, self.gate_up_proj[:routed_count])
    gate, up = gate_up.chunk(2, dim=-1)
    routed = torch.einsum("tef,edf->ted", self.act_fn(gate) * up, self.down_proj)
    out = (routed * dense[:, :routed_count, None].to(routed.dtype)).sum(dim=1)
    zero = dense[:, routed_count:].sum(dim=1, keepdim=True)
    result: torch.Tensor = out + hidden * zero.to(hidden.dtype)
    return result


def dense_zero_experts(model: nn.Module) -> nn.Module:
    """LongCat-Flash's `LongcatFlashExperts` computed by `_dense_experts`: its
    own forward loops over the experts hit (`nonzero`, `.item()`), which
    torch.export cannot trace with data-dependent shapes."""
    for module in model.modules():
        if type(module).__name__ == "LongcatFlashExperts":
            module.forward = types.MethodType(_dense_experts, module)
    return model


def mask2former(config: Any) -> nn.Module:
    """Mask2FormerForUniversalSegmentation built without scipy: only its
    training loss (Hungarian matching) asks for it, at construction."""
    import transformers.models.mask2former.modeling_mask2former as module

    with mock.patch.object(module, "requires_backends", lambda *args: None):
        segmenter: nn.Module = module.Mask2FormerForUniversalSegmentation(config)
    return segmenter


class LastHidden(nn.Module):
    """An image model on pixels: its `last_hidden_state` (PP-OCRv5's shrink
    probability map, DINOv3-ConvNeXt's pooled token and patch tokens)."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(pixels).last_hidden_state
        return result


class Reconstruction(nn.Module):
    """VibeVoice's acoustic tokenizer, encode then decode without the VAE's
    sampling noise (`sample=False`): the reconstructed waveform."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, audio: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(audio, sample=False).audio
        return result


def scatter_fill_by_compare(
    self: torch.Tensor, dim: int, index: torch.Tensor, value: Any, **kwargs: Any
) -> torch.Tensor:
    """Tensor.scatter_ of a scalar along the last axis as a comparison of
    every position with the indices (DeepSeek-V4's block bias): torch-mlir
    runs out of memory lowering its aten.scatter.src (ConvertTorchToTMTensor,
    "LLVM ERROR: out of memory"). Anything else is torch's."""
    if dim not in (-1, self.ndim - 1) or isinstance(value, torch.Tensor) or kwargs:
        return _SCATTER_(self, dim, index, value, **kwargs)
    positions = torch.arange(self.shape[-1], device=self.device)
    hit = (index[..., None] == positions).any(dim=-2)
    return self.copy_(torch.where(hit, torch.full_like(self, value), self))


class ScatterByCompare(nn.Module):
    """`model` with Tensor.scatter_ run by `scatter_fill_by_compare`."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(torch.Tensor, "scatter_", scatter_fill_by_compare):
            result: torch.Tensor = self.model(*inputs)
        return result


def setitem_masked_fill(self: torch.Tensor, key: Any, value: Any) -> None:
    """`x[mask] = scalar` for a boolean mask of x's shape as masked_fill_
    (SEW-D's padded frames): torch-mlir exports the boolean index_put as
    `tm_tensor.scatter` over data-dependent indices. Anything else is torch's."""
    if (
        isinstance(key, torch.Tensor)
        and key.dtype == torch.bool
        and key.shape == self.shape
        and not isinstance(value, torch.Tensor)
    ):
        self.masked_fill_(key, value)
        return
    _SETITEM(self, key, value)


class SetItemMaskedFill(nn.Module):
    """`model` with boolean-mask assignment run by `setitem_masked_fill`."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(torch.Tensor, "__setitem__", setitem_masked_fill):
            result: torch.Tensor = self.model(*inputs)
        return result
