"""Written-out blocks and losses of the twenty-third set
(bench/unseen_models_twenty_third.py): training steps, so each module's
forward returns a scalar loss (models/joint.py). Dropout-free; BatchNorm
without running statistics (batch statistics, nothing written back).
Imported only by the zoo venv (torch), with models/ on sys.path.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


class MseLoss(nn.Module):
    """`inner(x)` (its first output where it returns a tuple) against a target."""

    def __init__(self, inner: nn.Module) -> None:
        super().__init__()
        self.inner = inner

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        out = self.inner(x)
        out = out[0] if isinstance(out, (tuple, list)) else out
        return F.mse_loss(out, target)


class TokenLoss(nn.Module):
    """Cross-entropy of `head(inner(x))` against integer labels, the last axis the classes."""

    def __init__(self, inner: nn.Module, width: int, classes: int) -> None:
        super().__init__()
        self.inner, self.head = inner, nn.Linear(width, classes)

    def forward(self, x: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        out = self.inner(x)
        out = out[0] if isinstance(out, (tuple, list)) else out
        logits = self.head(out)
        return F.cross_entropy(logits.flatten(0, -2).float(), labels.flatten())


class BasicBlock(nn.Module):
    """ResNet's basic block: conv-BN-ReLU-conv-BN, a strided 1×1 conv-BN shortcut."""

    def __init__(self, cin: int, cout: int, stride: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout, track_running_stats=False)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout, track_running_stats=False)
        self.down = nn.Sequential(
            nn.Conv2d(cin, cout, 1, stride, bias=False),
            nn.BatchNorm2d(cout, track_running_stats=False),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + self.down(x))


class InvertedResidual(nn.Module):
    """MobileNet-V2: 1×1 expand, 3×3 depthwise, 1×1 project (BN, ReLU6), residual."""

    def __init__(self, channels: int, expand: int) -> None:
        super().__init__()
        hidden = channels * expand
        self.body = nn.Sequential(
            nn.Conv2d(channels, hidden, 1, bias=False),
            nn.BatchNorm2d(hidden, track_running_stats=False),
            nn.ReLU6(),
            nn.Conv2d(hidden, hidden, 3, 1, 1, groups=hidden, bias=False),
            nn.BatchNorm2d(hidden, track_running_stats=False),
            nn.ReLU6(),
            nn.Conv2d(hidden, channels, 1, bias=False),
            nn.BatchNorm2d(channels, track_running_stats=False),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.body(x)


class ResnetBlock(nn.Module):
    """A diffusion U-Net resblock: GroupNorm-SiLU-conv, a time embedding added
    per channel, GroupNorm-SiLU-conv, a 1×1 shortcut; the loss is the
    noise-prediction MSE."""

    def __init__(self, cin: int, cout: int, temb: int) -> None:
        super().__init__()
        self.norm1, self.conv1 = nn.GroupNorm(4, cin), nn.Conv2d(cin, cout, 3, 1, 1)
        self.time = nn.Linear(temb, cout)
        self.norm2, self.conv2 = nn.GroupNorm(4, cout), nn.Conv2d(cout, cout, 3, 1, 1)
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x: torch.Tensor, t: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.time(F.silu(t))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        return F.mse_loss(self.skip(x) + h, noise)


class LstmTagger(nn.Module):
    """Embedding, a one-layer LSTM, per-token cross-entropy (embedding backward included)."""

    def __init__(self, vocab: int, width: int, tags: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.lstm = nn.LSTM(width, width, batch_first=True)
        self.head = nn.Linear(width, tags)

    def forward(self, tokens: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        out, _ = self.lstm(self.embed(tokens))
        return F.cross_entropy(self.head(out).flatten(0, 1), labels.flatten())


class GruRegressor(nn.Module):
    """A GRU over a sequence of features, its last state regressed by MSE."""

    def __init__(self, width: int, hidden: int) -> None:
        super().__init__()
        self.gru, self.head = nn.GRU(width, hidden, batch_first=True), nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        out, _ = self.gru(x)
        return F.mse_loss(self.head(out[:, -1]).squeeze(-1), target)


class Top2Moe(nn.Module):
    """A Mixtral-style MoE MLP: softmax router, top-2 renormalised weights, SiLU
    experts run densely and combined by the one-hot-scattered weights, plus the
    Switch load-balancing auxiliary loss; the loss is MSE + 0.01 × aux."""

    def __init__(self, width: int, hidden: int, experts: int) -> None:
        super().__init__()
        self.router = nn.Linear(width, experts, bias=False)
        self.up = nn.Parameter(torch.randn(experts, width, hidden) * width**-0.5)
        self.gate = nn.Parameter(torch.randn(experts, width, hidden) * width**-0.5)
        self.down = nn.Parameter(torch.randn(experts, hidden, width) * hidden**-0.5)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        tokens = x.flatten(0, 1)
        probs = self.router(tokens).softmax(-1)
        # topk's values taken by gather at its indices: the same values and
        # gradient (torch-mlir crashes lowering the backward of topk, module docstring).
        chosen = probs.topk(2, dim=-1).indices
        weights = probs.gather(1, chosen)
        weights = weights / weights.sum(-1, keepdim=True)
        dense = torch.zeros_like(probs).scatter(1, chosen, weights)
        hidden = F.silu(torch.einsum("td,edh->eth", tokens, self.gate))
        hidden = hidden * torch.einsum("td,edh->eth", tokens, self.up)
        outs = torch.einsum("eth,ehd->etd", hidden, self.down)
        out = torch.einsum("te,etd->td", dense, outs).view_as(x)
        experts = torch.arange(probs.shape[-1])
        routed = (chosen[:, :1] == experts).float().mean(0)  # F.one_hot reads max()
        aux = probs.shape[-1] * (routed * probs.mean(0)).sum()
        return F.mse_loss(out, target) + 0.01 * aux


class SwiGluMlp(nn.Module):
    """Llama's MLP after an RMSNorm, with a residual; MSE against a target."""

    def __init__(self, width: int, hidden: int) -> None:
        super().__init__()
        self.scale = nn.Parameter(torch.rand(width) + 0.5)
        self.gate, self.up = (
            nn.Linear(width, hidden, bias=False),
            nn.Linear(width, hidden, bias=False),
        )
        self.down = nn.Linear(hidden, width, bias=False)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        wide = x.float()
        normed = (wide * torch.rsqrt(wide.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype)
        normed = normed * self.scale
        out = x + self.down(F.silu(self.gate(normed)) * self.up(normed))
        return F.mse_loss(out.float(), target.float())


class TiedLm(nn.Module):
    """GPT-2 as a language model: token + position embeddings, `blocks`, a final
    LayerNorm, the LM head tied to the token embedding, next-token cross-entropy."""

    def __init__(self, vocab: int, width: int, seq: int, blocks: list[nn.Module]) -> None:
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, width), nn.Embedding(seq, width)
        self.blocks, self.norm = nn.ModuleList(blocks), nn.LayerNorm(width)

    def forward(self, tokens: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        seq = tokens.shape[1]
        hidden = self.wte(tokens) + self.wpe(torch.arange(seq))[None]
        future = torch.arange(seq)[None, :] > torch.arange(seq)[:, None]
        mask = torch.zeros(seq, seq).masked_fill(future, torch.finfo(hidden.dtype).min)
        for block in self.blocks:
            out = block(hidden, attention_mask=mask[None, None])
            hidden = out[0] if isinstance(out, tuple) else out
        logits = self.norm(hidden) @ self.wte.weight.t()
        return F.cross_entropy(logits.flatten(0, 1), labels.flatten())
