"""A twenty-first set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_first`): transformers models no set
has, and written-out blocks (bench/unseen_blocks_twenty_first.py); what each
exercises is its README line below. Kimi-Linear (Kimi Delta Attention's
chunked delta rule with a per-channel decay, short convs, an MLA layer, a
MoE), LongCat-Flash in bf16 (two attention sublayers per layer, MLA with
LoRA queries, a shortcut MoE with zero-compute experts), MiMo-V2-Flash in
f16 (sliding-window heads with sink logits, partial rotary, a value scale,
a MoE), DeepSeek-V4 (compressed sparse and heavily compressed attention,
a top-k indexer, a hash-routed MoE, Sinkhorn hyper-connections), SEW-D
(a squeezed DeBERTa encoder on padded audio), VibeVoice's acoustic
tokenizer (causal ConvNeXt-1D encoder and transposed-conv decoder),
PP-OCRv5's text detector (PP-LCNet-V3, an SE-residual FPN neck, a
differentiable-binarisation head), Mask2Former (Swin, a deformable pixel
decoder, masked-attention decoder, mask logits) and DINOv3-ConvNeXt in f16;
the text models and SEW-D on batch 2 with padding. Written-out: RWKV-7's
time mixing, Tensor Product Attention (TPA) on a padded batch and an MXFP4
weight-only MLP in bf16.

Wrappers (bench/unseen_wrappers_twenty_first.py, and the twentieth set's
`PaddedTokens` / `PaddedAudio`) feed each model what its pipeline would and
return one tensor. The MoEs run `_experts_implementation = "batched_mm"`
as the fourteenth set's do, torch.topk sorted. Mask2Former is built with
its scipy check skipped (only its Hungarian-matching loss needs scipy).
VibeVoice runs encode and decode with `sample=False` (no VAE noise).
Weights built near zero are drawn larger: the MoE experts and routers, the
KDA decay parameters, the sinks, PP-OCRv5's head (else its map sits at
σ(0) = 0.5), VibeVoice's convolutions (initializer_range 0.1, else its
output is ~1e-3).

Substitutions (each computes the same values, checked against the original
forward with torch.allclose). LongCat-Flash's experts loop over the experts
hit (`nonzero`, `.item()`), which torch.export cannot trace: they run as
one dense computation (every routed expert on every token, the identity
for the zero-compute experts, weighted by a scattered [T, E] routing
matrix; equal to 2.4e-7 in f32). DeepSeek-V4's per-query block bias is a
`scatter_` of 0.0 at the indexer's top-k positions: torch-mlir aborts
lowering its aten.scatter.src ("LLVM ERROR: out of memory" in
ConvertTorchToTMTensor), so it is a comparison of every position with the
indices (`ScatterByCompare`; equal). SEW-D zeroes its padded frames by a
boolean-mask assignment, `hidden_states[~mask] = 0.0`, which torch-mlir
exports as `tm_tensor.scatter` over data-dependent tensor<?x3xi64>
indices (mlirfuse reads linalg on tensors): `sew_d_padded` keeps it, as
the fifteenth set's `timesfm` does, and `sew_d_masked_fill` runs it as
masked_fill_ (`SetItemMaskedFill`; equal).

DeepSeek-V4's indexer scores are sums over its heads of w · ReLU(q · K),
and its top-k picks the blocks each query attends to. With 2 index heads,
7 of 64 query rows tied at the top-k boundary (both heads' ReLU at 0), and
torch.topk and the exported IR broke the ties differently (every stage
but PyTorch's reference agreed; max error 0.86): 8 heads, and no ties.
RWKV-7's token shift, `F.pad(h, (0, 0, 1, -1))`, is a concatenation of a
zero row and h[:, :-1]: torch-mlir dropped the negative pad (equal).

Not taken: none dropped. The text models run a prompt's forward without
their KV and recurrent caches (`use_cache=False`); Mask2Former runs
without its Hungarian-matching loss (training only, scipy).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
import unseen_blocks_twenty_first as blocks
import unseen_wrappers_twenty_first as wrappers
from torch import nn
from transformers import (
    DeepseekV4Config,
    DeepseekV4Model,
    DINOv3ConvNextConfig,
    DINOv3ConvNextModel,
    KimiLinearConfig,
    KimiLinearModel,
    LongcatFlashConfig,
    LongcatFlashModel,
    Mask2FormerConfig,
    MiMoV2FlashConfig,
    MiMoV2FlashModel,
    PPOCRV5MobileDetConfig,
    PPOCRV5MobileDetForObjectDetection,
    SEWDConfig,
    SEWDModel,
    VibeVoiceAcousticTokenizerConfig,
    VibeVoiceAcousticTokenizerModel,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_wrappers_seventeenth import Fields, randomize
from unseen_wrappers_twentieth import PaddedAudio, PaddedTokens
from zoo_text_layers import eager


def _kimi_linear() -> Built:
    config = eager(
        KimiLinearConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            kv_lora_rank=32,
            q_lora_rank=None,
            qk_rope_head_dim=8,
            qk_nope_head_dim=16,
            v_head_dim=16,
            num_experts=4,
            num_experts_per_token=2,
            num_shared_experts=1,
            linear_head_dim=16,
            linear_num_heads=4,
            layer_types=["linear_attention", "full_attention"],
            mlp_layer_types=["sparse", "dense"],
            max_position_embeddings=64,
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = PaddedTokens(KimiLinearModel(config))
    inputs = (torch.randint(1, 256, (2, 16)), padding_mask(2, 16, 11))
    return randomize(model, "experts", "gate", "A_log", "dt_bias"), inputs


def _longcat_flash_bf16() -> Built:
    config = eager(
        LongcatFlashConfig(
            vocab_size=256,
            hidden_size=64,
            num_layers=2,
            num_attention_heads=4,
            ffn_hidden_size=128,
            q_lora_rank=32,
            kv_lora_rank=32,
            qk_nope_head_dim=16,
            qk_rope_head_dim=8,
            head_dim=8,
            v_head_dim=16,
            moe_topk=2,
            n_routed_experts=4,
            zero_expert_num=2,
            expert_ffn_hidden_size=32,
            routed_scaling_factor=1.5,
            max_position_embeddings=64,
        )
    )
    model = wrappers.dense_zero_experts(LongcatFlashModel(config))
    model = randomize(PaddedTokens(model), "experts", "classifier", "correction")
    inputs = (torch.randint(1, 256, (2, 16)), padding_mask(2, 16, 9))
    return model.to(torch.bfloat16), inputs


def _mimo_v2_flash_f16() -> Built:
    config = eager(
        MiMoV2FlashConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=24,
            v_head_dim=16,
            sliding_window=6,
            layer_types=["sliding_attention", "full_attention"],
            mlp_layer_types=["sparse", "dense"],
            moe_intermediate_size=32,
            n_routed_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    model = randomize(PaddedTokens(MiMoV2FlashModel(config)), "experts", "gate", "sinks")
    inputs = (torch.randint(1, 256, (2, 16)), padding_mask(2, 16, 12))
    return model.half(), inputs


def _sew_d() -> Built:
    return _sew_d_with(lambda model: model)


def _sew_d_masked_fill() -> Built:
    return _sew_d_with(wrappers.SetItemMaskedFill)


def _sew_d_with(wrap: Callable[[nn.Module], nn.Module]) -> Built:
    config = SEWDConfig(
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        squeeze_factor=2,
        max_position_embeddings=64,
        position_buckets=16,
        conv_dim=(32, 32, 32, 64),
        conv_stride=(5, 2, 2, 2),
        conv_kernel=(10, 3, 3, 2),
        num_conv_pos_embeddings=16,
        num_conv_pos_embedding_groups=4,
        feat_extract_norm="layer",
        hidden_dropout=0.0,
        activation_dropout=0.0,
        attention_dropout=0.0,
        apply_spec_augment=False,
    )
    keep = torch.ones(2, 1600, dtype=torch.long)
    keep[1, 1040:] = 0
    audio = torch.randn(2, 1600).masked_fill(keep == 0, 0.0)
    model = perturb(wrap(PaddedAudio(SEWDModel(eager(config)), mask_name="attention_mask")))
    return model, (audio, keep)


def _ppocrv5_det() -> Built:
    config = PPOCRV5MobileDetConfig(neck_out_channels=32, layer_list_out_channels=[12, 18, 42, 120])
    backbone = config.backbone_config  # PP-LCNet-V3 at a quarter width, fewer blocks
    backbone.scale = 0.25
    backbone.depths = [1, 1, 1, 2, 2]
    backbone.block_configs = [
        [[3, 16, 32, 1, False]],
        [[3, 32, 64, 2, False]],
        [[3, 64, 128, 2, False]],
        [[5, 128, 256, 2, False], [5, 256, 256, 1, False]],
        [[5, 256, 512, 2, True], [5, 512, 512, 1, True]],
    ]
    model = wrappers.LastHidden(PPOCRV5MobileDetForObjectDetection(config))
    model = randomize(model, "head.")  # built near zero: the map would sit at σ(0)
    return model, (torch.randn(1, 3, 96, 160),)


def _deepseek_v4() -> Built:
    config = eager(
        DeepseekV4Config(
            vocab_size=256,
            hidden_size=64,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            q_lora_rank=32,
            num_experts_per_tok=2,
            n_routed_experts=4,
            n_shared_experts=1,
            layer_types=["compressed_sparse_attention", "heavily_compressed_attention"],
            compress_rates={"compressed_sparse_attention": 4, "heavily_compressed_attention": 8},
            mlp_layer_types=["hash_moe", "moe"],
            hc_mult=2,
            hc_sinkhorn_iters=3,
            sliding_window=8,
            o_groups=2,
            o_lora_rank=32,
            index_n_heads=8,  # 2 heads left ReLU ties at the top-k boundary (below)
            index_head_dim=16,
            index_topk=2,
            max_position_embeddings=64,
            num_nextn_predict_layers=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = PaddedTokens(DeepseekV4Model(config))
    model = randomize(wrappers.ScatterByCompare(model), "experts", "gate", "sinks")
    return model, (torch.randint(1, 256, (2, 32)), padding_mask(2, 32, 21))


def _vibevoice() -> Built:
    config = VibeVoiceAcousticTokenizerConfig(
        hidden_size=32,
        num_filters=16,
        downsampling_ratios=[2, 4],
        depths=[1, 2, 1],
        ffn_expansion=2,
        initializer_range=0.1,
    )
    model = perturb(wrappers.Reconstruction(VibeVoiceAcousticTokenizerModel(config)))
    return model, (torch.randn(2, 1, 512),)


def _mask2former() -> Built:
    config = Mask2FormerConfig(
        backbone_config={
            "model_type": "swin",
            "embed_dim": 16,
            "depths": [1, 1, 1, 1],
            "num_heads": [1, 2, 2, 4],
            "window_size": 4,
            "image_size": 128,
            "out_features": ["stage1", "stage2", "stage3", "stage4"],
        },
        feature_size=32,
        mask_feature_size=32,
        hidden_dim=32,
        encoder_feedforward_dim=64,
        dim_feedforward=64,
        encoder_layers=1,
        decoder_layers=3,
        num_queries=8,
        num_attention_heads=4,
        num_labels=5,
        dropout=0.0,
    )
    segmenter = wrappers.mask2former(eager(config))
    model = perturb(Fields(segmenter, "class_queries_logits", "masks_queries_logits"))
    return model, (torch.randn(2, 3, 128, 128),)


def _dinov3_convnext_f16() -> Built:
    config = DINOv3ConvNextConfig(hidden_sizes=[16, 32, 48, 64], depths=[1, 1, 2, 1], image_size=96)
    model = perturb(wrappers.LastHidden(DINOv3ConvNextModel(config)))
    return model.half(), (torch.randn(2, 3, 96, 96).half(),)


_BUILDS = {
    "kimi_linear_text": (
        _kimi_linear,
        "Kimi Delta Attention (per-channel decay, chunked delta rule), MLA layer, MoE",
    ),
    "longcat_flash_bf16": (
        _longcat_flash_bf16,
        "two MLA sublayers per layer, shortcut MoE with zero-compute experts, bf16",
    ),
    "mimo_v2_flash_f16": (
        _mimo_v2_flash_f16,
        "sliding-window heads with sink logits, partial rotary, value scale, MoE, f16",
    ),
    "deepseek_v4_text": (
        _deepseek_v4,
        "compressed sparse attention, top-k indexer, hash-routed MoE, Sinkhorn streams",
    ),
    "sew_d_padded": (
        _sew_d,
        "squeezed DeBERTa encoder (disentangled c2p/p2c attention) on padded audio",
    ),
    "sew_d_masked_fill": (
        _sew_d_masked_fill,
        "SEW-D with its padded frames zeroed by masked_fill (no tm_tensor.scatter)",
    ),
    "vibevoice_acoustic": (
        _vibevoice,
        "causal ConvNeXt-1D encoder (RMSNorm, layer scale), transposed-conv decoder",
    ),
    "ppocrv5_det": (
        _ppocrv5_det,
        "PP-LCNet-V3 (reparameterisable convs), SE-residual FPN neck, DB shrink map",
    ),
    "mask2former": (
        _mask2former,
        "Swin, deformable pixel decoder, masked-attention decoder, mask logits",
    ),
    "dinov3_convnext_f16": (
        _dinov3_convnext_f16,
        "ConvNeXt with a pooled token before the patch tokens, layer norms, f16",
    ),
    "rwkv7_time_mix": (
        blocks.built_rwkv7,
        "RWKV-7: generalised delta rule, LoRA decay and rate, unrolled recurrence",
    ),
    "tensor_product_attention": (
        blocks.built_tpa,
        "TPA: q/k/v as rank-R outer products of head and channel factors, padded",
    ),
    "mxfp4_mlp_bf16": (
        blocks.built_mxfp4_mlp_bf16,
        "MXFP4 weights: packed e2m1 codes, 16-entry table gather, e8m0 scales, bf16",
    ),
}

MODELS = small_models(_BUILDS, "bench/unseen_models_twenty_first.py")
