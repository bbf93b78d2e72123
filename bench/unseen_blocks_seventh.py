"""Blocks of well-known models outside `transformers`, written out in torch, for
bench/unseen_models_seventh.py: CNN attention and pooling (CBAM's channel and
spatial gates, DeepLab's ASPP with dilated convs and an image-pool branch,
adaptive pools whose windows do not divide the input, LP pooling), video and
signal convs (an R(2+1)D block of conv3d, a 1D U-Net with a transposed conv),
heads with scalar outputs (a VAE's reparameterisation and KL term, focal +
dice segmentation losses), routing and assignment (Soft MoE's two softmaxes,
a VQ-VAE codebook's argmin, SuperGlue's log-space Sinkhorn), and a GCN layer
whose messages are scattered with index_add. Imported only by the zoo venv.
"""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional as F


class Cbam(nn.Module):
    """A conv, then CBAM: a shared MLP over the avg- and max-pooled channels
    (sigmoid gate per channel), then a 7x7 conv over the channel mean and max
    (sigmoid gate per pixel); residual."""

    def __init__(self, channels: int = 32, reduced: int = 8) -> None:
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(channels, channels, 3, padding=1, bias=False),
            nn.BatchNorm2d(channels),
            nn.ReLU(),
        )
        self.mlp = nn.Sequential(
            nn.Conv2d(channels, reduced, 1, bias=False),
            nn.ReLU(),
            nn.Conv2d(reduced, channels, 1, bias=False),
        )
        self.spatial = nn.Conv2d(2, 1, 7, padding=3, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        pooled = self.mlp(y.mean([2, 3], keepdim=True)) + self.mlp(y.amax([2, 3], keepdim=True))
        y = y * torch.sigmoid(pooled)
        stats = torch.cat([y.mean(1, keepdim=True), y.amax(1, keepdim=True)], 1)
        out: torch.Tensor = x + y * torch.sigmoid(self.spatial(stats))
        return out


class Aspp(nn.Module):
    """DeepLab-v3's ASPP: a 1x1 branch, 3x3 branches dilated 2 and 4, an
    image-pool branch upsampled bilinearly, concatenated and projected."""

    def __init__(self, cin: int = 32, cout: int = 16) -> None:
        super().__init__()

        def branch(kernel: int, dilation: int) -> nn.Sequential:
            pad = dilation * (kernel // 2)
            conv = nn.Conv2d(cin, cout, kernel, padding=pad, dilation=dilation, bias=False)
            return nn.Sequential(conv, nn.BatchNorm2d(cout), nn.ReLU())

        self.branches = nn.ModuleList([branch(1, 1), branch(3, 2), branch(3, 4)])
        self.pool = nn.Sequential(nn.Conv2d(cin, cout, 1), nn.ReLU())
        self.project = nn.Sequential(
            nn.Conv2d(4 * cout, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pooled = self.pool(x.mean([2, 3], keepdim=True))
        image = F.interpolate(pooled, size=x.shape[2:], mode="bilinear", align_corners=False)
        out: torch.Tensor = self.project(torch.cat([*(b(x) for b in self.branches), image], 1))
        return out


class PoolingVariants(nn.Module):
    """Adaptive average pooling 10x10 -> 7x7 (overlapping, uneven windows),
    adaptive max pooling to 3x3, LP pooling (p=2, 3x3, stride 2), concatenated
    and classified."""

    def __init__(self, channels: int = 16, classes: int = 10) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, channels, 3, padding=1)
        self.lp = nn.LPPool2d(2, 3, stride=2)
        self.head = nn.Linear(channels * (49 + 9 + 16), classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.conv(x))
        avg = F.adaptive_avg_pool2d(y, 7).flatten(1)
        peak = F.adaptive_max_pool2d(y, 3).flatten(1)
        out: torch.Tensor = self.head(torch.cat([avg, peak, self.lp(y).flatten(1)], 1))
        return out


class R2Plus1d(nn.Module):
    """An R(2+1)D residual block: a (1,3,3) spatial conv3d and a (3,1,1)
    temporal conv3d with BatchNorm3d, a 1x1x1 projection shortcut, a 2x2x2
    max pool."""

    def __init__(self, cin: int = 8, cout: int = 16) -> None:
        super().__init__()
        self.spatial = nn.Conv3d(cin, cout, (1, 3, 3), padding=(0, 1, 1), bias=False)
        self.bn1 = nn.BatchNorm3d(cout)
        self.temporal = nn.Conv3d(cout, cout, (3, 1, 1), padding=(1, 0, 0), bias=False)
        self.bn2 = nn.BatchNorm3d(cout)
        self.shortcut = nn.Conv3d(cin, cout, 1)
        self.pool = nn.MaxPool3d(2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.bn2(self.temporal(F.relu(self.bn1(self.spatial(x)))))
        out: torch.Tensor = self.pool(F.relu(y + self.shortcut(x)))
        return out


class UNet1d(nn.Module):
    """A 1D U-Net level: conv + GroupNorm + SiLU, a strided conv down, a
    transposed conv up, the skip concatenated, a 1x1 output conv."""

    def __init__(self, cin: int = 4, width: int = 16) -> None:
        super().__init__()
        self.enc = nn.Sequential(nn.Conv1d(cin, width, 3, padding=1), nn.GroupNorm(4, width))
        self.down = nn.Conv1d(width, 2 * width, 4, stride=2, padding=1)
        self.mid = nn.Conv1d(2 * width, 2 * width, 3, padding=1)
        self.up = nn.ConvTranspose1d(2 * width, width, 4, stride=2, padding=1)
        self.dec = nn.Conv1d(2 * width, width, 3, padding=1)
        self.out = nn.Conv1d(width, cin, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skip = F.silu(self.enc(x))
        hidden = F.silu(self.mid(F.silu(self.down(skip))))
        hidden = F.silu(self.dec(torch.cat([self.up(hidden), skip], 1)))
        out: torch.Tensor = self.out(hidden)
        return out


class VaeHead(nn.Module):
    """A VAE's latent head: mean and log-variance, z = mu + exp(logvar / 2) *
    eps (eps an input), a decoder layer; the reconstruction flattened and the
    mean KL divergence appended."""

    def __init__(self, features: int = 64, latent: int = 16) -> None:
        super().__init__()
        self.mu, self.logvar = nn.Linear(features, latent), nn.Linear(features, latent)
        self.decode = nn.Linear(latent, features)

    def forward(self, x: torch.Tensor, eps: torch.Tensor) -> torch.Tensor:
        mu, logvar = self.mu(x), self.logvar(x)
        z = mu + torch.exp(0.5 * logvar) * eps
        kl = -0.5 * (1.0 + logvar - mu.square() - logvar.exp()).sum(-1).mean()
        return torch.cat([torch.sigmoid(self.decode(z)).flatten(), kl.reshape(1)])


class SegmentationLosses(nn.Module):
    """A 1x1 classifier, then two losses against a float mask: sigmoid focal
    loss (alpha 0.25, gamma 2, a mean) and soft dice (per class, a mean)."""

    def __init__(self, channels: int = 16, classes: int = 3) -> None:
        super().__init__()
        self.classifier = nn.Conv2d(channels, classes, 1)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        logits = self.classifier(x)
        prob = torch.sigmoid(logits)
        ce = F.binary_cross_entropy_with_logits(logits, target, reduction="none")
        p_t = prob * target + (1.0 - prob) * (1.0 - target)
        alpha_t = 0.25 * target + 0.75 * (1.0 - target)
        focal = (alpha_t * ce * (1.0 - p_t).square()).mean()
        inter = (prob * target).sum([0, 2, 3])
        total = prob.sum([0, 2, 3]) + target.sum([0, 2, 3])
        dice = 1.0 - ((2.0 * inter + 1.0) / (total + 1.0)).mean()
        return torch.stack([focal, dice])


class SoftMoe(nn.Module):
    """Soft MoE: slot logits x @ phi; dispatch weights softmax over tokens,
    combine weights softmax over slots; each expert a GELU MLP on its slots
    (batched einsums); tokens recombined."""

    def __init__(self, dim: int = 32, experts: int = 4, slots: int = 2, hidden: int = 64) -> None:
        super().__init__()
        self.experts, self.slots = experts, slots
        self.phi = nn.Parameter(torch.randn(dim, experts * slots) / math.sqrt(dim))
        self.w1 = nn.Parameter(torch.randn(experts, dim, hidden) / math.sqrt(dim))
        self.b1 = nn.Parameter(0.1 * torch.randn(experts, hidden))
        self.w2 = nn.Parameter(torch.randn(experts, hidden, dim) / math.sqrt(hidden))
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, _, dim = x.shape
        normed = self.norm(x)
        logits = normed @ self.phi
        dispatch, combine = logits.softmax(1), logits.softmax(-1)
        slots = (dispatch.transpose(1, 2) @ normed).view(batch, self.experts, self.slots, dim)
        hidden = F.gelu(torch.einsum("besd,edh->besh", slots, self.w1) + self.b1[:, None])
        outs = torch.einsum("besh,ehd->besd", hidden, self.w2).reshape(batch, -1, dim)
        out: torch.Tensor = x + combine @ outs
        return out


class VqCodebook(nn.Module):
    """A VQ-VAE quantiser between convs: squared distances to 32 codes, argmin,
    the codes gathered, a straight-through estimator, commitment + codebook
    loss appended to the flattened decoder output."""

    def __init__(self, channels: int = 16, codes: int = 32) -> None:
        super().__init__()
        self.encode = nn.Conv2d(3, channels, 3, padding=1)
        self.codebook = nn.Embedding(codes, channels)
        self.decode = nn.Conv2d(channels, 3, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.encode(x)
        batch, channels, height, width = z.shape
        flat = z.permute(0, 2, 3, 1).reshape(-1, channels)
        codes = self.codebook.weight
        distance = (
            flat.square().sum(1, keepdim=True) - 2.0 * flat @ codes.t() + codes.square().sum(1)
        )
        quantised = self.codebook(distance.argmin(1)).view(batch, height, width, channels)
        quantised = quantised.permute(0, 3, 1, 2)
        loss = 1.25 * F.mse_loss(quantised, z)
        straight = z + (quantised - z).detach()
        return torch.cat([self.decode(straight).flatten(), loss.reshape(1)])


class Sinkhorn(nn.Module):
    """SuperGlue's matching head: scaled descriptor scores, a learned dustbin
    row and column, three log-space Sinkhorn rounds (logsumexp over each dim
    in turn)."""

    def __init__(self, dim: int = 16, iterations: int = 3) -> None:
        super().__init__()
        self.iterations = iterations
        self.project = nn.Conv1d(dim, dim, 1)
        self.bin_score = nn.Parameter(torch.tensor(1.0))

    def forward(self, desc0: torch.Tensor, desc1: torch.Tensor) -> torch.Tensor:
        a, b = self.project(desc0), self.project(desc1)
        scores = torch.einsum("bdn,bdm->bnm", a, b) / a.shape[1] ** 0.5
        batch, m, n = scores.shape
        bins0 = self.bin_score.expand(batch, m, 1)
        bins1 = self.bin_score.expand(batch, 1, n)
        alpha = self.bin_score.expand(batch, 1, 1)
        couplings = torch.cat([torch.cat([scores, bins0], -1), torch.cat([bins1, alpha], -1)], 1)
        norm = -math.log(m + n)
        log_mu = torch.cat([torch.full((m,), norm), torch.full((1,), math.log(n) + norm)])
        log_nu = torch.cat([torch.full((n,), norm), torch.full((1,), math.log(m) + norm)])
        u, v = torch.zeros(batch, m + 1), torch.zeros(batch, n + 1)
        for _ in range(self.iterations):
            u = log_mu - torch.logsumexp(couplings + v[:, None, :], 2)
            v = log_nu - torch.logsumexp(couplings + u[:, :, None], 1)
        return couplings + u[:, :, None] + v[:, None, :] - norm


class GcnLayers(nn.Module):
    """Two GCN layers over an edge list (self loops appended): degrees and
    messages accumulated with index_add, symmetric normalisation gathered
    per edge, ReLU between, log-softmax over classes."""

    def __init__(self, features: int = 16, hidden: int = 32, classes: int = 8) -> None:
        super().__init__()
        self.first, self.second = nn.Linear(features, hidden), nn.Linear(hidden, classes)

    @staticmethod
    def propagate(x: torch.Tensor, src: torch.Tensor, dst: torch.Tensor) -> torch.Tensor:
        nodes = x.shape[0]
        degree = torch.zeros(nodes).index_add(0, dst, torch.ones(dst.shape[0]))
        scale = degree.rsqrt()
        messages = x[src] * (scale[src] * scale[dst])[:, None]
        return torch.zeros_like(x).index_add(0, dst, messages)

    def forward(self, x: torch.Tensor, edges: torch.Tensor) -> torch.Tensor:
        loops = torch.arange(x.shape[0])
        src, dst = torch.cat([edges[0], loops]), torch.cat([edges[1], loops])
        hidden = F.relu(self.propagate(self.first(x), src, dst))
        return F.log_softmax(self.propagate(self.second(hidden), src, dst), -1)
