"""Blocks of well-known models outside `transformers`, written out in torch, for
bench/unseen_models_sixth.py: speech (Conformer's convolution module, WaveNet's
gated residual), image synthesis (ESPCN's pixel shuffle, StyleGAN2's modulated
convolution, AdaIN, a reflection-padded instance-norm residual), all-MLP
mixers (gMLP, MLP-Mixer), recommendation (DLRM's pairwise interaction),
NeRF, PointNet, linear attention and RetNet's retention, capsule routing, an
FPN top-down step, AlexNet's local response norm and a cross-entropy head.
Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


class ConformerConv(nn.Module):
    """LayerNorm, pointwise conv to 2C, GLU, depthwise conv (k=15), BatchNorm,
    SiLU, pointwise conv, residual; [B, T, C] in and out."""

    def __init__(self, channels: int = 32, kernel: int = 15) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(channels)
        self.expand = nn.Conv1d(channels, 2 * channels, 1)
        self.depthwise = nn.Conv1d(channels, channels, kernel, padding=kernel // 2, groups=channels)
        self.batch_norm = nn.BatchNorm1d(channels)
        self.project = nn.Conv1d(channels, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = F.glu(self.expand(self.norm(x).transpose(1, 2)), dim=1)
        hidden = F.silu(self.batch_norm(self.depthwise(hidden)))
        out: torch.Tensor = x + self.project(hidden).transpose(1, 2)
        return out


class WaveNetResidual(nn.Module):
    """Dilated causal conv (left pad), tanh * sigmoid gate, 1x1 residual and skip."""

    def __init__(self, channels: int = 16, dilation: int = 4) -> None:
        super().__init__()
        self.dilation = dilation
        self.dilated = nn.Conv1d(channels, 2 * channels, 2, dilation=dilation)
        self.residual = nn.Conv1d(channels, channels, 1)
        self.skip = nn.Conv1d(channels, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        filt, gate = self.dilated(F.pad(x, (self.dilation, 0))).chunk(2, 1)
        z = torch.tanh(filt) * torch.sigmoid(gate)
        out: torch.Tensor = x + self.residual(z) + self.skip(z)
        return out


class Espcn(nn.Module):
    """ESPCN super-resolution: two tanh convs, a conv to r*r channels, pixel shuffle."""

    def __init__(self, upscale: int = 3) -> None:
        super().__init__()
        self.first = nn.Conv2d(1, 16, 5, padding=2)
        self.second = nn.Conv2d(16, 8, 3, padding=1)
        self.third = nn.Conv2d(8, upscale * upscale, 3, padding=1)
        self.shuffle = nn.PixelShuffle(upscale)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = torch.tanh(self.second(torch.tanh(self.first(x))))
        return torch.sigmoid(self.shuffle(self.third(hidden)))


class ModulatedConv(nn.Module):
    """StyleGAN2: a style vector scales the conv weight per input channel, the
    weight is demodulated (rsqrt of its squared sum), noise and bias added,
    leaky ReLU times sqrt(2)."""

    def __init__(self, channels: int = 8, style: int = 16) -> None:
        super().__init__()
        self.affine = nn.Linear(style, channels)
        self.weight = nn.Parameter(torch.randn(channels, channels, 3, 3))
        self.bias = nn.Parameter(torch.randn(channels) * 0.1)
        self.noise_strength = nn.Parameter(torch.tensor(0.3))
        self.register_buffer("noise", torch.randn(1, 1, 8, 8))

    def forward(self, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        style = self.affine(w) + 1.0
        weight = self.weight[None] * style[:, None, :, None, None]
        weight = weight * torch.rsqrt(weight.square().sum([2, 3, 4], keepdim=True) + 1e-8)
        out = F.conv2d(x, weight[0], padding=1)
        out = out + self.noise * self.noise_strength + self.bias[None, :, None, None]
        return F.leaky_relu(out, 0.2) * math.sqrt(2.0)


class AdaIn(nn.Module):
    """Adaptive instance norm: content statistics replaced by the style's, then
    a 3x3 conv and ReLU."""

    def __init__(self, channels: int = 16) -> None:
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, content: torch.Tensor, style: torch.Tensor) -> torch.Tensor:
        c_mean, s_mean = content.mean([2, 3], keepdim=True), style.mean([2, 3], keepdim=True)
        c_std = content.std([2, 3], keepdim=True) + 1e-5
        s_std = style.std([2, 3], keepdim=True) + 1e-5
        return F.relu(self.conv((content - c_mean) / c_std * s_std + s_mean))


class InstanceNormResidual(nn.Module):
    """CycleGAN's residual block: reflection pad, conv, InstanceNorm, ReLU, twice."""

    def __init__(self, channels: int = 16) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(channels, channels, 3),
            nn.InstanceNorm2d(channels, affine=True),
            nn.ReLU(),
            nn.ReflectionPad2d(1),
            nn.Conv2d(channels, channels, 3),
            nn.InstanceNorm2d(channels, affine=True),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = x + self.body(x)
        return out


