"""A third set of models that are not in the zoo, for bench/unseen_probe.py
(`--set third`): what the first two sets do not have. Token-id gathers
(embeddings), cross-attention, convolutional attention projections, dilated
and transposed convolutions, bilinear resizing, iterative pseudo-inverses,
mixture-of-experts routing, recurrent scans unrolled over time, weight
normalisation and weight standardisation.

Small configs of real `transformers` layers (and one diffusers-style U-Net up
block written out), each a `ZooModel` exported as models/export.py exports the
zoo. Imported only by the zoo venv (torch, transformers), with models/ and
bench/ on sys.path.
"""

from __future__ import annotations

import torch
from torch import nn
from transformers import (
    BeitConfig,
    BertConfig,
    BitConfig,
    FocalNetConfig,
    MambaConfig,
    MBartConfig,
    MixtralConfig,
    MobileViTV2Config,
    NystromformerConfig,
    PvtV2Config,
    RwkvConfig,
    SegformerConfig,
    Wav2Vec2Config,
)
from transformers.models.beit.modeling_beit import BeitLayer
from transformers.models.bert.modeling_bert import BertEmbeddings
from transformers.models.bit.modeling_bit import BitBottleneckLayer
from transformers.models.cvt.modeling_cvt import CvtLayer
from transformers.models.focalnet.modeling_focalnet import FocalNetLayer
from transformers.models.mamba.modeling_mamba import MambaMixer
from transformers.models.mbart.modeling_mbart import MBartDecoderLayer
from transformers.models.mixtral.modeling_mixtral import MixtralSparseMoeBlock
from transformers.models.mobilevitv2.modeling_mobilevitv2 import MobileViTV2Layer
from transformers.models.nystromformer.modeling_nystromformer import NystromformerLayer
from transformers.models.pvt_v2.modeling_pvt_v2 import PvtV2BlockLayer
from transformers.models.rwkv.modeling_rwkv import RwkvBlock
from transformers.models.segformer.modeling_segformer import SegformerDecodeHead
from transformers.models.wav2vec2.modeling_wav2vec2 import Wav2Vec2PositionalConvEmbedding
from unseen_common import Built, model, perturb
from zoo_spec import FirstOutput
from zoo_text_layers import causal_mask, eager


