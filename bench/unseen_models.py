"""Models that are not in the zoo, for bench/unseen_probe.py.

Small configs of real `transformers` layers plus a hand-written U-Net down
block, each a `ZooModel` (models/zoo_spec.py) so models/export.py exports it
as it exports the zoo: static shapes, random weights after
`torch.manual_seed(0)`, eval mode, weights as function arguments. Imported
only by the zoo venv (torch, transformers), with models/ on sys.path.
"""

from __future__ import annotations

import torch
from torch import nn
from transformers import (
    AlbertConfig,
    BartConfig,
    BloomConfig,
    CLIPVisionConfig,
    ConvNextV2Config,
    EfficientNetConfig,
    FalconConfig,
    MobileBertConfig,
    MobileViTConfig,
    PhiConfig,
    PoolFormerConfig,
    Qwen2Config,
    SegformerConfig,
)
from transformers.models.albert.modeling_albert import AlbertLayer
from transformers.models.bart.modeling_bart import BartEncoderLayer
from transformers.models.bloom.modeling_bloom import BloomBlock, build_alibi_tensor
from transformers.models.clip.modeling_clip import CLIPEncoderLayer
from transformers.models.convnextv2.modeling_convnextv2 import ConvNextV2Layer
from transformers.models.efficientnet.modeling_efficientnet import EfficientNetBlock
from transformers.models.falcon.modeling_falcon import FalconDecoderLayer, FalconRotaryEmbedding
from transformers.models.mobilebert.modeling_mobilebert import MobileBertLayer
from transformers.models.mobilevit.modeling_mobilevit import MobileViTLayer
from transformers.models.phi.modeling_phi import PhiDecoderLayer, PhiRotaryEmbedding
from transformers.models.poolformer.modeling_poolformer import PoolFormerLayer
from transformers.models.qwen2.modeling_qwen2 import Qwen2DecoderLayer, Qwen2RotaryEmbedding
from transformers.models.segformer.modeling_segformer import SegformerLayer
from unseen_common import Built, RotaryLayer, model, perturb
from zoo_spec import FirstOutput
from zoo_text_layers import eager, padding_mask


class BloomWithAlibi(nn.Module):
    """A BLOOM block under ALiBi and a causal + padding mask, both built in forward
    from the keep lengths of each sequence."""

    def __init__(self, block: nn.Module, heads: int, lengths: list[int]) -> None:
        super().__init__()
        self.block, self.heads, self.lengths = block, heads, lengths

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        batch, seq = hidden.shape[:2]
        keep = torch.arange(seq)[None, :] < torch.tensor(self.lengths)[:, None]
        alibi = build_alibi_tensor(keep.long(), self.heads, hidden.dtype)
        future = torch.arange(seq)[None, :] > torch.arange(seq)[:, None]
        masked = future[None, None] | ~keep[:, None, None, :]
        zeros = torch.zeros(batch, 1, seq, seq, dtype=hidden.dtype)
        mask = zeros.masked_fill(masked, torch.finfo(hidden.dtype).min)
        return self.block(hidden, alibi, mask)[0]


class BloomArangeAlibi(BloomWithAlibi):
    """BloomWithAlibi with ALiBi positions from arange instead of cumsum (the same
    for right padding): torch-mlir exports cumsum as `tm_tensor.scan`."""

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        batch, seq = hidden.shape[:2]
        keep = torch.arange(seq)[None, :] < torch.tensor(self.lengths)[:, None]
        slopes = 2.0 ** (-8.0 * torch.arange(1, self.heads + 1, dtype=torch.float32) / self.heads)
        positions = (torch.arange(seq)[None, :] * keep).to(hidden.dtype)
        alibi = (slopes[None, :, None] * positions[:, None, :]).reshape(batch * self.heads, 1, seq)
        future = torch.arange(seq)[None, :] > torch.arange(seq)[:, None]
        masked = future[None, None] | ~keep[:, None, None, :]
        zeros = torch.zeros(batch, 1, seq, seq, dtype=hidden.dtype)
        mask = zeros.masked_fill(masked, torch.finfo(hidden.dtype).min)
        return self.block(hidden, alibi, mask)[0]


class TokensAsImage(nn.Module):
    """A layer over [B, H*W, C] tokens that also takes the image's H and W."""

    def __init__(self, layer: nn.Module, height: int, width: int) -> None:
        super().__init__()
        self.layer, self.height, self.width = layer, height, width

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        out = self.layer(hidden, self.height, self.width)
        return out[0] if isinstance(out, tuple) else out


