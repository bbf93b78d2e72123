"""A seventh set of models that are not in the zoo, for bench/unseen_probe.py
(`--set seventh`): the blocks of bench/unseen_blocks_seventh.py, and nine
`transformers` layers no set has: OLMo-2 (norms after attention and MLP,
full-width q/k RMSNorm), StableLM (a quarter of each head rotated, a
LayerNorm per head on q and k), DiffLlama (differential attention: two
softmaxes subtracted with a learned lambda, an RMSNorm per head pair),
GPT-OSS (attention sinks concatenated to the scores and dropped after the
softmax, a sliding window, a top-2 router whose experts' weights are gathered
per token, a clamped SwiGLU on strided halves), ModernBERT (GeGLU, a banded
bidirectional mask), SpeechT5 (a clamped relative-position embedding gathered
and multiplied per query), LayoutLM's embeddings (nine gathers, four from box
coordinates and two from their differences), a Wav2Vec2-Conformer layer
(macaron FFNs, Transformer-XL relative attention with its pad-and-reshape
shift), and Griffin's recurrent block (RG-LRU unrolled over time, written
back step by step).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from typing import Any

import torch
import unseen_blocks_seventh as blocks
from torch import nn
from transformers import (
    DiffLlamaConfig,
    GptOssConfig,
    LayoutLMConfig,
    ModernBertConfig,
    Olmo2Config,
    RecurrentGemmaConfig,
    SpeechT5Config,
    StableLmConfig,
    Wav2Vec2ConformerConfig,
)
from transformers.models.diffllama.modeling_diffllama import (
    DiffLlamaDecoderLayer,
    DiffLlamaRotaryEmbedding,
)
from transformers.models.gpt_oss.modeling_gpt_oss import GptOssDecoderLayer, GptOssRotaryEmbedding
from transformers.models.layoutlm.modeling_layoutlm import LayoutLMEmbeddings
from transformers.models.modernbert.modeling_modernbert import (
    ModernBertEncoderLayer,
    ModernBertRotaryEmbedding,
)
from transformers.models.olmo2.modeling_olmo2 import Olmo2DecoderLayer, Olmo2RotaryEmbedding
from transformers.models.recurrent_gemma.modeling_recurrent_gemma import (
    RecurrentGemmaRecurrentBlock,
)
from transformers.models.speecht5.modeling_speecht5 import (
    SpeechT5EncoderLayer,
    SpeechT5RelativePositionalEncoding,
)
from transformers.models.stablelm.modeling_stablelm import (
    StableLmDecoderLayer,
    StableLmRotaryEmbedding,
)
from transformers.models.wav2vec2_conformer.modeling_wav2vec2_conformer import (
    Wav2Vec2ConformerEncoderLayer,
    Wav2Vec2ConformerRelPositionalEmbedding,
)
from unseen_common import Built, RotaryLayer, perturb
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import eager


class ModernBertLocal(nn.Module):
    """ModernBERT's local-attention layer: rotary tables of its layer type and
    a bidirectional band mask (|i - j| <= the half window) built in forward."""

    def __init__(self, config: ModernBertConfig, index: int) -> None:
        super().__init__()
        self.layer = ModernBertEncoderLayer(config, layer_idx=index)
        self.layer_type, self.half = config.layer_types[index], config.sliding_window
        self.rotary = ModernBertRotaryEmbedding(config)
        for name in [n for n, _ in self.rotary.named_buffers() if "original" in n]:
            delattr(self.rotary, name)  # read only by dynamic RoPE: dead arguments

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        positions = torch.arange(seq).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions, self.layer_type)
        distance = (torch.arange(seq)[:, None] - torch.arange(seq)[None, :]).abs()
        zeros = torch.zeros(seq, seq, dtype=hidden.dtype)
        mask = zeros.masked_fill(distance > self.half, torch.finfo(hidden.dtype).min)
        out: torch.Tensor = self.layer(
            hidden, attention_mask=mask[None, None], position_embeddings=(cos, sin)
        )
        return out


class SpeechT5Relative(nn.Module):
    """SpeechT5's encoder layer fed its relative-position embeddings (distances
    clamped to +-8, gathered from a table) as `position_bias`."""

    def __init__(self, config: SpeechT5Config) -> None:
        super().__init__()
        head_dim = config.hidden_size // config.encoder_attention_heads
        self.positions = SpeechT5RelativePositionalEncoding(
            head_dim, config.encoder_max_relative_position
        )
        self.layer = SpeechT5EncoderLayer(config)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.layer(hidden, position_bias=self.positions(hidden))[0]
        return out


class ConformerRelative(nn.Module):
    """A Wav2Vec2-Conformer layer fed the slice of the sinusoidal relative
    table its sequence needs (2S - 1 positions)."""

    def __init__(self, config: Wav2Vec2ConformerConfig) -> None:
        super().__init__()
        self.table = Wav2Vec2ConformerRelPositionalEmbedding(config)
        self.layer = Wav2Vec2ConformerEncoderLayer(config)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        middle, seq = self.table.pe.shape[1] // 2, hidden.shape[1]
        relative = self.table.pe[:, middle - seq + 1 : middle + seq]
        out: torch.Tensor = self.layer(hidden, relative_position_embeddings=relative)
        return out


class GriffinRecurrent(nn.Module):
    """Griffin's recurrent block without a cache: positions 0..S-1 (the first
    resets the recurrence)."""

    def __init__(self, config: RecurrentGemmaConfig) -> None:
        super().__init__()
        self.block = RecurrentGemmaRecurrentBlock(config, layer_idx=0)

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(hidden.shape[1]).unsqueeze(0)
        out: torch.Tensor = self.block(hidden, positions, None, use_cache=False)[0]
        return out


_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _decoder(
    config: Any,
    layer: type[nn.Module],
    rotary: type[nn.Module],
    index: int = 0,
    window: int | None = None,
) -> Built:
    """A small decoder layer (hidden 64, 4 heads, seq 16) fed rotary embeddings and a causal mask."""
    built = perturb(layer(eager(config), layer_idx=index))
    return RotaryLayer(built, rotary(config), window=window), (torch.randn(1, 16, 64),)


def _olmo2_block() -> Built:
    config = Olmo2Config(**_SIZES, num_key_value_heads=2)
    return _decoder(config, Olmo2DecoderLayer, Olmo2RotaryEmbedding)


def _stablelm_block() -> Built:
    config = StableLmConfig(
        **_SIZES,
        num_key_value_heads=2,
        qk_layernorm=True,
        use_qkv_bias=True,
        partial_rotary_factor=0.25,
    )
    return _decoder(config, StableLmDecoderLayer, StableLmRotaryEmbedding)


def _diffllama_block() -> Built:
    config = DiffLlamaConfig(**_SIZES, num_key_value_heads=2)
    return _decoder(config, DiffLlamaDecoderLayer, DiffLlamaRotaryEmbedding, index=1)


def _gpt_oss_block() -> Built:
    config = GptOssConfig(
        hidden_size=64,
        intermediate_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        num_local_experts=4,
        num_experts_per_tok=2,
        sliding_window=8,
    )
    config._experts_implementation = "batched_mm"  # gathered weights, no data-dependent loop
    built, inputs = _decoder(config, GptOssDecoderLayer, GptOssRotaryEmbedding, window=8)
    with torch.no_grad():  # sinks and experts are torch.empty when built
        for name, param in built.named_parameters():
            if "sinks" in name or "experts" in name or "router.weight" in name:
                param.normal_(0.0, 0.5 if "router" in name or "sinks" in name else 0.1)
    return built, inputs


def _modernbert_layer() -> Built:
    config = eager(ModernBertConfig(**_SIZES, local_attention=8, global_attn_every_n_layers=3))
    return perturb(ModernBertLocal(config, index=1)), (torch.randn(1, 16, 64),)


def _speecht5_encoder_layer() -> Built:
    config = SpeechT5Config(
        hidden_size=64,
        encoder_attention_heads=4,
        encoder_ffn_dim=128,
        encoder_max_relative_position=8,
    )
    return perturb(SpeechT5Relative(config)), (torch.randn(1, 20, 64),)


def _layoutlm_embeddings() -> Built:
    config = LayoutLMConfig(
        vocab_size=100,
        hidden_size=64,
        max_position_embeddings=32,
        max_2d_position_embeddings=64,
        type_vocab_size=2,
    )
    corner = torch.randint(0, 32, (2, 16, 2))
    bbox = torch.cat([corner, corner + torch.randint(0, 32, (2, 16, 2))], -1)
    ids, types = torch.randint(0, 100, (2, 16)), torch.randint(0, 2, (2, 16))
    return FirstOutput(perturb(LayoutLMEmbeddings(config))), (ids, bbox, types)


def _wav2vec2_conformer_layer() -> Built:
    config = eager(
        Wav2Vec2ConformerConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=128,
            conv_depthwise_kernel_size=7,
            position_embeddings_type="relative",
            max_source_positions=32,
        )
    )
    return perturb(ConformerRelative(config)), (torch.randn(1, 20, 64),)


def _griffin_recurrent_block() -> Built:
    config = RecurrentGemmaConfig(
        hidden_size=64, lru_width=64, num_attention_heads=4, conv1d_width=4
    )
    built = GriffinRecurrent(config)
    with torch.no_grad():  # the RG-LRU's parameters are torch.empty when built
        lru = built.block.rg_lru
        lru.recurrent_param.uniform_(-2.0, 1.0)
        for param in (lru.input_gate_weight, lru.recurrent_gate_weight):
            param.normal_(0.0, 0.25)
        for param in (lru.input_gate_bias, lru.recurrent_gate_bias):
            param.uniform_(-0.1, 0.1)
    return built, (torch.randn(1, 12, 64),)


def _gcn() -> Built:
    return blocks.GcnLayers(), (torch.randn(12, 16), torch.randint(0, 12, (2, 40)))


def _seg_losses() -> Built:
    target = (torch.rand(2, 3, 16, 16) > 0.7).float()
    return blocks.SegmentationLosses(), (torch.randn(2, 16, 16, 16), target)


_BUILDS = {
    "olmo2_block": (_olmo2_block, "post-norm residuals, q/k RMSNorm over all heads"),
    "stablelm_block": (_stablelm_block, "partial rotary (4 of 16), per-head LayerNorm on q/k"),
    "diffllama_block": (_diffllama_block, "two softmaxes subtracted (lambda from exp of dots)"),
    "gpt_oss_block": (
        _gpt_oss_block,
        "attention sinks, sliding window, top-2 router, per-token gathered expert weights",
    ),
    "modernbert_layer": (_modernbert_layer, "GeGLU, banded bidirectional mask, no biases"),
    "speecht5_encoder_layer": (
        _speecht5_encoder_layer,
        "clamped relative positions gathered, a per-query matmul with the table",
    ),
    "layoutlm_embeddings": (
        _layoutlm_embeddings,
        "nine embedding gathers, indices sliced from boxes and subtracted",
    ),
    "wav2vec2_conformer_layer": (
        _wav2vec2_conformer_layer,
        "relative attention with pad-reshape-slice shift, macaron FFNs, conv module",
    ),
    "griffin_recurrent_block": (
        _griffin_recurrent_block,
        "RG-LRU: baddbmm gates, softplus, sqrt(1 - a^2), twelve slice writes",
    ),
    "cbam_block": (
        lambda: (perturb(blocks.Cbam()), (torch.randn(1, 32, 12, 12),)),
        "avg and max pooled shared MLP, channel mean/max into a 7x7 conv",
    ),
    "aspp_head": (
        lambda: (perturb(blocks.Aspp()), (torch.randn(1, 32, 16, 16),)),
        "dilated 3x3 convs (2, 4), 1x1 pooled branch upsampled bilinearly",
    ),
    "pooling_variants": (
        lambda: (blocks.PoolingVariants(), (torch.randn(1, 3, 10, 10),)),
        "adaptive avg 10->7 and max 10->3 (uneven windows), LP pool",
    ),
    "r2plus1d_block": (
        lambda: (perturb(blocks.R2Plus1d()), (torch.randn(1, 8, 4, 10, 10),)),
        "conv3d (1,3,3) and (3,1,1), BatchNorm3d, max_pool3d",
    ),
    "unet1d": (
        lambda: (perturb(blocks.UNet1d()), (torch.randn(1, 4, 32),)),
        "strided conv1d, ConvTranspose1d, skip concat, GroupNorm",
    ),
    "vae_reparam_head": (
        lambda: (blocks.VaeHead(), (torch.randn(4, 64), torch.randn(4, 16))),
        "exp(logvar / 2) * eps, a KL mean appended to a flattened output",
    ),
    "seg_loss_head": (_seg_losses, "sigmoid focal loss and soft dice: reductions to scalars"),
    "soft_moe": (
        lambda: (perturb(blocks.SoftMoe()), (torch.randn(1, 16, 32),)),
        "softmax over tokens and over slots of one logit tensor, per-expert einsums",
    ),
    "vq_codebook": (
        lambda: (blocks.VqCodebook(), (torch.randn(1, 3, 8, 8),)),
        "distances to codes, argmin, gather, straight-through, MSE appended",
    ),
    "sinkhorn_ot": (
        lambda: (blocks.Sinkhorn(), (torch.randn(1, 16, 12), torch.randn(1, 16, 10))),
        "dustbin concat, logsumexp over rows then columns, three rounds",
    ),
    "gcn_scatter": (_gcn, "index_add of degrees and messages, per-edge gathers"),
}

MODELS = [
    ZooModel(name, build, "bench/unseen_models_seventh.py", "small", "f32", exercises)
    for name, (build, exercises) in _BUILDS.items()
]
