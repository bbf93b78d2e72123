"""Wrappers of bench/unseen_models_nineteenth.py: each feeds a transformers
model what its pipeline would (padding masks, decoder ids, image patches,
fixed keyword arguments) and returns one tensor. Imported only by the zoo
venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_wrappers_seventeenth import TokensNoCache as TokensNoCache  # the same feed


class Seq2Seq(nn.Module):
    """An encoder-decoder on padded source ids, their 0/1 mask and
    (teacher-forced) decoder ids: the decoder's last hidden state."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor, keep: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        out = self.model(
            input_ids=ids, attention_mask=keep, decoder_input_ids=target, use_cache=False
        )
        result: torch.Tensor = out.last_hidden_state
        return result


class TokensAndPatches(nn.Module):
    """An encoder on token ids with image placeholders and the flattened
    patches the processor puts there. The model's placeholder mask is built
    without its count check (`torch_compilable_check` on the number of
    placeholders: torch.export leaves a `sym_ite` torch-mlir cannot import);
    the mask and the masked_scatter are the model's."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model
        model.get_placeholder_mask = self.placeholder_mask  # type: ignore[method-assign]

    def placeholder_mask(self, ids: torch.Tensor, features: torch.Tensor) -> torch.Tensor:
        config = self.model.config
        previous = F.pad(ids[:, :-1], (1, 0), value=config.pad_token_id or 0)
        mask = (ids == config.image_token_id) & (previous != config.document_token_id)
        return mask.unsqueeze(-1).expand(-1, -1, features.shape[-1])

    def forward(self, ids: torch.Tensor, patches: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(input_ids=ids, pixel_values=patches).last_hidden_state
        return result


class ConcatLogits(nn.Module):
    """A model whose `logits` is a tuple (MGP-STR's character, BPE and
    WordPiece heads): each flattened after the batch axis, concatenated."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        logits = self.model(pixel_values=pixels).logits
        return torch.cat([part.flatten(1) for part in logits], dim=1)


class LogitsNoCache(nn.Module):
    """A causal LM on token ids without a KV cache: its logits."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(input_ids=ids, use_cache=False).logits
        return result


def static_conv_padding(model: nn.Module, conv_class: type) -> nn.Module:
    """EnCodec's padded convs with their stride, kernel size and padding as
    Python ints, not buffers (torch.export cannot branch on a tensor's value
    in its reflect padding), and `_get_extra_padding_for_conv1d` computed
    from those ints (the same values)."""
    for module in model.modules():
        if isinstance(module, conv_class):
            for name in ("stride", "kernel_size", "padding_total"):
                setattr(module, name, int(module._buffers.pop(name)))
    conv_class._get_extra_padding_for_conv1d = _extra_padding  # type: ignore[attr-defined]
    return model


def _extra_padding(self: nn.Module, hidden_states: torch.Tensor) -> int:
    length = hidden_states.shape[-1]
    kernel, stride, padding = self.kernel_size, self.stride, self.padding_total
    assert isinstance(kernel, int) and isinstance(stride, int) and isinstance(padding, int)
    frames = math.ceil((length - kernel + padding) / stride + 1) - 1
    return frames * stride + kernel - padding - length
