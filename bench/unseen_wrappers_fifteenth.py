"""Wrappers of bench/unseen_models_fifteenth.py that feed `transformers` layers
what their model would: a Llama decoder layer at one decode step over a
static KV cache (`DecodeStep`, with `StaticKV` writing the new key and value
at the position by index_copy), Gemma-3n's decoder layer fed its AltUp stack
and per-layer inputs (`Gemma3nStep`, its Gaussian top-k quantile a Python
float), LightGlue's transformer layer between its keypoint rotary encoder
and its match assignment (`LightGlueMatching`, the assignment's scale a
Python float), ProphetNet's decoder returning the main and the n-gram
predicting streams (`ProphetNetStreams`), TimesFM's model fed series with
leading padding (`TimesFmSeries`, optionally its shift by torch.where),
DeepSeek-V3.2's layer with its top-k mask built by comparison instead of
scatter (`DeepseekV32Indexed`), one field of a model's output object
(`Output`), random expert weights (`randomize`), and ViTPose's classic head
at a narrower width (`narrow_classic_head`). Imported only by the zoo venv.
"""

from __future__ import annotations

from statistics import NormalDist
from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers import LightGlueConfig, ProphetNetConfig, TimesFmConfig
from transformers.models.gemma3n.modeling_gemma3n import Gemma3nTextMLP
from transformers.models.lightglue.modeling_lightglue import (
    LightGlueMatchAssignmentLayer,
    LightGluePositionalEncoder,
    LightGlueTransformerLayer,
    sigmoid_log_double_softmax,
)
from transformers.models.prophetnet.modeling_prophetnet import ProphetNetDecoder
from transformers.models.timesfm.modeling_timesfm import TimesFmModel
from unseen_common import perturb
from zoo_text_layers import causal_mask


def randomize(module: nn.Module, *names: str) -> nn.Module:
    """Parameters whose name holds one of `names` (torch.empty or zeros when
    built: expert weights, routers) drawn at random, then `perturb`."""
    with torch.no_grad():
        for name, param in module.named_parameters():
            if any(part in name for part in names):
                param.normal_(0.0, 0.5 if "gate" in name and "experts" not in name else 0.1)
    return perturb(module)


class Output(nn.Module):
    """A model whose forward returns an output object: its field `field`."""

    def __init__(self, model: nn.Module, field: str) -> None:
        super().__init__()
        self.model, self.field = model, field

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = getattr(self.model(*inputs), self.field)
        return out


def narrow_classic_head(head: nn.Module, hidden: int, width: int, labels: int) -> None:
    """VitPoseClassicDecoder's modules, rebuilt at `width` channels instead of 256."""
    head.deconv1 = nn.ConvTranspose2d(hidden, width, 4, stride=2, padding=1, bias=False)
    head.batchnorm1 = nn.BatchNorm2d(width)
    head.deconv2 = nn.ConvTranspose2d(width, width, 4, stride=2, padding=1, bias=False)
    head.batchnorm2 = nn.BatchNorm2d(width)
    head.conv = nn.Conv2d(width, labels, kernel_size=1)


class StaticKV:
    """The one method of a transformers Cache that attention calls, `update`,
    over a preallocated [B, KV, L, D] key and value cache: the new token's
    key and value are written at `position` by index_copy (out of place),
    and the whole cache is returned."""

    def __init__(self, key: torch.Tensor, value: torch.Tensor, position: torch.Tensor) -> None:
        self.key, self.value, self.position = key, value, position

    def update(
        self, key: torch.Tensor, value: torch.Tensor, layer_idx: int, *args: Any, **kwargs: Any
    ) -> tuple[torch.Tensor, torch.Tensor]:
        self.key = self.key.index_copy(2, self.position, key)
        self.value = self.value.index_copy(2, self.position, value)
        return self.key, self.value


