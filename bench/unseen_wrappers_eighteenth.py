"""Wrappers of bench/unseen_models_eighteenth.py: each feeds a transformers
model what its pipeline would (time features, static features, masks, fixed
keyword arguments) and returns one tensor. Imported only by the zoo venv.
"""

from __future__ import annotations

import inspect
import textwrap
from typing import Any

import torch
from torch import nn
from unseen_wrappers_seventeenth import TokensNoCache as TokensNoCache  # the same feed


class TokensMasked(nn.Module):
    """An encoder on token ids and a 0/1 padding mask."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(input_ids=ids, attention_mask=keep).last_hidden_state
        return result


class Forecaster(nn.Module):
    """The Time Series Transformer fed past values (context + the largest lag),
    their time features and observed mask, a static categorical id and static
    reals, and (teacher-forced) future values and time features; returns the
    decoder's last hidden state."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(
        self,
        past: torch.Tensor,
        past_time: torch.Tensor,
        observed: torch.Tensor,
        category: torch.Tensor,
        static: torch.Tensor,
        future: torch.Tensor,
        future_time: torch.Tensor,
    ) -> torch.Tensor:
        out = self.model(
            past_values=past,
            past_time_features=past_time,
            past_observed_mask=observed,
            static_categorical_features=category,
            static_real_features=static,
            future_values=future,
            future_time_features=future_time,
            use_cache=False,
        )
        result: torch.Tensor = out.last_hidden_state
        return result


class AudioEncoder(nn.Module):
    """An audio encoder on log-mel features [B, T, mel] and a 0/1 frame mask."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, features: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(features, attention_mask=keep).last_hidden_state
        return result


class Alphas(nn.Module):
    """ViTMatte on an image with its trimap as a fourth channel: the alpha matte."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(pixel_values=pixels).alphas
        return result


def torch_frexp(inputs: torch.Tensor, max_bit: int = 31) -> tuple[torch.Tensor, torch.Tensor]:
    """I-BERT's `batch_frexp` in torch ops (it calls numpy's frexp and rounds
    with `decimal`, which torch.export cannot trace): the positive scale x as
    m · 2^-e with m an integer of `max_bit` bits, both float64 (0 as 0 · 2^-31)."""
    positive = inputs > 0
    exponent = torch.where(positive, torch.floor(torch.log2(inputs.clamp(min=1e-300))) + 1, 0.0)
    mantissa = torch.floor(inputs * torch.exp2(max_bit - exponent) + 0.5)
    return mantissa, max_bit - exponent


class SymmetricQuant:
    """I-BERT's `SymmetricQuantFunction` without its autograd wrapper (its
    forward builds a `torch.tensor(0.0)` zero point, which torch.export
    leaves as a fake constant): round(x / scale) clamped to k-bit."""

    @staticmethod
    def apply(x: torch.Tensor, k: int, percentile_mode: bool, scale: torch.Tensor) -> torch.Tensor:
        del percentile_mode
        shape = {4: (-1, 1, 1, 1), 2: (-1, 1)}.get(len(x.shape), (-1,))
        n = 2 ** (k - 1) - 1
        return torch.clamp(torch.round(1.0 / scale.view(shape) * x), -n, n - 1)


def without_data(*classes: type) -> None:
    """The classes' forwards recompiled with `.data.detach()` read as
    `.detach()` (the same values in eval; torch.export cannot trace `.data`:
    it leaves a fake tensor among the program's constants)."""
    for cls in classes:
        forward = cls.forward  # type: ignore[attr-defined]
        source = textwrap.dedent(inspect.getsource(forward)).replace(".data.detach()", ".detach()")
        scope: dict[str, Any] = {}
        exec(source, forward.__globals__, scope)  # transformers' own source, edited
        cls.forward = scope["forward"]  # type: ignore[attr-defined]
