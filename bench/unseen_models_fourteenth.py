"""A fourteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set fourteenth`), all `transformers` layers no set has: EXAONE-4's two
layers (post-norm around attention and MLP, per-head q/k RMSNorm, a
sliding-window rotary layer then a global NoPE layer), Cohere-2's two layers
(parallel attention and MLP off one bias-free LayerNorm, interleaved rotary,
sliding then global NoPE), Arcee's layer (a ReLU² MLP without gate), in f32
and bf16, ERNIE-4.5-MoE's layer (softmax top-2 with a bias correction added
for the choice only, renormalized weights, a shared expert), HunYuan-V1-MoE's
layer (q/k RMSNorm after rotary, softmax top-2 gate, a shared MLP), Jamba's
Mamba layer (a Mamba-1 mixer with RMSNorms on dt, B and C, the sequential
selective scan, causal depthwise conv1d, then a top-2 MoE), DINOv3's ViT (a
conv patch embedding, CLS and register tokens, 2D RoPE from patch
coordinates on the patch tokens only, layer scale), in f32 and f16,
DINOv2-with-registers (register tokens between CLS and the patches, layer
scale, the final LayerNorm), BigBird's encoder
(block-sparse attention: sliding, global and random blocks gathered by
index, padding to the block size), Mimi's transformer layer (rotary, layer
scale, a sliding-window causal mask), Mimi's SEANet encoder (causal Conv1d
with the extra padding computed in forward, ELU residual blocks, strided
downsampling), FastSpeech2's Conformer encoder (relative positional
encoding with rel-shift, macaron Conv1d FFNs, the GLU + depthwise conv
module with BatchNorm, a padding mask) and RT-DETR-v2's decoder layer
(self-attention with query positions, multi-scale deformable attention with
the "discrete" sampling method: offsets scaled by the box size, rounded
and clamped indices gathered per level).

Not taken: Zamba2's and Bamba's layers (their mixer is Mamba-2, which the
eighth and twelfth sets have); NLLB-MoE's sparse MLP (an expert loop over
`nonzero` hits, the data-dependent loop DBRX's needed a wrapper for in the
twelfth set; not tried); Qwen2.5-VL's vision blocks (not tried: their eager
attention splits q, k and v by `lengths.tolist()` of the `cu_seqlens` tensor,
and the window index and `cu_window_seqlens` come from `grid_thw`, so a
wrapper would have to rewrite the attention and the index helpers); MusicGen's,
Marian's and Pegasus's decoder layers, Electra's and RemBERT's layers (the
same BART / BERT layers the first and third sets have); EfficientFormer
(not in transformers 5.23).

Wrappers (bench/unseen_blocks_fourteenth.py) feed each layer what its
model would: masks built in forward (sliding window, causal, padding from
lengths), rotary tables, and RT-DETR-v2's spatial shapes and level starts as
constants. ERNIE-4.5-MoE, HunYuan-V1-MoE and Jamba run
`_experts_implementation = "batched_mm"`, as OLMoE does in the twelfth set
(their default expert loop over `nonzero` hits is data-dependent); checked
against the default loop with torch.allclose. Jamba and Mimi run
transformers' PyTorch fallbacks (no mamba_ssm / causal_conv1d here).

Substitutions (each computes the same values, checked against the original
forward). Mimi's MimiConv1d keeps kernel size, stride and total padding in
int64 buffers and computes its extra padding from them in forward: torch-mlir
fails with "'torch.aten.sub.Tensor' op operand #0 must be Any Torch tensor
type, but got '!torch.int'" (`length - self.kernel_size`); with only that
computed from Python ints (`math.ceil` of the traced length: "AssertionError:
Unsupported builtin function for symbolic types: <built-in function ceil>",
so the ceiling is taken in integers) the buffer `padding_total`, a weight
argument, is still the left pad, so every length after it is dynamic
(tensor<1x8x?xf32>); the buffers are made Python ints. RT-DETR-v2's
deformable attention checks `(spatial_shapes[:, 0] * spatial_shapes[:,
1]).sum() == sequence_length` by torch_compilable_check: torch.export keeps
it as a data-dependent `sym_ite` and torch-mlir stops at "NotImplementedError:
FIX ME: Unimplemented call_function: target=<function sym_ite ...>"; the
check is made at build time and patched out of forward. FastSpeech2's
relative positional encoding holds a table of 2·5000-1 positions (a
2.6 MB buffer; "export.py: fastspeech2_conformer.npz is 2,835,517 B (limit
2,097,152)"): the table is built, by its own `extend_pos_enc`, for the
sequence length, and forward takes the same centered slice of it.
DINOv2-with-registers interpolates its position embeddings by
`interpolate(..., mode="bicubic", antialias=True)` when the image differs
from `image_size`: torch-mlir fails with "failed to legalize operation
'torch.operator' that was explicitly marked illegal: ...
torch.aten._upsample_bicubic2d_aa", so it is fed an image of `image_size`
(the table is used as is). BigBird's encoder is built with a 256-token
vocabulary: the default 30522 x 64 embedding made the .npz 12 MB.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_fourteenth as blocks
from torch import nn
from transformers import (
    ArceeConfig,
    BigBirdConfig,
    BigBirdModel,
    Cohere2Config,
    Dinov2WithRegistersConfig,
    Dinov2WithRegistersModel,
    DINOv3ViTConfig,
    DINOv3ViTModel,
    Ernie4_5_MoeConfig,
    Exaone4Config,
    FastSpeech2ConformerConfig,
    HunYuanMoEV1Config,
    JambaConfig,
    MimiConfig,
    RTDetrV2Config,
)
from transformers.models.arcee.modeling_arcee import ArceeDecoderLayer, ArceeRotaryEmbedding
from transformers.models.cohere2.modeling_cohere2 import (
    Cohere2DecoderLayer,
    Cohere2RotaryEmbedding,
)
from transformers.models.ernie4_5_moe.modeling_ernie4_5_moe import (
    Ernie4_5_MoeDecoderLayer,
    Ernie4_5_MoeRotaryEmbedding,
)
from transformers.models.exaone4.modeling_exaone4 import (
    Exaone4DecoderLayer,
    Exaone4RotaryEmbedding,
)
from transformers.models.hunyuan_v1_moe.modeling_hunyuan_v1_moe import (
    HunYuanMoEV1DecoderLayer,
    HunYuanMoEV1RotaryEmbedding,
)
from transformers.models.jamba.modeling_jamba import JambaMambaDecoderLayer
from transformers.models.mimi.modeling_mimi import (
    MimiRotaryEmbedding,
    MimiTransformerLayer,
)
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager

_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _random(module: nn.Module, *names: str) -> nn.Module:
    """Parameters whose name holds one of `names` (torch.empty or zeros when
    built: expert weights, routers, bias corrections) drawn at random, then
    `perturb`."""
    with torch.no_grad():
        for name, param in module.named_parameters():
            if any(part in name for part in names):
                param.normal_(0.0, 0.5 if "gate" in name and "experts" not in name else 0.1)
    return perturb(module)


def _exaone4_pair() -> Built:
    config = eager(
        Exaone4Config(
            **_SIZES,
            num_key_value_heads=2,
            num_hidden_layers=2,
            sliding_window=6,
            layer_types=["sliding_attention", "full_attention"],
        )
    )
    layers = [Exaone4DecoderLayer(config, index) for index in (0, 1)]
    assert layers[0].self_attn.is_sliding and not layers[1].self_attn.is_sliding
    pair = blocks.HybridPair(layers, Exaone4RotaryEmbedding(config), window=6)
    return perturb(pair), (torch.randn(1, 16, 64),)


def _cohere2_pair() -> Built:
    config = eager(
        Cohere2Config(
            **_SIZES,
            num_key_value_heads=2,
            num_hidden_layers=2,
            sliding_window=6,
            layer_types=["sliding_attention", "full_attention"],
            logit_scale=0.5,
        )
    )
    layers = [Cohere2DecoderLayer(config, index) for index in (0, 1)]
    pair = blocks.HybridPair(layers, Cohere2RotaryEmbedding(config), window=6)
    return perturb(pair), (torch.randn(1, 16, 64),)


def _arcee(dtype: torch.dtype) -> Built:
    config = eager(ArceeConfig(**_SIZES, num_key_value_heads=2))
    layer = RotaryLayer(ArceeDecoderLayer(config, 0), ArceeRotaryEmbedding(config))
    return perturb(layer).to(dtype), (torch.randn(1, 16, 64, dtype=dtype),)


def _ernie4_5_moe_layer() -> Built:
    config = eager(
        Ernie4_5_MoeConfig(
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_attention_heads=4,
            num_key_value_heads=2,
            moe_num_experts=4,
            moe_k=2,
            moe_num_shared_experts=1,
            moe_layer_start_index=0,
            moe_layer_interval=1,
            num_hidden_layers=1,
        )
    )
    config._experts_implementation = "batched_mm"
    layer = Ernie4_5_MoeDecoderLayer(config, 0)
    built = RotaryLayer(layer, Ernie4_5_MoeRotaryEmbedding(config))
    return _random(built, "experts", "gate", "moe_statics"), (torch.randn(1, 16, 64),)


def _hunyuan_v1_moe_layer() -> Built:
    config = eager(
        HunYuanMoEV1Config(
            **_SIZES,
            num_key_value_heads=2,
            num_experts=4,
            moe_topk=2,
            num_shared_expert=1,
            moe_intermediate_size=32,
            use_qk_norm=True,
            head_dim=16,
            num_hidden_layers=1,
        )
    )
    config._experts_implementation = "batched_mm"
    layer = HunYuanMoEV1DecoderLayer(config, 0)
    built = RotaryLayer(layer, HunYuanMoEV1RotaryEmbedding(config))
    return _random(built, "experts", "gate"), (torch.randn(1, 16, 64),)


def _jamba_mamba_moe_layer() -> Built:
    config = eager(
        JambaConfig(
            hidden_size=64,
            intermediate_size=64,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_hidden_layers=2,
            num_experts=4,
            num_experts_per_tok=2,
            expert_layer_period=2,
            expert_layer_offset=1,
            attn_layer_period=2,
            attn_layer_offset=0,
            mamba_d_state=8,
            mamba_d_conv=4,
            mamba_expand=2,
            use_mamba_kernels=False,
        )
    )
    config._experts_implementation = "batched_mm"
    layer = JambaMambaDecoderLayer(config, 1)
    return _random(FirstOutput(layer), "experts", "router"), (torch.randn(1, 12, 64),)


def _dinov3_vit(dtype: torch.dtype) -> Built:
    config = eager(
        DINOv3ViTConfig(
            **_SIZES,
            num_hidden_layers=1,
            patch_size=8,
            image_size=32,
            num_register_tokens=2,
            layerscale_value=0.5,
        )
    )
    model = perturb(FirstOutput(DINOv3ViTModel(config))).to(dtype)
    return model, (torch.randn(1, 3, 32, 32, dtype=dtype),)


def _dinov2_registers() -> Built:
    config = eager(
        Dinov2WithRegistersConfig(
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=4,
            mlp_ratio=2,
            image_size=32,
            patch_size=8,
            num_register_tokens=2,
            layerscale_value=0.5,
        )
    )
    model = perturb(FirstOutput(Dinov2WithRegistersModel(config)))
    return model, (torch.randn(1, 3, 32, 32),)


def _big_bird_encoder() -> Built:
    config = eager(
        BigBirdConfig(
            **_SIZES,
            num_hidden_layers=1,
            attention_type="block_sparse",
            block_size=4,
            num_random_blocks=1,
            max_position_embeddings=64,
            vocab_size=256,
        )
    )
    model = perturb(FirstOutput(BigBirdModel(config, add_pooling_layer=False)))
    return model, (torch.randint(0, config.vocab_size, (1, 30)),)


def _mimi_transformer_layer() -> Built:
    config = eager(
        MimiConfig(
            hidden_size=64,
            intermediate_size=128,
            num_attention_heads=4,
            num_key_value_heads=4,
            head_dim=16,
            sliding_window=6,
            num_hidden_layers=1,
            layer_scale_initial_scale=0.1,
        )
    )
    layer = blocks.MimiWindowed(MimiTransformerLayer(config, 0), MimiRotaryEmbedding(config), 6)
    return perturb(layer), (torch.randn(1, 16, 64),)


def _mimi_encoder() -> Built:
    config = MimiConfig(
        hidden_size=32,
        num_filters=8,
        upsampling_ratios=[4, 2],
        num_residual_layers=1,
        kernel_size=7,
        last_kernel_size=3,
        residual_kernel_size=3,
        use_causal_conv=True,
    )
    return perturb(blocks.MimiEncoderInts(config)), (torch.randn(1, 1, 250),)


def _fastspeech2_conformer() -> Built:
    config = FastSpeech2ConformerConfig(
        hidden_size=64,
        encoder_num_attention_heads=4,
        encoder_layers=1,
        encoder_linear_units=128,
        encoder_kernel_size=3,
        conv_kernel_size=7,
        use_macaron_style_in_conformer=True,
        use_cnn_in_conformer=True,
    )
    return perturb(blocks.ConformerPadded(config, [20, 14])), (torch.randn(2, 20, 64),)


def _rt_detr_v2_decoder_layer() -> Built:
    config = RTDetrV2Config(
        d_model=64,
        decoder_attention_heads=4,
        decoder_ffn_dim=128,
        num_feature_levels=2,
        decoder_n_levels=2,
        decoder_n_points=2,
        decoder_method="discrete",
        decoder_offset_scale=0.5,
        use_pretrained_backbone=False,
    )
    shapes = [(8, 8), (4, 4)]
    inputs = (
        torch.randn(1, 10, 64),
        torch.randn(1, 10, 64),
        torch.randn(1, 10, 4),
        torch.randn(1, 64 + 16, 64),
    )
    return perturb(blocks.RTDetrV2Decoding(config, shapes)), inputs


_BUILDS = {
    "exaone4_pair": (
        _exaone4_pair,
        "post-norms, per-head q/k RMSNorm, sliding-window rotary layer then global NoPE",
    ),
    "cohere2_pair": (
        _cohere2_pair,
        "parallel attn + MLP off one bias-free LayerNorm, interleaved rotary, sliding + NoPE",
    ),
    "arcee_layer": (lambda: _arcee(torch.float32), "ReLU² MLP (no gate), GQA"),
    "arcee_layer_bf16": (lambda: _arcee(torch.bfloat16), "ReLU² MLP (no gate), GQA, in bf16"),
    "ernie4_5_moe_layer": (
        _ernie4_5_moe_layer,
        "softmax top-2 with bias correction for the choice only, renormalized, shared expert",
    ),
    "hunyuan_v1_moe_layer": (
        _hunyuan_v1_moe_layer,
        "q/k RMSNorm after rotary, softmax top-2 gate, shared MLP, experts (batched_mm)",
    ),
    "jamba_mamba_moe_layer": (
        _jamba_mamba_moe_layer,
        "Mamba-1 selective scan (dt/B/C RMSNorm, causal conv1d), then a top-2 MoE",
    ),
    "dinov3_vit": (
        lambda: _dinov3_vit(torch.float32),
        "patch conv, CLS + registers, 2D RoPE on patch tokens only, layer scale",
    ),
    "dinov3_vit_f16": (
        lambda: _dinov3_vit(torch.float16),
        "patch conv, CLS + registers, 2D RoPE on patch tokens only, layer scale, in f16",
    ),
    "dinov2_registers": (
        _dinov2_registers,
        "register tokens after CLS, layer scale, final LayerNorm",
    ),
    "big_bird_encoder": (
        _big_bird_encoder,
        "block-sparse attention (sliding, global, random blocks by index), pad to block",
    ),
    "mimi_transformer_layer": (
        _mimi_transformer_layer,
        "rotary, layer scale, sliding-window causal mask, LayerNorm",
    ),
    "mimi_encoder": (
        _mimi_encoder,
        "SEANet: causal Conv1d with padding computed in forward, ELU residuals, strided",
    ),
    "fastspeech2_conformer": (
        _fastspeech2_conformer,
        "rel-pos attention with rel-shift, macaron Conv1d FFNs, GLU + depthwise conv + BN",
    ),
    "rt_detr_v2_decoder_layer": (
        _rt_detr_v2_decoder_layer,
        "self-attn + multi-scale deformable attention, 'discrete' sampling (round, gather)",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_fourteenth.py")
