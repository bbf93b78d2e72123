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


class Bottleneck(nn.Module):
    """torchvision's ResNet Bottleneck (v1.5: the stride sits on the 3×3 conv).

    `downsample` is torchvision's shortcut `Sequential(conv1x1(stride), BatchNorm2d)`,
    built here when the stride or the width changes, as `ResNet._make_layer` does.
    `groups` and `base_width` give the ResNeXt variant.
    """

    expansion = 4

    def __init__(
        self, inplanes: int, planes: int, stride: int = 1, groups: int = 1, base_width: int = 64
    ) -> None:
        super().__init__()
        width = int(planes * (base_width / 64.0)) * groups
        out = planes * self.expansion
        self.conv1 = nn.Conv2d(inplanes, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride, padding=1, groups=groups, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, out, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(out)
        self.relu = nn.ReLU(inplace=True)
        self.downsample: nn.Module | None = None
        if stride != 1 or inplanes != out:
            self.downsample = nn.Sequential(
                nn.Conv2d(inplanes, out, 1, stride, bias=False), nn.BatchNorm2d(out)
            )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        return self.relu(out + identity)


def conv_norm_activation(
    inp: int, oup: int, kernel: int, groups: int = 1, activation: type[nn.Module] = nn.ReLU
) -> nn.Sequential:
    """torchvision's Conv2dNormActivation: conv (no bias, same padding), BatchNorm2d, activation."""
    return nn.Sequential(
        nn.Conv2d(inp, oup, kernel, padding=(kernel - 1) // 2, groups=groups, bias=False),
        nn.BatchNorm2d(oup),
        activation(),
    )


class InvertedResidual(nn.Module):
    """torchvision's MobileNetV2 InvertedResidual at stride 1 with inp == oup (the residual exists)."""

    def __init__(self, channels: int, expand_ratio: int) -> None:
        super().__init__()
        hidden = channels * expand_ratio
        self.conv = nn.Sequential(
            conv_norm_activation(channels, hidden, 1, activation=nn.ReLU6),
            conv_norm_activation(hidden, hidden, 3, groups=hidden, activation=nn.ReLU6),
            nn.Conv2d(hidden, channels, 1, bias=False),
            nn.BatchNorm2d(channels),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.conv(x)


class DenseLayer(nn.Module):
    """torchvision's DenseNet _DenseLayer (drop_rate 0), followed by _DenseBlock's concat."""

    def __init__(self, num_input_features: int, growth_rate: int, bn_size: int) -> None:
        super().__init__()
        bottleneck = bn_size * growth_rate
        self.norm1 = nn.BatchNorm2d(num_input_features)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(num_input_features, bottleneck, 1, bias=False)
        self.norm2 = nn.BatchNorm2d(bottleneck)
        self.relu2 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(bottleneck, growth_rate, 3, padding=1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        bottleneck_output = self.conv1(self.relu1(self.norm1(x)))
        new_features = self.conv2(self.relu2(self.norm2(bottleneck_output)))
        return torch.cat([x, new_features], 1)


class PoolingHead(nn.Module):
    """torchvision ResNet's classifier: avgpool (AdaptiveAvgPool2d(1)), flatten, fc."""

    def __init__(self, channels: int, classes: int) -> None:
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(channels, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(torch.flatten(self.avgpool(x), 1))


class SqueezeExcitation(nn.Module):
    """torchvision.ops.SqueezeExcitation (MobileNetV3, EfficientNet): 1×1 convs as the FCs."""

    def __init__(self, channels: int, squeeze: int) -> None:
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(channels, squeeze, 1)
        self.fc2 = nn.Conv2d(squeeze, channels, 1)
        self.activation = nn.ReLU()
        self.scale_activation = nn.Sigmoid()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = self.fc2(self.activation(self.fc1(self.avgpool(x))))
        return self.scale_activation(scale) * x


def se_block(inp: int, oup: int, squeeze: int) -> nn.Sequential:
    """A Conv2dNormActivation followed by squeeze-and-excitation, as in MobileNetV3's blocks."""
    return nn.Sequential(conv_norm_activation(inp, oup, 3), SqueezeExcitation(oup, squeeze))


MODELS = [
    ZooModel(
        "resnet_basic_block",
        lambda: (randomize_batchnorm(BasicBlock(64)), (torch.randn(1, 64, 56, 56),)),
        "torchvision-style ResNet BasicBlock",
        "64 channels, 56×56",
        "f32",
        "conv3×3 + BN + ReLU twice, residual add; tensor.pad; BN cf.assert",
    ),
    ZooModel(
        "resnet_bottleneck_downsample",
        lambda: (randomize_batchnorm(Bottleneck(32, 16, stride=2)), (torch.randn(1, 32, 28, 28),)),
        "torchvision ResNet Bottleneck with downsample",
        "32→16→64 channels, stride 2, 28×28→14×14",
        "f32",
        "conv1×1 / strided conv3×3 / conv1×1 + BN + ReLU; strided 1×1 conv + BN shortcut; add",
    ),
    ZooModel(
        "mobilenetv2_inverted_residual",
        lambda: (randomize_batchnorm(InvertedResidual(32, 6)), (torch.randn(1, 32, 28, 28),)),
        "torchvision MobileNetV2 InvertedResidual",
        "32→192→32 channels, expand 6, stride 1, 28×28",
        "f32",
        "expand conv1×1, depthwise conv3×3 (groups=192), ReLU6 clamps, project conv1×1; residual",
    ),
    ZooModel(
        "densenet_layer",
        lambda: (randomize_batchnorm(DenseLayer(32, 16, 4)), (torch.randn(1, 32, 28, 28),)),
        "torchvision DenseNet _DenseLayer (+ _DenseBlock concat)",
        "32 in, growth 16, bn_size 4, 28×28",
        "f32",
        "pre-activation BN-ReLU-conv1×1-BN-ReLU-conv3×3; channel concat with the input",
    ),
    ZooModel(
        "pooling_head",
        lambda: (PoolingHead(256, 100), (torch.randn(2, 256, 7, 7),)),
        "torchvision ResNet avgpool + flatten + fc",
        "256 channels, 7×7, 100 classes, batch 2",
        "f32",
        "global average pool (sum reduction + divide); flatten; matmul + bias",
    ),
    ZooModel(
        "se_block",
        lambda: (randomize_batchnorm(se_block(32, 64, 16)), (torch.randn(1, 32, 28, 28),)),
        "torchvision Conv2dNormActivation + torchvision.ops.SqueezeExcitation",
        "32→64 channels, squeeze 16, 28×28",
        "f32",
        "conv3×3 + BN + ReLU; global pool → 1×1 conv → ReLU → 1×1 conv → sigmoid; "
        "channel-broadcast multiply",
    ),
    ZooModel(
        "grouped_conv_block",
        lambda: (
            randomize_batchnorm(Bottleneck(64, 16, groups=4, base_width=32)),
            (torch.randn(1, 64, 16, 16),),
        ),
        "torchvision ResNeXt Bottleneck (groups=4, width_per_group=32)",
        "64→32→64 channels, groups 4, 16×16",
        "f32",
        "grouped conv3×3 (groups=4) between conv1×1s + BN + ReLU; identity residual",
    ),
]
