"""Written-out blocks of bench/unseen_models_fifteenth.py, each as its paper or
reference code writes it: weight-only quantized linears (`W8Linear`: int8
weights with a per-output-channel scale; `W4Linear`: two 4-bit weights packed
in each uint8, unpacked by shift and mask, a scale and zero point per group
of 16 inputs) in a SwiGLU MLP (`QuantMLP`), a LoRA-adapted linear
(`LoRALinear`), a normalized transformer block (`NGPTBlock`: nGPT's
L2-normalized hidden states, eigen learning rates, scaled q/k and u/v),
sigmoid attention (`SigmoidAttention`: sigmoid(QKᵀ/√d - log n) instead of
softmax), a YOLOv5 detection head (`YoloDetect`: 1x1 convs per level,
sigmoid, grid offsets, exp-free (2σ)² × anchors, concatenated levels) and a
ViT block with token merging (`ToMeBlock`: bipartite soft matching on the
keys, argsort, gather, a size-weighted mean, proportional attention).
Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


class W8Linear(nn.Module):
    """y = x @ (q · scale)ᵀ + b: int8 weights `q` [out, in] dequantized by a
    per-output-channel `scale` to the activations' dtype (W8A16)."""

    def __init__(self, base: nn.Linear) -> None:
        super().__init__()
        weight = base.weight.detach()
        scale = weight.abs().amax(dim=1) / 127.0
        self.register_buffer("qweight", torch.round(weight / scale[:, None]).to(torch.int8))
        self.register_buffer("scale", scale.to(weight.dtype))
        self.bias = base.bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        weight = self.qweight.to(x.dtype) * self.scale.to(x.dtype)[:, None]
        return F.linear(x, weight, self.bias)


