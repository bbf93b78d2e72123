"""Blocks of well-known models outside `transformers`, written out in torch, for
bench/unseen_models_eighth.py: cheap CNN attention and feature tricks (GhostNet's
ghost module with a concat and a slice, SKNet's selective kernel softmaxed over
branches, coordinate attention pooled along H and W separately, ECA's conv1d
over channel descriptors), per-pixel kernels (involution through F.unfold),
sequence convs (a TCN block with causal padding and dilation), attention
variants (cross-attention with a boolean key padding mask, grouped-query
attention with repeat_interleave), and heads (an RMSNorm + SwiGLU MLP in
bf16, a top-p sampler filter with sort, cumsum and argsort). Imported only
by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


class GhostModule(nn.Module):
    """GhostNet's module: a 1x1 primary conv to half the channels, a cheap 3x3
    depthwise conv making the other half, concatenated and sliced to the
    output width; hardswish; a residual."""

    def __init__(self, channels: int = 24, ratio: int = 2) -> None:
        super().__init__()
        self.out = channels
        primary = math.ceil(channels / ratio)
        self.primary = nn.Sequential(
            nn.Conv2d(channels, primary, 1, bias=False), nn.BatchNorm2d(primary), nn.Hardswish()
        )
        self.cheap = nn.Sequential(
            nn.Conv2d(primary, primary, 3, padding=1, groups=primary, bias=False),
            nn.BatchNorm2d(primary),
            nn.Hardswish(),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        first = self.primary(x)
        ghost = torch.cat([first, self.cheap(first)], 1)[:, : self.out]
        return x + ghost


class SelectiveKernel(nn.Module):
    """SKNet's selective kernel conv: a 3x3 and a dilated 3x3 branch summed,
    global pooled, squeezed, one logit per branch and channel softmaxed over
    the branches, the branches mixed by those weights."""

    def __init__(self, channels: int = 32, reduced: int = 8) -> None:
        super().__init__()

        def branch(dilation: int) -> nn.Sequential:
            conv = nn.Conv2d(channels, channels, 3, padding=dilation, dilation=dilation, groups=4)
            return nn.Sequential(conv, nn.BatchNorm2d(channels), nn.ReLU())

        self.branches = nn.ModuleList([branch(1), branch(2)])
        self.squeeze = nn.Sequential(nn.Linear(channels, reduced), nn.ReLU())
        self.select = nn.Linear(reduced, 2 * channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        feats = torch.stack([b(x) for b in self.branches], 1)  # [B, 2, C, H, W]
        batch, _, channels = feats.shape[:3]
        logits = self.select(self.squeeze(feats.sum(1).mean([2, 3])))
        weights = logits.view(batch, 2, channels).softmax(1)
        out: torch.Tensor = (feats * weights[:, :, :, None, None]).sum(1)
        return out


class CoordinateAttention(nn.Module):
    """Coordinate attention: the input pooled along W and along H, the two
    strips concatenated, a shared 1x1 conv + BatchNorm + hardswish, split
    back, a sigmoid gate per row and per column."""

    def __init__(self, channels: int = 32, reduced: int = 8) -> None:
        super().__init__()
        self.shared = nn.Sequential(
            nn.Conv2d(channels, reduced, 1), nn.BatchNorm2d(reduced), nn.Hardswish()
        )
        self.gate_h, self.gate_w = nn.Conv2d(reduced, channels, 1), nn.Conv2d(reduced, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        height, width = x.shape[2:]
        rows = x.mean(3, keepdim=True)  # [B, C, H, 1]
        cols = x.mean(2, keepdim=True).permute(0, 1, 3, 2)  # [B, C, W, 1]
        mixed = self.shared(torch.cat([rows, cols], 2))
        along_h, along_w = torch.split(mixed, [height, width], 2)
        gate_h = torch.sigmoid(self.gate_h(along_h))
        gate_w = torch.sigmoid(self.gate_w(along_w.permute(0, 1, 3, 2)))
        return x * gate_h * gate_w


class Involution(nn.Module):
    """Involution: a KxK kernel per pixel and channel group generated from the
    pixel itself (1x1 reduce, 1x1 span), the input's neighbourhoods taken with
    F.unfold, multiplied and summed over the window."""

    def __init__(self, channels: int = 16, kernel: int = 3, groups: int = 4) -> None:
        super().__init__()
        self.kernel, self.groups = kernel, groups
        self.reduce = nn.Sequential(nn.Conv2d(channels, channels // 4, 1), nn.ReLU())
        self.span = nn.Conv2d(channels // 4, kernel * kernel * groups, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, channels, height, width = x.shape
        k, g = self.kernel, self.groups
        weight = self.span(self.reduce(x)).view(batch, g, 1, k * k, height, width)
        patches = F.unfold(x, k, padding=k // 2).view(batch, g, channels // g, k * k, height, width)
        return (weight * patches).sum(3).view(batch, channels, height, width)


class TemporalBlock(nn.Module):
    """Two TCN residual blocks: causal dilated conv1d (left padding only, via
    F.pad), ReLU, again, a 1x1 shortcut on the first; dilations 1 and 4."""

    def __init__(self, cin: int = 8, width: int = 16, kernel: int = 3) -> None:
        super().__init__()
        self.kernel = kernel
        self.convs = nn.ModuleList(
            [
                nn.Conv1d(cin, width, kernel, dilation=1),
                nn.Conv1d(width, width, kernel, dilation=1),
                nn.Conv1d(width, width, kernel, dilation=4),
                nn.Conv1d(width, width, kernel, dilation=4),
            ]
        )
        self.shortcut = nn.Conv1d(cin, width, 1)

    def causal(self, index: int, x: torch.Tensor) -> torch.Tensor:
        conv = self.convs[index]
        pad = (self.kernel - 1) * conv.dilation[0]
        return F.relu(conv(F.pad(x, (pad, 0))))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.causal(1, self.causal(0, x)) + self.shortcut(x))
        return F.relu(self.causal(3, self.causal(2, y)) + y)


class EcaBlock(nn.Module):
    """A conv + BatchNorm + ReLU, then ECA: the channel descriptors (global
    average) run through a conv1d of width 5 along the channel axis, a
    sigmoid gate per channel."""

    def __init__(self, channels: int = 32, kernel: int = 5) -> None:
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(channels, channels, 3, padding=1, bias=False),
            nn.BatchNorm2d(channels),
            nn.ReLU(),
        )
        self.eca = nn.Conv1d(1, 1, kernel, padding=kernel // 2, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        descriptor = y.mean([2, 3])[:, None, :]  # [B, 1, C]
        gate = torch.sigmoid(self.eca(descriptor))[:, 0, :, None, None]
        return x + y * gate


class PaddedCrossAttention(nn.Module):
    """A pre-norm cross-attention block (nn.MultiheadAttention) whose memory
    carries a boolean key padding mask built from per-sequence lengths, then a
    GELU MLP."""

    def __init__(self, dim: int = 32, heads: int = 4) -> None:
        super().__init__()
        self.norm_q, self.norm_kv, self.norm_mlp = (nn.LayerNorm(dim) for _ in range(3))
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor, memory: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        padded = torch.arange(memory.shape[1])[None, :] >= lengths[:, None]
        kv = self.norm_kv(memory)
        attended = self.attn(self.norm_q(x), kv, kv, key_padding_mask=padded, need_weights=False)
        y = x + attended[0]
        out: torch.Tensor = y + self.mlp(self.norm_mlp(y))
        return out


class GroupedQueryAttention(nn.Module):
    """Causal grouped-query attention: 8 query heads share 2 key/value heads
    through repeat_interleave, a boolean causal mask through masked_fill,
    softmax in the input's dtype."""

    def __init__(self, dim: int = 64, heads: int = 8, kv_heads: int = 2) -> None:
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
        self.q = nn.Linear(dim, dim, bias=False)
        self.kv = nn.Linear(dim, 2 * kv_heads * self.head_dim, bias=False)
        self.o = nn.Linear(dim, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        q = self.q(x).view(batch, seq, self.heads, self.head_dim).transpose(1, 2)
        kv = self.kv(x).view(batch, seq, 2, self.kv_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        groups = self.heads // self.kv_heads
        k, v = kv[0].repeat_interleave(groups, 1), kv[1].repeat_interleave(groups, 1)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        future = torch.ones(seq, seq, dtype=torch.bool).triu(1)
        probs = scores.masked_fill(future, float("-inf")).softmax(-1)
        out: torch.Tensor = self.o((probs @ v).transpose(1, 2).reshape(batch, seq, dim))
        return out


class RmsSwiGlu(nn.Module):
    """A pre-norm SwiGLU MLP (RMSNorm computed in f32 and cast back, gate and
    up projections fused in one matmul and chunked), meant to run in bf16."""

    def __init__(self, dim: int = 64, hidden: int = 172) -> None:
        super().__init__()
        self.scale = nn.Parameter(torch.ones(dim))
        self.gate_up = nn.Linear(dim, 2 * hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        wide = x.float()
        normed = (wide * torch.rsqrt(wide.square().mean(-1, keepdim=True) + 1e-6)).to(x.dtype)
        gate, up = self.gate_up(normed * self.scale).chunk(2, -1)
        out: torch.Tensor = x + self.down(F.silu(gate) * up)
        return out


class TopPFilter(nn.Module):
    """A language-model head's sampling filter: logits / temperature, sorted
    descending, cumulative softmax, tokens past p = 0.9 (keeping the first)
    set to -inf, gathered back to vocabulary order by the inverse
    permutation (an argsort), a final softmax."""

    def __init__(self, dim: int = 32, vocab: int = 100, top_p: float = 0.9) -> None:
        super().__init__()
        self.head, self.top_p = nn.Linear(dim, vocab), top_p

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = self.head(x) / 0.7
        ordered, order = logits.sort(-1, descending=True)
        cumulative = ordered.softmax(-1).cumsum(-1)
        drop = cumulative > self.top_p
        drop[..., 1:] = drop[..., :-1].clone()
        drop[..., 0] = False
        removed = drop.gather(-1, order.argsort(-1))  # back to vocabulary order
        return logits.masked_fill(removed, float("-inf")).softmax(-1)
