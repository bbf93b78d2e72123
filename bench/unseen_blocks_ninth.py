"""Blocks of well-known models outside `transformers`, written out in torch, for
bench/unseen_models_ninth.py: convnets (a ResNeXt bottleneck with a grouped 3x3
and a strided projection shortcut, a depthwise-separable hardswish pair meant
for f16, a GroupNorm + Mish block meant for f16, ConvNeXt's channels-first
LayerNorm written out and as permute-norm-permute, meant for bf16, a
PixelUnshuffle / PixelShuffle residual, a spatial transformer with
affine_grid and grid_sample), sequence recurrences unrolled (an SRU with
peephole forget and reset gates, a linear-chain CRF's log partition through
logsumexp), attention (Transformer-XL's relative attention with the
pad-and-reshape shift and u / v biases) and a greedy decoding head
(temperature softmax, argmax, gather). Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


class ResNeXtBlock(nn.Module):
    """A ResNeXt bottleneck (cardinality 8, width 8 per group) with stride 2:
    1x1 + BN + ReLU, grouped 3x3 strided + BN + ReLU, 1x1 + BN, a 1x1 strided
    projection + BN on the shortcut, ReLU after the sum."""

    def __init__(self, cin: int = 32, width: int = 64, cout: int = 64, groups: int = 8) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(cin, width, 1, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(),
            nn.Conv2d(width, width, 3, stride=2, padding=1, groups=groups, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(),
            nn.Conv2d(width, cout, 1, bias=False),
            nn.BatchNorm2d(cout),
        )
        self.shortcut = nn.Sequential(
            nn.Conv2d(cin, cout, 1, stride=2, bias=False), nn.BatchNorm2d(cout)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.body(x) + self.shortcut(x))


class DepthwiseSeparable(nn.Module):
    """Two MobileNet-V1 style depthwise-separable units with hardswish (the
    second depthwise strided), meant to run in f16: depthwise 3x3 + BN +
    hardswish, pointwise 1x1 + BN + hardswish."""

    def __init__(self, cin: int = 16, mid: int = 32, cout: int = 48) -> None:
        super().__init__()

        def unit(a: int, b: int, stride: int) -> nn.Sequential:
            return nn.Sequential(
                nn.Conv2d(a, a, 3, stride=stride, padding=1, groups=a, bias=False),
                nn.BatchNorm2d(a),
                nn.Hardswish(),
                nn.Conv2d(a, b, 1, bias=False),
                nn.BatchNorm2d(b),
                nn.Hardswish(),
            )

        self.units = nn.Sequential(unit(cin, mid, 1), unit(mid, cout, 2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.units(x)
        return out


class GroupNormMish(nn.Module):
    """A residual conv block with GroupNorm (4 groups) and Mish
    (x * tanh(softplus(x))) after each of two 3x3 convs, a 1x1 shortcut that
    widens the channels; meant to run in f16."""

    def __init__(self, cin: int = 16, cout: int = 32, groups: int = 4) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm1 = nn.GroupNorm(groups, cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.norm2 = nn.GroupNorm(groups, cout)
        self.shortcut = nn.Conv2d(cin, cout, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.mish(self.norm1(self.conv1(x)))
        y = F.mish(self.norm2(self.conv2(y)))
        return y + self.shortcut(x)


class ChannelsFirstNorm(nn.Module):
    """ConvNeXt's channels-first LayerNorm written out (mean and variance over
    dim 1 of NCHW), a 1x1 conv and GELU, then the same normalisation done the
    other way (permute to NHWC, F.layer_norm, permute back) and a residual;
    meant to run in bf16."""

    def __init__(self, channels: int = 32, eps: float = 1e-6) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.norm = nn.LayerNorm(channels, eps=eps)
        self.pw = nn.Conv2d(channels, channels, 1)
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mean = x.mean(1, keepdim=True)
        var = (x - mean).pow(2).mean(1, keepdim=True)
        y = (x - mean) / torch.sqrt(var + self.eps)
        y = self.weight[:, None, None] * y + self.bias[:, None, None]
        y = F.gelu(self.pw(y))
        y = self.norm(y.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)
        return x + y


class PixelShuffleResidual(nn.Module):
    """Space-to-depth and back: PixelUnshuffle by 2, two 3x3 convs with a
    LeakyReLU at the low resolution, PixelShuffle by 2, a residual."""

    def __init__(self, channels: int = 8, factor: int = 2) -> None:
        super().__init__()
        wide = channels * factor * factor
        self.down = nn.PixelUnshuffle(factor)
        self.conv1 = nn.Conv2d(wide, wide, 3, padding=1)
        self.conv2 = nn.Conv2d(wide, wide, 3, padding=1)
        self.up = nn.PixelShuffle(factor)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.leaky_relu(self.conv1(self.down(x)), 0.2)
        return x + self.up(self.conv2(y))


class SpatialTransformer(nn.Module):
    """A spatial transformer: a small localisation net (conv, max-pool, ReLU,
    linear) predicts a 2x3 affine matrix near the identity, F.affine_grid
    builds the sampling grid, F.grid_sample (bilinear, zero padding,
    align_corners False) warps the input."""

    def __init__(self, channels: int = 3, size: int = 16) -> None:
        super().__init__()
        self.loc = nn.Sequential(
            nn.Conv2d(channels, 8, 3, padding=1), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten()
        )
        self.theta = nn.Linear(8 * (size // 2) ** 2, 6)
        with torch.no_grad():
            self.theta.weight.mul_(0.05)
            self.theta.bias.copy_(torch.tensor([1.0, 0.1, 0.05, -0.1, 0.9, -0.05]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        theta = self.theta(self.loc(x)).view(-1, 2, 3)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


class SruLayer(nn.Module):
    """An SRU layer unrolled over the sequence: one matmul for the candidate,
    forget and reset pre-activations of every step, then per step
    f = sigmoid(Wf x + vf * c + bf), r = sigmoid(Wr x + vr * c + br),
    c = f * c + (1 - f) * x~, h = r * tanh(c) + (1 - r) * x (a highway)."""

    def __init__(self, dim: int = 32) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, 3 * dim, bias=False)
        self.v = nn.Parameter(torch.randn(2, dim) * 0.5)
        self.b = nn.Parameter(torch.randn(2, dim) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        candidate, forget, reset = self.proj(x).chunk(3, -1)
        c = torch.zeros_like(x[:, 0])
        outputs = []
        for t in range(x.shape[1]):
            f = torch.sigmoid(forget[:, t] + self.v[0] * c + self.b[0])
            r = torch.sigmoid(reset[:, t] + self.v[1] * c + self.b[1])
            c = f * c + (1 - f) * candidate[:, t]
            outputs.append(r * torch.tanh(c) + (1 - r) * x[:, t])
        return torch.stack(outputs, 1)


class CrfLogPartition(nn.Module):
    """A BiLSTM-CRF tagger's loss head without the LSTM: emissions from a
    linear layer, the forward algorithm unrolled over the sequence
    (alpha_t = logsumexp(alpha_{t-1}[:, :, None] + transitions, 1) + emit_t,
    masked steps keep alpha), the gold path's score from gathers, and the
    negative log-likelihood per sequence."""

    def __init__(self, dim: int = 32, tags: int = 7) -> None:
        super().__init__()
        self.emit = nn.Linear(dim, tags)
        self.transitions = nn.Parameter(torch.randn(tags, tags) * 0.3)
        self.start = nn.Parameter(torch.randn(tags) * 0.3)
        self.end = nn.Parameter(torch.randn(tags) * 0.3)

    def forward(self, x: torch.Tensor, gold: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        emissions = self.emit(x)  # [B, T, K]
        steps = x.shape[1]
        keep = mask.to(emissions.dtype)
        alpha = self.start + emissions[:, 0]
        for t in range(1, steps):
            scores = alpha[:, :, None] + self.transitions + emissions[:, t, None, :]
            stepped = torch.logsumexp(scores, 1)
            alpha = keep[:, t, None] * stepped + (1 - keep[:, t, None]) * alpha
        log_z = torch.logsumexp(alpha + self.end, 1)
        # the gold path: emissions at the gold tags, transitions between them
        emitted = emissions.gather(2, gold[:, :, None])[:, :, 0]
        moved = self.transitions[gold[:, :-1], gold[:, 1:]]
        score = self.start[gold[:, 0]] + (emitted * keep).sum(1) + (moved * keep[:, 1:]).sum(1)
        last = gold.gather(1, (mask.sum(1, keepdim=True) - 1))[:, 0]
        return log_z - (score + self.end[last])


class TransformerXLAttention(nn.Module):
    """Transformer-XL's relative multi-head attention: sinusoidal embeddings of
    the distances S-1..0 built in forward and projected, content scores
    (q + u) k^T, position scores (q + v) r^T shifted by the zero-pad and
    reshape trick, a causal -inf fill, softmax, a residual LayerNorm."""

    def __init__(self, dim: int = 64, heads: int = 4) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.r_net = nn.Linear(dim, dim, bias=False)
        self.o = nn.Linear(dim, dim, bias=False)
        self.u = nn.Parameter(torch.randn(heads, self.head_dim) * 0.1)
        self.v = nn.Parameter(torch.randn(heads, self.head_dim) * 0.1)
        self.norm = nn.LayerNorm(dim)
        inv_freq = 1 / (10000 ** (torch.arange(0, dim, 2.0) / dim))
        self.register_buffer("inv_freq", inv_freq)
        self.inv_freq: torch.Tensor

    @staticmethod
    def rel_shift(x: torch.Tensor) -> torch.Tensor:
        batch, heads, q_len, k_len = x.shape
        padded = F.pad(x, (1, 0))  # a zero column in front
        padded = padded.view(batch, heads, k_len + 1, q_len)
        return padded[:, :, 1:].view_as(x)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        positions = torch.arange(seq - 1, -1, -1.0)
        angles = positions[:, None] * self.inv_freq[None, :]
        pos_emb = torch.cat([angles.sin(), angles.cos()], -1)  # [S, D]
        r = self.r_net(pos_emb).view(seq, self.heads, self.head_dim)
        q, k, v = self.qkv(x).view(batch, seq, 3, self.heads, self.head_dim).unbind(2)
        ac = torch.einsum("bihd,bjhd->bhij", q + self.u, k)
        bd = self.rel_shift(torch.einsum("bihd,jhd->bhij", q + self.v, r))
        scores = (ac + bd) / math.sqrt(self.head_dim)
        future = torch.ones(seq, seq, dtype=torch.bool).triu(1)
        probs = scores.masked_fill(future, float("-inf")).softmax(-1)
        attended = torch.einsum("bhij,bjhd->bihd", probs, v).reshape(batch, seq, dim)
        out: torch.Tensor = self.norm(x + self.o(attended))
        return out


class GreedyHead(nn.Module):
    """A decoding head: logits / temperature, log-softmax, the argmax token,
    its log-probability gathered, and the distribution's entropy; returns
    [log p(token), token as float, entropy] per position."""

    def __init__(self, dim: int = 32, vocab: int = 120, temperature: float = 0.8) -> None:
        super().__init__()
        self.head, self.temperature = nn.Linear(dim, vocab), temperature

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logp = (self.head(x) / self.temperature).log_softmax(-1)
        token = logp.argmax(-1, keepdim=True)
        chosen = logp.gather(-1, token)
        entropy = -(logp.exp() * logp).sum(-1, keepdim=True)
        return torch.cat([chosen, token.to(logp.dtype), entropy], -1)
