"""A fourth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set fourth`): what the first three sets do not have. T5's bucketed
relative bias (log of distances, integer casts), Gemma-2's logit soft-capping
(tanh between the scores and the softmax), fused QKV and gate/up projections
split by slices, per-head q/k RMSNorm, parallel attention and MLP from one
LayerNorm, SAM's windowed attention with padding and decomposed relative
positions, DETR's position embeddings added to queries and keys only,
Perceiver's latent cross-attention, and CNN blocks written out: MobileNet-V3
(hard-swish, hard-sigmoid SE), YOLO's SPPF (chained max pools, concat),
ShuffleNet-V2 (chunk, concat, channel shuffle), an Inception block (average
pool without padded cells), and an LSTM unrolled over time.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import nn
from transformers import (
    CohereConfig,
    DetrConfig,
    Gemma2Config,
    PerceiverConfig,
    Phi3Config,
    Qwen3Config,
    SamVisionConfig,
    T5Config,
)
from transformers.models.cohere.modeling_cohere import CohereDecoderLayer, CohereRotaryEmbedding
from transformers.models.detr.modeling_detr import DetrDecoderLayer
from transformers.models.gemma2.modeling_gemma2 import Gemma2DecoderLayer, Gemma2RotaryEmbedding
from transformers.models.perceiver.modeling_perceiver import PerceiverLayer
from transformers.models.phi3.modeling_phi3 import Phi3DecoderLayer, Phi3RotaryEmbedding
from transformers.models.qwen3.modeling_qwen3 import Qwen3DecoderLayer, Qwen3RotaryEmbedding
from transformers.models.sam.modeling_sam import SamVisionLayer
from transformers.models.t5.modeling_t5 import T5Block
from unseen_common import Built, RotaryLayer, model, perturb
from unseen_convnets import Inception, LstmTagger, MobileNetV3Block, ShuffleUnit, Sppf
from zoo_spec import FirstOutput
from zoo_text_layers import eager


class DetrQueries(nn.Module):
    """A DETR decoder layer: object queries with their own position embeddings,
    attending to encoder features that carry spatial position embeddings."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(
        self,
        queries: torch.Tensor,
        query_pos: torch.Tensor,
        memory: torch.Tensor,
        pos: torch.Tensor,
    ) -> torch.Tensor:
        out = self.layer(
            queries,
            spatial_position_embeddings=pos,
            object_queries_position_embeddings=query_pos,
            encoder_hidden_states=memory,
        )
        return out[0] if isinstance(out, tuple) else out


class LatentCrossAttention(nn.Module):
    """Perceiver's first layer: learned latents attend to the inputs."""

    def __init__(self, layer: nn.Module, latents: int, channels: int) -> None:
        super().__init__()
        self.layer = layer
        self.latents = nn.Parameter(torch.randn(1, latents, channels))

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        latents = self.latents.expand(inputs.shape[0], -1, -1)
        out: torch.Tensor = self.layer(latents, inputs=inputs)[0]
        return out


def _t5_block() -> Built:
    config = eager(
        T5Config(d_model=64, d_kv=16, d_ff=128, num_heads=4, relative_attention_num_buckets=16)
    )
    block = perturb(T5Block(config, has_relative_attention_bias=True, layer_idx=0))
    return FirstOutput(block), (torch.randn(1, 20, 64),)


def _decoder(config: Any, layer: type[nn.Module], rotary: type[nn.Module], index: int = 0) -> Built:
    """A small decoder layer (hidden 64, 4 heads, seq 16) fed rotary embeddings and a causal mask."""
    built = perturb(layer(eager(config), layer_idx=index))
    return RotaryLayer(built, rotary(config)), (torch.randn(1, 16, 64),)


_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _gemma2_block() -> Built:
    config = Gemma2Config(
        **_SIZES,
        num_key_value_heads=2,
        head_dim=16,
        attn_logit_softcapping=50.0,
        query_pre_attn_scalar=16,
    )
    return _decoder(config, Gemma2DecoderLayer, Gemma2RotaryEmbedding, index=1)


def _phi3_block() -> Built:
    config = Phi3Config(**_SIZES, num_key_value_heads=2)
    return _decoder(config, Phi3DecoderLayer, Phi3RotaryEmbedding)


def _qwen3_block() -> Built:
    config = Qwen3Config(**_SIZES, num_key_value_heads=2, head_dim=16)
    return _decoder(config, Qwen3DecoderLayer, Qwen3RotaryEmbedding)


def _cohere_block() -> Built:
    config = CohereConfig(**_SIZES, num_key_value_heads=4)
    return _decoder(config, CohereDecoderLayer, CohereRotaryEmbedding)


