"""Written-out blocks of bench/unseen_models_twenty_first.py, each as its
paper or reference code computes it: RWKV-7's time mixing (`Rwkv7TimeMix`,
"Goose": the generalised delta rule with a per-channel decay and an
in-context learning rate, the recurrence unrolled token by token), Tensor
Product Attention (`TensorProductAttention`, TPA: queries, keys and values
as sums of outer products of per-token head and channel factors, rotary on
the channel factors, over a padded batch) and an MXFP4 weight-only SwiGLU
MLP in bf16 (`Mxfp4Mlp`: FP4 e2m1 codes two to a uint8, looked up in a
16-entry table, times a power-of-two e8m0 scale per 32 weights). Imported
only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class Rwkv7TimeMix(nn.Module):
    """RWKV-7 time mixing (Peng et al., 2025) with a pre-LayerNorm and a
    residual. Token shift: each of r, w, k, v, a, g reads a learned lerp of
    the token and the one before. Per head the state S [N, N] evolves as
    S_t = S_{t-1} diag(w_t) - (S_{t-1} κ_t)(κ_t ⊙ a_t)ᵀ + v_t k_tᵀ, with
    the decay w_t = exp(-0.606531 σ(w0 + tanh(x W1) W2)) (LoRA), the
    in-context rate a_t = σ(a0 + x A1 A2), κ the L2-normalised removal key
    and k scaled by 1 + (a - 1) k_a; y_t = S_t r_t, GroupNorm per head, plus
    the bonus (r·(k ⊙ r_k)) v, gated by a LoRA sigmoid gate. The recurrence
    runs token by token (`seq` steps unrolled)."""

    def __init__(self, dim: int, heads: int, lora: int = 16) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Parameter(torch.rand(6, dim))  # lerp weights of r, w, k, v, a, g
        self.r, self.k, self.v = (nn.Linear(dim, dim, bias=False) for _ in range(3))
        self.w0 = nn.Parameter(torch.randn(dim) * 0.5 - 1.0)
        self.w1, self.w2 = nn.Linear(dim, lora, bias=False), nn.Linear(lora, dim, bias=False)
        self.a0 = nn.Parameter(torch.randn(dim) * 0.1)
        self.a1, self.a2 = nn.Linear(dim, lora, bias=False), nn.Linear(lora, dim, bias=False)
        self.g1, self.g2 = nn.Linear(dim, lora, bias=False), nn.Linear(lora, dim, bias=False)
        self.k_k = nn.Parameter(torch.rand(dim) * 0.5 + 0.75)
        self.k_a = nn.Parameter(torch.rand(dim))
        self.r_k = nn.Parameter(torch.randn(heads, dim // heads) * 0.1)
        self.group_norm = nn.GroupNorm(heads, dim, eps=64e-5)
        self.out = nn.Linear(dim, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        heads, size = self.heads, self.head_dim
        h = self.norm(x)
        # The previous token minus this one. RWKV writes the shift as
        # F.pad(h, (0, 0, 1, -1)); torch-mlir drops a constant_pad_nd whose
        # pads are negative (the exported IR read h itself: max error 0.29),
        # so the same values come from a concatenation.
        previous = torch.cat([torch.zeros_like(h[:, :1]), h[:, :-1]], dim=1)
        shifted = previous - h
        xr, xw, xk, xv, xa, xg = (h + shifted * m for m in self.mix.unbind(0))
        r, k, v = self.r(xr), self.k(xk), self.v(xv)
        decay = torch.exp(-0.606531 * torch.sigmoid(self.w0 + self.w2(torch.tanh(self.w1(xw)))))
        rate = torch.sigmoid(self.a0 + self.a2(self.a1(xa)))
        gate = self.g2(torch.sigmoid(self.g1(xg)))
        removal = F.normalize((k * self.k_k).view(batch, seq, heads, size), dim=-1)
        k = k * (1 + (rate - 1) * self.k_a)

        def split(t: torch.Tensor) -> torch.Tensor:
            return t.view(batch, seq, heads, size)

        r4, w4, k4, v4, a4 = split(r), split(decay), split(k), split(v), split(rate)
        state = x.new_zeros(batch, heads, size, size)  # [value, key]
        outs = []
        for t in range(seq):
            kappa = removal[:, t]
            removed = torch.einsum("bhvk,bhk->bhv", state, kappa)
            state = (
                state * w4[:, t, :, None, :]
                - removed[..., None] * (kappa * a4[:, t])[:, :, None, :]
                + v4[:, t, :, :, None] * k4[:, t, :, None, :]
            )
            outs.append(torch.einsum("bhvk,bhk->bhv", state, r4[:, t]))
        y = torch.stack(outs, dim=1).reshape(batch * seq, dim)
        y = self.group_norm(y).view(batch, seq, heads, size)
        bonus = (r4 * k4 * self.r_k).sum(dim=-1, keepdim=True) * v4
        y = (y + bonus).reshape(batch, seq, dim)
        return x + self.out(y * gate)


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotary on the last axis (its halves rotated as pairs)."""
    first, second = x.chunk(2, dim=-1)
    return x * cos + torch.cat([-second, first], dim=-1) * sin


