"""Blocks of well-known models outside `transformers`, written out in torch, for
bench/unseen_models_tenth.py: a DiT block with adaLN-Zero (a sinusoidal
timestep embedding through an MLP, six-way chunked modulation of two
LayerNorms without affine, gated residuals), a BitNet b1.58 MLP (per-token
absmax activation quantisation with round / clamp, ternary weights from a
mean-abs scale, squared ReLU), SuperPoint's detector head with its NMS
(softmax over 65 cells, depth-to-space, max_pool2d equality masks iterated
twice), a KAN layer pair (B-spline bases by piecewise comparisons and the
Cox-de Boor recursion) and an argmax + one_hot classification head with a
label-smoothed cross-entropy. Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


def timestep_embedding(t: torch.Tensor, dim: int, max_period: float = 10000.0) -> torch.Tensor:
    """DiT's sinusoidal embedding of (float) timesteps: [cos, sin] of t * freqs."""
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], -1)


class DiTBlock(nn.Module):
    """A DiT block with adaLN-Zero conditioning on a timestep: the timestep's
    sinusoidal embedding through Linear + SiLU + Linear, SiLU and a Linear to
    6 * D (shift / scale / gate for attention and for the MLP; random here, not
    the zero init, so the gates are not all zero), LayerNorms without affine
    modulated by x * (1 + scale) + shift, multi-head attention, a GELU (tanh)
    MLP, each added back times its gate."""

    def __init__(self, dim: int = 64, heads: int = 4, freq_dim: int = 32) -> None:
        super().__init__()
        self.heads, self.freq_dim = heads, freq_dim
        self.t_mlp = nn.Sequential(nn.Linear(freq_dim, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.ada = nn.Sequential(nn.SiLU(), nn.Linear(dim, 6 * dim))
        self.norm1 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.norm2 = nn.LayerNorm(dim, elementwise_affine=False, eps=1e-6)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, 4 * dim), nn.GELU(approximate="tanh"), nn.Linear(4 * dim, dim)
        )

    @staticmethod
    def modulate(x: torch.Tensor, shift: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        return x * (1 + scale[:, None]) + shift[:, None]

    def attention(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        q, k, v = self.qkv(x).view(batch, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        probs = (q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])).softmax(-1)
        out: torch.Tensor = self.proj((probs @ v).transpose(1, 2).reshape(batch, seq, dim))
        return out

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        c = self.t_mlp(timestep_embedding(t, self.freq_dim))
        shift1, scale1, gate1, shift2, scale2, gate2 = self.ada(c).chunk(6, -1)
        x = x + gate1[:, None] * self.attention(self.modulate(self.norm1(x), shift1, scale1))
        return x + gate2[:, None] * self.mlp(self.modulate(self.norm2(x), shift2, scale2))


class BitLinear(nn.Module):
    """BitNet b1.58's linear layer in eval: activations quantised per token to
    8 bits (127 / absmax, round, clamp to [-128, 127], scaled back), weights to
    {-1, 0, 1} times their mean absolute value (round, clamp)."""

    def __init__(self, cin: int, cout: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(cout, cin) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = 127.0 / x.abs().amax(-1, keepdim=True).clamp(min=1e-5)
        xq = (x * scale).round().clamp(-128, 127) / scale
        w_scale = 1.0 / self.weight.abs().mean().clamp(min=1e-5)
        wq = (self.weight * w_scale).round().clamp(-1, 1) / w_scale
        return F.linear(xq, wq)


class BitNetMlp(nn.Module):
    """BitNet's MLP block: RMSNorm, gate and up BitLinears, squared ReLU on the
    gate times up, a sub-LN RMSNorm, the down BitLinear, a residual."""

    def __init__(self, dim: int = 64, hidden: int = 128, eps: float = 1e-6) -> None:
        super().__init__()
        self.norm = nn.RMSNorm(dim, eps=eps)
        self.gate, self.up = BitLinear(dim, hidden), BitLinear(dim, hidden)
        self.sub_norm = nn.RMSNorm(hidden, eps=eps)
        self.down = BitLinear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.norm(x)
        y = F.relu(self.gate(y)).square() * self.up(y)
        out: torch.Tensor = x + self.down(self.sub_norm(y))
        return out


class SuperPointNms(nn.Module):
    """SuperPoint's keypoint head: 3x3 conv + ReLU, 1x1 conv to 65 channels,
    softmax over them, the dustbin dropped, depth-to-space by 8 (reshape and
    permute), then simple_nms (max_pool2d of radius 2; a point survives where
    it equals the pooled max, suppression iterated twice) and a threshold."""

    def __init__(self, cin: int = 32, mid: int = 32, cell: int = 8, radius: int = 2) -> None:
        super().__init__()
        self.conv = nn.Conv2d(cin, mid, 3, padding=1)
        self.score = nn.Conv2d(mid, cell * cell + 1, 1)
        self.cell, self.radius = cell, radius

    def max_pool(self, x: torch.Tensor) -> torch.Tensor:
        size = 2 * self.radius + 1
        return F.max_pool2d(x, kernel_size=size, stride=1, padding=self.radius)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scores = self.score(F.relu(self.conv(x))).softmax(1)[:, :-1]
        batch, _, height, width = scores.shape
        scores = scores.permute(0, 2, 3, 1).reshape(batch, height, width, self.cell, self.cell)
        scores = scores.permute(0, 1, 3, 2, 4).reshape(
            batch, 1, height * self.cell, width * self.cell
        )
        zeros = torch.zeros_like(scores)
        max_mask = scores == self.max_pool(scores)
        for _ in range(2):
            suppressed = self.max_pool(max_mask.float()) > 0
            supp_scores = torch.where(suppressed, zeros, scores)
            new_max = supp_scores == self.max_pool(supp_scores)
            max_mask = max_mask | (new_max & ~suppressed)
        kept = torch.where(max_mask, scores, zeros)
        return torch.where(kept > 0.012, kept, zeros)


class KanLinear(nn.Module):
    """An efficient-KAN layer: SiLU(x) through a base linear plus cubic
    B-spline bases of x on a uniform grid (piecewise indicators from >= and <
    comparisons, then the Cox-de Boor recursion) through scaled spline
    weights."""

    def __init__(self, cin: int, cout: int, grid_size: int = 5, order: int = 3) -> None:
        super().__init__()
        step = 2.0 / grid_size
        knots = torch.arange(-order, grid_size + order + 1, dtype=torch.float32) * step - 1
        self.register_buffer("grid", knots.expand(cin, -1).contiguous())
        self.grid: torch.Tensor
        self.order = order
        self.base_weight = nn.Parameter(torch.randn(cout, cin) / math.sqrt(cin))
        self.spline_weight = nn.Parameter(torch.randn(cout, cin, grid_size + order) * 0.1)
        self.spline_scaler = nn.Parameter(torch.randn(cout, cin) * 0.5 + 1)

    def b_splines(self, x: torch.Tensor) -> torch.Tensor:
        grid, x = self.grid, x[:, :, None]
        bases = ((x >= grid[:, :-1]) & (x < grid[:, 1:])).to(x.dtype)
        for k in range(1, self.order + 1):
            left = (x - grid[:, : -(k + 1)]) / (grid[:, k:-1] - grid[:, : -(k + 1)])
            right = (grid[:, k + 1 :] - x) / (grid[:, k + 1 :] - grid[:, 1:-k])
            bases = left * bases[:, :, :-1] + right * bases[:, :, 1:]
        return bases

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        base = F.linear(F.silu(x), self.base_weight)
        scaled = self.spline_weight * self.spline_scaler[:, :, None]
        spline = F.linear(self.b_splines(x).flatten(1), scaled.flatten(1))
        return (base + spline).reshape(*shape[:-1], -1)


class KanPair(nn.Module):
    """Two KAN layers (16 -> 32 -> 8); tanh between keeps the second one's
    input inside its grid."""

    def __init__(self) -> None:
        super().__init__()
        self.first, self.second = KanLinear(16, 32), KanLinear(32, 8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.second(torch.tanh(self.first(x)))
        return out


class OneHotHead(nn.Module):
    """A classification head: logits, the argmax class as a one_hot (float),
    the predicted class's probability through that one_hot, whether it equals
    the target, and a label-smoothed cross-entropy written out (one_hot of the
    target times 1 - eps plus eps / K against log_softmax); returns
    [loss, correct, confidence] per position."""

    def __init__(self, dim: int = 32, classes: int = 10, smoothing: float = 0.1) -> None:
        super().__init__()
        self.head, self.classes, self.smoothing = nn.Linear(dim, classes), classes, smoothing

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        logits = self.head(x)
        logp = logits.log_softmax(-1)
        pred = F.one_hot(logits.argmax(-1), self.classes).to(logits.dtype)
        confidence = (pred * logp.exp()).sum(-1)
        gold = F.one_hot(target, self.classes).to(logits.dtype)
        correct = (pred * gold).sum(-1)
        smooth = gold * (1 - self.smoothing) + self.smoothing / self.classes
        loss = -(smooth * logp).sum(-1)
        return torch.stack([loss, correct, confidence], -1)
