"""Written-out blocks of bench/unseen_models_eighteenth.py, each as its paper
computes it: the Forgetting Transformer's attention (`ForgettingAttention`,
FoX: a per-head scalar forget gate whose cumulative log-sum biases causal
softmax attention, with output gating and QK-norm) and Multi-Token Attention
(`MultiTokenAttention`, MTA: a depthwise 2D convolution over the query × key
attention logits, causally masked before and after, then a head-mixing
convolution over the weights and a per-head group norm). Imported only by the
zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class ForgettingAttention(nn.Module):
    """FoX (Lin et al., 2025): f_t = sigmoid(w_f·x_t + b_f) per head; the logit
    of query i and key j ≤ i gains Σ_{l=j+1..i} log f_l (a cumsum difference);
    q/k RMS-normed, the output gated by sigmoid(W_o x); then a SwiGLU MLP."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.forget = nn.Linear(dim, heads)
        self.gate = nn.Linear(dim, dim, bias=False)
        self.q_norm, self.k_norm = nn.RMSNorm(dim // heads), nn.RMSNorm(dim // heads)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.up = nn.Linear(dim, 4 * dim, bias=False)
        self.down = nn.Linear(2 * dim, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        h = self.norm1(x)
        q, k, v = self.qkv(h).reshape(batch, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        q, k = self.q_norm(q), self.k_norm(k)
        log_f = F.logsigmoid(self.forget(h)).transpose(1, 2)  # [B, heads, S]
        cum = log_f.cumsum(-1)
        bias = cum[..., :, None] - cum[..., None, :]  # Σ_{j<l≤i} log f_l
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()
        logits = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]) + bias
        logits = logits.masked_fill(~causal, float("-inf"))
        out = (torch.softmax(logits, dim=-1) @ v).transpose(1, 2).reshape(batch, seq, dim)
        x = x + self.proj(out * torch.sigmoid(self.gate(h)))
        gate, up = self.up(self.norm2(x)).chunk(2, dim=-1)
        return x + self.down(F.silu(gate) * up)


class MultiTokenAttention(nn.Module):
    """MTA (Golovneva et al., 2025): causal attention whose logits [B, H, S, S]
    are convolved per head over (query, key) by a cq × ck kernel (queries
    looking back only, zero-masked before, -inf-masked after), softmaxed,
    mixed across heads in groups by a 1×1 convolution, then each head's output
    group-normed (RMS) and scaled before the output projection."""

    def __init__(self, dim: int, heads: int, cq: int = 3, ck: int = 5, group: int = 2) -> None:
        super().__init__()
        self.heads, self.cq, self.ck = heads, cq, ck
        self.norm = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.key_query_conv = nn.Conv2d(heads, heads, (cq, ck), groups=heads, bias=False)
        self.head_conv = nn.Conv2d(heads, heads, 1, groups=heads // group, bias=False)
        self.head_norm = nn.GroupNorm(heads, heads * (dim // heads))
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        q, k, v = (
            self.qkv(self.norm(x)).reshape(batch, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        )
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()
        logits = (q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])).masked_fill(~causal, 0.0)
        # Queries see the cq - 1 earlier ones; keys are centred (ck // 2 each side).
        padded = F.pad(logits, (self.ck // 2, self.ck // 2, self.cq - 1, 0))
        logits = self.key_query_conv(padded).masked_fill(~causal, float("-inf"))
        weights = self.head_conv(torch.softmax(logits, dim=-1))
        out = (weights @ v).transpose(1, 2).reshape(batch, seq, dim)
        out = self.head_norm(out.transpose(1, 2)).transpose(1, 2)
        return x + self.proj(out)


def built_fox() -> Built:
    return perturb(ForgettingAttention(64, 4)), (torch.randn(2, 24, 64),)


def built_mta() -> Built:
    return perturb(MultiTokenAttention(64, 4)), (torch.randn(2, 24, 64),)