class GmlpBlock(nn.Module):
    """gMLP: LayerNorm, project to 2F, GELU, split; the gate half normalised and
    mixed along the sequence by a linear over tokens; product; project back."""

    def __init__(self, dim: int = 32, ffn: int = 128, seq: int = 16) -> None:
        super().__init__()
        self.norm, self.gate_norm = nn.LayerNorm(dim), nn.LayerNorm(ffn // 2)
        self.up, self.down = nn.Linear(dim, ffn), nn.Linear(ffn // 2, dim)
        self.spatial = nn.Linear(seq, seq)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        u, v = F.gelu(self.up(self.norm(x))).chunk(2, -1)
        v = self.spatial(self.gate_norm(v).transpose(1, 2)).transpose(1, 2)
        out: torch.Tensor = x + self.down(u * v)
        return out


class MixerBlock(nn.Module):
    """MLP-Mixer: a token-mixing MLP over the transposed sequence, then a
    channel-mixing MLP, each after a LayerNorm with a residual."""

    def __init__(self, dim: int = 32, seq: int = 16) -> None:
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.tokens = nn.Sequential(nn.Linear(seq, 2 * seq), nn.GELU(), nn.Linear(2 * seq, seq))
        self.channels = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.tokens(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        out: torch.Tensor = x + self.channels(self.norm2(x))
        return out


class DlrmInteraction(nn.Module):
    """DLRM: bottom MLP on dense features, embedding lookups, pairwise dot
    products (bmm, strictly-lower triangle), top MLP, sigmoid."""

    def __init__(self, dim: int = 16, tables: int = 3, rows: int = 50) -> None:
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, dim), nn.ReLU())
        self.embedding = nn.Embedding(tables * rows, dim)
        self.register_buffer("offsets", torch.arange(tables) * rows)
        pairs = (tables + 1) * tables // 2
        self.top = nn.Sequential(nn.Linear(dim + pairs, 32), nn.ReLU(), nn.Linear(32, 1))
        rows_i, cols_i = torch.tril_indices(tables + 1, tables + 1, offset=-1)
        self.register_buffer("rows_i", rows_i)
        self.register_buffer("cols_i", cols_i)

    def forward(self, dense: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        bottom = self.bottom(dense)
        features = torch.cat([bottom[:, None], self.embedding(ids + self.offsets)], 1)
        dots = torch.bmm(features, features.transpose(1, 2))[:, self.rows_i, self.cols_i]
        return torch.sigmoid(self.top(torch.cat([bottom, dots], 1)))


class NerfMlp(nn.Module):
    """NeRF: sin/cos positional encoding, an MLP with a skip concat, ReLU
    density and sigmoid colour."""

    def __init__(self, bands: int = 4, width: int = 64) -> None:
        super().__init__()
        self.register_buffer("scales", 2.0 ** torch.arange(bands))
        encoded = 3 + 6 * bands
        self.first = nn.Sequential(nn.Linear(encoded, width), nn.ReLU(), nn.Linear(width, width))
        self.second = nn.Linear(width + encoded, width)
        self.density, self.colour = nn.Linear(width, 1), nn.Linear(width, 3)

    def forward(self, points: torch.Tensor) -> torch.Tensor:
        scaled = (points[:, None, :] * self.scales[:, None]).flatten(1)
        encoded = torch.cat([points, torch.sin(scaled), torch.cos(scaled)], -1)
        hidden = F.relu(self.first(encoded))
        hidden = F.relu(self.second(torch.cat([hidden, encoded], -1)))
        colour = torch.sigmoid(self.colour(hidden))
        return torch.cat([colour, F.relu(self.density(hidden))], -1)


class PointNet(nn.Module):
    """PointNet's encoder: shared 1x1 conv1d + BatchNorm + ReLU, a max over
    points, FC layers, log-softmax."""

    def __init__(self, classes: int = 10) -> None:
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv1d(3, 32, 1), nn.BatchNorm1d(32), nn.ReLU(),
            nn.Conv1d(32, 64, 1), nn.BatchNorm1d(64), nn.ReLU(),
        )  # fmt: skip
        self.head = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, classes))

    def forward(self, points: torch.Tensor) -> torch.Tensor:
        pooled = self.convs(points).amax(2)
        return F.log_softmax(self.head(pooled), -1)