class UNetDownBlock(nn.Module):
    """A diffusion U-Net down block written out: a ResNet block that widens the
    channels (GroupNorm, SiLU, conv3×3, time embedding added per channel, 1×1
    shortcut) then a strided conv3×3 downsample."""

    def __init__(self, inputs: int, outputs: int, groups: int, temb: int) -> None:
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, inputs)
        self.conv1 = nn.Conv2d(inputs, outputs, 3, padding=1)
        self.time = nn.Linear(temb, outputs)
        self.norm2 = nn.GroupNorm(groups, outputs)
        self.conv2 = nn.Conv2d(outputs, outputs, 3, padding=1)
        self.shortcut = nn.Conv2d(inputs, outputs, 1)
        self.down = nn.Conv2d(outputs, outputs, 3, stride=2, padding=1)

    def forward(self, x: torch.Tensor, temb: torch.Tensor) -> torch.Tensor:
        h = self.conv1(nn.functional.silu(self.norm1(x)))
        h = h + self.time(nn.functional.silu(temb))[:, :, None, None]
        h = self.conv2(nn.functional.silu(self.norm2(h)))
        return self.down(self.shortcut(x) + h)


def _bart_encoder_layer() -> Built:
    config = eager(
        BartConfig(
            d_model=64, encoder_attention_heads=4, encoder_ffn_dim=256, activation_function="gelu"
        )
    )
    layer = perturb(BartEncoderLayer(config, layer_idx=0))
    return FirstOutput(layer), (torch.randn(2, 24, 64), padding_mask([24, 17], 24))


def _albert_layer() -> Built:
    config = eager(AlbertConfig(hidden_size=64, num_attention_heads=4, intermediate_size=256))
    return FirstOutput(perturb(AlbertLayer(config))), (torch.randn(1, 32, 64),)


def _mobilebert_layer() -> Built:
    config = eager(
        MobileBertConfig(
            hidden_size=64,
            embedding_size=32,
            intra_bottleneck_size=32,
            true_hidden_size=32,
            num_attention_heads=4,
            intermediate_size=64,
            num_feedforward_networks=4,
            normalization_type="no_norm",
        )
    )
    return FirstOutput(perturb(MobileBertLayer(config))), (torch.randn(1, 32, 64),)


def _falcon_block() -> Built:
    config = eager(
        FalconConfig(
            hidden_size=64,
            num_attention_heads=4,
            multi_query=True,
            parallel_attn=True,
            new_decoder_architecture=False,
            alibi=False,
            bias=False,
        )
    )
    layer = perturb(FalconDecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, FalconRotaryEmbedding(config), alibi=None), (torch.randn(1, 32, 64),)


def _qwen2_block_sdpa() -> Built:
    config = Qwen2Config(
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        intermediate_size=176,
        use_sliding_window=False,
    )
    config._attn_implementation = "sdpa"
    layer = perturb(Qwen2DecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, Qwen2RotaryEmbedding(config)), (torch.randn(1, 32, 64),)


def _bloom_block() -> Built:
    config = eager(BloomConfig(hidden_size=64, n_head=4))
    block = perturb(BloomBlock(config, layer_idx=0))
    return BloomWithAlibi(block, 4, [24, 15]), (torch.randn(2, 24, 64),)


def _bloom_block_arange_alibi() -> Built:
    config = eager(BloomConfig(hidden_size=64, n_head=4))
    block = perturb(BloomBlock(config, layer_idx=0))
    return BloomArangeAlibi(block, 4, [24, 15]), (torch.randn(2, 24, 64),)


def _phi_block() -> Built:
    config = eager(
        PhiConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=256,
            partial_rotary_factor=0.5,
            hidden_act="gelu_new",
        )
    )
    layer = perturb(PhiDecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, PhiRotaryEmbedding(config)), (torch.randn(1, 32, 64),)


def _clip_vision_layer() -> Built:
    config = eager(
        CLIPVisionConfig(
            hidden_size=64, intermediate_size=256, num_attention_heads=4, hidden_act="quick_gelu"
        )
    )
    layer = perturb(CLIPEncoderLayer(config))
    return FirstOutput(layer, attention_mask=None), (torch.randn(1, 50, 64),)


def _segformer_layer() -> Built:
    config = eager(SegformerConfig())
    layer = SegformerLayer(
        config,
        hidden_size=32,
        num_attention_heads=2,
        drop_path=0.0,
        sequence_reduction_ratio=4,
        mlp_ratio=4,
    )
    return TokensAsImage(perturb(layer), 16, 16), (torch.randn(1, 256, 32),)


def _convnextv2_layer() -> Built:
    layer = perturb(ConvNextV2Layer(ConvNextV2Config(), dim=32))
    return layer, (torch.randn(1, 32, 14, 14),)


