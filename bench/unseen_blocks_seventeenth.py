"""Written-out blocks of bench/unseen_models_seventeenth.py, each as its paper
or reference code computes it: a ViT block with Dynamic Tanh in place of its
LayerNorms (`DyTBlock`), 2D neighbourhood attention with clamped windows and
a relative position bias (`NeighborhoodAttention2d`, NAT), a SmoothQuant
W8A8 MLP (`W8A8Mlp`: per-token dynamic int8 activations, int8 weights, int32
accumulation), an xLSTM sLSTM block (`SLSTMBlock`: exponential gating with a
stabiliser state, block-diagonal recurrence, unrolled), a log-mel frontend
(`LogMelFrontend`: framing, Hann window, DFT by matmul, mel filterbank, log,
per-utterance normalisation, Conformer's conv subsampling) and EdgeNeXt's
split depthwise transposed attention (`SDTABlock`: cross-covariance attention
over channels). Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class DyT(nn.Module):
    """Dynamic Tanh: γ · tanh(α x) + β, a scalar α learned per layer."""

    def __init__(self, dim: int, alpha: float = 0.5) -> None:
        super().__init__()
        self.alpha = nn.Parameter(torch.tensor([alpha]))
        self.weight = nn.Parameter(torch.ones(dim))
        self.bias = nn.Parameter(torch.zeros(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(self.alpha * x) * self.weight + self.bias


class DyTBlock(nn.Module):
    """A pre-norm ViT block whose two LayerNorms are DyT (Zhu et al., 2025)."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = DyT(dim), DyT(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.fc1, self.fc2 = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(batch, seq, 3, self.heads, -1)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        attn = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
        x = x + self.proj((attn @ v).transpose(1, 2).reshape(batch, seq, dim))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class NeighborhoodAttention2d(nn.Module):
    """NAT's attention: each pixel attends to the k×k pixels of a window centred
    on it, shifted inward at the borders (clamped starts), plus a learned
    relative position bias [heads, 2k-1, 2k-1] read at the offsets; keys and
    values gathered by index; then a residual MLP."""

    def __init__(self, dim: int, heads: int, kernel: int, size: int) -> None:
        super().__init__()
        self.heads, self.kernel = heads, kernel
        self.norm = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.rpb = nn.Parameter(torch.randn(heads, 2 * kernel - 1, 2 * kernel - 1) * 0.1)
        starts = (torch.arange(size) - kernel // 2).clamp(0, size - kernel)
        neighbours = starts[:, None] + torch.arange(kernel)[None, :]  # [size, k]
        self.register_buffer("neighbours", neighbours)
        self.register_buffer("offsets", neighbours - torch.arange(size)[:, None] + kernel - 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, height, width, dim = x.shape
        qkv = self.qkv(self.norm(x)).reshape(batch, height, width, 3, self.heads, -1)
        q, k, v = qkv.permute(3, 0, 4, 1, 2, 5)  # each [B, heads, H, W, d]
        rows = self.neighbours[:, None, :, None]  # [H, 1, k, 1]
        cols = self.neighbours[None, :, None, :]  # [1, W, 1, k]
        keys = k[:, :, rows, cols]  # [B, heads, H, W, k, k, d]
        values = v[:, :, rows, cols]
        scale = q.shape[-1] ** -0.5
        scores = torch.einsum("bnhwd,bnhwijd->bnhwij", q * scale, keys)
        bias = self.rpb[:, self.offsets[:, None, :, None], self.offsets[None, :, None, :]]
        scores = scores + bias
        weights = torch.softmax(scores.flatten(-2), dim=-1).reshape(scores.shape)
        out = torch.einsum("bnhwij,bnhwijd->bnhwd", weights, values)
        out = out.permute(0, 2, 3, 1, 4).reshape(batch, height, width, dim)
        return x + self.proj(out)


def quantize_per_token(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Symmetric dynamic int8 quantisation, one scale per token (row)."""
    scale = x.abs().amax(dim=-1, keepdim=True).clamp(min=1e-5) / 127.0
    q = torch.clamp(torch.round(x / scale), -128, 127).to(torch.int8)
    return q, scale


class W8A8Linear(nn.Module):
    """SmoothQuant's linear: activations divided by the smoothing factors,
    quantised per token to int8, multiplied by int8 weights (per output
    channel scales) with int32 accumulation, dequantised, bias added."""

    def __init__(self, linear: nn.Linear) -> None:
        super().__init__()
        weight = linear.weight.detach()
        smooth = weight.abs().amax(dim=0).clamp(min=1e-5).sqrt()
        smoothed = weight * smooth[None, :]
        scale = smoothed.abs().amax(dim=1).clamp(min=1e-5) / 127.0
        self.register_buffer("qweight", torch.round(smoothed / scale[:, None]).to(torch.int8))
        self.register_buffer("wscale", scale)
        self.register_buffer("smooth", smooth)
        assert linear.bias is not None
        self.bias = nn.Parameter(linear.bias.detach().clone())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, xscale = quantize_per_token(x / self.smooth.to(x.dtype))
        acc = torch.matmul(q.to(torch.int32), self.qweight.to(torch.int32).t())
        # Dequantised in f32: the int32 sums overflow f16 before the scales apply.
        out = acc.float() * xscale.float() * self.wscale
        return out.to(x.dtype) + self.bias


class W8A8Mlp(nn.Module):
    """An OPT-style MLP (LayerNorm, fc1, ReLU, fc2, residual) in W8A8."""

    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = W8A8Linear(nn.Linear(dim, hidden))
        self.fc2 = W8A8Linear(nn.Linear(hidden, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(F.relu(self.fc1(self.norm(x))))


class SLSTMBlock(nn.Module):
    """xLSTM's sLSTM block, the recurrence unrolled over the sequence: gates
    z, i, f, o from the input and a block-diagonal (per head) recurrent matrix;
    m_t = max(f̃ + m_{t-1}, ĩ), i = exp(ĩ - m_t), f = exp(f̃ + m_{t-1} - m_t),
    c = f c + i tanh(z), n = f n + i, h = σ(o) c / n; a per-head GroupNorm and
    a gated GELU up / down projection, both residual."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm = nn.LayerNorm(dim)
        self.inputs = nn.Linear(dim, 4 * dim)
        self.recurrent = nn.Parameter(torch.randn(heads, self.head_dim, 4 * self.head_dim) * 0.1)
        self.group_norm = nn.GroupNorm(heads, dim)
        self.ffn_norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, 2 * (4 * dim // 3))
        self.down = nn.Linear(4 * dim // 3, dim)

    def step(
        self, gates_x: torch.Tensor, state: tuple[torch.Tensor, ...]
    ) -> tuple[torch.Tensor, ...]:
        h, c, n, m = state
        batch = h.shape[0]
        heads_h = h.reshape(batch, self.heads, 1, self.head_dim)
        gates_h = (heads_h @ self.recurrent).reshape(batch, self.heads, 4, self.head_dim)
        gates = gates_x.reshape(batch, self.heads, 4, self.head_dim) + gates_h
        z, i_tilde, f_tilde, o = gates.unbind(dim=2)
        m_new = torch.maximum(f_tilde + m, i_tilde)
        i = torch.exp(i_tilde - m_new)
        f = torch.exp(f_tilde + m - m_new)
        c = f * c + i * torch.tanh(z)
        n = f * n + i
        h = (torch.sigmoid(o) * c / n).reshape(batch, -1)
        return h, c, n, m_new

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        gates_x = self.inputs(self.norm(x))
        zeros = x.new_zeros(batch, self.heads, self.head_dim)
        state = (x.new_zeros(batch, dim), zeros, zeros, zeros)
        outputs = []
        for t in range(seq):
            state = self.step(gates_x[:, t], state)
            outputs.append(state[0])
        hidden = torch.stack(outputs, dim=1)
        normed = self.group_norm(hidden.reshape(batch * seq, dim)).reshape(batch, seq, dim)
        x = x + normed
        gate, up = self.up(self.ffn_norm(x)).chunk(2, dim=-1)
        return x + self.down(F.gelu(gate) * up)


def mel_filterbank(bins: int, n_fft: int, rate: int) -> torch.Tensor:
    """HTK-style triangular mel filters [n_fft // 2 + 1, bins]."""

    def to_mel(hz: torch.Tensor) -> torch.Tensor:
        return 2595.0 * torch.log10(1.0 + hz / 700.0)

    top = to_mel(torch.tensor(rate / 2.0))
    edges = 700.0 * (10 ** (torch.linspace(0.0, float(top), bins + 2) / 2595.0) - 1.0)
    freqs = torch.linspace(0.0, rate / 2.0, n_fft // 2 + 1)[:, None]
    rising = (freqs - edges[None, :-2]) / (edges[1:-1] - edges[:-2])
    falling = (edges[None, 2:] - freqs) / (edges[2:] - edges[1:-1])
    return torch.clamp(torch.minimum(rising, falling), min=0.0)


class LogMelFrontend(nn.Module):
    """A speech model's feature extractor on the accelerator, then its
    subsampling: pre-emphasis, frames by unfold, a Hann window, the real DFT
    as two matmuls (cos, sin bases), power, a mel filterbank matmul, log,
    per-utterance mean / variance normalisation over time, two stride-2
    Conv2d + ReLU and a linear (Conformer's conv subsampling)."""

    def __init__(self, n_fft: int, hop: int, bins: int, dim: int) -> None:
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        window = torch.hann_window(n_fft, periodic=True)
        k = torch.arange(n_fft)[:, None].float()
        f = torch.arange(n_fft // 2 + 1)[None, :].float()
        angle = 2.0 * math.pi * k * f / n_fft
        self.register_buffer("cos_basis", window[:, None] * torch.cos(angle))
        self.register_buffer("sin_basis", window[:, None] * -torch.sin(angle))
        self.register_buffer("filters", mel_filterbank(bins, n_fft, 16000))
        self.conv1 = nn.Conv2d(1, 16, 3, stride=2)
        self.conv2 = nn.Conv2d(16, 16, 3, stride=2)
        self.out = nn.Linear(16 * (((bins - 1) // 2 - 1) // 2), dim)

    def forward(self, wave: torch.Tensor) -> torch.Tensor:
        emphasised = torch.cat([wave[:, :1], wave[:, 1:] - 0.97 * wave[:, :-1]], dim=1)
        padded = F.pad(emphasised, (self.n_fft // 2, self.n_fft // 2))
        frames = padded.unfold(1, self.n_fft, self.hop)  # [B, T, n_fft]
        real, imag = frames @ self.cos_basis, frames @ self.sin_basis
        mel = torch.log((real * real + imag * imag) @ self.filters + 1e-6)
        mean = mel.mean(dim=1, keepdim=True)
        std = mel.std(dim=1, keepdim=True)
        features = ((mel - mean) / (std + 1e-5)).unsqueeze(1)  # [B, 1, T, bins]
        hidden = F.relu(self.conv2(F.relu(self.conv1(features))))
        batch, channels, time, freq = hidden.shape
        return self.out(hidden.permute(0, 2, 1, 3).reshape(batch, time, channels * freq))


class SDTABlock(nn.Module):
    """EdgeNeXt's split depthwise transposed attention block: channel groups
    mixed by a chain of depthwise 3×3 convs (each adds the previous group's
    output), sinusoidal-free XCA (cross-covariance attention: L2-normalised
    q, k over tokens, a [d, d] attention per head scaled by a learned
    temperature), layer scales, an inverted-bottleneck MLP."""

    def __init__(self, dim: int, heads: int, splits: int) -> None:
        super().__init__()
        self.heads, self.splits = heads, splits
        width = dim // splits
        self.convs = nn.ModuleList(
            nn.Conv2d(width, width, 3, padding=1, groups=width) for _ in range(splits - 1)
        )
        self.norm_xca = nn.LayerNorm(dim)
        self.temperature = nn.Parameter(torch.rand(heads, 1, 1) + 0.5)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.gamma_xca = nn.Parameter(torch.full((dim,), 0.5))
        self.norm = nn.LayerNorm(dim)
        self.fc1, self.fc2 = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(torch.full((dim,), 0.5))

    def local_mix(self, x: torch.Tensor) -> torch.Tensor:
        parts = list(x.chunk(self.splits, dim=1))
        mixed, previous = [], None
        for part, conv in zip(parts[:-1], self.convs, strict=True):
            previous = conv(part if previous is None else part + previous)
            mixed.append(previous)
        return torch.cat([*mixed, parts[-1]], dim=1)

    def xca(self, x: torch.Tensor) -> torch.Tensor:
        batch, tokens, dim = x.shape
        qkv = self.qkv(x).reshape(batch, tokens, 3, self.heads, -1).permute(2, 0, 3, 4, 1)
        q, k, v = qkv  # each [B, heads, d, N]
        q, k = F.normalize(q, dim=-1), F.normalize(k, dim=-1)
        attn = torch.softmax((q @ k.transpose(-2, -1)) * self.temperature, dim=-1)
        out = (attn @ v).permute(0, 3, 1, 2).reshape(batch, tokens, dim)
        return self.proj(out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, dim, height, width = x.shape
        tokens = self.local_mix(x).flatten(2).transpose(1, 2)
        tokens = tokens + self.gamma_xca * self.xca(self.norm_xca(tokens))
        mlp = self.fc2(F.gelu(self.fc1(self.norm(tokens))))
        out = (self.gamma * mlp).transpose(1, 2).reshape(batch, dim, height, width)
        return x + out


def built_dyt_bf16() -> Built:
    """A DyT ViT block over 2 × 17 tokens of width 64, bf16."""
    block = perturb(DyTBlock(64, 4)).to(torch.bfloat16)
    return block, (torch.randn(2, 17, 64, dtype=torch.bfloat16),)


def built_neighborhood() -> Built:
    """NAT attention with a 5 × 5 window on an 8 × 8 map of width 64, batch 2."""
    return perturb(NeighborhoodAttention2d(64, 4, 5, 8)), (torch.randn(2, 8, 8, 64),)


def built_w8a8_f16() -> Built:
    """The W8A8 MLP on 2 × 16 tokens of width 64 (hidden 256), f16 activations."""
    mlp = perturb(W8A8Mlp(64, 256))
    mlp.norm.half()
    mlp.fc1.bias.data = mlp.fc1.bias.data.half()
    mlp.fc2.bias.data = mlp.fc2.bias.data.half()
    return mlp, (torch.randn(2, 16, 64, dtype=torch.float16),)


def built_slstm() -> Built:
    """An sLSTM block over 2 × 12 steps of width 64 (4 heads)."""
    return perturb(SLSTMBlock(64, 4)), (torch.randn(2, 12, 64),)


def built_log_mel() -> Built:
    """The frontend on 2 × 4096 samples: n_fft 256, hop 64, 32 mel bins (at
    n_fft 128 the lowest mel filter covers no DFT bin: a constant channel whose
    std is 0, which the normalisation turns into amplified rounding noise)."""
    return perturb(LogMelFrontend(256, 64, 32, 64)), (torch.randn(2, 4096) * 0.1,)


def built_sdta() -> Built:
    """An SDTA block on a 2 × 64 × 8 × 8 map (4 heads, 4 splits)."""
    return perturb(SDTABlock(64, 4, 4)), (torch.randn(2, 64, 8, 8),)
