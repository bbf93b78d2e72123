"""Wrappers of bench/unseen_models_twentieth.py: each feeds a transformers
model what its pipeline would (padding masks, xpath ids, prompt points,
precomputed image embeddings, fixed keyword arguments) and returns one
tensor. Imported only by the zoo venv.
"""

from __future__ import annotations

import copy
import types
from types import SimpleNamespace
from typing import Any
from unittest import mock

import torch
from torch import nn
from torch.nn import functional as F

_TOPK = torch.topk


def sorted_topk(x: torch.Tensor, k: int, dim: int = -1, **kwargs: Any) -> Any:
    """torch.topk always sorted: torch-mlir fails on `sorted=False` ("failed to
    legalize operation 'torch.constant.bool'"); the routers only sum or gather
    by what it picks. Returns torch's (values, indices) record."""
    kwargs["sorted"] = True
    return _TOPK(x, k, dim=dim, **kwargs)


_CAT = torch.cat


def cat_nonempty(tensors: Any, dim: int = 0, **kwargs: Any) -> torch.Tensor:
    """torch.cat without its empty operands (`NoBlocks`)."""
    return _CAT([t for t in tensors if t.numel() > 0], dim, **kwargs)


_NEW_ZEROS = torch.Tensor.new_zeros


class NoBlocks:
    """Stands in for Inkling-2's empty [B, S, 0, D] block states: torch-mlir
    fails on the `empty_strided` of an empty size ("failed to legalize
    operation 'torch.constant.int'"). The model only moves it (`.to`) and
    concatenates onto it, which `cat_nonempty` drops."""

    def to(self, *args: Any, **kwargs: Any) -> NoBlocks:
        return self

    def numel(self) -> int:
        return 0


def new_zeros_or_none(self: torch.Tensor, *size: Any, **kwargs: Any) -> Any:
    """Tensor.new_zeros, or `NoBlocks` for an empty size."""
    shape = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    return NoBlocks() if 0 in shape else _NEW_ZEROS(self, *size, **kwargs)


def cummax_by_compare(x: torch.Tensor, dim: int) -> SimpleNamespace:
    """torch.cummax's values along the last of two axes as a max over the
    earlier positions (Qwen4-Exp's last end-of-sequence position): torch-mlir
    fails on aten.cummax ("failed to legalize operation 'torch.operator'
    that was explicitly marked illegal: ... torch.aten.cummax")."""
    assert x.ndim == 2 and dim in (1, -1)
    steps = torch.arange(x.shape[1])
    earlier = steps[None, :] <= steps[:, None]  # [t, s]: s at or before t
    lowest = torch.iinfo(x.dtype).min if not x.is_floating_point() else float("-inf")
    values = torch.where(earlier, x[:, None, :], lowest).amax(dim=-1)
    return SimpleNamespace(values=values)


class PaddedTokens(nn.Module):
    """A model on padded token ids and their 0/1 mask, without a KV cache: its
    last hidden state. torch.topk runs sorted (`sorted_topk`: the routers sum
    or gather by what it picks); an empty `new_zeros` is `NoBlocks`, which
    torch.cat drops (`cat_nonempty`); torch.cummax is `cummax_by_compare`."""

    def __init__(self, model: nn.Module, **fixed: Any) -> None:
        super().__init__()
        self.model, self.fixed = model, fixed

    def forward(self, ids: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        with (
            mock.patch.object(torch, "topk", sorted_topk),
            mock.patch.object(torch, "cat", cat_nonempty),
            mock.patch.object(torch.Tensor, "new_zeros", new_zeros_or_none),
            mock.patch.object(torch, "cummax", cummax_by_compare),
        ):
            out = self.model(input_ids=ids, attention_mask=keep, use_cache=False, **self.fixed)
        result: torch.Tensor = out.last_hidden_state
        return result


class XPathTokens(nn.Module):
    """MarkupLM on padded token ids, each token's xpath (tag ids and
    subscripts per depth) and the padding mask."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, ids: torch.Tensor, tags: torch.Tensor, subs: torch.Tensor, keep: torch.Tensor
    ) -> torch.Tensor:
        out = self.model(
            input_ids=ids, xpath_tags_seq=tags, xpath_subs_seq=subs, attention_mask=keep
        )
        result: torch.Tensor = out.last_hidden_state
        return result


class AudioCodes(nn.Module):
    """XCodec2's `encode` (semantic W2V-BERT features and the acoustic
    waveform encoder, concatenated, FSQ-quantised): the quantised latents."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model
        del model.acoustic_decoder  # decode's, never read by encode
        for module in model.modules():
            if type(module).__name__ == "Xcodec2UpSample1d":
                module.forward = types.MethodType(_upsample_per_channel, module)

    def forward(self, audio: torch.Tensor, features: torch.Tensor) -> torch.Tensor:
        out = self.model.encode(audio, features, output_latents=True)
        result: torch.Tensor = out.latents
        return result