class TensorProductAttention(nn.Module):
    """Tensor Product Attention (Zhang et al., 2025) in a pre-norm layer:
    per token, Q = (1/R_q) Σ_r a_r ⊗ b_r with head factors a_r [H] and
    channel factors b_r [D] linear in the token (ranks R_q, R_k, R_v for
    Q, K, V); rotary on the q and k channel factors before the products;
    causal attention over a padded batch (a key padding mask), then a GELU
    MLP."""

    def __init__(self, dim: int, heads: int, ranks: tuple[int, int, int] = (6, 2, 2)) -> None:
        super().__init__()
        self.heads, self.head_dim, self.ranks = heads, dim // heads, ranks
        self.norm1, self.norm2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.head_factors = nn.Linear(dim, sum(ranks) * heads, bias=False)
        self.channel_factors = nn.Linear(dim, sum(ranks) * self.head_dim, bias=False)
        self.out = nn.Linear(dim, dim, bias=False)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        inv = 1.0 / 10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim)
        self.register_buffer("inv_freq", inv)

    def forward(self, x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        h = self.norm1(x)
        a = self.head_factors(h).view(batch, seq, sum(self.ranks), self.heads)
        b = self.channel_factors(h).view(batch, seq, sum(self.ranks), self.head_dim)
        angles = torch.arange(seq, dtype=x.dtype)[:, None] * self.inv_freq
        cos = torch.cat([angles.cos(), angles.cos()], dim=-1)[None, :, None]
        sin = torch.cat([angles.sin(), angles.sin()], dim=-1)[None, :, None]
        rq, rk, _ = self.ranks
        b = torch.cat([_rotate(b[:, :, : rq + rk], cos, sin), b[:, :, rq + rk :]], dim=2)
        parts = []
        for a_part, b_part, rank in zip(
            a.split(self.ranks, dim=2), b.split(self.ranks, dim=2), self.ranks, strict=True
        ):
            parts.append(torch.einsum("bsrh,bsrd->bhsd", a_part, b_part) / rank)
        q, k, v = parts
        logits = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        future = torch.ones(seq, seq, dtype=torch.bool).triu(1)
        hidden = future[None, None] | (keep[:, None, None, :] == 0)
        probs = torch.softmax(logits.masked_fill(hidden, float("-inf")), dim=-1)
        y = (probs @ v).transpose(1, 2).reshape(batch, seq, dim)
        x = x + self.out(y)
        return x + self.mlp(self.norm2(x))


# FP4 e2m1's sixteen values by code: sign bit, two exponent bits, one mantissa bit.
_FP4_VALUES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)


class Mxfp4Linear(nn.Module):
    """y = x Wᵀ with W in OCP MXFP4: per block of 32 weights along the input
    axis, FP4 e2m1 codes (two to a uint8, the low nibble first) and one e8m0
    scale (a uint8 exponent, 2^(e - 127)). Dequantised in forward: nibbles
    by shift and mask, values looked up in the 16-entry table, times the
    block's power of two, cast to the activations' dtype."""

    BLOCK = 32

    def __init__(self, weight: torch.Tensor) -> None:
        super().__init__()
        out, inp = weight.shape
        table = torch.tensor(_FP4_VALUES + tuple(-v for v in _FP4_VALUES))
        blocks = weight.float().reshape(out, inp // self.BLOCK, self.BLOCK)
        # e8m0: the exponent putting the block's largest magnitude at most 6.
        amax = blocks.abs().amax(dim=-1).clamp_min(2.0**-100)
        exponent = torch.ceil(torch.log2(amax / 6.0)).clamp(-127, 127)
        scaled = blocks / torch.exp2(exponent)[..., None]
        codes = (scaled[..., None] - table).abs().argmin(dim=-1).reshape(out, inp)
        codes = codes.to(torch.uint8)
        self.register_buffer("packed", codes[:, 0::2] | (codes[:, 1::2] << 4))
        self.register_buffer("scales", (exponent + 127).to(torch.uint8))
        self.register_buffer("table", table)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        low, high = self.packed & 0xF, self.packed >> 4
        codes = torch.stack([low, high], dim=-1).flatten(-2).long()  # [out, in]
        values = self.table[codes]
        out, inp = values.shape
        scale = torch.exp2(self.scales.float() - 127.0)
        weight = (values.view(out, inp // self.BLOCK, self.BLOCK) * scale[..., None]).view(out, inp)
        return F.linear(x, weight.to(x.dtype))


class Mxfp4Mlp(nn.Module):
    """A pre-RMSNorm SwiGLU MLP with a residual, its three projections
    `Mxfp4Linear` (weight-only MXFP4), the activations in the model's dtype."""

    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.norm = nn.RMSNorm(dim)
        self.gate = Mxfp4Linear(torch.randn(hidden, dim) / math.sqrt(dim))
        self.up = Mxfp4Linear(torch.randn(hidden, dim) / math.sqrt(dim))
        self.down = Mxfp4Linear(torch.randn(dim, hidden) / math.sqrt(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


def built_rwkv7() -> Built:
    return perturb(Rwkv7TimeMix(64, heads=4)), (torch.randn(2, 16, 64),)


def built_tpa() -> Built:
    keep = torch.ones(2, 24, dtype=torch.long)
    keep[1, 17:] = 0
    return perturb(TensorProductAttention(64, heads=4)), (torch.randn(2, 24, 64), keep)


def built_mxfp4_mlp_bf16() -> Built:
    model = perturb(Mxfp4Mlp(128, 256)).to(torch.bfloat16)
    return model, (torch.randn(2, 16, 128).to(torch.bfloat16),)
