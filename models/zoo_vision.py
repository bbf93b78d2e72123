"""Zoo models from vision families: conv blocks, pooling heads."""

from __future__ import annotations

import torch
from torch import nn
from zoo_spec import ZooModel


class BasicBlock(nn.Module):
    """torchvision's ResNet BasicBlock without downsample."""

    def __init__(self, channels: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(out)) + x)


def randomize_batchnorm(module: nn.Module) -> nn.Module:
    """Eval-mode BatchNorm with non-trivial running statistics (else it is the identity)."""
    for m in module.modules():
        if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 1.5)
            nn.init.uniform_(m.weight, 0.5, 1.5)
            nn.init.uniform_(m.bias, -0.5, 0.5)
    return module


MODELS = [
    ZooModel(
        "resnet_basic_block",
        lambda: (randomize_batchnorm(BasicBlock(64)), (torch.randn(1, 64, 56, 56),)),
        "torchvision-style ResNet BasicBlock",
        "64 channels, 56×56",
        "f32",
        "conv3×3 + BN + ReLU twice, residual add; tensor.pad; BN cf.assert",
    ),
]
