"""An eighth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set eighth`): the blocks of bench/unseen_blocks_eighth.py, and ten
`transformers` layers no set has: Granite (scalar multipliers on the
embeddings' residuals and the attention scale), Nemotron (squared ReLU,
LayerNorm1P: a LayerNorm whose scale is 1 + weight, half the head rotated),
Persimmon (a fused QKV, per-head LayerNorm on q and k, partial rotary),
Starcoder2 (biased projections, LayerNorm, a sliding window), Mllama's
cross-attention decoder layer (tanh gates, q/k RMSNorm, rows with no image
zeroed), LFM2's short-conv layer (a gated causal depthwise conv1d), a Mamba-2
mixer (the chunked SSD scan with segment sums, a gated RMSNorm), Funnel's
encoder (relative-shift attention, a mean-pooled query after the first
block), Hiera's mask-unit attention (queries max-pooled by a stride inside
each window) and a DAC encoder block (Snake activations, dilated conv1d).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from typing import Any

import torch
import unseen_blocks_eighth as blocks
from torch import nn
from transformers import (
    DacConfig,
    FunnelConfig,
    GraniteConfig,
    HieraConfig,
    Lfm2Config,
    Mamba2Config,
    MllamaTextConfig,
    NemotronConfig,
    PersimmonConfig,
    Starcoder2Config,
)
from transformers.models.dac.modeling_dac import DacEncoderBlock
from transformers.models.funnel.modeling_funnel import FunnelEncoder
from transformers.models.granite.modeling_granite import (
    GraniteDecoderLayer,
    GraniteRotaryEmbedding,
)
from transformers.models.hiera.modeling_hiera import HieraLayer
from transformers.models.lfm2.modeling_lfm2 import Lfm2DecoderLayer
from transformers.models.mamba2.modeling_mamba2 import Mamba2Mixer
from transformers.models.mllama.modeling_mllama import MllamaCrossAttentionDecoderLayer
from transformers.models.nemotron.modeling_nemotron import (
    NemotronDecoderLayer,
    NemotronRotaryEmbedding,
)
from transformers.models.persimmon.modeling_persimmon import (
    PersimmonDecoderLayer,
    PersimmonRotaryEmbedding,
)
from transformers.models.starcoder2.modeling_starcoder2 import (
    Starcoder2DecoderLayer,
    Starcoder2RotaryEmbedding,
)
from unseen_common import Built, RotaryLayer, perturb
from unseen_models_fifth import half
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import eager


class MllamaCross(nn.Module):
    """Mllama's cross-attention decoder layer fed vision states and masks built
    in forward: text tokens before `first` see no image (their rows are zeroed
    by the full-text-row mask), those before `split` see the first tile, the
    rest see both tiles."""

    def __init__(self, config: MllamaTextConfig, first: int = 4, split: int = 10) -> None:
        super().__init__()
        self.layer = MllamaCrossAttentionDecoderLayer(config, layer_idx=0)
        self.first, self.split = first, split

    def forward(self, hidden: torch.Tensor, vision: torch.Tensor) -> torch.Tensor:
        seq, keys = hidden.shape[1], vision.shape[1]
        rows, cols = torch.arange(seq)[:, None], torch.arange(keys)[None, :]
        visible = (rows >= self.first) & ((rows >= self.split) | (cols < keys // 2))
        zeros = torch.zeros(seq, keys, dtype=hidden.dtype)
        mask = zeros.masked_fill(~visible, torch.finfo(hidden.dtype).min)[None, None]
        row_kept = visible.any(-1).to(hidden.dtype)[None, None, :, None]
        out: torch.Tensor = self.layer(
            hidden,
            cross_attention_states=vision,
            cross_attention_mask=mask,
            attention_mask=None,
            full_text_row_masked_out_mask=row_kept,
        )
        return out


class HieraWindowLayer(nn.Module):
    """Hiera's layer with mask-unit attention: a projection to the wider
    output, queries max-pooled by the stride within each window, the
    residual max-pooled the same way."""

    def __init__(self) -> None:
        super().__init__()
        self.layer = HieraLayer(
            HieraConfig(),
            hidden_size=32,
            hidden_size_output=64,
            num_heads=2,
            query_stride=4,
            window_size=4,
            use_mask_unit_attn=True,
        )

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.layer(hidden)[0]
        return out


_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _decoder(
    config: Any,
    layer: type[nn.Module],
    rotary: type[nn.Module],
    window: int | None = None,
) -> Built:
    """A small decoder layer (hidden 64, 4 heads, seq 16) fed rotary embeddings and a causal mask."""
    built = perturb(layer(eager(config), layer_idx=0))
    return RotaryLayer(built, rotary(config), window=window), (torch.randn(1, 16, 64),)


def _granite_block() -> Built:
    config = GraniteConfig(
        **_SIZES,
        num_key_value_heads=2,
        residual_multiplier=0.22,
        attention_multiplier=0.0625,
    )
    return _decoder(config, GraniteDecoderLayer, GraniteRotaryEmbedding)


def _nemotron_block() -> Built:
    config = NemotronConfig(
        **_SIZES, num_key_value_heads=2, partial_rotary_factor=0.5, hidden_act="relu2"
    )
    return _decoder(config, NemotronDecoderLayer, NemotronRotaryEmbedding)


def _persimmon_block() -> Built:
    config = PersimmonConfig(**_SIZES, qk_layernorm=True, partial_rotary_factor=0.5)
    return _decoder(config, PersimmonDecoderLayer, PersimmonRotaryEmbedding)


def _starcoder2_block() -> Built:
    config = Starcoder2Config(**_SIZES, num_key_value_heads=2, sliding_window=8, use_bias=True)
    return _decoder(config, Starcoder2DecoderLayer, Starcoder2RotaryEmbedding, window=8)


def _mllama_cross_layer() -> Built:
    config = eager(MllamaTextConfig(**_SIZES, num_key_value_heads=2, cross_attention_layers=[0]))
    built = perturb(MllamaCross(config))
    with torch.no_grad():  # the tanh gates are zeros when built: the layer would be the identity
        built.layer.cross_attn_attn_gate.fill_(0.6)
        built.layer.cross_attn_mlp_gate.fill_(-0.4)
    return built, (torch.randn(1, 16, 64), torch.randn(1, 24, 64))


def _lfm2_conv_layer() -> Built:
    config = Lfm2Config(
        **_SIZES,
        num_key_value_heads=2,
        num_hidden_layers=2,
        layer_types=["conv", "full_attention"],
        conv_L_cache=3,
        block_auto_adjust_ff_dim=False,
    )
    layer = perturb(Lfm2DecoderLayer(config, layer_idx=0))
    return FirstOutput(layer), (torch.randn(1, 16, 64),)


def _mamba2_mixer() -> Built:
    config = Mamba2Config(
        hidden_size=32,
        num_heads=4,
        head_dim=16,
        expand=2,
        state_size=8,
        n_groups=1,
        chunk_size=8,
        conv_kernel=4,
    )
    mixer = perturb(Mamba2Mixer(config, layer_idx=0))
    return FirstOutput(mixer), (torch.randn(1, 16, 32),)


def _funnel_encoder() -> Built:
    config = FunnelConfig(
        d_model=64, n_head=4, d_head=16, d_inner=128, block_sizes=[1, 1], hidden_act="gelu"
    )
    mask = torch.ones(1, 16, dtype=torch.long)
    mask[:, 13:] = 0
    types = torch.zeros(1, 16, dtype=torch.long)
    types[:, 8:] = 1
    encoder = perturb(FunnelEncoder(config))
    return FirstOutput(encoder), (torch.randn(1, 16, 64), mask, types)


def _dac_encoder_block() -> Built:
    block = perturb(DacEncoderBlock(DacConfig(encoder_hidden_size=8), stride=2, stride_index=1))
    return block, (torch.randn(1, 8, 64),)


_BUILDS = {
    "granite_block": (_granite_block, "residual multiplier 0.22, attention scale 1/16"),
    "nemotron_block": (_nemotron_block, "squared ReLU MLP, LayerNorm1P (1 + weight), half rotary"),
    "persimmon_block": (
        _persimmon_block,
        "fused QKV split per head, per-head LayerNorm on q/k, half rotary",
    ),
    "starcoder2_block": (_starcoder2_block, "biased projections, LayerNorm, sliding window 8"),
    "mllama_cross_layer": (
        _mllama_cross_layer,
        "tanh-gated cross-attention to 24 vision tokens, tile mask, rows zeroed",
    ),
    "lfm2_conv_layer": (
        _lfm2_conv_layer,
        "B*x gate, causal depthwise conv1d, C gate, SwiGLU, RMSNorm",
    ),
    "mamba2_mixer": (
        _mamba2_mixer,
        "chunked SSD scan: cumsum segment sums, exp decays, gated RMSNorm",
    ),
    "funnel_encoder": (
        _funnel_encoder,
        "relative-shift attention with token-type bias, mean-pooled query",
    ),
    "hiera_layer": (
        lambda: (perturb(HieraWindowLayer()), (torch.randn(1, 64, 32),)),
        "mask-unit windows, query max-pool over the stride, widening residual",
    ),
    "dac_encoder_block": (
        _dac_encoder_block,
        "Snake (x + sin^2(a x) / a), conv1d dilated 1/3/9, strided conv",
    ),
    "ghost_module": (
        lambda: (perturb(blocks.GhostModule()), (torch.randn(1, 24, 12, 12),)),
        "1x1 + cheap depthwise 3x3, concat then slice, hardswish",
    ),
    "sk_conv": (
        lambda: (perturb(blocks.SelectiveKernel()), (torch.randn(1, 32, 12, 12),)),
        "grouped 3x3 branches (dilation 1, 2), softmax over branches",
    ),
    "coord_attention": (
        lambda: (perturb(blocks.CoordinateAttention()), (torch.randn(1, 32, 12, 10),)),
        "means along H and W, concat, shared 1x1, split, two sigmoid gates",
    ),
    "involution": (
        lambda: (blocks.Involution(), (torch.randn(1, 16, 10, 10),)),
        "per-pixel generated 3x3 kernels, F.unfold (im2col), window sum",
    ),
    "tcn_block": (
        lambda: (blocks.TemporalBlock(), (torch.randn(1, 8, 40),)),
        "left-padded causal conv1d, dilations 1 and 4, residuals",
    ),
    "eca_block": (
        lambda: (perturb(blocks.EcaBlock()), (torch.randn(1, 32, 12, 12),)),
        "conv1d of width 5 across channel descriptors, sigmoid gate",
    ),
    "padded_cross_attention": (
        lambda: (
            perturb(blocks.PaddedCrossAttention()),
            (torch.randn(2, 8, 32), torch.randn(2, 12, 32), torch.tensor([12, 7])),
        ),
        "nn.MultiheadAttention, boolean key padding mask from lengths",
    ),
    "gqa_repeat_interleave": (
        lambda: (blocks.GroupedQueryAttention(), (torch.randn(1, 16, 64),)),
        "8 query heads on 2 kv heads via repeat_interleave, -inf causal fill",
    ),
    "rmsnorm_swiglu_bf16": (
        half(lambda: (perturb(blocks.RmsSwiGlu()), (torch.randn(2, 16, 64),)), torch.bfloat16),
        "bf16: RMSNorm in f32 cast back, fused gate/up chunked, SwiGLU (hidden 172)",
    ),
    "top_p_filter": (
        lambda: (blocks.TopPFilter(), (torch.randn(2, 4, 32),)),
        "sort descending, cumsum of softmax, shifted mask, argsort gather back",
    ),
}

MODELS = [
    ZooModel(
        name,
        build,
        "bench/unseen_models_eighth.py",
        "small",
        "bf16" if name.endswith("bf16") else "f32",
        exercises,
    )
    for name, (build, exercises) in _BUILDS.items()
]