class TokenEmbeddings(nn.Module):
    """BERT's embeddings called with token ids and token-type ids (positions from arange)."""

    def __init__(self, embeddings: nn.Module) -> None:
        super().__init__()
        self.embeddings = embeddings

    def forward(self, ids: torch.Tensor, types: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.embeddings(input_ids=ids, token_type_ids=types)
        return out


class CrossAttentionDecoder(nn.Module):
    """A decoder layer under a causal mask built in forward, attending to encoder states."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor, encoder: torch.Tensor) -> torch.Tensor:
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        out = self.layer(
            hidden, attention_mask=mask, encoder_hidden_states=encoder, use_cache=False
        )
        return out[0] if isinstance(out, tuple) else out


class TokensOnGrid(nn.Module):
    """A layer over [B, H*W, C] tokens that takes the grid's H and W as ints (or a tuple)."""

    def __init__(self, layer: nn.Module, height: int, width: int, as_tuple: bool = False) -> None:
        super().__init__()
        self.layer, self.height, self.width, self.as_tuple = layer, height, width, as_tuple

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        if self.as_tuple:
            out = self.layer(hidden, (self.height, self.width))
        else:
            out = self.layer(hidden, self.height, self.width)
        return out[0] if isinstance(out, tuple) else out


class FourScales(nn.Module):
    """Segformer's all-MLP decode head over four feature maps (strides 4..32)."""

    def __init__(self, head: nn.Module) -> None:
        super().__init__()
        self.head = head

    def forward(self, *maps: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.head(list(maps))
        return out


class UNetUpBlock(nn.Module):
    """A diffusion U-Net up block written out: a stride-2 transposed conv, the skip
    concatenated on channels, conv3x3 + GroupNorm + SiLU, and a nearest-neighbour
    2x upsample + conv3x3 (the two ways up in one block)."""

    def __init__(self, channels: int = 32, skip: int = 16) -> None:
        super().__init__()
        self.up = nn.ConvTranspose2d(channels, channels, kernel_size=4, stride=2, padding=1)
        self.conv = nn.Conv2d(channels + skip, channels, 3, padding=1)
        self.norm = nn.GroupNorm(8, channels)
        self.resample = nn.Upsample(scale_factor=2, mode="nearest")
        self.out = nn.Conv2d(channels, 16, 3, padding=1)

    def forward(self, hidden: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        hidden = torch.cat([self.up(hidden), skip], dim=1)
        hidden = nn.functional.silu(self.norm(self.conv(hidden)))
        out: torch.Tensor = self.out(self.resample(hidden))
        return out


def _bert_embeddings() -> Built:
    config = BertConfig(
        vocab_size=100, hidden_size=64, max_position_embeddings=64, type_vocab_size=2
    )
    ids = torch.randint(0, 100, (2, 16))
    types = torch.cat([torch.zeros(2, 9, dtype=torch.long), torch.ones(2, 7, dtype=torch.long)], 1)
    return TokenEmbeddings(perturb(BertEmbeddings(config))), (ids, types)


def _mbart_decoder_layer() -> Built:
    config = eager(
        MBartConfig(
            d_model=64, decoder_attention_heads=4, decoder_ffn_dim=256, activation_function="gelu"
        )
    )
    layer = perturb(MBartDecoderLayer(config, layer_idx=0))
    return CrossAttentionDecoder(layer), (torch.randn(1, 16, 64), torch.randn(1, 24, 64))


def _cvt_layer() -> Built:
    layer = CvtLayer(
        num_heads=2,
        embed_dim=32,
        kernel_size=3,
        padding_q=1,
        padding_kv=1,
        stride_q=1,
        stride_kv=2,
        qkv_projection_method="dw_bn",
        qkv_bias=True,
        attention_drop_rate=0.0,
        drop_rate=0.0,
        mlp_ratio=4.0,
        drop_path_rate=0.0,
        with_cls_token=False,
    )
    return TokensOnGrid(perturb(layer), 8, 8), (torch.randn(1, 64, 32),)


def _mobilevitv2_layer() -> Built:
    config = MobileViTV2Config()
    layer = MobileViTV2Layer(
        config, in_channels=32, out_channels=64, attn_unit_dim=32, n_attn_blocks=1
    )
    return perturb(layer), (torch.randn(1, 32, 16, 16),)


def _segformer_decode_head() -> Built:
    config = SegformerConfig(hidden_sizes=[16, 32, 48, 64], decoder_hidden_size=32, num_labels=5)
    maps = tuple(torch.randn(1, c, 32 >> i, 32 >> i) for i, c in enumerate(config.hidden_sizes))
    return FourScales(perturb(SegformerDecodeHead(config))), maps


def _nystromformer_layer() -> Built:
    config = NystromformerConfig(
        hidden_size=64,
        num_attention_heads=4,
        intermediate_size=256,
        num_landmarks=8,
        segment_means_seq_len=32,
    )
    return FirstOutput(perturb(NystromformerLayer(config))), (torch.randn(1, 32, 64),)


def _mixtral_moe() -> Built:
    config = MixtralConfig(
        hidden_size=32, intermediate_size=64, num_local_experts=4, num_experts_per_tok=2
    )
    block = MixtralSparseMoeBlock(config)
    with torch.no_grad():  # the experts' fused weights are torch.empty
        for param in block.parameters():
            param.normal_(0.0, 0.2)
    return FirstOutput(block), (torch.randn(1, 8, 32),)


def _mamba_mixer() -> Built:
    config = MambaConfig(hidden_size=32, state_size=4, expand=2, conv_kernel=4, time_step_rank=4)
    mixer = MambaMixer(config, layer_idx=0)
    mixer.use_mambapy = False
    return perturb(mixer), (torch.randn(1, 8, 32),)


def _wav2vec2_positional_conv() -> Built:
    config = Wav2Vec2Config(
        hidden_size=32, num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4
    )
    return perturb(Wav2Vec2PositionalConvEmbedding(config)), (torch.randn(1, 24, 32),)


def _beit_layer() -> Built:
    config = eager(
        BeitConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=256,
            image_size=32,
            patch_size=8,
            use_relative_position_bias=True,
            layer_scale_init_value=0.1,
        )
    )
    layer = perturb(BeitLayer(config))
    return FirstOutput(layer, resolution=(32, 32)), (torch.randn(1, 17, 64),)


def _pvt_v2_block() -> Built:
    config = PvtV2Config(
        hidden_sizes=[32, 64, 160, 256], sr_ratios=[2, 2, 2, 1], num_attention_heads=[1, 2, 5, 8]
    )
    return TokensOnGrid(perturb(PvtV2BlockLayer(config, layer_idx=0)), 8, 8), (
        torch.randn(1, 64, 32),
    )


def _focalnet_layer() -> Built:
    config = FocalNetConfig(
        focal_levels=[2] * 4, focal_windows=[3] * 4, use_layerscale=True, layerscale_value=0.1
    )
    layer = FocalNetLayer(config, index=0, dim=32, input_resolution=(8, 8))
    return TokensOnGrid(perturb(layer), 8, 8, as_tuple=True), (torch.randn(1, 64, 32),)


def _bit_bottleneck() -> Built:
    config = BitConfig(layer_type="bottleneck", global_padding=None, num_groups=8)
    layer = BitBottleneckLayer(
        config, in_channels=32, out_channels=64, stride=2, is_first_layer=True
    )
    return perturb(layer), (torch.randn(1, 32, 16, 16),)


def _rwkv_block() -> Built:
    config = RwkvConfig(
        hidden_size=32, attention_hidden_size=32, intermediate_size=64, context_length=8
    )
    block = RwkvBlock(config, layer_id=0)
    with torch.no_grad():  # time-mix, decay and first are torch.empty
        for name, param in block.named_parameters():
            if "time_" in name:
                param.uniform_(0.1, 0.9)
    return FirstOutput(perturb(block)), (torch.randn(1, 8, 32),)


def _unet_up_block() -> Built:
    return perturb(UNetUpBlock()), (torch.randn(1, 32, 8, 8), torch.randn(1, 16, 16, 16))


_MODELS = [
    (
        "bert_embeddings",
        _bert_embeddings,
        "transformers BertEmbeddings",
        "word/position/token-type gathers by i64 ids, sum, LayerNorm, batch 2",
    ),
    (
        "mbart_decoder_layer",
        _mbart_decoder_layer,
        "transformers MBartDecoderLayer",
        "pre-LN decoder: causal self-attention, cross-attention to 24 encoder states",
    ),
    (
        "cvt_layer",
        _cvt_layer,
        "transformers CvtLayer",
        "q/k/v by depthwise conv3x3 + BatchNorm (k/v stride 2) on the token grid",
    ),
    (
        "mobilevitv2_layer",
        _mobilevitv2_layer,
        "transformers MobileViTV2Layer",
        "separable self-attention (softmax over patches of a 1-channel score), GroupNorm",
    ),
    (
        "segformer_decode_head",
        _segformer_decode_head,
        "transformers SegformerDecodeHead",
        "4 scales: per-scale MLP, bilinear upsampling, concat, 1x1 fuse conv + BN + ReLU",
    ),
    (
        "nystromformer_layer",
        _nystromformer_layer,
        "transformers NystromformerLayer",
        "landmark means, 3 softmax kernels, iterative Moore-Penrose pseudo-inverse (6 steps)",
    ),
    (
        "mixtral_moe",
        _mixtral_moe,
        "transformers MixtralSparseMoeBlock",
        "router softmax, top-2, one-hot expert masks, per-expert SwiGLU, index_add",
    ),
    (
        "mamba_mixer",
        _mamba_mixer,
        "transformers MambaMixer (slow path)",
        "causal depthwise conv1d, softplus dt, selective scan unrolled over 8 steps",
    ),
    (
        "wav2vec2_positional_conv",
        _wav2vec2_positional_conv,
        "transformers Wav2Vec2PositionalConvEmbedding",
        "grouped conv1d under weight_norm (weight L2 norm over dims), even-kernel trim, GELU",
    ),
    (
        "beit_layer",
        _beit_layer,
        "transformers BeitLayer",
        "relative position bias gathered by a 2-D index table, layer scale on both branches",
    ),
    (
        "pvt_v2_block",
        _pvt_v2_block,
        "transformers PvtV2BlockLayer",
        "spatial-reduction attention (strided conv + LayerNorm on k/v), dwconv in the MLP",
    ),
    (
        "focalnet_layer",
        _focalnet_layer,
        "transformers FocalNetLayer",
        "focal modulation: hierarchical dwconv + GELU contexts, gates, global mean, layer scale",
    ),
    (
        "bit_bottleneck",
        _bit_bottleneck,
        "transformers BitBottleneckLayer",
        "weight-standardised convs (batch norm over each filter), GroupNorm, stride 2",
    ),
    (
        "rwkv_block",
        _rwkv_block,
        "transformers RwkvBlock",
        "token shift, WKV recurrence unrolled over 8 steps (exp, max), squared ReLU",
    ),
    (
        "unet_up_block",
        _unet_up_block,
        "diffusers-style U-Net up block, written out",
        "transposed conv stride 2, skip concat, GroupNorm + SiLU, nearest 2x upsample",
    ),
]
MODELS = [model(name, build, source, exercises) for name, build, source, exercises in _MODELS]