class DecodeStep(nn.Module):
    """One decode step of a decoder layer: a single new token at `position`
    (an int64 [1] input), rotary for that position, the cache updated there
    and a length mask that hides the cache slots after it."""

    def __init__(self, layer: nn.Module, rotary: nn.Module) -> None:
        super().__init__()
        if hasattr(rotary, "original_inv_freq"):
            del rotary.original_inv_freq  # read only by dynamic RoPE: a dead argument
        self.layer, self.rotary = layer, rotary

    def forward(
        self,
        hidden: torch.Tensor,
        key_cache: torch.Tensor,
        value_cache: torch.Tensor,
        position: torch.Tensor,
    ) -> torch.Tensor:
        cos, sin = self.rotary(hidden, position[None])
        seen = torch.arange(key_cache.shape[2]) <= position
        mask = torch.zeros(seen.shape, dtype=hidden.dtype).masked_fill(
            ~seen, torch.finfo(hidden.dtype).min
        )
        cache = StaticKV(key_cache, value_cache, position)
        out = self.layer(
            hidden,
            attention_mask=mask[None, None, None, :],
            position_embeddings=(cos, sin),
            past_key_values=cache,
        )
        result: torch.Tensor = out[0] if isinstance(out, tuple) else out
        return result


def _gaussian_topk_float(self: Gemma3nTextMLP, inputs: torch.Tensor) -> torch.Tensor:
    """Gemma3nTextMLP._gaussian_topk with the standard normal's quantile of the
    target sparsity a Python float (statistics.NormalDist) instead of
    `Normal(0, 1).icdf` of a traced constant."""
    std_multiplier = NormalDist().inv_cdf(self.activation_sparsity)
    mean = torch.mean(inputs, dim=-1, keepdim=True)
    std = torch.std(inputs, dim=-1, keepdim=True, unbiased=False)
    return nn.functional.relu(inputs - (mean + std * std_multiplier))


class Gemma3nStep(nn.Module):
    """Gemma-3n's decoder layer fed its [altup_num_inputs, B, S, D] AltUp stack,
    its [B, S, P] per-layer inputs, a causal mask and the rotary table of its
    layer type; returns the corrected AltUp stack."""

    def __init__(self, layer: nn.Module, rotary: nn.Module, layer_type: str) -> None:
        super().__init__()
        self.layer, self.rotary, self.layer_type = layer, rotary, layer_type

    def forward(self, stack: torch.Tensor, per_layer: torch.Tensor) -> torch.Tensor:
        seq = stack.shape[2]
        positions = torch.arange(seq).unsqueeze(0)
        cos, sin = self.rotary(stack[0], positions, self.layer_type)
        with mock.patch.object(Gemma3nTextMLP, "_gaussian_topk", _gaussian_topk_float):
            out: torch.Tensor = self.layer(
                stack,
                position_embeddings=(cos, sin),
                per_layer_input=per_layer,
                attention_mask=causal_mask(seq, stack.dtype),
            )
        return out


