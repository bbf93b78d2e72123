"""Written-out blocks of bench/unseen_models_twentieth.py, each as its paper
computes it: Native Sparse Attention (`NativeSparseAttention`, NSA: a
compressed branch over MLP-pooled key/value blocks, a selected branch over
the top-n blocks its compressed attention scores, gathered token by token,
and a sliding-window branch, mixed by sigmoid gates), minGRU
(`MinGRUStack`: the gate and candidate from the input alone, so the
recurrence runs as a parallel scan in log space, a cumsum and a
`logcumsumexp`) and stick-breaking attention (`StickBreakingAttention`: each
key takes a sigmoid share of what the nearer keys left, the log of the
remainders summed by a matmul with a triangular matrix, no softmax).
Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class NativeSparseAttention(nn.Module):
    """NSA (Yuan et al., 2025), GQA with `kv_heads` groups: keys and values in
    blocks of `block` tokens, each block's flattened keys (values) plus an
    intra-block position embedding pooled by an MLP into one compressed key
    (value); a learned memory key/value every query sees. Compressed
    attention covers the blocks that end at or before the query; its
    probabilities, summed over a group's heads, score the blocks, and the
    top `selected` blocks that start at or before the query (the query's own
    block always among them) are gathered for token-level causal attention.
    A sliding window of `window` tokens is the third branch; per-head
    sigmoid gates from the input mix the three."""

    def __init__(
        self, dim: int, heads: int, kv_heads: int, block: int, selected: int, window: int
    ) -> None:
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
        self.block, self.selected, self.window = block, selected, window
        inner = kv_heads * self.head_dim
        self.norm = nn.RMSNorm(dim)
        self.q = nn.Linear(dim, dim, bias=False)
        self.kv = nn.Linear(dim, 2 * inner, bias=False)
        self.block_position = nn.Parameter(torch.randn(block, self.head_dim) * 0.1)
        width = block * self.head_dim
        self.compress_k = nn.Sequential(
            nn.Linear(width, width), nn.GELU(), nn.Linear(width, self.head_dim)
        )
        self.compress_v = nn.Sequential(
            nn.Linear(width, width), nn.GELU(), nn.Linear(width, self.head_dim)
        )
        self.memory = nn.Parameter(torch.randn(2, kv_heads, 1, self.head_dim) * 0.1)
        self.gates = nn.Linear(dim, 3 * heads)
        self.out = nn.Linear(dim, dim, bias=False)

    def compress(self, x: torch.Tensor, mlp: nn.Module) -> torch.Tensor:
        """[B, Hk, S, D] -> [B, Hk, S/block, D]: each block's tokens pooled by `mlp`."""
        batch, heads, seq, dim = x.shape
        blocks = x.reshape(batch, heads, seq // self.block, self.block, dim) + self.block_position
        out: torch.Tensor = mlp(blocks.flatten(-2))
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        h = self.norm(x)
        group, blocks = self.heads // self.kv_heads, seq // self.block
        q = (
            self.q(h)
            .reshape(batch, seq, self.kv_heads, group, self.head_dim)
            .permute(0, 2, 3, 1, 4)
        )
        k, v = (
            self.kv(h).reshape(batch, seq, 2, self.kv_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        )
        scale = 1 / math.sqrt(self.head_dim)
        position = torch.arange(seq)
        block_start = torch.arange(blocks) * self.block

        # Compressed branch: [B, Hk, G, S, 1 + blocks], the memory slot first.
        memory = self.memory[:, None].expand(-1, batch, -1, -1, -1)
        ck = torch.cat([memory[0], self.compress(k, self.compress_k)], dim=2)
        cv = torch.cat([memory[1], self.compress(v, self.compress_v)], dim=2)
        ends = torch.cat([torch.full((1,), -1), block_start + self.block - 1])
        seen = ends[None, :] <= position[:, None]  # [S, 1 + blocks]
        logits = torch.einsum("bkgsd,bknd->bkgsn", q, ck) * scale
        probs = torch.softmax(logits.masked_fill(~seen, float("-inf")), dim=-1)
        compressed = torch.einsum("bkgsn,bknd->bkgsd", probs, cv)

        # Selected branch: a group's block scores, its top blocks' tokens gathered.
        scores = probs[..., 1:].sum(dim=2)  # [B, Hk, S, blocks]
        own = position[:, None] // self.block == torch.arange(blocks)[None, :]
        started = block_start[None, :] <= position[:, None]
        scores = scores.masked_fill(~started, float("-inf")).masked_fill(own, float("inf"))
        top = torch.topk(scores, self.selected, dim=-1).indices  # [B, Hk, S, n]
        tokens = (top[..., None] * self.block + torch.arange(self.block)).flatten(-2)
        index = tokens.reshape(batch, self.kv_heads, seq * self.selected * self.block, 1)
        index = index.expand(-1, -1, -1, self.head_dim)
        shape = (batch, self.kv_heads, seq, self.selected * self.block, self.head_dim)
        sk = torch.gather(k, 2, index).reshape(shape)
        sv = torch.gather(v, 2, index).reshape(shape)
        logits = torch.einsum("bkgsd,bkstd->bkgst", q, sk) * scale
        future = (tokens > position[:, None])[:, :, None]  # [B, Hk, 1, S, n*block]
        probs = torch.softmax(logits.masked_fill(future, float("-inf")), dim=-1)
        chosen = torch.einsum("bkgst,bkstd->bkgsd", probs, sv)

        # Sliding-window branch.
        offset = position[:, None] - position[None, :]
        outside = (offset < 0) | (offset >= self.window)
        logits = torch.einsum("bkgsd,bktd->bkgst", q, k) * scale
        probs = torch.softmax(logits.masked_fill(outside, float("-inf")), dim=-1)
        local = torch.einsum("bkgst,bktd->bkgsd", probs, v)

        gates = torch.sigmoid(self.gates(h)).reshape(batch, seq, 3, self.kv_heads, group)
        gates = gates.permute(2, 0, 3, 4, 1)[..., None]  # [3, B, Hk, G, S, 1]
        mixed = gates[0] * compressed + gates[1] * chosen + gates[2] * local
        return x + self.out(mixed.permute(0, 3, 1, 2, 4).reshape(batch, seq, dim))


def log_g(x: torch.Tensor) -> torch.Tensor:
    """log of minGRU's g(x) = x + 0.5 for x >= 0, sigmoid(x) below (positive)."""
    return torch.where(x >= 0, torch.log(F.relu(x) + 0.5), -F.softplus(-x))


class MinGRU(nn.Module):
    """minGRU (Feng et al., 2024): z_t = σ(W_z x_t), h̃_t = g(W_h x_t),
    h_t = (1 - z_t) h_{t-1} + z_t h̃_t from h_0 = 0, evaluated for all t at
    once in log space (Heinsen's scan): a* = cumsum log(1 - z),
    log h = a* + logcumsumexp(log z + log h̃ - a*)."""

    def __init__(self, dim: int, expand: int = 2) -> None:
        super().__init__()
        self.hidden_and_gate = nn.Linear(dim, 2 * dim * expand, bias=False)
        self.out = nn.Linear(dim * expand, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden, gate = self.hidden_and_gate(x).chunk(2, dim=-1)
        log_coeffs = -F.softplus(gate)  # log(1 - z)
        log_values = -F.softplus(-gate) + log_g(hidden)  # log z + log h̃
        a_star = log_coeffs.cumsum(dim=1)
        log_h = a_star + torch.logcumsumexp(log_values - a_star, dim=1)
        return self.out(log_h.exp())


class MinGRUStack(nn.Module):
    """Two minGRU language-model layers, each a causal depthwise conv, then
    RMSNorm + minGRU and RMSNorm + GELU MLP, all residual."""

    def __init__(self, dim: int, layers: int = 2, kernel: int = 3) -> None:
        super().__init__()
        self.kernel = kernel
        self.convs = nn.ModuleList(nn.Conv1d(dim, dim, kernel, groups=dim) for _ in range(layers))
        self.norms1 = nn.ModuleList(nn.RMSNorm(dim) for _ in range(layers))
        self.grus = nn.ModuleList(MinGRU(dim) for _ in range(layers))
        self.norms2 = nn.ModuleList(nn.RMSNorm(dim) for _ in range(layers))
        self.mlps = nn.ModuleList(
            nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
            for _ in range(layers)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for conv, norm1, gru, norm2, mlp in zip(
            self.convs, self.norms1, self.grus, self.norms2, self.mlps, strict=True
        ):
            x = x + conv(F.pad(x.transpose(1, 2), (self.kernel - 1, 0))).transpose(1, 2)
            x = x + gru(norm1(x))
            x = x + mlp(norm2(x))
        return x


class StickBreakingAttention(nn.Module):
    """Stick-breaking attention (Tan et al., 2024) in a pre-norm layer: for
    query i and earlier key j, β_ij = σ(q_i·k_j / √d) and
    A_ij = β_ij Π_{j<k<i} (1 - β_ik), in log space
    log σ(z_ij) + Σ_{k>j} log σ(-z_ik) over the causal keys (the sum a matmul
    with a strictly lower-triangular ones matrix); the leftover weight
    1 - Σ_j A_ij goes to the query's own value. Logits in f32, then a
    SwiGLU MLP."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.up = nn.Linear(dim, 4 * dim, bias=False)
        self.down = nn.Linear(2 * dim, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        q, k, v = self.qkv(self.norm1(x)).reshape(batch, seq, 3, self.heads, -1).unbind(2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        logits = (q @ k.transpose(-2, -1)).float() / math.sqrt(q.shape[-1])
        later = torch.ones(seq, seq, dtype=torch.bool).triu()  # key j >= query i
        log_beta = F.logsigmoid(logits).masked_fill(later, -1e5)
        log_remain = F.logsigmoid(-logits).masked_fill(later, 0.0)
        after = torch.ones(seq, seq).tril(-1)  # [k, j]: 1 where k > j
        weights = torch.exp(log_beta + log_remain @ after)
        leftover = 1 - weights.sum(dim=-1, keepdim=True)
        out = (weights.to(v.dtype) @ v + leftover.to(v.dtype) * v).transpose(1, 2)
        x = x + self.proj(out.reshape(batch, seq, dim))
        gate, up = self.up(self.norm2(x)).chunk(2, dim=-1)
        return x + self.down(F.silu(gate) * up)


def built_nsa() -> Built:
    model = NativeSparseAttention(64, heads=4, kv_heads=2, block=4, selected=2, window=6)
    return perturb(model), (torch.randn(2, 32, 64),)


def built_min_gru() -> Built:
    return perturb(MinGRUStack(64)), (torch.randn(2, 32, 64),)


def built_stick_breaking_bf16() -> Built:
    model = perturb(StickBreakingAttention(64, heads=4))
    return model.to(torch.bfloat16), (torch.randn(2, 16, 64).to(torch.bfloat16),)
