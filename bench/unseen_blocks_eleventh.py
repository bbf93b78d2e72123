"""Wrappers of bench/unseen_models_eleventh.py that swap, inside one layer's
forward, what torch.export or torch-mlir cannot take for an equivalent it
can: Autoformer's FFT autocorrelation as real DFT matmuls (`_rfft`, `_irfft`,
`_Spectrum`: torch-mlir lowers neither complex conjugation nor `fft_irfft`),
Reformer's LSH rotations drawn once at build time instead of `torch.randn` in
forward, and Doge's `topk(sorted=False)` sorted and its scatter along dim -1
given that dim counted from the front (`sorted_topk`, `positive_dim_scatter`:
torch-mlir does not lower `sorted=False`, and crashes on a negative scatter
dim). Each swap computes the same values; the exporting docstring quotes the
errors. Imported only by the zoo venv.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from unittest import mock

import torch
from torch import nn
from transformers import AutoformerConfig, DogeConfig, ReformerConfig
from transformers.models.autoformer.modeling_autoformer import AutoformerEncoderLayer
from transformers.models.doge.modeling_doge import DogeDecoderLayer, DogeRotaryEmbedding
from transformers.models.reformer.modeling_reformer import ReformerLayer
from unseen_common import RotaryLayer


def sorted_topk(topk: Callable[..., object]) -> Callable[..., object]:
    """`topk` with `sorted=True` forced: the same set of indices."""

    def call(tensor: torch.Tensor, k: int, *args: object, **kwargs: object) -> object:
        kwargs["sorted"] = True
        return topk(tensor, k, *args, **kwargs)

    return call


def positive_dim_scatter(scatter: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
    """`scatter` / `scatter_` with a negative dim counted from the front."""

    def call(tensor: torch.Tensor, dim: int, *args: object, **kwargs: object) -> torch.Tensor:
        return scatter(tensor, dim % tensor.dim(), *args, **kwargs)

    return call


class _Spectrum:
    """A real DFT's cosine and sine parts (what `torch.fft.rfft` returns as
    complex), with the product and conjugate the autocorrelation takes."""

    def __init__(self, re: torch.Tensor, im: torch.Tensor) -> None:
        self.re, self.im = re, im

    def __mul__(self, other: _Spectrum) -> _Spectrum:
        re = self.re * other.re - self.im * other.im
        return _Spectrum(re, self.re * other.im + self.im * other.re)

    def conj(self) -> _Spectrum:
        return _Spectrum(self.re, -self.im)


def _dft_tables(n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin of 2 pi f t / n, [n // 2 + 1, n]."""
    angle = torch.arange(n // 2 + 1)[:, None] * torch.arange(n)[None, :] * (2 * math.pi / n)
    return torch.cos(angle), torch.sin(angle)


def _rfft(x: torch.Tensor, n: int, dim: int) -> _Spectrum:
    """`torch.fft.rfft(x, n, dim=1)` of a [B, n, C] tensor as DFT matmuls."""
    assert dim == 1 and x.shape[1] == n
    cos, sin = _dft_tables(n)
    return _Spectrum(torch.einsum("ft,btc->bfc", cos, x), -torch.einsum("ft,btc->bfc", sin, x))


def _irfft(spectrum: _Spectrum, n: int, dim: int) -> torch.Tensor:
    """`torch.fft.irfft(spectrum, n, dim=1)` for an even n: interior bins
    count twice, the imaginary parts of bins 0 and n / 2 not at all."""
    assert dim == 1 and n % 2 == 0
    cos, sin = _dft_tables(n)
    weight = torch.full((n // 2 + 1, 1), 2.0 / n)
    weight[0], weight[-1] = 1.0 / n, 1.0 / n
    cos, sin = cos * weight, sin * weight
    re = torch.einsum("ft,bfc->btc", cos, spectrum.re)
    return re - torch.einsum("ft,bfc->btc", sin, spectrum.im)


class AutoformerRealDft(nn.Module):
    """Autoformer's encoder layer with its autocorrelation's rfft, conj and
    irfft as real DFT matmuls (eval: top-k delays rolled by gather)."""

    def __init__(self, config: AutoformerConfig) -> None:
        super().__init__()
        self.layer = AutoformerEncoderLayer(config)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        with (
            mock.patch.object(torch.fft, "rfft", _rfft),
            mock.patch.object(torch.fft, "irfft", _irfft),
            mock.patch.object(torch, "conj", _Spectrum.conj),
        ):
            out: torch.Tensor = self.layer(hidden)
        return out


class ReformerLsh(nn.Module):
    """A Reformer layer (LSH attention, then the chunked feed-forward on the
    reversible pair of streams); the random rotations are a buffer drawn at
    build time, the undo-sort `scatter_(-1, ...)` runs on the last dim counted
    from the front. Returns both streams concatenated."""

    def __init__(self, config: ReformerConfig) -> None:
        super().__init__()
        self.layer = ReformerLayer(config, 0)
        heads, size = config.num_attention_heads, config.attention_head_size
        shape = (heads, size, config.num_hashes, config.num_buckets // 2)
        self.register_buffer("rotations", torch.randn(shape))
        self.rotations: torch.Tensor

    def forward(self, prev: torch.Tensor, hidden: torch.Tensor) -> torch.Tensor:
        scatter = positive_dim_scatter(torch.Tensor.scatter_)
        with (
            mock.patch.object(torch, "randn", lambda *args, **kwargs: self.rotations),
            mock.patch.object(torch.Tensor, "scatter_", scatter),
        ):
            out = self.layer(prev, hidden)
        return torch.cat([out.attn_output, out.hidden_states], -1)


class DogeDynamic(nn.Module):
    """Doge's decoder layer (dynamic mask attention, a CDMoE) fed rotary
    cos/sin and a causal mask; its top-k keep window is taken sorted and
    scattered along dim 3 (the key dim, -1 in the source)."""

    def __init__(self, config: DogeConfig) -> None:
        super().__init__()
        self.layer = RotaryLayer(DogeDecoderLayer(config, 0), DogeRotaryEmbedding(config))

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        with (
            mock.patch.object(torch, "topk", sorted_topk(torch.topk)),
            mock.patch.object(torch.Tensor, "scatter", positive_dim_scatter(torch.Tensor.scatter)),
        ):
            out: torch.Tensor = self.layer(hidden)
        return out
