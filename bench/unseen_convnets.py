"""Blocks of well-known CNNs (and an LSTM), written out in torch, for
bench/unseen_models_fourth.py: nothing here is in `transformers`.
Imported only by the zoo venv."""

from __future__ import annotations

import torch
from torch import nn


def conv_bn(cin: int, cout: int, kernel: int, groups: int = 1, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel, stride, kernel // 2, groups=groups, bias=False),
        nn.BatchNorm2d(cout),
    )


class MobileNetV3Block(nn.Module):
    """Inverted residual: 1x1 expand + hard-swish, depthwise 5x5 + hard-swish,
    squeeze-excite with a hard-sigmoid gate, 1x1 project, residual."""

    def __init__(self, channels: int = 16, expanded: int = 48, squeezed: int = 12) -> None:
        super().__init__()
        self.expand = conv_bn(channels, expanded, 1)
        self.depthwise = conv_bn(expanded, expanded, 5, groups=expanded)
        self.squeeze = nn.Conv2d(expanded, squeezed, 1)
        self.excite = nn.Conv2d(squeezed, expanded, 1)
        self.project = conv_bn(expanded, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = nn.functional.hardswish(self.expand(x))
        hidden = nn.functional.hardswish(self.depthwise(hidden))
        scale = nn.functional.adaptive_avg_pool2d(hidden, 1)
        scale = nn.functional.relu(self.squeeze(scale))
        hidden = hidden * nn.functional.hardsigmoid(self.excite(scale))
        out: torch.Tensor = x + self.project(hidden)
        return out


class Sppf(nn.Module):
    """YOLOv8's SPPF (three chained 5x5 stride-1 max pools, concat) then a C2f
    (split in two, a residual bottleneck on one half, concat of all three)."""

    def __init__(self, channels: int = 32) -> None:
        super().__init__()
        half = channels // 2
        self.reduce = conv_bn(channels, half, 1)
        self.pool = nn.MaxPool2d(5, stride=1, padding=2)
        self.fuse = conv_bn(4 * half, channels, 1)
        self.bottleneck = nn.Sequential(conv_bn(half, half, 3), nn.SiLU(), conv_bn(half, half, 3))
        self.out = conv_bn(3 * half, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        silu = nn.functional.silu
        first = silu(self.reduce(x))
        second = self.pool(first)
        third = self.pool(second)
        hidden = silu(self.fuse(torch.cat([first, second, third, self.pool(third)], 1)))
        left, right = hidden.chunk(2, 1)
        deeper = right + silu(self.bottleneck(right))
        out: torch.Tensor = silu(self.out(torch.cat([left, right, deeper], 1)))
        return out


class ShuffleUnit(nn.Module):
    """ShuffleNet-V2's stride-1 unit: half the channels pass, the other half go
    1x1 + depthwise 3x3 + 1x1, concat, then a shuffle of two channel groups."""

    def __init__(self, channels: int = 32) -> None:
        super().__init__()
        half = channels // 2
        self.branch = nn.Sequential(
            conv_bn(half, half, 1),
            nn.ReLU(),
            conv_bn(half, half, 3, groups=half),
            conv_bn(half, half, 1),
            nn.ReLU(),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        passed, rest = x.chunk(2, dim=1)
        out = torch.cat([passed, self.branch(rest)], 1)
        batch, channels, height, width = out.shape
        out = out.view(batch, 2, channels // 2, height, width).transpose(1, 2)
        return out.reshape(batch, channels, height, width)


class Inception(nn.Module):
    """GoogLeNet's block: 1x1, 1x1 -> 3x3, 1x1 -> 5x5, and a 3x3 average pool that
    does not count padded cells -> 1x1, each with ReLU, concatenated."""

    def __init__(self, channels: int = 32) -> None:
        super().__init__()
        self.one = nn.Conv2d(channels, 16, 1)
        self.three = nn.Sequential(
            nn.Conv2d(channels, 12, 1), nn.ReLU(), nn.Conv2d(12, 16, 3, padding=1)
        )
        self.five = nn.Sequential(
            nn.Conv2d(channels, 4, 1), nn.ReLU(), nn.Conv2d(4, 8, 5, padding=2)
        )
        self.pool = nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)
        self.pool_proj = nn.Conv2d(channels, 8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        branches = [self.one(x), self.three(x), self.five(x), self.pool_proj(self.pool(x))]
        return torch.relu(torch.cat(branches, 1))


class LstmTagger(nn.Module):
    """A one-layer LSTM over the sequence, a linear head, log-softmax over tags."""

    def __init__(self, features: int = 16, hidden: int = 24, tags: int = 5) -> None:
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, tags)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        states, _ = self.lstm(x)
        return torch.log_softmax(self.head(states), dim=-1)
