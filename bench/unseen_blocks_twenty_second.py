"""Written-out blocks of bench/unseen_models_twenty_second.py, each as its
paper or reference code computes it: Based's Taylor-feature linear
attention (`BasedLinearAttention`, causal by prefix sums of feature outer
products), TTT-Linear (`TttLinear`: a test-time-training inner model
updated by a gradient step per mini-batch, its LayerNorm's backward written
out), a Monarch Mixer block (`MonarchMixer`: block-diagonal matmuls and
permutes along the sequence and the channels), softpick attention
(`SoftpickAttention`: a rectified, abs-normalised softmax replacement), a
simulated FP8 e4m3 MLP in bf16 (`Fp8Mlp`: per-tensor activation scales, a
range clamp and rounding to e4m3's grid) and a YOLOv8 detection head
(`Yolov8Head`: distribution focal loss decoding, anchors, dist2bbox).
Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotary on the last axis (its halves rotated as pairs)."""
    first, second = x.chunk(2, dim=-1)
    return x * cos + torch.cat([-second, first], dim=-1) * sin


def _rotary(seq: int, dim: int, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin [S, dim] of positions 0..S-1."""
    inv = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float32) / dim)
    angles = torch.arange(seq, dtype=torch.float32)[:, None] * inv
    angles = torch.cat([angles, angles], dim=-1)
    return angles.cos().to(dtype), angles.sin().to(dtype)


class BasedLinearAttention(nn.Module):
    """Based (Arora et al., 2024) in a pre-norm layer: q and k projected to
    a small feature dimension d, mapped by the second-order Taylor feature
    map φ(x) = [1, x, vec(x xᵀ)/√2] (so φ(q)·φ(k) = 1 + q·k + (q·k)²/2, an
    approximation of exp), causal linear attention by prefix sums over the
    sequence of φ(k_s) v_sᵀ and φ(k_s), y_t = φ(q_t)ᵀ S_t / (φ(q_t)·z_t);
    beside it a short causal depthwise conv on the values (Based's BaseConv
    layer), then a SwiGLU MLP."""

    def __init__(self, dim: int, heads: int, feature: int = 8) -> None:
        super().__init__()
        self.heads, self.head_dim, self.feature = heads, dim // heads, feature
        self.norm1, self.norm2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.q = nn.Linear(dim, heads * feature, bias=False)
        self.k = nn.Linear(dim, heads * feature, bias=False)
        self.v = nn.Linear(dim, dim, bias=False)
        self.conv = nn.Conv1d(dim, dim, 3, padding=2, groups=dim)
        self.out = nn.Linear(dim, dim, bias=False)
        self.gate, self.up = (
            nn.Linear(dim, 2 * dim, bias=False),
            nn.Linear(dim, 2 * dim, bias=False),
        )
        self.down = nn.Linear(2 * dim, dim, bias=False)

    def taylor(self, x: torch.Tensor) -> torch.Tensor:
        x = x / self.feature**0.25  # (q·k)/√d inside the exp
        square = (x[..., :, None] * x[..., None, :]).flatten(-2) / math.sqrt(2.0)
        return torch.cat([torch.ones_like(x[..., :1]), x, square], dim=-1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        h = self.norm1(x)
        q = self.taylor(self.q(h).view(batch, seq, self.heads, self.feature))
        k = self.taylor(self.k(h).view(batch, seq, self.heads, self.feature))
        v = self.v(h).view(batch, seq, self.heads, self.head_dim)
        state = torch.cumsum(k[..., :, None] * v[..., None, :], dim=1)  # [B, S, H, F, Dv]
        norm = torch.cumsum(k, dim=1)
        numerator = torch.einsum("bshf,bshfd->bshd", q, state)
        denominator = (q * norm).sum(dim=-1, keepdim=True) + 1e-6
        y = (numerator / denominator).reshape(batch, seq, dim)
        local = self.conv(v.reshape(batch, seq, dim).transpose(1, 2))[..., :seq].transpose(1, 2)
        x = x + self.out(y + local)
        m = self.norm2(x)
        return x + self.down(F.silu(self.gate(m)) * self.up(m))


class TttLinear(nn.Module):
    """TTT-Linear (Sun et al., 2024), its dual form: per head an inner model
    f(u) = u + LN(u W + b) trained at test time on the self-supervised loss
    ½‖f(x_K) - x_V‖². Per mini-batch of b tokens, from (W₀, b₀): the
    gradient G of the loss at each token by hand (LayerNorm's backward
    written out), a learned per-token rate η_s = η σ(x θ_lr)/d, then
    z_t = x_Q,t + LN(x_Q,t W₀ - Σ_{s≤t} η_s (x_Q,t·x_K,s) G_s + b₀ - Σ_{s≤t} η_s G_s),
    and (W, b) take the mini-batch's whole step to the next. Mini-batches
    unrolled; a pre-norm residual and an output projection."""

    def __init__(self, dim: int, heads: int, mini_batch: int = 8) -> None:
        super().__init__()
        self.heads, self.head_dim, self.mini_batch = heads, dim // heads, mini_batch
        size = self.head_dim
        self.norm = nn.LayerNorm(dim)
        self.q, self.k, self.v = (nn.Linear(dim, dim, bias=False) for _ in range(3))
        self.lr = nn.Linear(dim, heads)
        self.w0 = nn.Parameter(torch.randn(heads, size, size) * 0.02)
        self.b0 = nn.Parameter(torch.zeros(heads, 1, size))
        self.ln_weight = nn.Parameter(torch.ones(heads, 1, size))
        self.ln_bias = nn.Parameter(torch.zeros(heads, 1, size))
        self.out = nn.Linear(dim, dim, bias=False)

    def inner_norm(self, z: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """LN(z) over the head dim, its normalised input and 1/σ."""
        mu = z.mean(dim=-1, keepdim=True)
        inv_std = torch.rsqrt(z.var(dim=-1, keepdim=True, unbiased=False) + 1e-6)
        hat = (z - mu) * inv_std
        return hat * self.ln_weight + self.ln_bias, hat, inv_std

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        heads, size, b = self.heads, self.head_dim, self.mini_batch
        h = self.norm(x)

        def split(t: torch.Tensor) -> torch.Tensor:  # [B, H, S, D]
            return t.view(batch, seq, heads, size).transpose(1, 2)

        xq, xk, xv = split(self.q(h)), split(self.k(h)), split(self.v(h))
        rate = (torch.sigmoid(self.lr(h)).transpose(1, 2) / size)[..., None]  # [B, H, S, 1]
        w = self.w0.expand(batch, -1, -1, -1)
        bias = self.b0.expand(batch, -1, -1, -1)
        causal = torch.ones(b, b, dtype=torch.bool).tril()
        outs = []
        for start in range(0, seq, b):
            q, k = xq[:, :, start : start + b], xk[:, :, start : start + b]
            v, eta = xv[:, :, start : start + b], rate[:, :, start : start + b]
            out, hat, inv_std = self.inner_norm(k @ w + bias)
            grad_out = out - (v - k)  # ∂ℓ/∂LN(z): the target is x_V - x_K
            g_hat = grad_out * self.ln_weight
            grad = (
                size * g_hat
                - g_hat.sum(dim=-1, keepdim=True)
                - hat * (g_hat * hat).sum(dim=-1, keepdim=True)
            ) * (inv_std / size)
            scores = (q @ k.transpose(-2, -1)).masked_fill(~causal, 0.0)
            weighted = eta.transpose(-2, -1) * causal  # [B, H, t, s]: η_s for s ≤ t
            z = q @ w - (scores * weighted) @ grad + bias - weighted @ grad
            outs.append(q + self.inner_norm(z)[0])
            w = w - (k * eta).transpose(-2, -1) @ grad
            bias = bias - (eta * grad).sum(dim=-2, keepdim=True)
        y = torch.cat(outs, dim=2).transpose(1, 2).reshape(batch, seq, dim)
        return x + self.out(y)


def _monarch(x: torch.Tensor, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
    """y = P L P R x along x's last axis n = m·m: R and L block-diagonal
    ([m, m, m]: m blocks of m×m), P the m×m transpose permutation."""
    m = left.shape[0]
    u = x.unflatten(-1, (m, m))  # [..., block, within]
    u = torch.einsum("kij,...kj->...ki", right, u).transpose(-1, -2)
    u = torch.einsum("kij,...kj->...ki", left, u).transpose(-1, -2)
    return u.flatten(-2)


class MonarchMixer(nn.Module):
    """A Monarch Mixer block (Fu et al., 2023; M2-BERT): sequence mixing by
    a Monarch matrix along the sequence (bidirectional) gated by a linear
    branch, with a depthwise short conv before it; channel mixing by a
    GLU MLP whose projections are Monarch matrices; post-LayerNorms."""

    def __init__(self, dim: int, seq: int) -> None:
        super().__init__()
        ms, mc = math.isqrt(seq), math.isqrt(dim)
        assert ms * ms == seq and mc * mc == dim
        self.in_proj = nn.Linear(dim, 3 * dim)
        self.short = nn.Conv1d(3 * dim, 3 * dim, 3, padding=1, groups=3 * dim)
        self.seq_left = nn.Parameter(torch.randn(ms, ms, ms) / math.sqrt(ms))
        self.seq_right = nn.Parameter(torch.randn(ms, ms, ms) / math.sqrt(ms))
        self.out_proj = nn.Linear(dim, dim)
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.mlp = nn.ParameterList(
            nn.Parameter(torch.randn(mc, mc, mc) / math.sqrt(mc)) for _ in range(6)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        u = self.short(self.in_proj(x).transpose(1, 2))  # [B, 3D, S]
        gate, value, post = u.chunk(3, dim=1)
        mixed = _monarch(gate * value, self.seq_left, self.seq_right) * post
        x = self.norm1(x + self.out_proj(mixed.transpose(1, 2)))
        a = _monarch(x, self.mlp[0], self.mlp[1])
        b = _monarch(x, self.mlp[2], self.mlp[3])
        return self.norm2(x + _monarch(F.gelu(a) * b, self.mlp[4], self.mlp[5]))


def softpick(x: torch.Tensor, keep: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """softpick(x)_i = ReLU(eˣⁱ - 1) / (Σ_j |eˣʲ - 1| + ε) over the kept
    positions (Zuhri et al., 2025), stably: eˣ - 1 = eᵐ (eˣ⁻ᵐ - e⁻ᵐ)."""
    top = x.masked_fill(~keep, float("-inf")).amax(dim=dim, keepdim=True).detach()
    shifted = (torch.exp(x - top) - torch.exp(-top)).masked_fill(~keep, 0.0)
    return F.relu(shifted) / (shifted.abs().sum(dim=dim, keepdim=True) + 1e-6)


class SoftpickAttention(nn.Module):
    """A pre-norm rotary decoder layer whose attention weights are
    `softpick` (rows may sum below one; no attention sink) instead of
    softmax, causal over a padded batch, then a GELU MLP."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm1, self.norm2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.out = nn.Linear(dim, dim, bias=False)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        qkv = self.qkv(self.norm1(x)).view(batch, seq, 3, self.heads, self.head_dim)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
        cos, sin = _rotary(seq, self.head_dim, x.dtype)
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
        logits = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()
        allowed = causal[None, None] & (keep[:, None, None, :] != 0)
        y = (softpick(logits, allowed) @ v).transpose(1, 2).reshape(batch, seq, dim)
        x = x + self.out(y)
        return x + self.mlp(self.norm2(x))


E4M3_MAX = 448.0


def to_e4m3(x: torch.Tensor) -> torch.Tensor:
    """x rounded to the nearest FP8 e4m3 value (saturating at ±448): 3
    mantissa bits, so a step of 2^(e - 3) for |x| in [2^e, 2^(e+1)), and
    subnormals below 2^-6 in steps of 2^-9. In f32, back in x's dtype."""
    wide = x.float().clamp(-E4M3_MAX, E4M3_MAX)
    exponent = torch.floor(torch.log2(wide.abs().clamp_min(2.0**-6)))
    step = torch.exp2(exponent - 3.0)
    return (torch.round(wide / step) * step).to(x.dtype)


class Fp8Linear(nn.Module):
    """y = x Wᵀ as an FP8 e4m3 GEMM simulates it: W stored as e4m3 values
    with a per-output-channel scale (amax / 448); x quantised on the fly
    with one per-tensor scale from its amax; the product of the two
    quantised operands rescaled, in the activations' dtype."""

    def __init__(self, weight: torch.Tensor) -> None:
        super().__init__()
        scale = weight.abs().amax(dim=1, keepdim=True) / E4M3_MAX
        self.register_buffer("weight", to_e4m3(weight / scale))
        self.register_buffer("scale", scale.squeeze(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x_scale = x.abs().amax().float().clamp_min(1e-12) / E4M3_MAX
        xq = to_e4m3((x.float() / x_scale).to(x.dtype))
        y = F.linear(xq, self.weight.to(x.dtype))
        return (y.float() * (x_scale * self.scale)).to(x.dtype)


class Fp8Mlp(nn.Module):
    """A pre-RMSNorm SwiGLU MLP with a residual, its three projections
    `Fp8Linear`, the activations in the model's dtype."""

    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.norm = nn.RMSNorm(dim)
        self.gate = Fp8Linear(torch.randn(hidden, dim) / math.sqrt(dim))
        self.up = Fp8Linear(torch.randn(hidden, dim) / math.sqrt(dim))
        self.down = Fp8Linear(torch.randn(dim, hidden) / math.sqrt(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Yolov8Head(nn.Module):
    """YOLOv8's decoupled detection head at inference over three levels:
    per level a box branch (conv-BN-SiLU ×2, then 4·R logits) and a class
    branch; box logits read as four distributions over R bins, decoded by
    DFL (softmax, then the expectation as a fixed 1×1 conv with weights
    0..R-1); distances to left/top/right/bottom from each anchor point
    (cell centre), dist2bbox to centre-size boxes times the stride; class
    sigmoid. Output [B, 4 + classes, anchors]."""

    def __init__(self, channels: tuple[int, ...], classes: int = 6, bins: int = 8) -> None:
        super().__init__()
        self.bins, self.strides = bins, (8, 16, 32)

        def conv(cin: int, cout: int) -> nn.Module:
            return nn.Sequential(
                nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.SiLU()
            )

        self.box = nn.ModuleList(
            nn.Sequential(conv(c, 32), conv(32, 32), nn.Conv2d(32, 4 * bins, 1)) for c in channels
        )
        self.cls = nn.ModuleList(
            nn.Sequential(conv(c, 32), conv(32, 32), nn.Conv2d(32, classes, 1)) for c in channels
        )
        self.dfl = nn.Conv2d(bins, 1, 1, bias=False).requires_grad_(False)
        self.dfl.weight.data[:] = torch.arange(bins, dtype=torch.float32).view(1, bins, 1, 1)

    def forward(self, p3: torch.Tensor, p4: torch.Tensor, p5: torch.Tensor) -> torch.Tensor:
        boxes, scores, anchors, strides = [], [], [], []
        for level, feature in enumerate((p3, p4, p5)):
            batch, _, height, width = feature.shape
            boxes.append(self.box[level](feature).flatten(2))
            scores.append(self.cls[level](feature).flatten(2))
            ys = torch.arange(height, dtype=torch.float32) + 0.5
            xs = torch.arange(width, dtype=torch.float32) + 0.5
            grid_y, grid_x = torch.meshgrid(ys, xs, indexing="ij")
            anchors.append(torch.stack([grid_x, grid_y], dim=0).flatten(1))
            strides.append(torch.full((1, height * width), float(self.strides[level])))
        box, score = torch.cat(boxes, dim=2), torch.cat(scores, dim=2)
        anchor, stride = torch.cat(anchors, dim=1), torch.cat(strides, dim=1)
        batch, _, count = box.shape
        distribution = box.view(batch, 4, self.bins, count).transpose(1, 2).softmax(dim=1)
        distance = self.dfl(distribution).view(batch, 4, count)
        left_top, right_bottom = distance.chunk(2, dim=1)
        top_left, bottom_right = anchor - left_top, anchor + right_bottom
        centre, size = (top_left + bottom_right) / 2, bottom_right - top_left
        return torch.cat([torch.cat([centre, size], dim=1) * stride, score.sigmoid()], dim=1)


def built_based() -> Built:
    return perturb(BasedLinearAttention(64, heads=4)), (torch.randn(2, 32, 64),)


def built_ttt_linear() -> Built:
    return perturb(TttLinear(64, heads=4)), (torch.randn(2, 32, 64),)


def built_monarch_mixer() -> Built:
    return perturb(MonarchMixer(64, seq=64)), (torch.randn(2, 64, 64),)


def built_softpick() -> Built:
    keep = torch.ones(2, 24, dtype=torch.long)
    keep[1, 15:] = 0
    return perturb(SoftpickAttention(64, heads=4)), (torch.randn(2, 24, 64), keep)


def built_fp8_mlp_bf16() -> Built:
    model = perturb(Fp8Mlp(128, 256)).to(torch.bfloat16)
    return model, (torch.randn(2, 16, 128).to(torch.bfloat16),)


def built_yolov8_head() -> Built:
    features = tuple(torch.randn(2, c, 64 // s, 64 // s) for c, s in ((16, 8), (32, 16), (64, 32)))
    return perturb(Yolov8Head((16, 32, 64))), features
