"""A ninth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set ninth`): the blocks of bench/unseen_blocks_ninth.py, and ten
`transformers` layers no set has: GLM-4 (sandwich RMSNorms after attention
and MLP, fused gate/up, partial rotary) in bf16, DeepSeek-V3's multi-head
latent attention (low-rank q and kv with RMSNorms, a shared rotary key
expanded over heads, interleaved rotary, keys assembled by slice copies),
TimeSformer's divided space-time layer, SwiftFormer's efficient additive
attention block, LiLT's two-stream (text + layout) layer, SEW's encoder
(pooled by 2, upsampled back by a linear and a reshape), a Wav2Vec2-BERT
conformer layer (relative_key distance embeddings, macaron FFNs, causal
depthwise conv with a padding mask), UnivNet's location-variable conv
block (kernels predicted per hop from a spectrogram, Tensor.unfold, a 6-D
einsum) in f16, Pixtral's vision encoder (two images packed into one
sequence, 2D axial rotary, a block-diagonal mask), and UPerNet's head (pyramid pooling to 1/2/3/6, FPN top-down with
bilinear upsampling).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_ninth as blocks
from torch import nn
from transformers import (
    DeepseekV3Config,
    Glm4Config,
    LiltConfig,
    PixtralVisionConfig,
    SEWConfig,
    SwiftFormerConfig,
    TimesformerConfig,
    UnivNetConfig,
    UperNetConfig,
    Wav2Vec2BertConfig,
)
from transformers.models.deepseek_v3.modeling_deepseek_v3 import (
    DeepseekV3DecoderLayer,
    DeepseekV3RotaryEmbedding,
)
from transformers.models.glm4.modeling_glm4 import Glm4DecoderLayer, Glm4RotaryEmbedding
from transformers.models.lilt.modeling_lilt import LiltLayer
from transformers.models.pixtral.modeling_pixtral import PixtralVisionModel
from transformers.models.sew.modeling_sew import SEWEncoder
from transformers.models.swiftformer.modeling_swiftformer import SwiftFormerEncoderBlock
from transformers.models.timesformer.modeling_timesformer import TimesformerLayer
from transformers.models.univnet.modeling_univnet import UnivNetLvcBlock
from transformers.models.upernet.modeling_upernet import UperNetHead
from transformers.models.wav2vec2_bert.modeling_wav2vec2_bert import Wav2Vec2BertEncoderLayer
from unseen_common import Built, RotaryLayer, perturb, small_models
from unseen_models_fifth import half
from zoo_spec import FirstOutput
from zoo_text_layers import eager


def additive_padding(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """[B, S] ones for tokens and zeros for padding as an additive [B, 1, 1, S] mask."""
    hidden = (mask == 0)[:, None, None, :]
    zeros = torch.zeros(hidden.shape, dtype=dtype)
    return zeros.masked_fill(hidden, torch.finfo(dtype).min)


class LiltTwoStream(nn.Module):
    """LiLT's layer on text and layout streams with a padding mask; the two
    outputs concatenated along the features."""

    def __init__(self, config: LiltConfig) -> None:
        super().__init__()
        self.layer = LiltLayer(config)

    def forward(self, text: torch.Tensor, layout: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        out = self.layer(text, layout, attention_mask=additive_padding(mask, text.dtype))
        return torch.cat([out[0], out[1]], -1)


class Wav2Vec2BertMasked(nn.Module):
    """Wav2Vec2-BERT's conformer layer with a padding mask: additive for the
    attention, boolean (zeros before the depthwise conv) for the conv module."""

    def __init__(self, config: Wav2Vec2BertConfig) -> None:
        super().__init__()
        self.layer = Wav2Vec2BertEncoderLayer(config)

    def forward(self, hidden: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.layer(
            hidden,
            attention_mask=additive_padding(mask, hidden.dtype),
            conv_attention_mask=mask,
        )
        return out


class UperNetLevels(nn.Module):
    """UPerNet's head fed three feature levels as separate inputs."""

    def __init__(self) -> None:
        super().__init__()
        config = UperNetConfig(hidden_size=16, pool_scales=[1, 2, 3, 6], num_labels=5)
        self.head = UperNetHead(config, in_channels=[8, 16, 32])

    def forward(self, c2: torch.Tensor, c3: torch.Tensor, c4: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.head([c2, c3, c4])
        return out


_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _glm4_block() -> Built:
    config = eager(Glm4Config(**_SIZES, num_key_value_heads=2, head_dim=16))
    layer = perturb(Glm4DecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, Glm4RotaryEmbedding(config)), (torch.randn(1, 16, 64),)


def _deepseek_mla() -> Built:
    config = eager(
        DeepseekV3Config(
            **_SIZES,
            num_key_value_heads=4,
            q_lora_rank=32,
            kv_lora_rank=24,
            qk_rope_head_dim=8,
            qk_nope_head_dim=16,
            v_head_dim=16,
            first_k_dense_replace=1,
            rope_interleave=True,
        )
    )
    layer = perturb(DeepseekV3DecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, DeepseekV3RotaryEmbedding(config)), (torch.randn(1, 16, 64),)


def _timesformer_layer() -> Built:
    config = eager(
        TimesformerConfig(
            image_size=8,
            patch_size=2,
            num_frames=4,
            num_hidden_layers=1,
            attention_type="divided_space_time",
            **_SIZES,
        )
    )
    layer = perturb(TimesformerLayer(config, layer_index=0))
    return FirstOutput(layer), (torch.randn(1, 1 + 16 * 4, 64),)


def _swiftformer_block() -> Built:
    block = perturb(SwiftFormerEncoderBlock(SwiftFormerConfig(), dim=32))
    return block, (torch.randn(1, 32, 8, 8),)


def _lilt_layer() -> Built:
    config = eager(LiltConfig(**_SIZES, channel_shrink_ratio=4))
    mask = torch.ones(2, 16, dtype=torch.long)
    mask[1, 11:] = 0
    return perturb(LiltTwoStream(config)), (torch.randn(2, 16, 64), torch.randn(2, 16, 16), mask)


def _sew_encoder() -> Built:
    config = eager(
        SEWConfig(
            **_SIZES,
            num_hidden_layers=1,
            squeeze_factor=2,
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
        )
    )
    return FirstOutput(perturb(SEWEncoder(config))), (torch.randn(1, 32, 64),)


def _wav2vec2_bert_layer() -> Built:
    config = eager(
        Wav2Vec2BertConfig(
            **_SIZES,
            position_embeddings_type="relative_key",
            left_max_position_embeddings=8,
            right_max_position_embeddings=4,
            conv_depthwise_kernel_size=5,
        )
    )
    mask = torch.ones(2, 20, dtype=torch.long)
    mask[1, 14:] = 0
    return perturb(Wav2Vec2BertMasked(config)), (torch.randn(2, 20, 64), mask)


def _univnet_lvc_block() -> Built:
    config = UnivNetConfig(
        model_hidden_channels=8,
        num_mel_bins=10,
        kernel_predictor_hidden_channels=16,
        model_in_channels=16,
        kernel_predictor_num_blocks=1,
        resblock_kernel_sizes=[3],
        resblock_stride_sizes=[2],
        resblock_dilation_sizes=[[1, 3]],
    )
    block = perturb(UnivNetLvcBlock(config, layer_id=0, lvc_hop_size=8))
    return block, (torch.randn(1, 8, 16), torch.randn(1, 10, 4))


def _pixtral_encoder() -> Built:
    config = eager(
        PixtralVisionConfig(**_SIZES, num_hidden_layers=1, head_dim=16, patch_size=4, image_size=16)
    )
    return FirstOutput(perturb(PixtralVisionModel(config))), (torch.randn(2, 3, 16, 16),)


def _upernet_head() -> Built:
    levels = (torch.randn(1, 8, 32, 32), torch.randn(1, 16, 16, 16), torch.randn(1, 32, 8, 8))
    return perturb(UperNetLevels()), levels


_BUILDS = {
    "glm4_block_bf16": (
        half(_glm4_block, torch.bfloat16),
        "bf16: RMSNorm after attention and after the MLP, fused gate/up, half rotary",
    ),
    "deepseek_mla_block": (
        _deepseek_mla,
        "latent q/kv with RMSNorms, interleaved rotary, one rotary key expanded, slice copies",
    ),
    "timesformer_layer": (
        _timesformer_layer,
        "temporal then spatial attention by reshapes and permutes, CLS repeated and averaged",
    ),
    "swiftformer_block": (
        _swiftformer_block,
        "dw conv + BN, L2-normalised q/k, one global query from a softmax, layer scales",
    ),
    "lilt_layer": (
        _lilt_layer,
        "text and layout attention sharing summed scores, two LayerNorm FFN streams",
    ),
    "sew_encoder": (
        _sew_encoder,
        "weight-norm grouped strided pos conv, avg-pool by 2, linear + reshape upsample",
    ),
    "wav2vec2_bert_layer": (
        _wav2vec2_bert_layer,
        "clamped distance embedding gather + einsum bias, half-step FFNs, masked causal conv",
    ),
    "univnet_lvc_block_f16": (
        half(_univnet_lvc_block, torch.float16),
        "f16: ConvTranspose1d, predicted per-hop kernels, Tensor.unfold, 6-D einsum, gated",
    ),
    "pixtral_encoder": (
        _pixtral_encoder,
        "patch conv, two images packed, 2D axial rotary, block-diagonal mask",
    ),
    "upernet_head": (
        _upernet_head,
        "adaptive pools 1/2/3/6 of 8x8, bilinear upsampling, FPN top-down, concat",
    ),
    "resnext_block": (
        lambda: (perturb(blocks.ResNeXtBlock()), (torch.randn(1, 32, 16, 16),)),
        "grouped 3x3 (8 groups) strided, BN, strided 1x1 projection shortcut",
    ),
    "dwsep_hardswish_f16": (
        half(
            lambda: (perturb(blocks.DepthwiseSeparable()), (torch.randn(1, 16, 16, 16),)),
            torch.float16,
        ),
        "f16: depthwise 3x3 + BN + hardswish, pointwise 1x1 + BN + hardswish, stride 2",
    ),
    "groupnorm_mish_f16": (
        half(
            lambda: (perturb(blocks.GroupNormMish()), (torch.randn(1, 16, 12, 12),)),
            torch.float16,
        ),
        "f16: GroupNorm(4) + Mish (x tanh softplus x) twice, 1x1 widening shortcut",
    ),
    "channels_first_norm_bf16": (
        half(
            lambda: (perturb(blocks.ChannelsFirstNorm()), (torch.randn(1, 32, 12, 12),)),
            torch.bfloat16,
        ),
        "bf16: LayerNorm over dim 1 of NCHW written out, and permute / layer_norm / permute",
    ),
    "pixel_shuffle_residual": (
        lambda: (blocks.PixelShuffleResidual(), (torch.randn(1, 8, 16, 16),)),
        "PixelUnshuffle 2, two 3x3 convs with LeakyReLU, PixelShuffle 2, residual",
    ),
    "spatial_transformer": (
        lambda: (blocks.SpatialTransformer(), (torch.randn(1, 3, 16, 16),)),
        "localisation net, affine_grid, bilinear grid_sample with zero padding",
    ),
    "sru_layer": (
        lambda: (blocks.SruLayer(), (torch.randn(2, 8, 32),)),
        "one matmul, eight unrolled steps of sigmoid gates with peepholes, highway",
    ),
    "crf_log_partition": (
        lambda: (
            blocks.CrfLogPartition(),
            (
                torch.randn(2, 9, 32),
                torch.randint(0, 7, (2, 9)),
                torch.tensor([[1] * 9, [1] * 6 + [0] * 3]),
            ),
        ),
        "forward algorithm: logsumexp over tags per step, masked steps, gold-path gathers",
    ),
    "transformer_xl_attention": (
        lambda: (perturb(blocks.TransformerXLAttention()), (torch.randn(1, 12, 64),)),
        "sinusoid of S-1..0, (q+u)k^T + shifted (q+v)r^T by pad-and-view, causal -inf",
    ),
    "greedy_head": (
        lambda: (blocks.GreedyHead(), (torch.randn(2, 6, 32),)),
        "temperature log-softmax, argmax, gather of the chosen log-prob, entropy",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_ninth.py")
