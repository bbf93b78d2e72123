"""Wrappers of bench/unseen_models_twenty_second.py: each feeds a
transformers model what its pipeline would (grids of packed patches,
spatial shapes, codebook ids, region features) and returns one tensor.
Imported only by the zoo venv.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import torch
from torch import nn
from torch.nn import functional as F


class Ints:
    """A small integer tensor the pipeline computes before the model runs
    (Qwen2.5-VL's cumulative window lengths, SigLIP-2's spatial shapes),
    held as Python lists: the model only reads it by `.tolist()`, indexing,
    slicing and subtraction, which torch.export would otherwise trace as
    data-dependent sizes (`aten.item` → unbacked symbols for torch.split and
    F.interpolate)."""

    def __init__(self, values: Any) -> None:
        self.values = values

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(torch.tensor(self.values).shape)

    def __getitem__(self, key: Any) -> Any:
        picked = self.values[key]
        return Ints(picked) if isinstance(picked, list) else picked

    def __sub__(self, other: Ints) -> Ints:
        return Ints([a - b for a, b in zip(self.values, other.values, strict=True)])

    def tolist(self) -> Any:
        return self.values


class PackedImages(nn.Module):
    """Qwen2.5-VL's vision tower on the flattened patches of images packed
    into one sequence, `grid_thw` their (t, h, w) patch grids: the rotary
    positions, the window permutation and the cumulative lengths computed
    from the grids by transformers' own vision_utils before the call (the
    lengths as `Ints`, the positions and permutation as tensors created in
    forward); returns the merged tokens (the patch merger's output)."""

    def __init__(self, model: nn.Module, grid_thw: list[list[int]]) -> None:
        super().__init__()
        from transformers import vision_utils as vu

        config = model.config
        grid = torch.tensor(grid_thw)
        self.model, self.grid = model, grid_thw
        positions = vu.get_vision_position_ids(grid, config.spatial_merge_size)
        window, cu_window = vu.get_vision_window_index(
            grid, config.spatial_merge_size, config.window_size, config.patch_size
        )
        self.positions, self.window = positions.tolist(), window.tolist()
        self.cu_seqlens = vu.get_vision_cu_seqlens(grid).tolist()
        self.cu_window = cu_window.tolist()

    def forward(self, patches: torch.Tensor) -> torch.Tensor:
        out = self.model(
            patches,
            grid_thw=torch.tensor(self.grid),
            position_ids=torch.tensor(self.positions),
            cu_seqlens=Ints(self.cu_seqlens),
            window_index=torch.tensor(self.window),
            cu_window_seqlens=Ints(self.cu_window),
        )
        result: torch.Tensor = out.pooler_output
        return result


_INTERPOLATE = F.interpolate


def resize_matrix(
    size_in: tuple[int, int], size_out: tuple[int, int], **kwargs: Any
) -> list[list[float]]:
    """F.interpolate from `size_in` to `size_out` as a matrix [out·out, in·in]
    (the resize is linear): the images of the one-hot inputs, computed
    eagerly outside the traced forward."""
    count = size_in[0] * size_in[1]
    basis = torch.eye(count).view(count, 1, *size_in)
    with torch.no_grad():
        images = _INTERPOLATE(basis, size=size_out, **kwargs)
    matrix: list[list[float]] = images.view(count, -1).t().tolist()
    return matrix


class NaFlexPatches(nn.Module):
    """SigLIP-2's NaFlex vision tower on padded patch sequences, their 0/1
    mask and each image's patch grid (`Ints`): the last hidden state and the
    attention-pooled embedding side by side. Its position table is resized
    per image by F.interpolate(bilinear, antialias=True), whose
    aten._upsample_bilinear2d_aa torch-mlir cannot lower ("failed to
    legalize operation 'torch.operator' ... torch.aten._upsample_bilinear2d_aa"):
    the same resize runs as a product with its matrix (`resize_matrix`,
    built eagerly per image shape; equal to 1e-7)."""

    def __init__(self, model: nn.Module, shapes: list[list[int]], table: int) -> None:
        super().__init__()
        self.model, self.shapes = model, shapes
        kwargs = {"mode": "bilinear", "align_corners": False, "antialias": True}
        self.matrices = {
            tuple(shape): resize_matrix((table, table), (shape[0], shape[1]), **kwargs)
            for shape in shapes
        }

    def interpolate(self, x: torch.Tensor, size: Any = None, **kwargs: Any) -> torch.Tensor:
        """The antialiased resizes of the position table by their matrices."""
        if not kwargs.get("antialias") or tuple(size) not in self.matrices:
            return _INTERPOLATE(x, size=size, **kwargs)
        matrix = torch.tensor(self.matrices[tuple(size)], dtype=x.dtype)
        return (x.flatten(2) @ matrix.t()).unflatten(2, tuple(size))

    def forward(self, patches: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(F, "interpolate", self.interpolate):
            out = self.model(patches, pixel_attention_mask=keep, spatial_shapes=Ints(self.shapes))
        return torch.cat([out.last_hidden_state.flatten(1), out.pooler_output], dim=1)


class CodebookDecoder(nn.Module):
    """MusicGen's decoder (`MusicgenForCausalLM`) on audio codes
    [B·codebooks, S] with a padding mask, cross-attending to padded text
    encoder states: the per-codebook logits."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, codes: torch.Tensor, keep: torch.Tensor, text: torch.Tensor, text_keep: torch.Tensor
    ) -> torch.Tensor:
        out = self.model(
            input_ids=codes,
            attention_mask=keep,
            encoder_hidden_states=text,
            encoder_attention_mask=text_keep,
            use_cache=False,
        )
        result: torch.Tensor = out.logits
        return result


class DaViTImage(nn.Module):
    """Florence-2's image path: the DaViT backbone (conv embeddings, spatial
    window attention and channel attention blocks) then the multimodal
    projector (learned 2D and cosine 1D positions, spatial and temporal
    mean tokens, projection, LayerNorm)."""

    def __init__(self, backbone: nn.Module, projector: nn.Module) -> None:
        super().__init__()
        self.backbone, self.projector = backbone, projector

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.projector(self.backbone(pixels).last_hidden_state)
        return result


class MetricDepth(nn.Module):
    """ZoeDepth on pixels: the metric depth map."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        result: torch.Tensor = self.model(pixels).predicted_depth
        return result


class RegionsAndText(nn.Module):
    """LXMERT on padded token ids, detector region features and their boxes:
    the language and the vision streams' outputs side by side."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(
        self, ids: torch.Tensor, keep: torch.Tensor, regions: torch.Tensor, boxes: torch.Tensor
    ) -> torch.Tensor:
        out = self.model(input_ids=ids, attention_mask=keep, visual_feats=regions, visual_pos=boxes)
        parts = (out.language_output, out.vision_output)
        return torch.cat([part.flatten(1) for part in parts], dim=1)


class PaddedImagePatches(nn.Module):
    """SmolVLM's image path: the SigLIP-style vision tower on padded pixels
    with a patch mask (the real image's patches; NaFlex-style fractional
    positions bucketized into the position table), then the connector
    (pixel shuffle, projection)."""

    def __init__(self, vision: nn.Module, connector: nn.Module) -> None:
        super().__init__()
        self.vision, self.connector = vision, connector

    def forward(self, pixels: torch.Tensor, patch_keep: torch.Tensor) -> torch.Tensor:
        hidden = self.vision(pixels, patch_attention_mask=patch_keep.bool()).last_hidden_state
        result: torch.Tensor = self.connector(hidden)
        return result


class DepthDecoder(nn.Module):
    """CSM's depth decoder on one frame's codebook ids after the first,
    preceded by the backbone's last hidden state: the per-codebook logits
    (position-specific heads)."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, codes: torch.Tensor, backbone: torch.Tensor) -> torch.Tensor:
        out = self.model(input_ids=codes, backbone_last_hidden_state=backbone, use_cache=False)
        result: torch.Tensor = out.logits
        return result
