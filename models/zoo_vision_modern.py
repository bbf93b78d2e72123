"""Zoo models from newer vision and audio families: diffusion UNet, ConvNeXt, Conformer.

Split from `zoo_vision.py` (the classic CNN blocks) to keep each file short;
`export.py` collects both `MODELS` lists.
"""

from __future__ import annotations

import torch
from torch import nn
from zoo_spec import ZooModel
from zoo_vision import randomize_batchnorm


def randomize_affine_norms(module: nn.Module) -> nn.Module:
    """GroupNorm / LayerNorm with a non-trivial scale and shift (PyTorch starts them at 1 and 0)."""
    for m in module.modules():
        if isinstance(m, (nn.GroupNorm, nn.LayerNorm)):
            nn.init.uniform_(m.weight, 0.5, 1.5)
            nn.init.uniform_(m.bias, -0.5, 0.5)
    return module


class ResnetBlock2D(nn.Module):
    """diffusers' ResnetBlock2D with its defaults (time_embedding_norm "default", swish,
    eps 1e-6, no conv shortcut since in == out, output_scale_factor 1, dropout 0)."""

    def __init__(self, channels: int, temb_channels: int, groups: int) -> None:
        super().__init__()
        self.output_scale_factor = 1.0
        self.norm1 = nn.GroupNorm(groups, channels, eps=1e-6, affine=True)
        self.conv1 = nn.Conv2d(channels, channels, 3, stride=1, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, channels)
        self.norm2 = nn.GroupNorm(groups, channels, eps=1e-6, affine=True)
        self.conv2 = nn.Conv2d(channels, channels, 3, stride=1, padding=1)
        self.nonlinearity = nn.SiLU()

    def forward(self, input_tensor: torch.Tensor, temb: torch.Tensor) -> torch.Tensor:
        hidden_states = self.conv1(self.nonlinearity(self.norm1(input_tensor)))
        temb = self.time_emb_proj(self.nonlinearity(temb))[:, :, None, None]
        hidden_states = self.norm2(hidden_states + temb)
        hidden_states = self.conv2(self.nonlinearity(hidden_states))
        return (input_tensor + hidden_states) / self.output_scale_factor


class ConvNeXtBlock(nn.Module):
    """The ConvNeXt Block (facebookresearch/ConvNeXt; timm ConvNeXtBlock, conv_mlp=False).

    The layer scale gamma starts at 1e-6 in training code, which would make the
    block the identity to six digits; it is drawn from [0.5, 1.5] instead.
    """

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(torch.empty(dim).uniform_(0.5, 1.5))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shortcut = x
        x = self.dwconv(x).permute(0, 2, 3, 1)  # (N, C, H, W) -> (N, H, W, C)
        x = self.pwconv2(self.act(self.pwconv1(self.norm(x))))
        x = (self.gamma * x).permute(0, 3, 1, 2)
        return shortcut + x


class ConformerConvModule(nn.Module):
    """torchaudio's Conformer _ConvolutionModule (bias False, BatchNorm1d, dropout 0):
    LayerNorm, pointwise Conv1d to 2×, GLU, depthwise Conv1d, BatchNorm1d, SiLU, pointwise Conv1d."""

    def __init__(self, dim: int, kernel: int) -> None:
        super().__init__()
        self.layer_norm = nn.LayerNorm(dim)
        self.sequential = nn.Sequential(
            nn.Conv1d(dim, 2 * dim, 1, bias=False),
            nn.GLU(dim=1),
            nn.Conv1d(dim, dim, kernel, padding=(kernel - 1) // 2, groups=dim, bias=False),
            nn.BatchNorm1d(dim),
            nn.SiLU(),
            nn.Conv1d(dim, dim, 1, bias=False),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: (B, T, D)
        x = self.layer_norm(x).transpose(1, 2)
        return self.sequential(x).transpose(1, 2)


MODELS = [
    ZooModel(
        "groupnorm_silu_conv",
        lambda: (
            randomize_affine_norms(ResnetBlock2D(64, 128, 32)),
            (torch.randn(1, 64, 16, 16), torch.randn(1, 128)),
        ),
        "diffusers ResnetBlock2D",
        "64 channels, 32 groups, 16×16, temb 128",
        "f32",
        "GroupNorm (grouped reshape reductions) + SiLU + conv3×3 twice; "
        "time-embedding Linear broadcast over H, W; residual add",
    ),
    ZooModel(
        "convnext_block",
        lambda: (randomize_affine_norms(ConvNeXtBlock(64)), (torch.randn(1, 64, 16, 16),)),
        "ConvNeXt Block (facebookresearch/ConvNeXt, timm ConvNeXtBlock)",
        "dim 64, 16×16, MLP 4×",
        "f32",
        "depthwise conv7×7; NCHW→NHWC permutes; LayerNorm + Linear + GELU + Linear "
        "over channels-last; layer scale; residual",
    ),
    ZooModel(
        "depthwise_conv1d_block",
        lambda: (
            randomize_batchnorm(randomize_affine_norms(ConformerConvModule(64, 15))),
            (torch.randn(2, 64, 64),),
        ),
        "torchaudio Conformer _ConvolutionModule",
        "dim 64, kernel 15, batch 2, 64 frames",
        "f32",
        "pointwise Conv1d as linalg.conv_1d_ncw_fcw; the depthwise Conv1d (groups=64) "
        "as depthwise_conv_2d over a unit W; GLU (extract_slice halves + sigmoid); "
        "BatchNorm1d + SiLU; LayerNorm and transposes",
    ),
]