class PaddedAudio(nn.Module):
    """An audio encoder on a padded waveform batch and its 0/1 sample mask:
    its last hidden state."""

    def __init__(self, model: nn.Module, mask_name: str = "padding_mask") -> None:
        super().__init__()
        self.model, self.mask_name = model, mask_name

    def forward(self, audio: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(audio, **{self.mask_name: keep}).last_hidden_state
        return result


class PromptedMasks(nn.Module):
    """SAM-HQ's prompt encoder and HQ mask decoder on precomputed image
    embeddings and the first global ViT block's embedding (the vision encoder
    is not run): point prompts with labels (one a padding point, label -10)
    and a box; the mask logits."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model
        del model.vision_encoder  # not run on precomputed embeddings
        # Untied (torch.func.functional_call rejects tied buffers): a copy.
        model.prompt_encoder.shared_embedding = copy.deepcopy(model.shared_image_embedding)

    def forward(
        self,
        embeddings: torch.Tensor,
        early: torch.Tensor,
        points: torch.Tensor,
        labels: torch.Tensor,
        boxes: torch.Tensor,
    ) -> torch.Tensor:
        out = self.model(
            image_embeddings=embeddings,
            intermediate_embeddings=[early],
            input_points=points,
            input_labels=labels,
            input_boxes=boxes,
            multimask_output=True,
        )
        result: torch.Tensor = out.pred_masks
        return result


class AudioSeq2Seq(nn.Module):
    """An encoder-decoder on a padded waveform batch, its 0/1 sample mask and
    (teacher-forced) decoder ids: the decoder's last hidden state."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, audio: torch.Tensor, keep: torch.Tensor, target: torch.Tensor
    ) -> torch.Tensor:
        out = self.model(
            input_values=audio, attention_mask=keep, decoder_input_ids=target, use_cache=False
        )
        result: torch.Tensor = out.last_hidden_state
        return result


def _upsample_per_channel(self: nn.Module, hidden: torch.Tensor) -> torch.Tensor:
    """XCodec2's anti-aliasing upsampler, its depthwise ConvTranspose1d (the
    one filter expanded over `groups=channels`) run on [B·C, 1, T] with one
    group: the same values. torch-mlir fails on the grouped transposed conv
    ("'tensor.collapse_shape' op expected reassociation map #0 to have size
    equal to the expanded rank (5), but it is 4")."""
    batch, channels, _ = hidden.shape
    hidden = F.pad(hidden, (self.pad, self.pad), mode="replicate")
    kernel = self.filter.to(hidden.dtype).reshape(1, 1, -1)
    flat = hidden.reshape(batch * channels, 1, -1)
    out = self.ratio * F.conv_transpose1d(flat, kernel, stride=self.stride)
    return out.reshape(batch, channels, -1)[..., self.pad_left : -self.pad_right]