class W4Linear(nn.Module):
    """y = x @ ((q - zero) · scale)ᵀ: 4-bit weights two to a uint8 (low nibble
    the even input, high nibble the odd one), unpacked with `& 0xF` and `>> 4`,
    an asymmetric scale and zero point per `group` inputs of each output row;
    stored as uint8, or int8 (`storage`: the high nibble then comes out of an
    arithmetic shift, masked the same)."""

    def __init__(
        self, base: nn.Linear, group: int = 16, storage: torch.dtype = torch.uint8
    ) -> None:
        super().__init__()
        weight = base.weight.detach().float()
        out, inp = weight.shape
        grouped = weight.reshape(out, inp // group, group)
        low, high = grouped.amin(-1), grouped.amax(-1)
        scale = (high - low).clamp(min=1e-5) / 15.0
        zero = torch.round(-low / scale).clamp(0, 15)
        q = torch.round(grouped / scale[..., None] + zero[..., None]).clamp(0, 15)
        q = q.reshape(out, inp).to(torch.uint8)
        packed = q[:, 0::2] | (q[:, 1::2] << 4)  # int8 storage: the same bits
        self.register_buffer("packed", packed.view(storage))
        self.register_buffer("scales", scale.to(base.weight.dtype))
        self.register_buffer("zeros", zero.to(storage))
        self.group = group

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        low = self.packed & 0xF
        high = (self.packed >> 4) & 0xF
        q = torch.stack([low, high], dim=-1).reshape(self.packed.shape[0], -1)
        out, inp = q.shape
        grouped = q.reshape(out, inp // self.group, self.group).to(x.dtype)
        zeros = self.zeros.to(x.dtype)[..., None]
        weight = ((grouped - zeros) * self.scales.to(x.dtype)[..., None]).reshape(out, inp)
        return F.linear(x, weight)


class QuantMLP(nn.Module):
    """A Llama SwiGLU MLP (down(silu(gate(x)) · up(x))) whose three linears are
    weight-only quantized by `kind` ("w8": `W8Linear`, "w4": `W4Linear` in
    uint8, "w4i8": `W4Linear` in int8)."""

    def __init__(self, hidden: int, inter: int, kind: str, dtype: torch.dtype) -> None:
        super().__init__()
        linears = [nn.Linear(a, b, bias=False) for a, b in ((hidden, inter),) * 2]
        linears.append(nn.Linear(inter, hidden, bias=False))
        quants: list[nn.Module] = [
            W8Linear(lin.to(dtype))
            if kind == "w8"
            else W4Linear(lin.to(dtype), storage=torch.int8 if kind == "w4i8" else torch.uint8)
            for lin in linears
        ]
        self.gate, self.up, self.down = quants

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.down(F.silu(self.gate(x)) * self.up(x))
        return out


class LoRALinear(nn.Module):
    """PEFT's LoRA: base(x) + (alpha / rank) · B(A(x)), A [rank, in], B [out, rank]."""

    def __init__(self, base: nn.Linear, rank: int, alpha: float) -> None:
        super().__init__()
        self.base, self.scaling = base, alpha / rank
        self.lora_A = nn.Linear(base.in_features, rank, bias=False)
        self.lora_B = nn.Linear(rank, base.out_features, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.base(x) + self.lora_B(self.lora_A(x)) * self.scaling
        return out


def _unit(x: torch.Tensor) -> torch.Tensor:
    return x / x.norm(p=2, dim=-1, keepdim=True)


class NGPTBlock(nn.Module):
    """nGPT's block (Loshchilov et al. 2024): h ← norm(h + α_A (norm(attn(h)) - h)),
    then the same for the MLP; q and k are unit-normalized per head after
    rotary and scaled by s_qk, the softmax scale is √d_k; the MLP's u and v
    are scaled by s_u and s_v·√d. Every α and s is stored as init/scale
    times a learned vector (the paper's restart trick)."""

    def __init__(self, dim: int, heads: int, inter: int) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim, bias=False)
        self.uv = nn.Linear(dim, 2 * inter, bias=False)
        self.down = nn.Linear(inter, dim, bias=False)
        self.alpha_a = nn.Parameter(torch.full((dim,), 0.05 / dim**-0.5))
        self.alpha_m = nn.Parameter(torch.full((dim,), 0.05 / dim**-0.5))
        self.s_qk = nn.Parameter(torch.full((dim,), 1.0 / dim**-0.5))
        self.s_u = nn.Parameter(torch.ones(inter))
        self.s_v = nn.Parameter(torch.ones(inter))
        self.alpha_scale, self.s_qk_scale = dim**-0.5, dim**-0.5
        inv = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        self.register_buffer("inv_freq", inv)

    def _rotary(self, x: torch.Tensor) -> torch.Tensor:
        freqs = torch.arange(x.shape[2]).float()[:, None] * self.inv_freq[None, :]
        cos, sin = freqs.cos().repeat(1, 2), freqs.sin().repeat(1, 2)
        half = x.shape[-1] // 2
        rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
        return x * cos + rotated * sin

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        b, s, d = h.shape
        h = _unit(h)
        q, k, v = self.qkv(h).view(b, s, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        s_qk = (self.s_qk * (1.0 / self.s_qk_scale)).view(1, self.heads, 1, self.head_dim)
        q = _unit(self._rotary(q)) * s_qk
        k = _unit(self._rotary(k)) * s_qk
        mask = torch.ones(s, s, dtype=torch.bool).tril()
        scores = (q @ k.transpose(-1, -2)) * math.sqrt(self.head_dim)
        attn = scores.masked_fill(~mask, float("-inf")).softmax(-1) @ v
        h_a = _unit(self.proj(attn.transpose(1, 2).reshape(b, s, d)))
        alpha_a = self.alpha_a.abs() * (0.05 / self.alpha_scale)
        h = _unit(h + alpha_a * (h_a - h))
        u, v2 = self.uv(h).chunk(2, dim=-1)
        u, v2 = u * self.s_u, v2 * self.s_v * math.sqrt(d)
        h_m = _unit(self.down(u * F.silu(v2)))
        alpha_m = self.alpha_m.abs() * (0.05 / self.alpha_scale)
        return _unit(h + alpha_m * (h_m - h))


class SigmoidAttention(nn.Module):
    """A pre-LN block with sigmoid attention (Ramapuram et al. 2024):
    σ(QKᵀ/√d + b) V with the bias b = -log(n), causal keys masked to 0 by -inf,
    ALiBi slopes on the distance; then a GELU MLP."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        slopes = torch.tensor([2.0 ** (-8.0 * (i + 1) / heads) for i in range(heads)])
        self.register_buffer("slopes", slopes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, s, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        pos = torch.arange(s)
        distance = (pos[None, :] - pos[:, None]).float()  # j - i, <= 0 on the causal side
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim) - math.log(s)
        scores = scores + self.slopes[:, None, None] * distance
        scores = scores.masked_fill(distance > 0, float("-inf"))
        out = torch.sigmoid(scores) @ v
        x = x + self.proj(out.transpose(1, 2).reshape(b, s, d))
        out2: torch.Tensor = x + self.mlp(self.norm2(x))
        return out2


class YoloDetect(nn.Module):
    """YOLOv5's Detect in inference: per level a 1x1 conv to A·(5+C) outputs,
    viewed [B, A, H, W, 5+C], sigmoid; xy = (2σ - 0.5 + grid) · stride,
    wh = (2σ)² · anchor; the levels' boxes concatenated to [B, ΣAHW, 5+C]."""

    def __init__(self, classes: int, channels: list[int], strides: list[int]) -> None:
        super().__init__()
        self.outs, self.strides = 5 + classes, strides
        anchors = torch.tensor([[10, 13, 16, 30, 33, 23], [30, 61, 62, 45, 59, 119]])
        anchors = torch.cat([anchors, torch.tensor([[116, 90, 156, 198, 373, 326]])])
        self.register_buffer("anchors", anchors[: len(channels)].float().view(-1, 3, 2))
        self.convs = nn.ModuleList(nn.Conv2d(c, 3 * self.outs, 1) for c in channels)

    def forward(self, *features: torch.Tensor) -> torch.Tensor:
        boxes = []
        for level, (conv, x) in enumerate(zip(self.convs, features, strict=True)):
            b, _, h, w = x.shape
            y = conv(x).view(b, 3, self.outs, h, w).permute(0, 1, 3, 4, 2).sigmoid()
            gy, gx = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
            grid = torch.stack((gx, gy), 2).view(1, 1, h, w, 2).float()
            anchor = self.anchors[level].view(1, 3, 1, 1, 2)
            xy = (y[..., :2] * 2 - 0.5 + grid) * self.strides[level]
            wh = (y[..., 2:4] * 2) ** 2 * anchor
            boxes.append(torch.cat((xy, wh, y[..., 4:]), -1).view(b, -1, self.outs))
        return torch.cat(boxes, 1)


class ToMeBlock(nn.Module):
    """A ViT block with ToMe (Bolya et al. 2023): attention with proportional
    attention (+ log size), then bipartite soft matching on the mean key of
    each token: even tokens scored against odd ones by cosine, the `r` best
    edges (argsort of each even token's best match) merged into their odd
    partner by a size-weighted mean (sums of x · size and of size added into
    the partner by a one-hot matmul, then divided); then the MLP."""

    def __init__(self, dim: int, heads: int, r: int) -> None:
        super().__init__()
        self.heads, self.r = heads, r
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def _merge(self, x: torch.Tensor, metric: torch.Tensor) -> torch.Tensor:
        metric = metric / metric.norm(dim=-1, keepdim=True)
        a, b = metric[..., ::2, :], metric[..., 1::2, :]
        node_max, node_idx = (a @ b.transpose(-1, -2)).max(dim=-1)
        edge_idx = node_max.argsort(dim=-1, descending=True)[..., None]
        unm_idx, src_idx = edge_idx[..., self.r :, :], edge_idx[..., : self.r, :]
        dst_idx = node_idx[..., None].gather(dim=-2, index=src_idx)
        src, dst = x[..., ::2, :], x[..., 1::2, :]
        n, t1, c = src.shape
        unm = src.gather(dim=-2, index=unm_idx.expand(n, t1 - self.r, c))
        src = src.gather(dim=-2, index=src_idx.expand(n, self.r, c))
        # dst.scatter_reduce(-2, dst_idx.expand(n, r, c), src, reduce="sum"), as a
        # one-hot [n, r, t1] matmul (torch-mlir's scatter lowering crashes)
        onehot = (dst_idx == torch.arange(dst.shape[-2])).to(src.dtype)
        dst = dst + onehot.transpose(-1, -2) @ src
        return torch.cat([unm, dst], dim=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        size = torch.ones(b, s, 1)
        q, k, v = self.qkv(self.norm1(x)).view(b, s, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) * q.shape[-1] ** -0.5 + size.log()[:, None, None, :, 0]
        x = x + self.proj((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, s, d))
        merged = self._merge(torch.cat([x * size, size], dim=-1), k.mean(1))
        x, size = merged[..., :-1] / merged[..., -1:], merged[..., -1:]
        out: torch.Tensor = x + self.mlp(self.norm2(x))
        return out
