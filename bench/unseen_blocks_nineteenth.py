"""Written-out blocks of bench/unseen_models_nineteenth.py, each as its paper
computes it: the Hyena operator (`HyenaOperator`: an implicit long
convolution whose filter a positional MLP with sine activations computes,
windowed by an exponential decay, applied as a causal depthwise conv1d as
long as the sequence, between data-controlled gates), Mixture-of-Depths
routing (`MixtureOfDepths`: a router's top-k tokens, kept in order, gathered
through an attention + MLP block whose update, scaled by the router weight,
is scattered back into the residual stream) and Gated Linear Attention
(`GatedLinearAttention`, GLA: a low-rank data-dependent per-key-dimension
decay, in the parallel form over query × key × key-dimension, then a
per-head RMS norm and a swish output gate). Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class Sine(nn.Module):
    """sin(ω x), Hyena's filter-MLP activation, ω learned per channel."""

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.freq = nn.Parameter(torch.ones(1, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sin(self.freq * x)


class HyenaOperator(nn.Module):
    """Hyena (Poli et al., 2023), order 2: x1, x2, v = short_conv(W_in u);
    h = MLP(t, sin(ω_k t), cos(ω_k t)) · exp(-α |t|); y = W_out(x2 · (h * (x1 · v)))
    with * the causal long convolution (here a depthwise conv1d of kernel S)."""

    def __init__(self, dim: int, seq: int, bands: int = 4, width: int = 32) -> None:
        super().__init__()
        self.seq = seq
        self.norm = nn.LayerNorm(dim)
        self.in_proj = nn.Linear(dim, 3 * dim)
        self.short = nn.Conv1d(3 * dim, 3 * dim, 3, padding=2, groups=3 * dim)
        self.filter = nn.Sequential(
            nn.Linear(1 + 2 * bands, width),
            Sine(width),
            nn.Linear(width, width),
            Sine(width),
            nn.Linear(width, dim, bias=False),
        )
        self.register_buffer("bands", torch.linspace(1e-4, bands - 1, bands))
        self.decay = nn.Parameter(torch.linspace(0.3, 1.5, dim))
        self.bias = nn.Parameter(torch.zeros(dim))
        self.out_proj = nn.Linear(dim, dim)

    def long_filter(self) -> torch.Tensor:
        """The implicit filter [dim, S]: positions 0..S-1 through the MLP, decayed."""
        t = torch.linspace(0, 1, self.seq)[:, None]
        angle = 2 * math.pi * t * self.bands
        features = torch.cat([t, torch.sin(angle), torch.cos(angle)], dim=-1)
        window = torch.exp(-self.decay[None, :] * t * self.seq / 4)
        return (self.filter(features) * window).transpose(0, 1)

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        seq = u.shape[1]
        z = self.in_proj(self.norm(u)).transpose(1, 2)
        z = self.short(z)[..., :seq]  # causal: the first S outputs of padding 2
        x1, x2, v = z.chunk(3, dim=1)
        h = self.long_filter()
        w = x1 * v
        y = F.conv1d(F.pad(w, (seq - 1, 0)), h.flip(-1)[:, None, :], groups=h.shape[0])
        y = (y + w * self.bias[:, None]) * x2
        return u + self.out_proj(y.transpose(1, 2))


class MixtureOfDepths(nn.Module):
    """MoD (Raposo et al., 2024): a linear router scores each token; the top
    `capacity` of each sequence (sorted back into order) pass a pre-norm
    causal attention + GELU MLP block, whose update times the router's weight
    is scattered back; the other tokens skip the block."""

    def __init__(self, dim: int, heads: int, capacity: int) -> None:
        super().__init__()
        self.heads, self.capacity = heads, capacity
        self.router = nn.Linear(dim, 1)
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def block(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        q, k, v = self.qkv(self.norm1(x)).reshape(batch, seq, 3, self.heads, -1).unbind(2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()
        logits = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
        weights = torch.softmax(logits.masked_fill(~causal, float("-inf")), dim=-1)
        h = x + self.proj((weights @ v).transpose(1, 2).reshape(batch, seq, dim))
        return h + self.mlp(self.norm2(h)) - x  # the block's update

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scores = self.router(x).squeeze(-1)  # [B, S]
        top = torch.topk(scores, self.capacity, dim=-1).indices.sort(dim=-1).values
        index = top[..., None].expand(-1, -1, x.shape[-1])
        chosen = torch.gather(x, 1, index)
        weight = torch.gather(torch.sigmoid(scores), 1, top)[..., None]
        return x.scatter_add(1, index, self.block(chosen) * weight)


class GatedLinearAttention(nn.Module):
    """GLA (Yang et al., 2024): α_t = sigmoid(x W_a1 W_a2 + b)^(1/τ) per key
    dimension; o_i = Σ_{j≤i} (q_i ⊙ exp(B_i - B_j)) · k_j v_j with B the
    cumulative log α (evaluated pairwise, no overflow); per-head RMS norm,
    swish output gate, output projection, then a SwiGLU MLP."""

    def __init__(self, dim: int, heads: int, rank: int = 8, tau: float = 16.0) -> None:
        super().__init__()
        self.heads, self.tau = heads, tau
        self.norm1, self.norm2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.q, self.k = nn.Linear(dim, dim // 2, bias=False), nn.Linear(dim, dim // 2, bias=False)
        self.v, self.g = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.alpha = nn.Sequential(nn.Linear(dim, rank, bias=False), nn.Linear(rank, dim // 2))
        self.head_norm = nn.RMSNorm(dim // heads)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.up = nn.Linear(dim, 4 * dim, bias=False)
        self.down = nn.Linear(2 * dim, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        h = self.norm1(x)

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.reshape(batch, seq, self.heads, -1).transpose(1, 2)

        q, k, v = (
            heads(self.q(h)) / math.sqrt(dim // 2 // self.heads),
            heads(self.k(h)),
            heads(self.v(h)),
        )
        log_alpha = heads(F.logsigmoid(self.alpha(h)) / self.tau)
        cum = log_alpha.cumsum(dim=2)  # [B, H, S, dk]
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()[..., None]
        gap = (cum[:, :, :, None, :] - cum[:, :, None, :, :]).masked_fill(~causal, float("-inf"))
        scores = (q[:, :, :, None, :] * k[:, :, None, :, :] * torch.exp(gap)).sum(-1)
        out = self.head_norm(scores @ v).transpose(1, 2).reshape(batch, seq, dim)
        x = x + self.proj(out * F.silu(self.g(h)))
        gate, up = self.up(self.norm2(x)).chunk(2, dim=-1)
        return x + self.down(F.silu(gate) * up)


def built_hyena() -> Built:
    return perturb(HyenaOperator(64, 32)), (torch.randn(2, 32, 64),)


def built_mod() -> Built:
    return perturb(MixtureOfDepths(64, 4, capacity=8)), (torch.randn(2, 16, 64),)


def built_gla() -> Built:
    return perturb(GatedLinearAttention(64, 4)), (torch.randn(2, 16, 64),)
