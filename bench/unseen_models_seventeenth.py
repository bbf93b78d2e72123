"""A seventeenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set seventeenth`): transformers models no set has, and written-out blocks
(bench/unseen_blocks_seventeenth.py); what each exercises is its README line
below. LayoutLMv3's text encoder (1D and 2D spatial relative position
buckets from word boxes; batch 2, padded), Conditional DETR's decoder
(reference points, sine embeddings scaled by `query_scale`, content and
spatial halves concatenated in cross-attention; batch 2), EoMT (a ViT whose
last block runs masked attention from its own mask predictions,
bilinear-upsampled; batch 2), Parakeet's FastConformer encoder (depthwise
striding conv subsampling, Transformer-XL relative attention with rel_shift;
batch 2, padded), SAM2-video's memory attention (axial 2D RoPE repeated over
memory frames, unrotated object pointers), EfficientLoFTR's backbone
(RepVGG, aggregated attention: conv-downsampled queries, max-pooled keys /
values, 2D RoPE, bilinear upsampling), HRM-Text (two weight-shared stacks
run in nested H / L cycles, a prefix-LM mask), Pix2Struct's vision encoder (row / column embeddings indexed by
float-stored ids, T5 LayerNorm, gated GELU; batch 2, padded), YOSO's encoder
(the LSH collision expectation (1 - acos(q̂·k̂)/π)^τ as attention weights;
batch 2, padded), ZAYA (compressed convolutional attention: causal depthwise
and grouped convs over q/k, half the value heads from the previous token, an
MLP router); written-out: a DyT ViT block in bf16, 2D neighbourhood
attention (NAT), a SmoothQuant W8A8 MLP in f16, an xLSTM sLSTM block, a
log-mel frontend with conv subsampling, EdgeNeXt's SDTA block
(cross-covariance attention).

Wrappers (bench/unseen_wrappers_seventeenth.py) feed each model what its
pipeline would and return one tensor. EoMT's training loss asks for scipy in
`__init__` (not in the zoo venv): built with that check skipped, the loss
dropped (eval never calls it). EfficientLoFTR's 2D RoPE table needs
head_dim / 2 == hidden / 4 under its default partial_rotary_factor of 4,
hence 8 heads of 8. ZAYA's MoE runs `_experts_implementation = "batched_mm"`
as the fourteenth set's MoEs do.

Not taken: DeepSeek-V4 (hidden 64, one heavily-compressed and one
compressed-sparse attention layer, hash MoE, hc_mult 2, use_cache=False):
torch.export passes, but torch-mlir's torch-to-linalg pipeline fails on the
heavily-compressed layer alone ("Failure while executing pass pipeline", no
diagnostic) and crashes on the compressed-sparse one ("LLVM ERROR: out of
memory", then SIGSEGV). MRA and YOSO's hashing path (custom CUDA kernels; YOSO runs its
expectation path), Siglip2's NaFlex embeddings (resized per image from
`spatial_shapes.tolist()`, data-dependent), ZoeDepth (its metric-bin
attractors need a BEiT/DPT backbone config; not tried for time).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from unittest import mock

import torch
import unseen_blocks_seventeenth as blocks
import unseen_wrappers_seventeenth as wrappers
from transformers import (
    ConditionalDetrConfig,
    EfficientLoFTRConfig,
    EfficientLoFTRModel,
    EomtConfig,
    EomtForUniversalSegmentation,
    HrmTextConfig,
    HrmTextModel,
    LayoutLMv3Config,
    LayoutLMv3Model,
    ParakeetEncoder,
    ParakeetEncoderConfig,
    Pix2StructVisionConfig,
    Pix2StructVisionModel,
    Sam2VideoConfig,
    YosoConfig,
    YosoModel,
    ZayaConfig,
    ZayaModel,
)
from transformers.models.conditional_detr.modeling_conditional_detr import (
    ConditionalDetrDecoder,
)
from transformers.models.eomt import modeling_eomt
from transformers.models.sam2_video.modeling_sam2_video import Sam2VideoMemoryAttention
from unseen_common import Built, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager


def _layoutlmv3() -> Built:
    config = eager(
        LayoutLMv3Config(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            max_2d_position_embeddings=128,
            coordinate_size=12,
            shape_size=8,
            rel_pos_bins=16,
            max_rel_pos=32,
            rel_2d_pos_bins=32,
            max_rel_2d_pos=64,
            visual_embed=False,
        )
    )
    corners = torch.randint(0, 60, (2, 20, 2))
    sizes = torch.randint(1, 60, (2, 20, 2))
    boxes = torch.cat([corners, (corners + sizes).clamp(max=127)], dim=-1)
    keep = torch.ones(2, 20, dtype=torch.long)
    keep[1, 14:] = 0
    model = wrappers.LayoutTokens(LayoutLMv3Model(config))
    return perturb(model), (torch.randint(3, 256, (2, 20)), boxes, keep)


def _conditional_detr() -> Built:
    config = eager(
        ConditionalDetrConfig(
            d_model=64,
            decoder_layers=2,
            decoder_attention_heads=4,
            decoder_ffn_dim=128,
            num_queries=10,
            use_pretrained_backbone=False,
        )
    )
    decoder = wrappers.ConditionalDecoder(ConditionalDetrDecoder(config), queries=10, dim=64)
    return perturb(decoder), (torch.randn(2, 36, 64), torch.randn(2, 36, 64))


def _eomt() -> Built:
    config = eager(
        EomtConfig(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            image_size=32,
            patch_size=8,
            num_blocks=1,
            num_queries=6,
            num_register_tokens=2,
            num_upscale_blocks=1,
            num_labels=4,
        )
    )
    # The training loss asks for scipy (not in the zoo venv); eval never calls it.
    with mock.patch.object(modeling_eomt, "requires_backends", lambda *_: None):
        segmenter = EomtForUniversalSegmentation(config)
    segmenter.criterion = None  # its class-weight buffer would be a dead argument
    # The mask-annealing probabilities (a buffer of ones in eval) are read by
    # Python `if`s: as an argument they are data-dependent guards torch.export
    # refuses, so they are constants here (masked attention stays on).
    del segmenter.attn_mask_probs
    segmenter.attn_mask_probs = [1.0] * config.num_blocks
    model = wrappers.Fields(segmenter, "class_queries_logits", "masks_queries_logits")
    return perturb(model), (torch.randn(2, 3, 32, 32),)


def _parakeet() -> Built:
    config = eager(
        ParakeetEncoderConfig(
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=4,
            num_key_value_heads=4,
            intermediate_size=128,
            conv_kernel_size=9,
            subsampling_factor=4,
            subsampling_conv_channels=16,
            num_mel_bins=32,
            max_position_embeddings=256,
        )
    )
    keep = torch.ones(2, 64, dtype=torch.long)
    keep[1, 40:] = 0
    encoder = FirstOutput(ParakeetEncoder(config))
    return perturb(encoder), (torch.randn(2, 64, 32), keep)


def _sam2_memory() -> Built:
    config = Sam2VideoConfig(
        memory_attention_hidden_size=64,
        memory_attention_num_layers=2,
        memory_attention_num_attention_heads=1,
        memory_attention_feed_forward_hidden_size=128,
        memory_attention_rope_feat_sizes=[8, 8],
    )
    attention = wrappers.MemoryAttention(Sam2VideoMemoryAttention(config), pointers=4)
    memory = 2 * 64 + 4  # two earlier frames, four object pointer tokens
    inputs = (
        torch.randn(64, 1, 64),
        torch.randn(memory, 1, 64),
        torch.randn(64, 1, 64),
        torch.randn(memory, 1, 64),
    )
    return perturb(attention), inputs


def _efficientloftr() -> Built:
    config = EfficientLoFTRConfig(
        stage_num_blocks=[1, 1, 1, 1],
        out_features=[16, 16, 32, 64],
        stage_stride=[2, 1, 2, 2],
        hidden_size=64,
        num_attention_layers=1,
        num_attention_heads=8,
        num_key_value_heads=8,
        intermediate_size=128,
        q_aggregation_kernel_size=2,
        kv_aggregation_kernel_size=2,
        q_aggregation_stride=2,
        kv_aggregation_stride=2,
        fine_fusion_dims=[64, 32, 16],
    )
    model = wrappers.FirstFeatureMap(EfficientLoFTRModel(eager(config)))
    return perturb(model), (torch.rand(1, 2, 3, 64, 64),)


def _hrm_text() -> Built:
    config = eager(
        HrmTextConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_attention_heads=4,
            head_dim=16,
            num_layers_per_stack=1,
            H_cycles=2,
            L_cycles=2,
            L_bp_cycles=[1],
            num_hidden_layers=6,
            embedding_scale=4.0,
            max_position_embeddings=64,
        )
    )
    prefix = torch.zeros(1, 16, dtype=torch.long)
    prefix[0, :6] = 1
    return perturb(wrappers.PrefixLM(HrmTextModel(config))), (
        torch.randint(0, 256, (1, 16)),
        prefix,
    )


def _pix2struct() -> Built:
    config = eager(
        Pix2StructVisionConfig(
            hidden_size=64,
            patch_embed_hidden_size=48,
            d_ff=128,
            d_kv=16,
            num_hidden_layers=1,
            num_attention_heads=4,
            seq_len=32,
        )
    )
    rows = torch.arange(4).repeat_interleave(6).float() + 1  # 4 × 6 patches, ids from 1
    cols = torch.arange(6).repeat(4).float() + 1
    patches = torch.cat([rows[:, None], cols[:, None], torch.randn(24, 48)], dim=-1)
    batch = torch.stack([patches, patches.clone()])
    batch[1, 18:] = 0  # the second image has 18 patches, then padding (ids 0)
    keep = torch.ones(2, 24)
    keep[1, 18:] = 0
    return perturb(FirstOutput(Pix2StructVisionModel(config))), (batch, keep)


def _yoso() -> Built:
    config = YosoConfig(
        vocab_size=256,
        hidden_size=64,
        num_hidden_layers=1,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=64,
        use_expectation=True,
        hash_code_len=9,
    )
    keep = torch.ones(2, 24, dtype=torch.long)
    keep[1, 17:] = 0
    return perturb(FirstOutput(YosoModel(config))), (torch.randint(3, 256, (2, 24)), keep)


def _zaya() -> Built:
    config = eager(
        ZayaConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            moe_intermediate_size=64,
            num_experts=4,
            num_experts_per_tok=1,
            router_hidden_size=32,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.TokensNoCache(ZayaModel(config))
    return wrappers.randomize(model, "experts", "router"), (torch.randint(0, 256, (1, 16)),)


_BUILDS = {
    "layoutlmv3_encoder": (
        _layoutlmv3,
        "1D + 2D (x, y) log-bucketed relative position biases from word boxes, batch 2, padded",
    ),
    "conditional_detr_decoder": (
        _conditional_detr,
        "reference points, sine embed scaled by query_scale, concat content/spatial q·k",
    ),
    "eomt_segmenter": (
        _eomt,
        "ViT + queries, masked attention from its own bilinear-upsampled mask logits",
    ),
    "parakeet_encoder": (
        _parakeet,
        "depthwise striding conv subsampling, rel-pos attention (pos_bias_u/v, rel_shift)",
    ),
    "sam2_memory_attention": (
        _sam2_memory,
        "axial 2D RoPE on queries, repeated over memory frames, unrotated pointer tokens",
    ),
    "efficientloftr_coarse": (
        _efficientloftr,
        "RepVGG, aggregated attention (conv q, max-pooled kv), 2D RoPE, bilinear upsample",
    ),
    "hrm_text_model": (
        _hrm_text,
        "two weight-shared stacks in nested H/L cycles (6 layer runs), prefix-LM mask",
    ),
    "pix2struct_vision": (
        _pix2struct,
        "row/col embeddings from float-stored ids (.long()), T5 norm, gated GELU, padded",
    ),
    "yoso_encoder": (
        _yoso,
        "LSH-expectation attention: (1 - acos(q̂·k̂)/π)^9 over L2-normed q/k, padded",
    ),
    "zaya_model": (
        _zaya,
        "CCA: causal depthwise + grouped conv on q/k, delayed half-values, MLP router MoE",
    ),
    "dyt_vit_block_bf16": (
        blocks.built_dyt_bf16,
        "Dynamic Tanh (γ tanh(αx) + β) in place of LayerNorm, bf16, batch 2",
    ),
    "neighborhood_attention": (
        blocks.built_neighborhood,
        "5×5 clamped windows on 8×8: keys / values / rel-pos bias gathered by index",
    ),
    "w8a8_mlp_f16": (
        blocks.built_w8a8_f16,
        "SmoothQuant: per-token dynamic int8 round/clamp, int32 matmul, dequant, f16",
    ),
    "slstm_block": (
        blocks.built_slstm,
        "sLSTM unrolled 12 steps: exp gating, max stabiliser, per-head recurrence",
    ),
    "log_mel_frontend": (
        blocks.built_log_mel,
        "unfold frames, Hann DFT by matmul, mel matmul, log, mean/std norm, conv2d s2",
    ),
    "edgenext_sdta": (
        blocks.built_sdta,
        "chained split depthwise convs, XCA (L2-normed channel attention, temperature)",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_seventeenth.py")
