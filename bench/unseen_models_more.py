"""A second set of models that are not in the zoo, for bench/unseen_probe.py
(`--set more`): architectures neither the zoo nor bench/unseen_models.py has.

Small configs (hidden <= 128, seq <= 32, one layer) of real `transformers`
layers, each a `ZooModel` exported as models/export.py exports the zoo: static
shapes, random weights after `torch.manual_seed(0)`, eval mode, weights as
function arguments. Imported only by the zoo venv (torch, transformers), with
models/ and bench/ on sys.path.
"""

from __future__ import annotations

import torch
from torch import nn
from transformers import (
    ConvBertConfig,
    DebertaV2Config,
    Dinov2Config,
    GemmaConfig,
    GPTJConfig,
    GPTNeoXConfig,
    MistralConfig,
    RegNetConfig,
    SqueezeBertConfig,
    Swinv2Config,
    Wav2Vec2Config,
)
from transformers.models.convbert.modeling_convbert import ConvBertLayer, GroupedLinearLayer
from transformers.models.deberta_v2.modeling_deberta_v2 import DebertaV2Encoder
from transformers.models.dinov2.modeling_dinov2 import Dinov2Layer
from transformers.models.gemma.modeling_gemma import GemmaDecoderLayer, GemmaRotaryEmbedding
from transformers.models.gpt_neox.modeling_gpt_neox import GPTNeoXLayer, GPTNeoXRotaryEmbedding
from transformers.models.gptj.modeling_gptj import GPTJBlock
from transformers.models.levit.modeling_levit import LevitAttention
from transformers.models.mistral.modeling_mistral import MistralDecoderLayer, MistralRotaryEmbedding
from transformers.models.regnet.modeling_regnet import RegNetStage
from transformers.models.squeezebert.modeling_squeezebert import SqueezeBertModule
from transformers.models.swinv2.modeling_swinv2 import Swinv2Layer
from transformers.models.wav2vec2.modeling_wav2vec2 import Wav2Vec2FeatureEncoder
from unseen_common import Built, RotaryLayer, model, perturb
from zoo_spec import FirstOutput
from zoo_text_layers import causal_mask, eager, padding_mask


class GPTJCausal(nn.Module):
    """A GPT-J block called with positions 0..S-1 and a causal mask built in forward
    (it gathers its sin/cos rows from a sinusoid table by position)."""

    def __init__(self, block: nn.Module) -> None:
        super().__init__()
        self.block = block

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1]).unsqueeze(0)
        mask = causal_mask(hidden.shape[1], hidden.dtype)
        return self.block(hidden, attention_mask=mask, position_ids=positions)[0]


class KeepLengths(nn.Module):
    """A layer called with a 0/1 padding mask [B, S] built in forward from the keep
    lengths of each sequence; returns its first output or last_hidden_state."""

    def __init__(self, layer: nn.Module, lengths: list[int]) -> None:
        super().__init__()
        self.layer, self.lengths = layer, lengths

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(hidden.shape[1])[None, :] < torch.tensor(self.lengths)[:, None]
        out = self.layer(hidden, keep.long())
        return out.last_hidden_state if hasattr(out, "last_hidden_state") else out[0]


class FeatureMap(nn.Module):
    """SqueezeBERT's module, which returns a dict, called without attention scores."""

    def __init__(self, layer: nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, hidden: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.layer(hidden, mask, False)["feature_map"]


class GatheredBias(nn.Module):
    """LeViT attention with its bias gathered in forward (`attention_biases[:, idxs]`),
    as in training: in eval mode LeViT caches the gathered bias, which export would
    fold into a constant."""

    def __init__(self, attention: LevitAttention) -> None:
        super().__init__()
        self.attention = attention

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        self.attention.training = True  # only get_attention_biases reads it (no dropout)
        out: torch.Tensor = self.attention(hidden)
        self.attention.training = False
        return out


def _mistral_block() -> Built:
    config = eager(
        MistralConfig(
            hidden_size=64,
            intermediate_size=176,
            num_attention_heads=4,
            num_key_value_heads=2,
            sliding_window=8,
        )
    )
    layer = perturb(MistralDecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, MistralRotaryEmbedding(config), window=8), (torch.randn(1, 32, 64),)


def _gpt_neox_layer() -> Built:
    config = eager(
        GPTNeoXConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=256,
            rotary_pct=0.25,
            use_parallel_residual=True,
        )
    )
    layer = perturb(GPTNeoXLayer(config, layer_idx=0))
    return RotaryLayer(layer, GPTNeoXRotaryEmbedding(config)), (torch.randn(1, 32, 64),)


def _gptj_block() -> Built:
    config = eager(GPTJConfig(n_embd=64, n_head=4, rotary_dim=8, n_positions=32, n_inner=256))
    return GPTJCausal(perturb(GPTJBlock(config, layer_idx=0))), (torch.randn(1, 32, 64),)


def _gemma_block() -> Built:
    config = eager(
        GemmaConfig(
            hidden_size=64,
            intermediate_size=128,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=16,
            hidden_activation="gelu_pytorch_tanh",
        )
    )
    layer = perturb(GemmaDecoderLayer(config, layer_idx=0))
    return RotaryLayer(layer, GemmaRotaryEmbedding(config)), (torch.randn(1, 32, 64),)


def _deberta_v2_layer() -> Built:
    config = eager(
        DebertaV2Config(
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=4,
            intermediate_size=256,
            relative_attention=True,
            position_buckets=16,
            max_relative_positions=32,
            pos_att_type=["p2c", "c2p"],
            norm_rel_ebd="layer_norm",
            share_att_key=True,
        )
    )
    encoder = perturb(DebertaV2Encoder(config))
    return KeepLengths(encoder, [24, 17]), (torch.randn(2, 24, 64),)