def _sam_vision_layer() -> Built:
    config = eager(
        SamVisionConfig(
            hidden_size=32,
            num_attention_heads=2,
            mlp_dim=64,
            use_rel_pos=True,
            image_size=48,
            patch_size=8,
            window_size=4,
        )
    )
    layer = perturb(SamVisionLayer(config, window_size=4))
    return FirstOutput(layer), (torch.randn(1, 6, 6, 32),)


def _detr_decoder_layer() -> Built:
    config = eager(DetrConfig(d_model=64, decoder_attention_heads=4, decoder_ffn_dim=128))
    layer = perturb(DetrDecoderLayer(config))
    inputs = (torch.randn(1, 10, 64), torch.randn(1, 10, 64), torch.randn(1, 48, 64))
    return DetrQueries(layer), (*inputs, torch.randn(1, 48, 64))


def _perceiver_cross_layer() -> Built:
    config = PerceiverConfig(d_latents=64, d_model=32, num_cross_attention_heads=2)
    layer = PerceiverLayer(
        config,
        is_cross_attention=True,
        qk_channels=64,
        v_channels=64,
        num_heads=2,
        q_dim=64,
        kv_dim=32,
        widening_factor=2,
    )
    return LatentCrossAttention(perturb(layer), 12, 64), (torch.randn(1, 40, 32),)


CNN_BUILDS = {
    "mobilenetv3_block": lambda: (perturb(MobileNetV3Block()), (torch.randn(1, 16, 14, 14),)),
    "yolo_sppf": lambda: (perturb(Sppf()), (torch.randn(1, 32, 12, 12),)),
    "shufflenet_unit": lambda: (perturb(ShuffleUnit()), (torch.randn(1, 32, 12, 12),)),
    "inception_block": lambda: (perturb(Inception()), (torch.randn(1, 32, 10, 10),)),
    "lstm_tagger": lambda: (LstmTagger(), (torch.randn(2, 6, 16),)),
}
_MODELS = [
    (
        "t5_block",
        _t5_block,
        "transformers T5Block",
        "bucketed relative bias (log of distances, int casts, gather), RMS-style norm, no scale",
    ),
    (
        "gemma2_block",
        _gemma2_block,
        "transformers Gemma2DecoderLayer",
        "logit soft-capping (tanh) inside attention, GQA, pre- and post-norms on both branches",
    ),
    (
        "phi3_block",
        _phi3_block,
        "transformers Phi3DecoderLayer",
        "fused qkv and gate/up projections split by slices, GQA, SwiGLU",
    ),
    (
        "qwen3_block",
        _qwen3_block,
        "transformers Qwen3DecoderLayer",
        "per-head RMSNorm on q and k before rotary, GQA",
    ),
    (
        "cohere_block",
        _cohere_block,
        "transformers CohereDecoderLayer",
        "parallel attention and MLP from one bias-free LayerNorm, interleaved rotary",
    ),
    (
        "sam_vision_layer",
        _sam_vision_layer,
        "transformers SamVisionLayer",
        "6x6 grid padded to 4x4 windows, decomposed relative positions (einsum), unpad",
    ),
    (
        "detr_decoder_layer",
        _detr_decoder_layer,
        "transformers DetrDecoderLayer",
        "position embeddings added to queries and keys only, cross-attention, post-LN",
    ),
    (
        "perceiver_cross_layer",
        _perceiver_cross_layer,
        "transformers PerceiverLayer",
        "12 learned latents attend to 40 inputs of another width, query residual",
    ),
    (
        "mobilenetv3_block",
        CNN_BUILDS["mobilenetv3_block"],
        "MobileNet-V3 block, written out",
        "hard-swish, depthwise 5x5, SE with hard-sigmoid, residual",
    ),
    (
        "yolo_sppf",
        CNN_BUILDS["yolo_sppf"],
        "YOLO SPPF + C2f, written out",
        "chained 5x5 max pools, 4-way concat, chunk, SiLU convs",
    ),
    (
        "shufflenet_unit",
        CNN_BUILDS["shufflenet_unit"],
        "ShuffleNet-V2 unit, written out",
        "chunk, branch convs, concat, channel shuffle",
    ),
    (
        "inception_block",
        CNN_BUILDS["inception_block"],
        "Inception block, written out",
        "four branches (1x1, 3x3, 5x5, avg pool without padded cells), concat",
    ),
    (
        "lstm_tagger",
        CNN_BUILDS["lstm_tagger"],
        "torch.nn.LSTM tagger",
        "one LSTM layer over 6 steps, linear head, log-softmax",
    ),
]
MODELS = [model(name, build, source, exercises) for name, build, source, exercises in _MODELS]
