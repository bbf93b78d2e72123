"""Wrappers of bench/unseen_models_fourteenth.py that feed `transformers`
layers what their model would: two layers of a hybrid-attention model under
the sliding-window and the global causal mask with one rotary table
(`HybridPair`: Exaone-4, Cohere-2), an RT-DETR-v2 decoder layer fed
multi-scale memory, its spatial shapes and level starts as constants
(`RTDetrV2Decoding`), FastSpeech2's Conformer encoder fed a padding mask from
lengths (`ConformerPadded`), and Mimi's transformer layer under a
sliding-window causal mask (`MimiWindowed`). Imported only by the zoo venv.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers import FastSpeech2ConformerConfig, MimiConfig, RTDetrV2Config
from transformers.models.fastspeech2_conformer.modeling_fastspeech2_conformer import (
    FastSpeech2ConformerEncoder,
)
from transformers.models.mimi.modeling_mimi import MimiConv1d, MimiEncoder
from transformers.models.rt_detr_v2 import modeling_rt_detr_v2
from transformers.models.rt_detr_v2.modeling_rt_detr_v2 import RTDetrV2DecoderLayer
from unseen_common import sliding_causal_mask
from zoo_text_layers import causal_mask


class HybridPair(nn.Module):
    """Two decoder layers, the first with sliding-window attention (mask of
    `window`), the second global (causal mask), fed one rotary table (a
    global NoPE layer ignores it); or one sliding-window layer."""

    def __init__(self, layers: list[nn.Module], rotary: nn.Module, window: int) -> None:
        super().__init__()
        if hasattr(rotary, "original_inv_freq"):
            del rotary.original_inv_freq  # read only by dynamic RoPE: a dead argument
        self.layers, self.rotary, self.window = nn.ModuleList(layers), rotary, window

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        positions = torch.arange(seq).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions)
        masks = (
            sliding_causal_mask(seq, hidden.dtype, self.window),
            causal_mask(seq, hidden.dtype),
        )[: len(self.layers)]  # one layer (Mimi's): the sliding-window mask only
        for layer, mask in zip(self.layers, masks, strict=True):
            out = layer(hidden, attention_mask=mask, position_embeddings=(cos, sin))
            hidden = out[0] if isinstance(out, tuple) else out
        return hidden


class MimiWindowed(nn.Module):
    """Mimi's transformer layer (rotary, layer scale) under a sliding-window
    causal mask (its config's `sliding_window`)."""

    def __init__(self, layer: nn.Module, rotary: nn.Module, window: int) -> None:
        super().__init__()
        self.pair = HybridPair([layer], rotary, window)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.pair(hidden)
        return out


class RTDetrV2Decoding(nn.Module):
    """RT-DETR-v2's decoder layer: self-attention over the queries (with
    their position embeddings), multi-scale deformable attention into the
    flattened `shapes` levels of `memory` at box reference points."""

    def __init__(self, config: RTDetrV2Config, shapes: list[tuple[int, int]]) -> None:
        super().__init__()
        self.layer, self.shapes = RTDetrV2DecoderLayer(config), shapes
        starts = [0]
        for height, width in shapes[:-1]:
            starts.append(starts[-1] + height * width)
        self.starts = starts

    def check(self, memory: torch.Tensor) -> None:
        """What RTDetrV2MultiscaleDeformableAttention's torch_compilable_check
        asserts (data-dependent on the spatial-shape tensor), made here."""
        assert sum(h * w for h, w in self.shapes) == memory.shape[1]

    def forward(
        self,
        queries: torch.Tensor,
        query_pos: torch.Tensor,
        boxes: torch.Tensor,
        memory: torch.Tensor,
    ) -> torch.Tensor:
        reference = boxes.sigmoid()[:, :, None, :]  # one box for every level
        self.check(memory)
        with mock.patch.object(
            modeling_rt_detr_v2, "torch_compilable_check", lambda *_, **__: None
        ):
            out: Any = self.layer(
                queries,
                object_queries_position_embeddings=query_pos,
                reference_points=reference,
                spatial_shapes=torch.tensor(self.shapes, dtype=torch.long),
                spatial_shapes_list=self.shapes,
                level_start_index=torch.tensor(self.starts, dtype=torch.long),
                encoder_hidden_states=memory,
            )
        return out[0] if isinstance(out, tuple) else out


class ConformerPadded(nn.Module):
    """FastSpeech2's Conformer encoder (relative positional encoding,
    macaron FFNs of Conv1d, the conv module) with a 0/1 padding mask from
    `lengths`."""

    def __init__(self, config: FastSpeech2ConformerConfig, lengths: list[int]) -> None:
        super().__init__()
        self.encoder = FastSpeech2ConformerEncoder(config, config.encoder_config)
        self.lengths = lengths
        pos_enc = self.encoder.pos_enc  # the table its forward extends to, for max(lengths)
        pos_enc.pos_enc = pos_enc.extend_pos_enc(torch.zeros(1, max(lengths)))

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(hidden.shape[1])[None, :] < torch.tensor(self.lengths)[:, None]
        out = self.encoder(hidden, attention_mask=keep[:, None, :], return_dict=False)
        result: torch.Tensor = out[0]
        return result


_INT_BUFFERS = ("kernel_size", "stride", "padding_total")


def _extra_padding_ints(self: MimiConv1d, hidden: torch.Tensor) -> int:
    """MimiConv1d._get_extra_padding_for_conv1d on the Python ints `_ints`
    (kernel size, stride, total padding) instead of its int64 buffers, the
    ceiling taken in integers (`math.ceil` of the traced length fails too)."""
    kernel, stride, total = self._ints
    length = hidden.shape[-1]
    frames = -(-(length - kernel + total) // stride)  # ceil((L - K + P) / S + 1) - 1, in ints
    return frames * stride + kernel - total - length


class MimiEncoderInts(nn.Module):
    """Mimi's SEANet encoder with `_extra_padding_ints` in every MimiConv1d,
    whose int64 buffers (kernel size, stride, total padding) are Python ints:
    exported as weight arguments, `padding_total` made the left pad a
    runtime value and every length after it dynamic."""

    def __init__(self, config: MimiConfig) -> None:
        super().__init__()
        self.encoder = MimiEncoder(config)
        for module in self.encoder.modules():
            if isinstance(module, MimiConv1d):
                ints = tuple(int(getattr(module, name)) for name in _INT_BUFFERS)
                for name, value in zip(_INT_BUFFERS, ints, strict=True):
                    del module._buffers[name]  # read by forward as the pad: an int
                    setattr(module, name, value)
                module._ints = ints

    def forward(self, audio: torch.Tensor) -> torch.Tensor:
        with mock.patch.object(MimiConv1d, "_get_extra_padding_for_conv1d", _extra_padding_ints):
            out: torch.Tensor = self.encoder(audio)
        return out
