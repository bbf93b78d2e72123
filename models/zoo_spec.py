"""What a zoo model is: a PyTorch module, its example inputs, and a README line.

Builders live in `zoo_text.py` (transformer layers) and `zoo_vision.py` (conv
blocks, pooling heads); `export.py` turns each into `NAME.mlir` + `NAME.npz`.
Only the zoo venv (`make zoo-venv`) imports this: torch is never a runtime
dependency of mlirfuse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn


@dataclass(frozen=True)
class ZooModel:
    """One model of the zoo.

    `build()` is called right after `torch.manual_seed(0)` and returns the module
    (put in eval mode by the exporter, train mode when `joint`) and its example
    inputs; the module's forward must return one tensor (PyTorch's output is
    stored as `ref`), a scalar loss when `joint`.
    """

    name: str
    build: Callable[[], tuple[nn.Module, tuple[torch.Tensor, ...]]]
    source: str  # the class the model comes from, e.g. "transformers GPT2Block"
    config: str  # the sizes that matter, e.g. "d=64, 4 heads, seq 32"
    dtype: str  # "f32", "f16", "bf16"
    exercises: str  # what a fusion compiler meets in it
    # `dynamic_shapes` for torch.export, over the flattened (inputs, weights) tuple,
    # e.g. a callable returning ({0: Dim("batch")}, None, ...); None: static.
    dynamic: Callable[[int], tuple[Any, ...]] | None = None
    tags: tuple[str, ...] = field(default=())
    # A training step (models/joint.py): forward returns a scalar loss, and the
    # export is (loss, one gradient per parameter), in train mode.
    joint: bool = False


class FirstOutput(nn.Module):
    """Wraps a layer that returns a tuple (as HF layers do) so forward returns a tensor."""

    def __init__(self, inner: nn.Module, **fixed: Any) -> None:
        super().__init__()
        self.inner = inner
        self.fixed = fixed  # keyword arguments that are not tensors (use_cache=False, ...)

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        out = self.inner(*inputs, **self.fixed)
        if isinstance(out, (tuple, list)):
            out = out[0]
        elif hasattr(out, "last_hidden_state"):
            out = out.last_hidden_state
        return out
