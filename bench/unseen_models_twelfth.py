"""A twelfth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set twelfth`), all `transformers` layers no set has: Longformer's layer
(sliding-window attention in overlapping chunks by as_strided, the
pad-and-diagonalize trick, -inf masks of the chunk ends, global tokens
scattered in and out by index_put, a padding mask), Chameleon's decoder
layer (q/k LayerNorm with statistics per head and an affine per head), DBRX's
block (clip_qkv clamp on the fused Wqkv, bias-free LayerNorms, p=1-normed
top-2 routing, GLU experts in fused w1 / v1 / w2 tensors), OLMoE's decoder
layer (RMSNorm over all q and k heads, clamps, softmax top-2 MoE), Falcon-H1's
decoder layer (a Mamba-2 mixer, causal depthwise conv1d and the chunked SSD
scan, beside attention; the muP vector and in / out multipliers; a gated
RMSNorm), JetMoE's decoder layer (a mixture of attention heads: top-2 query
and output experts regrouped by sort and index_add, a MoE MLP), Speech2Text's
encoder (two stride-2 Conv1d with GLU, the frame mask subsampled by index_put,
flip and cumsum, sinusoidal positions by index_select, one layer), BLIP-2's
Q-Former layer (self-attention over query and text tokens, cross-attention to
image features for the queries, two FFNs), Idefics2's perceiver resampler
(latents attending to cat(context, latents) under a padding mask, GQA, two
layers), PatchTSMixer's layer (channel, patch and feature MLP mixing with
softmax gates, BatchNorm, self-attention over patches), HGNet-V2's stage
(depthwise stride-2 downsample, light 1x1 + depthwise 5x5 blocks, learnable
affine blocks, concat aggregation), TextNet's stage (RepConv: 3x3, 3x1 and 1x3
convs with BatchNorm summed, an identity BatchNorm), ViTDet's layer (window
partition with padding, decomposed relative positions, a conv bottleneck),
MobileNet-V1 with tf_padding (TF "same" pads computed in forward, asymmetric
at even sizes) and two SmolLM3 layers in bf16 (a rotary one, then a NoPE one).

Not taken, earlier sets have them: Mixtral's and Qwen2-MoE's MoE blocks,
Mamba-2's mixer, SAM's windowed layer, MobileNet-V3, Perceiver's
cross-attention. HGNet-V2 has no ESE module in transformers 5.23 (HGNet-V1's
squeeze-excitation is not in `modeling_hgnet_v2`): its stage is taken as is.

Substitutions (the wrappers are in bench/unseen_blocks_twelfth.py; each
computes the same values, checked against the original forward). Longformer's
`_get_global_attn_indices` finds the global tokens by `nonzero`: with them
traced, torch.export fails with "GuardOnDataDependentSymNode: Could not guard
on data-dependent expression Eq(u5, 1)" (at the size assert of
`_compute_global_attn_output_from_hidden`), so they are computed at build time
from the fixed mask and fed in as constants; `is_global_attn` (an `.item()` in
LongformerEncoder) is passed as True. DBRX's experts loop over the experts hit
(`nonzero`): "GuardOnDataDependentSymNode: Could not guard on data-dependent
expression Eq(u0, 0)" (in unbind); each (token, choice) gathers its expert's
slices of the fused weights instead. DbrxAttention reads
`attn_config.rope_theta`, which DbrxAttentionConfig does not have
("AttributeError: 'DbrxAttentionConfig' object has no attribute
'rope_theta'"): it is set (unused). OLMoE runs `_experts_implementation =
"batched_mm"`: its default loop fails as DBRX's does ("Eq(u0, 0)"), and
"grouped_mm" stops in torch-mlir at "failed to legalize operation
'torch.operator' that was explicitly marked illegal: ... torch.aten.histc".
JetMoE's gating takes `expert_size.tolist()` and its experts `split` by it:
torch.export takes the unbacked sizes, but torch-mlir's lowering fails with
"failed to legalize operation 'torch.constant.int'"; the gating keeps
`expert_size` a tensor and each grouped row gathers the weight of its expert
(the count of group ends, a cumsum, at or before it). Falcon-H1 runs
transformers' PyTorch fallbacks of causal_conv1d and the chunk scan (no
mamba_ssm / causal_conv1d here), and its layer gets the `mup_vector` buffer
that FalconH1Model registers on each layer.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_twelfth as blocks
from torch import nn
from transformers import (
    Blip2QFormerConfig,
    ChameleonConfig,
    DbrxConfig,
    FalconH1Config,
    HGNetV2Config,
    JetMoeConfig,
    LongformerConfig,
    MobileNetV1Config,
    OlmoeConfig,
    PatchTSMixerConfig,
    SmolLM3Config,
    Speech2TextConfig,
    TextNetConfig,
    VitDetConfig,
)
from transformers.models.chameleon.modeling_chameleon import (
    ChameleonDecoderLayer,
    ChameleonRotaryEmbedding,
)
from transformers.models.dbrx.modeling_dbrx import DbrxBlock, DbrxRotaryEmbedding
from transformers.models.falcon_h1.modeling_falcon_h1 import (
    FalconH1DecoderLayer,
    FalconH1RotaryEmbedding,
    compute_mup_vector,
)
from transformers.models.hgnet_v2.modeling_hgnet_v2 import HGNetV2Stage
from transformers.models.idefics2.configuration_idefics2 import Idefics2PerceiverConfig
from transformers.models.jetmoe.modeling_jetmoe import JetMoeDecoderLayer, JetMoeRotaryEmbedding
from transformers.models.mobilenet_v1.modeling_mobilenet_v1 import MobileNetV1Model
from transformers.models.olmoe.modeling_olmoe import OlmoeDecoderLayer, OlmoeRotaryEmbedding
from transformers.models.patchtsmixer.modeling_patchtsmixer import PatchTSMixerLayer
from transformers.models.textnet.modeling_textnet import TextNetStage
from transformers.models.vitdet.modeling_vitdet import VitDetLayer
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager

_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _random(module: nn.Module, *names: str) -> nn.Module:
    """Parameters whose name holds one of `names` (torch.empty or zeros when
    built: expert weights, routers) drawn at random, then `perturb`."""
    with torch.no_grad():
        for name, param in module.named_parameters():
            if any(part in name for part in names):
                param.normal_(0.0, 0.5 if "router" in name or "gate.weight" in name else 0.1)
    return perturb(module)


def _perturb_scalars(module: nn.Module) -> nn.Module:
    """One-element parameters (HGNet-V2's learnable affine scale and bias,
    1 and 0 when built, which `perturb` leaves) as `perturb` draws larger ones."""
    with torch.no_grad():
        for param in module.parameters():
            if param.numel() == 1:
                low, high = (0.5, 1.5) if bool(param == 1) else (-0.1, 0.1)
                param.uniform_(low, high)
    return perturb(module)


def _longformer_layer() -> Built:
    config = LongformerConfig(**_SIZES, attention_window=[8])
    layer = blocks.LongformerGlobal(config, lengths=[16, 13], global_tokens=[[0], [0, 5]])
    return perturb(layer), (torch.randn(2, 16, 64),)


def _chameleon_layer() -> Built:
    config = eager(ChameleonConfig(**_SIZES, num_key_value_heads=2))
    layer = ChameleonDecoderLayer(config, 0)
    return perturb(RotaryLayer(layer, ChameleonRotaryEmbedding(config))), (torch.randn(1, 16, 64),)


def _dbrx_block() -> Built:
    config = eager(
        DbrxConfig(
            d_model=64,
            n_heads=4,
            max_seq_len=32,
            attn_config={"clip_qkv": 2.0, "kv_n_heads": 2},
            ffn_config={"ffn_hidden_size": 32, "moe_num_experts": 4, "moe_top_k": 2},
        )
    )
    config.attn_config.rope_theta = 10000.0  # read (and unused) by DbrxAttention, not a field
    layer = RotaryLayer(DbrxBlock(config, 0), DbrxRotaryEmbedding(config))
    return _random(blocks.DbrxGathered(layer), "mlp.w1", "mlp.v1", "mlp.w2", "router"), (
        torch.randn(1, 16, 64),
    )


def _olmoe_layer() -> Built:
    config = eager(
        OlmoeConfig(
            **_SIZES, num_key_value_heads=2, num_experts=8, num_experts_per_tok=2, clip_qkv=3.0
        )
    )
    config._experts_implementation = "batched_mm"
    layer = RotaryLayer(OlmoeDecoderLayer(config, 0), OlmoeRotaryEmbedding(config))
    return _random(layer, "experts", "gate.weight"), (torch.randn(1, 16, 64),)


def _falcon_h1_layer() -> Built:
    config = eager(
        FalconH1Config(
            **_SIZES,
            num_key_value_heads=2,
            mamba_d_ssm=64,
            mamba_n_heads=8,
            mamba_d_state=16,
            mamba_chunk_size=8,
            mamba_rms_norm=True,
            ssm_multipliers=[0.5, 1.5, 0.8, 1.2, 0.7],
            ssm_in_multiplier=1.3,
            ssm_out_multiplier=0.6,
            attention_in_multiplier=0.9,
            attention_out_multiplier=1.1,
            mlp_multipliers=[1.2, 0.8],
            key_multiplier=0.7,
            num_hidden_layers=1,
        )
    )
    layer = FalconH1DecoderLayer(config, 0)
    layer.mamba.register_buffer("mup_vector", compute_mup_vector(config))
    return perturb(RotaryLayer(layer, FalconH1RotaryEmbedding(config))), (torch.randn(1, 20, 64),)


def _jetmoe_layer() -> Built:
    config = eager(
        JetMoeConfig(
            hidden_size=64,
            num_key_value_heads=2,
            kv_channels=16,
            intermediate_size=64,
            num_local_experts=4,
            num_experts_per_tok=2,
            num_attention_heads=4,
        )
    )
    layer = RotaryLayer(JetMoeDecoderLayer(config, 0), JetMoeRotaryEmbedding(config))
    built = blocks.JetMoeGathered(layer)
    return _random(built, "input_linear", "output_linear", "router", "bias"), (
        torch.randn(1, 16, 64),
    )


def _speech2text_encoder() -> Built:
    config = eager(
        Speech2TextConfig(
            d_model=64,
            encoder_layers=1,
            encoder_ffn_dim=128,
            encoder_attention_heads=4,
            max_source_positions=64,
            conv_channels=64,
            input_feat_per_channel=20,
        )
    )
    return perturb(blocks.Speech2TextPadded(config, [40, 27])), (torch.randn(2, 40, 20),)


def _qformer_layer() -> Built:
    config = eager(
        Blip2QFormerConfig(**_SIZES, encoder_hidden_size=48, use_qformer_text_input=True)
    )
    inputs = (torch.randn(2, 8 + 6, 64), torch.randn(2, 17, 48))
    return perturb(blocks.QFormerWithText(config, 8)), inputs


def _idefics2_perceiver() -> Built:
    config = eager(
        Idefics2PerceiverConfig(
            hidden_size=64,
            resampler_n_latents=8,
            resampler_depth=2,
            resampler_n_heads=4,
            resampler_head_dim=16,
            num_key_value_heads=2,
        )
    )
    return perturb(blocks.PerceiverPadded(config, [24, 17])), (torch.randn(2, 24, 64),)


def _patchtsmixer_layer() -> Built:
    config = eager(
        PatchTSMixerConfig(
            context_length=64,
            patch_length=8,
            patch_stride=8,
            num_input_channels=3,
            d_model=32,
            mode="mix_channel",
            gated_attn=True,
            self_attn=True,
            self_attn_heads=4,
            norm_mlp="BatchNorm",
        )
    )
    return perturb(PatchTSMixerLayer(config)), (torch.randn(2, 3, 8, 32),)


def _hgnet_v2_stage() -> Built:
    config = HGNetV2Config(
        stage_in_channels=[16],
        stage_mid_channels=[16],
        stage_out_channels=[32],
        stage_num_blocks=[2],
        stage_downsample=[True],
        stage_downsample_strides=[2],
        stage_light_block=[True],
        stage_kernel_size=[5],
        stage_numb_of_layers=[3],
        use_learnable_affine_block=True,
    )
    return _perturb_scalars(HGNetV2Stage(config, 0)), (torch.randn(1, 16, 24, 24),)


def _textnet_stage() -> Built:
    config = TextNetConfig(
        hidden_sizes=[16, 32],
        conv_layer_kernel_sizes=[[[3, 3], [3, 1], [1, 3], [3, 3]]],
        conv_layer_strides=[[2, 1, 1, 1]],
    )
    return perturb(TextNetStage(config, 0)), (torch.randn(1, 16, 24, 24),)


def _vitdet_layer() -> Built:
    config = VitDetConfig(hidden_size=64, num_attention_heads=4, image_size=40, patch_size=4)
    layer = VitDetLayer(config, window_size=4, use_residual_block=True)
    return FirstOutput(perturb(layer)), (torch.randn(1, 64, 10, 10),)


def _mobilenet_v1() -> Built:
    config = MobileNetV1Config(depth_multiplier=0.25, image_size=48, tf_padding=True)
    return FirstOutput(perturb(MobileNetV1Model(config))), (torch.randn(1, 3, 48, 48),)


def _smollm3_bf16() -> Built:
    config = eager(SmolLM3Config(**_SIZES, num_key_value_heads=2, num_hidden_layers=4))
    assert config.no_rope_layers == [1, 1, 1, 0]
    pair = perturb(blocks.SmolLM3Pair(config)).to(torch.bfloat16)
    return pair, (torch.randn(1, 16, 64, dtype=torch.bfloat16),)


_BUILDS = {
    "longformer_layer": (
        _longformer_layer,
        "sliding-window chunks (as_strided, pad-and-diagonalize), global tokens by index_put",
    ),
    "chameleon_layer": (
        _chameleon_layer,
        "per-head q/k LayerNorm (stats per head, affine per head), rotary, GQA",
    ),
    "dbrx_block": (
        _dbrx_block,
        "clip_qkv clamp, bias-free LayerNorm, p=1-normed top-2, fused experts gathered",
    ),
    "olmoe_layer": (
        _olmoe_layer,
        "q/k RMSNorm over all heads, clamp, softmax top-2 MoE, experts gathered (batched_mm)",
    ),
    "falcon_h1_layer": (
        _falcon_h1_layer,
        "Mamba-2 SSD chunks beside attention, muP vector and multipliers, gated RMSNorm",
    ),
    "jetmoe_layer": (
        _jetmoe_layer,
        "mixture of attention heads (top-2 q/o experts), sort + index_add regroup, MoE MLP",
    ),
    "speech2text_encoder": (
        _speech2text_encoder,
        "2 stride-2 Conv1d + GLU, subsampled mask (index_put, flip, cumsum), sinusoids",
    ),
    "blip2_qformer_layer": (
        _qformer_layer,
        "self-attn on queries + text, cross-attn for the queries, two FFNs, cat",
    ),
    "idefics2_perceiver": (
        _idefics2_perceiver,
        "latents attend to cat(context, latents), padding mask, GQA, 2 layers, RMSNorm",
    ),
    "patchtsmixer_layer": (
        _patchtsmixer_layer,
        "channel / patch / feature MLP mixing with softmax gates, BatchNorm, self-attn",
    ),
    "hgnet_v2_stage": (
        _hgnet_v2_stage,
        "depthwise stride-2 downsample, light 1x1 + 5x5 dw blocks, LAB, concat aggregation",
    ),
    "textnet_stage": (
        _textnet_stage,
        "RepConv: 3x3 + 3x1 + 1x3 convs each with BatchNorm, summed, identity BN, ReLU",
    ),
    "vitdet_layer": (
        _vitdet_layer,
        "window partition with padding (10 -> 12), decomposed rel-pos, conv bottleneck",
    ),
    "mobilenet_v1": (
        _mobilenet_v1,
        "TF 'same' padding computed in forward (asymmetric pads), depthwise-separable, ReLU6",
    ),
    "smollm3_pair_bf16": (
        _smollm3_bf16,
        "a rotary layer then a NoPE layer in bf16, GQA, causal mask",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_twelfth.py")
