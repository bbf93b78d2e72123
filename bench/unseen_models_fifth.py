"""A fifth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set fifth`): architectures the first four sets do not have (Whisper's
encoder layer, XLNet's two-stream relative attention with its shift, MPNet's
bucketed relative bias, ESM's rotary layer, DPT's fusion stage with
align-corners bilinear upsampling, PatchTST with BatchNorm inside a
transformer, FNet's Fourier mixing), and f16 / bf16 versions of models of the
fourth set: the 16-bit paths on layers nobody here tuned them for.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
import unseen_models_fourth as fourth
from torch import nn
from transformers import (
    DPTConfig,
    EsmConfig,
    FNetConfig,
    MPNetConfig,
    PatchTSTConfig,
    WhisperConfig,
    XLNetConfig,
)
from transformers.models.dpt.modeling_dpt import DPTFeatureFusionLayer
from transformers.models.esm.modeling_esm import EsmLayer, EsmRotaryEmbedding
from transformers.models.fnet.modeling_fnet import FNetLayer
from transformers.models.mpnet.modeling_mpnet import MPNetEncoder
from transformers.models.patchtst.modeling_patchtst import PatchTSTEncoderLayer
from transformers.models.whisper.modeling_whisper import WhisperEncoderLayer
from transformers.models.xlnet.modeling_xlnet import XLNetModel
from unseen_common import Built, perturb
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import eager


class EmbeddedInputs(nn.Module):
    """A model called on input embeddings instead of token ids."""

    def __init__(self, inner: nn.Module) -> None:
        super().__init__()
        self.inner = inner

    def forward(self, embeddings: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.inner(inputs_embeds=embeddings, use_mems=False)[0]
        return out


class RotaryEncoderLayer(nn.Module):
    """An encoder layer (no mask) fed rotary cos/sin from positions 0..S-1."""

    def __init__(self, layer: nn.Module, rotary: nn.Module) -> None:
        super().__init__()
        self.layer, self.rotary = layer, rotary

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1]).unsqueeze(0)
        out = self.layer(hidden, position_embeddings=self.rotary(hidden, positions))
        return out[0] if isinstance(out, tuple) else out


def _whisper_encoder_layer() -> Built:
    config = eager(WhisperConfig(d_model=64, encoder_attention_heads=4, encoder_ffn_dim=256))
    layer = perturb(WhisperEncoderLayer(config))
    return FirstOutput(layer, attention_mask=None), (torch.randn(1, 30, 64),)


def _xlnet_layer() -> Built:
    config = eager(XLNetConfig(vocab_size=50, d_model=64, n_layer=1, n_head=4, d_inner=128))
    return EmbeddedInputs(perturb(XLNetModel(config))), (torch.randn(1, 12, 64),)


def _mpnet_encoder() -> Built:
    config = eager(
        MPNetConfig(
            hidden_size=64, num_hidden_layers=1, num_attention_heads=4, intermediate_size=128
        )
    )
    return FirstOutput(perturb(MPNetEncoder(config))), (torch.randn(1, 20, 64),)


def _esm_layer() -> Built:
    config = eager(
        EsmConfig(
            vocab_size=33,
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=128,
            position_embedding_type="rotary",
        )
    )
    layer = perturb(EsmLayer(config))
    return RotaryEncoderLayer(layer, EsmRotaryEmbedding(config)), (torch.randn(1, 16, 64),)


def _dpt_fusion_layer() -> Built:
    config = DPTConfig(fusion_hidden_size=32)
    layer = perturb(DPTFeatureFusionLayer(config))
    return layer, (torch.randn(1, 32, 8, 8), torch.randn(1, 32, 8, 8))


def _patchtst_layer() -> Built:
    config = eager(
        PatchTSTConfig(
            num_input_channels=3,
            d_model=32,
            num_attention_heads=4,
            ffn_dim=64,
            norm_type="batchnorm",
        )
    )
    layer = perturb(PatchTSTEncoderLayer(config))
    return FirstOutput(layer), (torch.randn(1, 3, 10, 32),)


def _fnet_layer() -> Built:
    config = FNetConfig(hidden_size=32, intermediate_size=64)
    return FirstOutput(perturb(FNetLayer(config))), (torch.randn(1, 16, 32),)


def half(build: Callable[[], Built], dtype: torch.dtype) -> Callable[[], Built]:
    """`build`'s model and floating-point inputs in `dtype`."""

    def built() -> Built:
        module, inputs = build()
        cast = tuple(t.to(dtype) if t.is_floating_point() else t for t in inputs)
        return module.to(dtype), cast

    return built


_F32 = [
    (
        "whisper_encoder_layer",
        _whisper_encoder_layer,
        "transformers WhisperEncoderLayer",
        "pre-LN, k_proj without bias, GELU MLP, 30 frames",
    ),
    (
        "xlnet_layer",
        _xlnet_layer,
        "transformers XLNetModel, one layer",
        "sinusoidal relative positions, content + position scores, rel_shift by reshapes",
    ),
    (
        "mpnet_encoder",
        _mpnet_encoder,
        "transformers MPNetEncoder, one layer",
        "bucketed relative position bias built in forward, shared by the layer",
    ),
    (
        "esm_layer",
        _esm_layer,
        "transformers EsmLayer",
        "rotary embeddings computed in attention, pre-LN, GELU",
    ),
    (
        "dpt_fusion_layer",
        _dpt_fusion_layer,
        "transformers DPTFeatureFusionLayer",
        "two pre-activation residual conv units, bilinear 2x (align corners), 1x1 conv",
    ),
    (
        "patchtst_layer",
        _patchtst_layer,
        "transformers PatchTSTEncoderLayer",
        "BatchNorm over patches inside a transformer layer, 3 channels x 10 patches",
    ),
    (
        "fnet_layer",
        _fnet_layer,
        "transformers FNetLayer",
        "Fourier token mixing (fftn, real part), LayerNorm, GELU MLP",
    ),
]
_HALF = [
    ("phi3_block_bf16", fourth._phi3_block, torch.bfloat16),
    ("qwen3_block_f16", fourth._qwen3_block, torch.float16),
    ("t5_block_bf16", fourth._t5_block, torch.bfloat16),
    ("detr_decoder_layer_f16", fourth._detr_decoder_layer, torch.float16),
    ("sam_vision_layer_bf16", fourth._sam_vision_layer, torch.bfloat16),
    ("mobilenetv3_block_f16", fourth.CNN_BUILDS["mobilenetv3_block"], torch.float16),
    ("yolo_sppf_bf16", fourth.CNN_BUILDS["yolo_sppf"], torch.bfloat16),
]
_DTYPES = {torch.float16: "f16", torch.bfloat16: "bf16"}
MODELS = [ZooModel(n, b, s, "small", "f32", e) for n, b, s, e in _F32] + [
    ZooModel(n, half(b, t), f"{n.rsplit('_', 1)[0]} in {_DTYPES[t]}", "small", _DTYPES[t], "16-bit")
    for n, b, t in _HALF
]
