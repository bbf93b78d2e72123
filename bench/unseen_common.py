"""What bench/unseen_models.py and bench/unseen_models_more.py share.

`perturb` (random values for parameters a fresh layer holds constant),
`RotaryLayer` (a decoder layer fed rotary cos/sin and a causal mask built in
forward), `Built` and `model` (a `ZooModel` of the small f32 kind). Imported
only by the zoo venv (torch, transformers), with models/ on sys.path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
from torch import nn
from zoo_spec import ZooModel
from zoo_text_layers import causal_mask

Built = tuple[nn.Module, tuple[torch.Tensor, ...]]


def perturb(module: nn.Module) -> nn.Module:
    """Constant-initialised parameters (norm scales and shifts, zero biases, GRN,
    layer scales) and BatchNorm statistics made random: freshly built they are
    ones and zeros, which would hide a wrong scale or shift."""
    with torch.no_grad():
        for param in module.parameters():
            first = param.flatten()[0]
            if param.numel() > 1 and bool((param == first).all()):
                low, high = (0.5, 1.5) if bool(first == 1) else (-0.1, 0.1)
                param.uniform_(low, high)
        for sub in module.modules():
            # BatchNorm of a training step has no running statistics (batch ones).
            if isinstance(sub, nn.modules.batchnorm._BatchNorm) and sub.track_running_stats:
                assert sub.running_mean is not None and sub.running_var is not None
                sub.running_mean.uniform_(-0.2, 0.2)
                sub.running_var.uniform_(0.5, 1.5)
    return module


def sliding_causal_mask(seq: int, dtype: torch.dtype, window: int) -> torch.Tensor:
    """Additive [1, 1, S, S] mask: key j is seen by query i when i - window < j <= i
    (Mistral's sliding window), dtype's min elsewhere."""
    rows, cols = torch.arange(seq)[:, None], torch.arange(seq)[None, :]
    hidden = (cols > rows) | (cols <= rows - window)
    zeros = torch.zeros(seq, seq, dtype=dtype)
    return zeros.masked_fill(hidden, torch.finfo(dtype).min)[None, None]


def padding_mask(batch: int, seq: int, valid: int) -> torch.Tensor:
    """A 0/1 mask: every row full but the last, which keeps `valid` tokens."""
    keep = torch.ones(batch, seq, dtype=torch.long)
    keep[-1, valid:] = 0
    return keep


class RotaryLayer(nn.Module):
    """A decoder layer fed rotary cos/sin from positions 0..S-1 and a causal mask
    built in forward (a sliding-window one when `window` is set); `fixed` holds
    the layer's other keyword arguments."""

    def __init__(
        self, layer: nn.Module, rotary: nn.Module, window: int | None = None, **fixed: Any
    ) -> None:
        super().__init__()
        if hasattr(rotary, "original_inv_freq"):
            del rotary.original_inv_freq  # read only by dynamic RoPE: a dead argument
        self.layer, self.rotary, self.window, self.fixed = layer, rotary, window, fixed

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        positions = torch.arange(seq).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions)
        if self.window is None:
            mask = causal_mask(seq, hidden.dtype)
        else:
            mask = sliding_causal_mask(seq, hidden.dtype, self.window)
        out = self.layer(hidden, attention_mask=mask, position_embeddings=(cos, sin), **self.fixed)
        return out[0] if isinstance(out, tuple) else out


def model(name: str, build: Callable[[], Built], source: str, exercises: str) -> ZooModel:
    """A small f32 model of the unseen sets."""
    return ZooModel(name, build, source, "small", "f32", exercises)


def small_models(
    builds: dict[str, tuple[Callable[[], Built], str]], source: str, joint: bool = False
) -> list[ZooModel]:
    """A set's models from its table (name -> build, what it exercises): small
    configs, the element type from the name's `_f16` / `_bf16` suffix, else f32;
    training steps (models/joint.py) when `joint`."""
    return [
        ZooModel(name, build, source, "small", _element_type(name), exercises, joint=joint)
        for name, (build, exercises) in builds.items()
    ]


def _element_type(name: str) -> str:
    return name.rsplit("_", 1)[-1] if name.endswith(("_f16", "_bf16")) else "f32"
