"""A sixth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set sixth`): the blocks of bench/unseen_blocks_sixth.py, attention that is
not softmax attention (linear attention's feature maps, RetNet's decay-masked
retention with a GroupNorm per head), capsule routing (softmax over a dim that
is not the last, three iterations), an FPN top-down step (nearest upsampling),
AlexNet's local response norm, a GRU, a cross-entropy head with integer
targets, and three `transformers` layers no set has: GPT-BigCode's multi-query
attention, RoFormer's interleaved rotary, Funnel's relative attention.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_sixth as blocks
from torch import nn
from torch.nn import functional as F
from transformers import GPTBigCodeConfig, RoFormerConfig
from transformers.models.gpt_bigcode.modeling_gpt_bigcode import GPTBigCodeBlock
from transformers.models.roformer.modeling_roformer import (
    RoFormerLayer,
    RoFormerSinusoidalPositionalEmbedding,
)
from unseen_common import Built, perturb
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import eager


class LinearAttention(nn.Module):
    """Katharopoulos et al.: elu + 1 feature maps, keys and values summed first
    (phi(K)^T V), each query normalised by phi(q) . sum phi(k); 4 heads."""

    def __init__(self, dim: int = 32, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.qkv, self.out = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape
        split = self.qkv(x).view(batch, seq, 3, self.heads, dim // self.heads)
        q, k, v = split.permute(2, 0, 3, 1, 4)
        q, k = F.elu(q) + 1.0, F.elu(k) + 1.0
        kv = torch.einsum("bhnd,bhne->bhde", k, v)
        norm = 1.0 / (torch.einsum("bhnd,bhd->bhn", q, k.sum(2)) + 1e-6)
        mixed = torch.einsum("bhnd,bhde->bhne", q, kv) * norm[..., None]
        out: torch.Tensor = self.out(mixed.transpose(1, 2).reshape(batch, seq, dim))
        return out


class Retention(nn.Module):
    """RetNet's parallel retention: (Q K^T * D) V with D[n, m] = gamma^(n - m)
    for n >= m (one gamma per head), a GroupNorm per head, a SiLU gate."""

    def __init__(self, dim: int = 32, heads: int = 4, seq: int = 16) -> None:
        super().__init__()
        self.heads = heads
        self.q, self.k, self.v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.gate, self.out = nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.norm = nn.GroupNorm(heads, dim)
        gamma = 1.0 - 2.0 ** (-5.0 - torch.arange(heads, dtype=torch.float32))
        distance = torch.arange(seq)[:, None] - torch.arange(seq)[None, :]
        decay = gamma[:, None, None] ** distance.clamp(min=0)
        self.register_buffer("decay", decay * (distance >= 0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, dim = x.shape

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.view(batch, seq, self.heads, -1).transpose(1, 2)

        q, k, v = heads(self.q(x)), heads(self.k(x)), heads(self.v(x))
        scores = q @ k.transpose(-1, -2) * (q.shape[-1] ** -0.5) * self.decay
        mixed = (scores @ v).transpose(1, 2).reshape(batch * seq, dim)
        normed = self.norm(mixed).view(batch, seq, dim)
        out: torch.Tensor = self.out(F.silu(self.gate(x)) * normed)
        return out


class CapsuleRouting(nn.Module):
    """Dynamic routing: predictions u_hat = W u, three rounds of softmax over
    output capsules, weighted sum, squash, agreement update."""

    def __init__(self, inputs: int = 32, outputs: int = 8, dim_in: int = 8, dim: int = 16) -> None:
        super().__init__()
        self.weight = nn.Parameter(0.1 * torch.randn(inputs, outputs, dim, dim_in))

    @staticmethod
    def squash(s: torch.Tensor) -> torch.Tensor:
        squared = s.square().sum(-1, keepdim=True)
        return squared / (1.0 + squared) * s / torch.sqrt(squared + 1e-8)

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        u_hat = torch.einsum("iodk,bik->biod", self.weight, u)
        logits = torch.zeros(u_hat.shape[:3])
        for _ in range(3):
            coupling = logits.softmax(2)
            v = self.squash((coupling[..., None] * u_hat).sum(1))
            logits = logits + (u_hat * v[:, None]).sum(-1)
        return v


class FpnTopDown(nn.Module):
    """One FPN top-down step: lateral 1x1 convs, nearest 2x upsampling of the
    coarser level, add, 3x3 smoothing conv."""

    def __init__(self) -> None:
        super().__init__()
        self.lateral_fine, self.lateral_coarse = nn.Conv2d(16, 24, 1), nn.Conv2d(32, 24, 1)
        self.smooth = nn.Conv2d(24, 24, 3, padding=1)

    def forward(self, fine: torch.Tensor, coarse: torch.Tensor) -> torch.Tensor:
        up = F.interpolate(self.lateral_coarse(coarse), scale_factor=2.0, mode="nearest")
        out: torch.Tensor = self.smooth(self.lateral_fine(fine) + up)
        return out


class GruTagger(nn.Module):
    """A one-layer GRU over six steps and a linear tag head."""

    def __init__(self) -> None:
        super().__init__()
        self.gru, self.head = nn.GRU(16, 32, batch_first=True), nn.Linear(32, 5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.head(self.gru(x)[0])
        return out


class CrossEntropyHead(nn.Module):
    """A linear classifier and its mean cross-entropy against integer targets."""

    def __init__(self) -> None:
        super().__init__()
        self.linear = nn.Linear(32, 100)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(self.linear(x), target, label_smoothing=0.1)


class RoFormerEncoderLayer(nn.Module):
    """RoFormer's layer fed its sinusoidal positions (interleaved rotary)."""

    def __init__(self, config: RoFormerConfig) -> None:
        super().__init__()
        self.positions = RoFormerSinusoidalPositionalEmbedding(64, config.hidden_size // 4)
        self.layer = RoFormerLayer(config)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        sinusoidal = self.positions(hidden.shape[:-1])[None, None, :, :]
        out: torch.Tensor = self.layer(hidden, sinusoidal_pos=sinusoidal)[0]
        return out


def _gpt_bigcode_block() -> Built:
    config = eager(GPTBigCodeConfig(n_embd=64, n_head=4, n_inner=256, multi_query=True))
    return FirstOutput(perturb(GPTBigCodeBlock(config))), (torch.randn(1, 16, 64),)


def _roformer_layer() -> Built:
    config = eager(RoFormerConfig(hidden_size=64, num_attention_heads=4, intermediate_size=128))
    return perturb(RoFormerEncoderLayer(config)), (torch.randn(1, 16, 64),)


def _alexnet_lrn() -> Built:
    layers = [
        nn.Conv2d(3, 16, 5, padding=2),
        nn.ReLU(),
        nn.LocalResponseNorm(5),
        nn.MaxPool2d(3, 2),
    ]
    return nn.Sequential(*layers), (torch.randn(1, 3, 16, 16),)


def _pairs() -> Built:
    ids = torch.stack([torch.randint(0, 50, (2,)) for _ in range(3)], 1)
    return blocks.DlrmInteraction(), (torch.randn(2, 8), ids)


_BUILDS = {
    "conformer_conv_module": (
        lambda: (perturb(blocks.ConformerConv()), (torch.randn(1, 40, 32),)),
        "GLU, depthwise conv1d k=15 between transposes, BatchNorm1d",
    ),
    "wavenet_residual": (
        lambda: (blocks.WaveNetResidual(), (torch.randn(1, 16, 48),)),
        "left-padded dilated conv1d, tanh * sigmoid halves, two 1x1 siblings",
    ),
    "espcn_superres": (
        lambda: (blocks.Espcn(), (torch.randn(1, 1, 12, 12),)),
        "pixel shuffle (reshape, transpose, reshape) after a conv",
    ),
    "stylegan2_modconv": (
        lambda: (blocks.ModulatedConv(), (torch.randn(1, 8, 8, 8), torch.randn(1, 16))),
        "a conv whose weight is computed from an input (modulate, demodulate)",
    ),
    "adain": (
        lambda: (blocks.AdaIn(), (torch.randn(1, 16, 8, 8), torch.randn(1, 16, 8, 8))),
        "two inputs' spatial mean and std, then a conv",
    ),
    "instancenorm_residual": (
        lambda: (perturb(blocks.InstanceNormResidual()), (torch.randn(1, 16, 10, 10),)),
        "reflection pads, InstanceNorm2d",
    ),
    "gmlp_block": (
        lambda: (perturb(blocks.GmlpBlock()), (torch.randn(1, 16, 32),)),
        "LayerNorm on half a split, a linear over the token dim",
    ),
    "mlp_mixer_block": (
        lambda: (perturb(blocks.MixerBlock()), (torch.randn(1, 16, 32),)),
        "token-mixing MLP between transposes",
    ),
    "dlrm_interaction": (_pairs, "embedding gather, bmm with its transpose, triangle gather"),
    "nerf_mlp": (
        lambda: (blocks.NerfMlp(), (torch.rand(64, 3),)),
        "sin/cos encoding, skip concat, two heads concatenated",
    ),
    "pointnet_encoder": (
        lambda: (perturb(blocks.PointNet()), (torch.randn(2, 3, 64),)),
        "1x1 conv1d + BatchNorm1d, max over points, log-softmax",
    ),
    "linear_attention": (
        lambda: (LinearAttention(), (torch.randn(1, 24, 32),)),
        "elu + 1 feature maps, K^T V before Q, per-query normaliser",
    ),
    "retnet_retention": (
        lambda: (perturb(Retention()), (torch.randn(1, 16, 32),)),
        "decay-masked scores without softmax, GroupNorm per head",
    ),
    "capsule_routing": (
        lambda: (CapsuleRouting(), (torch.randn(2, 32, 8),)),
        "softmax over a middle dim, squash, three unrolled rounds",
    ),
    "fpn_topdown": (
        lambda: (FpnTopDown(), (torch.randn(1, 16, 16, 16), torch.randn(1, 32, 8, 8))),
        "nearest 2x upsampling into an add, 3x3 conv",
    ),
    "alexnet_lrn": (_alexnet_lrn, "local response norm (a pooled square over channels), max pool"),
    "gru_tagger": (
        lambda: (GruTagger(), (torch.randn(1, 6, 16),)),
        "GRU gates (reset gate inside the candidate), six unrolled steps",
    ),
    "cross_entropy_head": (
        lambda: (CrossEntropyHead(), (torch.randn(8, 32), torch.randint(0, 100, (8,)))),
        "log-softmax, gather at integer targets, label smoothing, a mean",
    ),
    "gpt_bigcode_block": (_gpt_bigcode_block, "multi-query attention (one K/V head)"),
    "roformer_layer": (_roformer_layer, "interleaved rotary from sinusoidal positions"),
}

MODELS = [
    ZooModel(name, build, "bench/unseen_models_sixth.py", "small", "f32", exercises)
    for name, (build, exercises) in _BUILDS.items()
]
