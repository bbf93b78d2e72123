"""Zoo models from transformer families (and the small text-side workloads)."""

from __future__ import annotations

import torch
from torch import nn
from zoo_spec import ZooModel


class Softmax(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, -1)


class LayerNormResidual(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(width)

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        return self.norm(x + residual)


def _mlp_gelu() -> nn.Module:
    return nn.Sequential(
        nn.Linear(256, 512), nn.GELU(), nn.Linear(512, 512), nn.GELU(), nn.Linear(512, 128)
    )


MODELS = [
    ZooModel(
        "softmax_lastdim",
        lambda: (Softmax(), (torch.randn(1, 4, 128, 128),)),
        "torch.softmax(x, -1)",
        "1×4×128×128",
        "f32",
        "row max / exp / row sum / divide; a dead i64 argmax result",
    ),
    ZooModel(
        "layernorm_residual",
        lambda: (LayerNormResidual(256), (torch.randn(1, 128, 256), torch.randn(1, 128, 256))),
        "nn.LayerNorm(256)(x + residual)",
        "1×128×256",
        "f32",
        "residual add into LayerNorm; f64 variance (extf/truncf)",
    ),
    ZooModel(
        "mlp_gelu",
        lambda: (_mlp_gelu(), (torch.randn(8, 256),)),
        "nn.Sequential(Linear, GELU, Linear, GELU, Linear)",
        "256→512→512→128, batch 8",
        "f32",
        "matmul + bias + erf-GELU epilogues; weight transposes",
    ),
]