def _efficientnet_block() -> Built:
    config = EfficientNetConfig()
    block = EfficientNetBlock(
        config,
        in_dim=24,
        out_dim=24,
        stride=1,
        expand_ratio=6,
        kernel_size=5,
        drop_rate=0.0,
        id_skip=True,
        adjust_padding=True,
    )
    return perturb(block), (torch.randn(1, 24, 16, 16),)


def _mobilevit_layer() -> Built:
    config = MobileViTConfig(patch_size=2, num_attention_heads=4, mlp_ratio=2.0)
    layer = MobileViTLayer(
        config, in_channels=16, out_channels=32, stride=2, hidden_size=48, num_stages=2
    )
    return perturb(layer), (torch.randn(1, 16, 16, 16),)


def _poolformer_layer() -> Built:
    config = PoolFormerConfig()
    layer = PoolFormerLayer(
        config, num_channels=32, pool_size=3, hidden_size=32, intermediate_size=128, drop_path=0.0
    )
    return FirstOutput(perturb(layer)), (torch.randn(1, 32, 14, 14),)


def _unet_down_block() -> Built:
    block = perturb(UNetDownBlock(32, 64, 8, 128))
    return block, (torch.randn(2, 32, 16, 16), torch.randn(2, 128))


MODELS = [
    model(
        "bart_encoder_layer",
        _bart_encoder_layer,
        "transformers BartEncoderLayer",
        "post-LN encoder layer, q scaled before QK^T, padding mask, batch 2",
    ),
    model(
        "albert_layer",
        _albert_layer,
        "transformers AlbertLayer",
        "post-LN, tanh-GELU (gelu_new) FFN, apply_chunking_to_forward",
    ),
    model(
        "mobilebert_layer",
        _mobilebert_layer,
        "transformers MobileBertLayer",
        "NoNorm (x*w+b), bottleneck in/out, shared q/k bottleneck, 4 stacked FFNs",
    ),
    model(
        "falcon_block",
        _falcon_block,
        "transformers FalconDecoderLayer + rotary",
        "multi-query attention (one k/v head broadcast in matmul), parallel attn+MLP",
    ),
    model(
        "qwen2_block_sdpa",
        _qwen2_block_sdpa,
        "transformers Qwen2DecoderLayer + rotary (sdpa)",
        "GQA via repeat_kv, q/k/v bias, SDPA with additive causal mask",
    ),
    model(
        "bloom_block",
        _bloom_block,
        "transformers BloomBlock + build_alibi_tensor",
        "ALiBi bias via baddbmm, cumsum positions, causal+padding mask, batch 2",
    ),
    model(
        "bloom_block_arange_alibi",
        _bloom_block_arange_alibi,
        "transformers BloomBlock, ALiBi built without cumsum",
        "bloom_block with ALiBi positions from arange (no tm_tensor.scan)",
    ),
    model(
        "phi_block",
        _phi_block,
        "transformers PhiDecoderLayer + rotary",
        "partial rotary (half the head dim), parallel attn+MLP from one LayerNorm",
    ),
    model(
        "clip_vision_layer",
        _clip_vision_layer,
        "transformers CLIPEncoderLayer (vision config)",
        "pre-LN, quick_gelu (x*sigmoid(1.702x)), 50 tokens",
    ),
    model(
        "segformer_layer",
        _segformer_layer,
        "transformers SegformerLayer",
        "efficient self-attention (strided conv k/v reduction + LayerNorm), Mix-FFN dwconv",
    ),
    model(
        "convnextv2_layer",
        _convnextv2_layer,
        "transformers ConvNextV2Layer",
        "dwconv7x7, channels-last LayerNorm, GRN (L2 norm over H,W, mean over C)",
    ),
    model(
        "efficientnet_block",
        _efficientnet_block,
        "transformers EfficientNetBlock",
        "MBConv: expand 1x1, dwconv5x5 'same', BN, SiLU, squeeze-excite, project, residual",
    ),
    model(
        "mobilevit_layer",
        _mobilevit_layer,
        "transformers MobileViTLayer (stride 2)",
        "inverted-residual downsample, unfold to patches, 2 transformer layers, fold, concat",
    ),
    model(
        "poolformer_layer",
        _poolformer_layer,
        "transformers PoolFormerLayer",
        "GroupNorm(1), avg_pool3x3 count_include_pad=False minus x, 1x1 conv MLP, layer scale",
    ),
    model(
        "unet_down_block",
        _unet_down_block,
        "hand-written diffusion U-Net down block",
        "GroupNorm+SiLU+conv3x3, time-embedding add, 1x1 shortcut, strided conv downsample",
    ),
]
