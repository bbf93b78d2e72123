"""Wrappers of bench/unseen_models_sixteenth.py: each feeds a transformers
layer what its model would (positions, masks, frames, quantization scales)
and returns one tensor; `scatter_by_compare` stands in for the scatters
torch-mlir cannot lower. Imported only by the zoo venv.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers.models.blt.modeling_blt import compute_hash_embeddings
from unseen_common import perturb
from zoo_text_layers import causal_mask


def randomize(module: nn.Module, *names: str) -> nn.Module:
    """Parameters and buffers whose name holds one of `names` (zeros or
    torch.empty when built: expert weights, routers, score biases) drawn at
    random, then `perturb`."""
    with torch.no_grad():
        tensors = [*module.named_parameters(), *module.named_buffers()]
        for name, tensor in tensors:
            if tensor.is_floating_point() and any(part in name for part in names):
                tensor.normal_(0.0, 0.5 if "gate" in name and "experts" not in name else 0.1)
    return perturb(module)


def _hits(shape: torch.Size, index: torch.Tensor) -> torch.Tensor:
    """Which positions of the last axis some index of `index` names."""
    return (torch.arange(shape[-1]) == index[..., None]).any(dim=-2)


def scatter_by_compare(
    self: torch.Tensor, dim: int, index: torch.Tensor, value: Any
) -> torch.Tensor:
    """`torch.scatter(self, -1, index, value)` for a scalar value, as a
    comparison of each position with every index."""
    assert dim == -1 or dim == self.dim() - 1
    return torch.where(_hits(self.shape, index), torch.full((), value, dtype=self.dtype), self)


def scatter_in_place_by_compare(
    self: torch.Tensor, dim: int, index: torch.Tensor, value: Any
) -> torch.Tensor:
    """`self.scatter_(dim, index, value)` on the last axis, as `scatter_by_compare`."""
    return self.copy_(scatter_by_compare(self, dim, index, value))


_TOPK = torch.topk


def sorted_topk(
    x: torch.Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True
) -> tuple[torch.Tensor, torch.Tensor]:
    """torch.topk always sorted: torch-mlir fails on `sorted=False` ("failed to
    legalize operation 'torch.constant.bool'"); the routers only sum or gather
    by what it picks, so the order does not change their output."""
    values, indices = _TOPK(x, k, dim=dim, largest=largest, sorted=True)
    return values, indices


class Scattered(nn.Module):
    """A layer run with torch.scatter and Tensor.scatter_ (scalar values on the
    last axis) computed by comparison, the routers' only scatters, and
    torch.topk sorted (`sorted_topk`)."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor, **kwargs: Any) -> torch.Tensor:
        with (
            mock.patch.object(torch, "scatter", scatter_by_compare),
            mock.patch.object(torch.Tensor, "scatter_", scatter_in_place_by_compare),
            mock.patch.object(torch, "topk", sorted_topk),
        ):
            out = self.layer(hidden, **kwargs)
        result: torch.Tensor = out[0] if isinstance(out, tuple) else out
        return result


class PositionedBlock(nn.Module):
    """A GPT-style block fed position ids 0..S-1 and a causal mask (CodeGen)."""

    def __init__(self, block: nn.Module) -> None:
        super().__init__()
        self.block = block

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        positions = torch.arange(seq).unsqueeze(0).expand(hidden.shape[0], -1)
        out = self.block(
            hidden, attention_mask=causal_mask(seq, hidden.dtype), position_ids=positions
        )
        result: torch.Tensor = out[0] if isinstance(out, tuple) else out
        return result


class Fields(nn.Module):
    """A model whose output object's `fields` are concatenated on the last axis."""

    def __init__(self, model: nn.Module, *fields: str, **fixed: Any) -> None:
        super().__init__()
        self.model, self.fields, self.fixed = model, fields, fixed

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        out = self.model(*inputs, **self.fixed)
        return torch.cat([getattr(out, field) for field in self.fields], dim=-1)


class VitsPrior(nn.Module):
    """VITS' text encoder on padded phoneme ids: the prior means and log
    variances (windowed relative attention, masked conv feed-forward)."""

    def __init__(self, encoder: nn.Module) -> None:
        super().__init__()
        self.encoder = encoder

    def forward(self, input_ids: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(input_ids.shape[1])[None, :] < lengths[:, None]
        out = self.encoder(input_ids, keep.unsqueeze(-1).float(), attention_mask=keep.long())
        return torch.cat([out.prior_means, out.prior_log_variances], dim=-1)


class EntityAwareLayer(nn.Module):
    """LUKE's layer on word and entity states with one padding mask over both:
    the entity-aware attention's four query projections (word-to-word,
    word-to-entity, entity-to-word, entity-to-entity), both streams' outputs
    concatenated on the sequence axis."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(
        self, words: torch.Tensor, entities: torch.Tensor, keep: torch.Tensor
    ) -> torch.Tensor:
        extended = (1.0 - keep[:, None, None, :]) * torch.finfo(words.dtype).min
        word_out, entity_out = self.layer(words, entities, attention_mask=extended)[:2]
        return torch.cat([word_out, entity_out], dim=1)


class ObjectQueries(nn.Module):
    """OWLv2's detection heads over a patch feature map [B, h·w, D] and text
    queries [B, Q, Dt] with a query mask: class logits (L2-normalized
    embeddings, elu + 1 scale, shift, masked), boxes (MLP + the grid's
    inverse-sigmoid box bias, sigmoid) and objectness, side by side."""

    def __init__(self, detector: nn.Module, grid: int) -> None:
        super().__init__()
        self.detector, self.grid = detector, grid

    def forward(
        self, features: torch.Tensor, queries: torch.Tensor, query_mask: torch.Tensor
    ) -> torch.Tensor:
        batch, _, dim = features.shape
        feature_map = features.reshape(batch, self.grid, self.grid, dim)
        logits, _ = self.detector.class_predictor(features, queries, query_mask)
        boxes = self.detector.box_predictor(features, feature_map)
        objectness = self.detector.objectness_predictor(features)
        return torch.cat([logits, boxes, objectness[..., None]], dim=-1)


class HashEmbeddings(nn.Module):
    """BLT's local-encoder byte embeddings: the byte embedding plus, for each
    hash function and n-gram size, an embedding of the n-gram's rolling
    polynomial hash (int64 powers of a prime, wrapping) modulo the hash
    vocabulary; then an RMSNorm."""

    def __init__(self, vocab: int, dim: int, sizes: list[int], functions: int, hashes: int) -> None:
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, dim)
        self.hash_embedding = nn.Embedding(functions * len(sizes) * hashes, dim)
        self.norm = nn.RMSNorm(dim, eps=1e-5)
        self.sizes, self.functions, self.hashes = sizes, functions, hashes

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        embeddings = compute_hash_embeddings(
            tokens, self, self.hash_embedding, self.functions, self.sizes, self.hashes
        )
        result: torch.Tensor = self.norm(embeddings)
        return result