def _wav2vec2_feature_encoder() -> Built:
    config = Wav2Vec2Config(
        conv_dim=(32, 32, 32),
        conv_kernel=(10, 3, 3),
        conv_stride=(5, 2, 2),
        feat_extract_norm="group",
        feat_extract_activation="gelu",
        conv_bias=False,
    )
    return perturb(Wav2Vec2FeatureEncoder(config)), (torch.randn(1, 400),)


def _regnet_y_stage() -> Built:
    config = RegNetConfig(layer_type="y", groups_width=8, hidden_act="relu")
    stage = RegNetStage(config, in_channels=32, out_channels=64, stride=2, depth=2)
    return perturb(stage), (torch.randn(1, 32, 16, 16),)


def _levit_attention() -> Built:
    attention = LevitAttention(
        hidden_sizes=64, key_dim=16, num_attention_heads=4, attention_ratio=2, resolution=7
    )
    return GatheredBias(perturb(attention)), (torch.randn(1, 49, 64),)


def _squeezebert_module() -> Built:
    config = SqueezeBertConfig(hidden_size=64, num_attention_heads=4, intermediate_size=256)
    module = perturb(SqueezeBertModule(config))
    return FeatureMap(module), (torch.randn(2, 64, 32), padding_mask([32, 21], 32))


def _convbert_layer() -> Built:
    config = eager(
        ConvBertConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=256,
            head_ratio=2,
            conv_kernel_size=9,
            num_groups=2,
        )
    )
    layer = ConvBertLayer(config)
    with torch.no_grad():  # GroupedLinearLayer's weight and bias are torch.empty
        for sub in layer.modules():
            if isinstance(sub, GroupedLinearLayer):
                sub.weight.normal_(0.0, 0.1)
                sub.bias.uniform_(-0.1, 0.1)
    return FirstOutput(perturb(layer)), (torch.randn(1, 32, 64),)


def _dinov2_layer_swiglu() -> Built:
    config = eager(
        Dinov2Config(
            hidden_size=64,
            num_attention_heads=4,
            mlp_ratio=4,
            layerscale_value=0.1,
            use_swiglu_ffn=True,
        )
    )
    return perturb(Dinov2Layer(config)), (torch.randn(1, 17, 64),)


def _swinv2_layer() -> Built:
    config = Swinv2Config(window_size=4)
    layer = Swinv2Layer(config, dim=32, input_resolution=(8, 8), num_heads=2, shift_size=2)
    perturb(layer)
    with torch.no_grad():  # log(10) everywhere: perturb would make it about 0
        layer.attention.self.logit_scale.uniform_(1.5, 3.0)
    return FirstOutput(layer, input_dimensions=(8, 8)), (torch.randn(1, 64, 32),)


MODELS = [
    model(
        "mistral_block",
        _mistral_block,
        "transformers MistralDecoderLayer + rotary",
        "GQA via repeat_kv (eager), RMSNorm, SwiGLU, sliding-window causal mask (window 8)",
    ),
    model(
        "gpt_neox_layer",
        _gpt_neox_layer,
        "transformers GPTNeoXLayer + rotary",
        "fused qkv split per head, partial rotary (a quarter of the head dim), parallel residual",
    ),
    model(
        "gptj_block",
        _gptj_block,
        "transformers GPTJBlock",
        "interleaved rotary (rotate_every_two: stack + flatten), sin/cos gathered by position",
    ),
    model(
        "gemma_block",
        _gemma_block,
        "transformers GemmaDecoderLayer + rotary",
        "RMSNorm scaled by (1 + w), GeGLU (tanh GELU), multi-query attention, head_dim 16",
    ),
    model(
        "deberta_v2_layer",
        _deberta_v2_layer,
        "transformers DebertaV2Encoder, 1 layer",
        "disentangled attention: log-bucket relative positions, c2p/p2c gathers, batch 2 mask",
    ),
    model(
        "wav2vec2_feature_encoder",
        _wav2vec2_feature_encoder,
        "transformers Wav2Vec2FeatureEncoder",
        "strided conv1d stack, per-channel GroupNorm on the first, exact GELU",
    ),
    model(
        "regnet_y_stage",
        _regnet_y_stage,
        "transformers RegNetStage (Y)",
        "grouped conv3x3 (8 channels a group), strided shortcut, squeeze-excite, BN, 2 layers",
    ),
    model(
        "levit_attention",
        _levit_attention,
        "transformers LevitAttention",
        "conv-free attention, Linear+BN projections, bias gathered by i64 index, Hardswish",
    ),
    model(
        "squeezebert_module",
        _squeezebert_module,
        "transformers SqueezeBertModule",
        "grouped 1x1 conv1d q/k/v/FFN on [B, C, W], channel LayerNorm, padding mask, batch 2",
    ),
    model(
        "convbert_layer",
        _convbert_layer,
        "transformers ConvBertLayer",
        "span-based dynamic conv (unfold, per-token kernels), grouped linear FFN, half heads",
    ),
    model(
        "dinov2_layer_swiglu",
        _dinov2_layer_swiglu,
        "transformers Dinov2Layer (SwiGLU FFN)",
        "layer scale on both branches, SwiGLU FFN (chunk + silu * x), 17 tokens",
    ),
    model(
        "swinv2_layer",
        _swinv2_layer,
        "transformers Swinv2Layer (shifted)",
        "cosine attention with clamped logit scale, log-spaced CPB MLP bias, shift mask, post-norm",
    ),
]