def _assign_float(
    self: LightGlueMatchAssignmentLayer, descriptors: torch.Tensor, mask: torch.Tensor
) -> torch.Tensor:
    """LightGlueMatchAssignmentLayer.forward with the descriptors divided by
    the Python float descriptor_dim ** 0.25, not by `torch.full((), dim) ** 0.25`
    (an int64 0-d tensor to a float power)."""
    batch, count, dim = descriptors.shape
    projected = self.final_projection(descriptors) / self.descriptor_dim**0.25
    projected = projected.reshape(batch // 2, 2, count, dim)
    similarity = projected[:, 0] @ projected[:, 1].transpose(-1, -2)
    pair = mask.reshape(batch // 2, 2, count)
    both = pair[:, 0].unsqueeze(-1) * pair[:, 1].unsqueeze(-1).transpose(-1, -2)
    similarity = similarity.masked_fill(both == 0, torch.finfo(similarity.dtype).min)
    matchability = self.matchability(descriptors).reshape(batch // 2, 2, count, 1)
    scores: torch.Tensor = sigmoid_log_double_softmax(
        similarity, matchability[:, 0], matchability[:, 1]
    )
    return scores


class LightGlueMatching(nn.Module):
    """LightGlue on one image pair (batch 2: image 0, image 1): the keypoint
    rotary encoding (a projection, repeat_interleave, cos / sin), one
    transformer layer (self-attention with interleaved rotary, cross-attention
    to the flipped pair), then the match assignment (similarity, masked fill,
    sigmoid log double softmax into an [N+1, N+1] score matrix); image b keeps
    its first `counts[b]` keypoints."""

    def __init__(self, config: LightGlueConfig, counts: list[int]) -> None:
        super().__init__()
        self.encoder = LightGluePositionalEncoder(config)
        self.layer = LightGlueTransformerLayer(config, 0)
        self.assignment = LightGlueMatchAssignmentLayer(config)
        self.counts = counts

    def forward(self, descriptors: torch.Tensor, keypoints: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(descriptors.shape[1])[None, :] < torch.tensor(self.counts)[:, None]
        extended = (1.0 - keep.float())[:, None, None, :] * torch.finfo(descriptors.dtype).min
        rotary = self.encoder(keypoints)[0]
        descriptors, _, _ = self.layer(descriptors, rotary, attention_mask=extended)
        with mock.patch.object(LightGlueMatchAssignmentLayer, "forward", _assign_float):
            scores: torch.Tensor = self.assignment(descriptors, keep.float())
        return scores


class ProphetNetStreams(nn.Module):
    """ProphetNet's decoder (main stream and n-gram predicting streams through
    n-gram self-attention with bucketed relative positions, cross-attention to
    the encoder states), both streams' last states concatenated on the
    sequence axis."""

    def __init__(self, config: ProphetNetConfig) -> None:
        super().__init__()
        self.decoder = ProphetNetDecoder(config)

    def forward(self, input_ids: torch.Tensor, encoder_states: torch.Tensor) -> torch.Tensor:
        out = self.decoder(
            input_ids=input_ids, encoder_hidden_states=encoder_states, use_cache=False
        )
        return torch.cat([out.last_hidden_state, out.last_hidden_state_ngram], dim=1)


def _shift_padded_where(mask: torch.Tensor, seq: torch.Tensor) -> torch.Tensor:
    """TimesFmModel._timesfm_shift_padded_seq with `indices[~any] = -1` (a
    boolean-mask index_put) written as torch.where."""
    batch, count, features = seq.shape
    valid = mask == 0
    indices = torch.where(valid.any(dim=1), valid.to(torch.int32).argmax(dim=1), -1)
    rows = torch.arange(count).view(1, -1, 1).expand(batch, -1, features)
    return seq.gather(1, (rows - indices[:, None, None]) % count)


class TimesFmSeries(nn.Module):
    """TimesFM's model on a batch of series with a 0/1 padding indicator and a
    frequency id each: patching, masked mean / std normalization, the residual
    input block, positional embeddings shifted past the leading padding, a
    causal + padding mask, the decoder layers."""

    def __init__(self, config: TimesFmConfig, where: bool = False) -> None:
        super().__init__()
        self.model, self.where = TimesFmModel(config), where

    def forward(
        self, values: torch.Tensor, padding: torch.Tensor, freq: torch.Tensor
    ) -> torch.Tensor:
        shift = _shift_padded_where if self.where else TimesFmModel._timesfm_shift_padded_seq
        with mock.patch.object(TimesFmModel, "_timesfm_shift_padded_seq", staticmethod(shift)):
            out = self.model(past_values=values, past_values_padding=padding, freq=freq)
        result: torch.Tensor = out.last_hidden_state
        return result


def _scatter_by_compare(
    self: torch.Tensor, dim: int, index: torch.Tensor, value: Any
) -> torch.Tensor:
    """`self.scatter(-1, index, value)` for a scalar value, as a comparison of
    each position with every index (any hit takes `value`)."""
    assert dim == -1 and not isinstance(value, torch.Tensor)
    hit = (torch.arange(self.shape[-1]) == index[..., None]).any(dim=-2)
    return torch.where(hit, torch.full((), value, dtype=self.dtype), self)


class DeepseekV32Indexed(nn.Module):
    """A DeepSeek-V3.2 decoder layer (dense MLP) whose attention turns the
    indexer's top-k into its mask by `_scatter_by_compare`, not Tensor.scatter."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor, **kwargs: Any) -> torch.Tensor:
        with mock.patch.object(torch.Tensor, "scatter", _scatter_by_compare):
            out: torch.Tensor = self.layer(hidden, **kwargs)  # a dense MLP: no other scatter
        return out
