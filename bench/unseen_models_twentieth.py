"""A twentieth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set twentieth`): transformers models no set has, and written-out blocks
(bench/unseen_blocks_twentieth.py); what each exercises is its README line
below. Inkling-2's text model (attention residuals over earlier blocks,
static and per-token dynamic short convs, relative logits gathered by
distance, L2-clipped q/k, sink logits, softcapped-SwiGLU MoE), Muse Spark
in bf16 (centred RMSNorm, sigmoid residual gates, a NoPE layer, a MoE at a
pooled width), Qwen4-Exp (hashed n-gram embeddings into two
hyper-connection streams, gated DeltaNet, MoE), XCodec2's encoder
(W2V-BERT features, anti-aliased SnakeBeta, FSQ), MarkupLM (xpath
embeddings), Moonshine-Streaming in f16 (CMVN, asinh, masked causal
convs, encoder-decoder), PE-Audio's encoder (masked GroupNorm), SAM-HQ's
prompt encoder and HQ mask decoder, DAB-DETR (anchor-box queries); the
text models, audio encoders and DAB-DETR on batch 2 with padding.
Written-out: Native Sparse Attention (NSA), minGRU's log-space scan and
stick-breaking attention in bf16.

Wrappers (bench/unseen_wrappers_twentieth.py) feed each model what its
pipeline would and return one tensor. The MoEs run
`_experts_implementation = "batched_mm"` as the fourteenth set's do, with
torch.topk sorted (torch-mlir fails on `sorted=False`: "failed to legalize
operation 'torch.constant.bool'"). Unused towers are deleted (XCodec2's
decoder, SAM-HQ's vision encoder); SAM-HQ's prompt positional embedding
and DAB-DETR's decoder box MLP, tied to other modules, are copies
(torch.func.functional_call rejects tied weights).

Substitutions (each computes the same values, checked against the original
forward with torch.allclose). Inkling-2 starts its block states as an
empty [B, S, 0, D] `new_zeros` and concatenates onto it: torch-mlir fails
on its `empty_strided` ("failed to legalize operation
'torch.constant.int'"), so it is a placeholder torch.cat skips. Qwen4-Exp's
`torch.cummax` ("failed to legalize operation 'torch.operator' that was
explicitly marked illegal: ... torch.aten.cummax") is a max over a [S, S]
mask of earlier positions. XCodec2's depthwise ConvTranspose1d upsampler
("'tensor.collapse_shape' op expected reassociation map #0 to have size
equal to the expanded rank (5), but it is 4") runs on [B·C, 1, T].

Not taken: Qwen4-Exp's indexed (QSA) attention (its indexer takes each
query's visible keys by `nonzero`: torch.export fails with "Could not guard
on data-dependent expression ((u0//2)) > 0"; two gated-DeltaNet layers are
taken, which its n-gram embeddings require), TAPAS's QA head (segmented
`scatter_reduce`: torch-mlir fails with "failed to legalize operation
'torch.constant.int'", not traced to an op). Emu3's VQ-VAE, the OpenAI
privacy filter, GLM-5-Next, Bailing-hybrid (a VQ codebook, GPT-OSS's
attention, hyper-connections, gated linear attention: earlier sets).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import copy

import torch
import unseen_blocks_twentieth as blocks
import unseen_wrappers_twentieth as wrappers
from transformers import (
    DabDetrConfig,
    DabDetrForObjectDetection,
    Inkling2TextConfig,
    Inkling2TextModel,
    MarkupLMConfig,
    MarkupLMModel,
    MoonshineStreamingConfig,
    MoonshineStreamingEncoderConfig,
    MoonshineStreamingModel,
    MuseSparkTextConfig,
    MuseSparkTextModel,
    PeAudioEncoder,
    PeAudioEncoderConfig,
    Qwen4ExpTextConfig,
    Qwen4ExpTextModel,
    SamHQConfig,
    SamHQModel,
    Xcodec2Config,
    Xcodec2Model,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_wrappers_seventeenth import Fields, randomize
from zoo_text_layers import eager


def _inkling2() -> Built:
    config = eager(
        Inkling2TextConfig(
            vocab_size=256,
            unpadded_vocab_size=256,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            swa_num_attention_heads=4,
            swa_num_key_value_heads=2,
            swa_head_dim=16,
            sliding_window_size=8,
            d_rel=8,
            rel_extent=16,
            layer_types=["hybrid_sliding", "hybrid", "hybrid_sliding"],
            max_position_embeddings=64,
            conv_kernel_size=4,
            moe_intermediate_size=32,
            n_routed_experts=4,
            num_experts_per_tok=2,
            n_layers_per_attn_res_block=2,
            qk_l2_clip_threshold=4.0,
            rel_l2_clip_threshold=2.0,
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.PaddedTokens(Inkling2TextModel(config))
    inputs = (torch.randint(1, 256, (2, 16)), padding_mask(2, 16, 11))
    return randomize(model, "experts", "gate.", "query", "static_weight", "proj"), inputs


def _muse_spark_bf16() -> Built:
    config = eager(
        MuseSparkTextConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            sliding_window=8,
            layer_types=["sliding_attention", "full_attention"],
            layer_rope_theta=[10000.0, 0],
            mlp_layer_types=["dense", "sparse"],
            moe_intermediate_size=32,
            moe_hidden_size=32,
            num_local_experts=4,
            num_experts_per_tok=2,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.PaddedTokens(MuseSparkTextModel(config))
    model = randomize(model, "experts", "gate", "router")
    inputs = (torch.randint(1, 256, (2, 16)), padding_mask(2, 16, 10))
    return model.to(torch.bfloat16), inputs


def _qwen4_exp() -> Built:
    config = eager(
        Qwen4ExpTextConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            linear_num_key_heads=2,
            linear_num_value_heads=4,
            layer_types=["linear_attention", "linear_attention"],
            max_position_embeddings=64,
            moe_intermediate_size=32,
            shared_expert_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            hc_count=2,
            hc_lowrank=16,
            ple_layer_ids=[1],
            ple_embed_dim=48,
            ngram_size=3,
            heads_per_ngram=2,
            ngram_vocab_size_base=64,
            make_ngram_vocab_size_divisible_by=8,
            eos_token_id=2,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.PaddedTokens(Qwen4ExpTextModel(config))
    ids = torch.randint(3, 256, (2, 16))
    ids[0, 7] = 2  # an end of sequence inside the first row: n-grams restart after it
    return randomize(model, "experts", "gate"), (ids, padding_mask(2, 16, 12))


def _xcodec2() -> Built:
    config = Xcodec2Config(
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=2,
        head_dim=16,
        encoder_hidden_size=8,
        downsampling_ratios=[2, 4],
        quantization_dim=64,
        quantization_levels=[4, 4, 4, 4],
        semantic_model_config={
            "model_type": "wav2vec2-bert",
            "hidden_size": 32,
            "num_hidden_layers": 1,
            "num_attention_heads": 2,
            "intermediate_size": 64,
            "feature_projection_input_dim": 40,
            "conv_depthwise_kernel_size": 5,
            "layerdrop": 0.0,
        },
    )
    model = perturb(wrappers.AudioCodes(Xcodec2Model(eager(config))))
    return model, (torch.randn(1, 1, 256), torch.randn(1, 32, 40))


def _markuplm() -> Built:
    config = MarkupLMConfig(
        vocab_size=256,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=64,
        max_xpath_tag_unit_embeddings=32,
        max_xpath_subs_unit_embeddings=64,
        tag_pad_id=31,
        subs_pad_id=63,
        xpath_unit_hidden_size=8,
        max_depth=8,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    keep = padding_mask(2, 16, 12)
    ids = torch.randint(3, 256, (2, 16)).masked_fill(keep == 0, 0)
    depth = torch.randint(2, 7, (2, 16, 1))
    levels = torch.arange(8)[None, None, :]
    tags = torch.randint(0, 31, (2, 16, 8)).masked_fill(levels >= depth, 31)
    subs = torch.randint(0, 20, (2, 16, 8)).masked_fill(levels >= depth, 63)
    model = perturb(wrappers.XPathTokens(MarkupLMModel(eager(config), add_pooling_layer=False)))
    return model, (ids, tags, subs, keep)


def _moonshine_streaming_f16() -> Built:
    config = MoonshineStreamingConfig(
        encoder_config=MoonshineStreamingEncoderConfig(
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=2,
            num_key_value_heads=2,
            head_dim=16,
            sample_rate=1600,
            frame_ms=10.0,
            sliding_windows=[[4, 1], [4, 0]],
        ),
        vocab_size=256,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=2,
        head_dim=16,
        max_position_embeddings=64,
    )
    model = MoonshineStreamingModel(eager(config))
    keep = torch.ones(2, 512, dtype=torch.long)
    keep[1, 352:] = 0
    audio = (torch.randn(2, 512) * 0.1).masked_fill(keep == 0, 0.0)
    wrapped = perturb(wrappers.AudioSeq2Seq(model))
    return wrapped.half(), (audio.half(), keep, torch.randint(3, 256, (2, 6)))


def _pe_audio() -> Built:
    config = PeAudioEncoderConfig(
        dac_config={
            "encoder_hidden_size": 8,
            "downsampling_ratios": [2, 4],
            "decoder_hidden_size": 16,
            "codebook_dim": 16,
            "hidden_size": 32,
            "hop_length": 8,
        },
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        head_dim=16,
        max_position_embeddings=128,
    )
    keep = torch.ones(2, 256, dtype=torch.long)
    keep[1, 160:] = 0
    audio = torch.randn(2, 1, 256).masked_fill(keep[:, None] == 0, 0.0)
    return perturb(wrappers.PaddedAudio(PeAudioEncoder(eager(config)))), (audio, keep)


def _sam_hq() -> Built:
    config = SamHQConfig(
        vision_config={
            "hidden_size": 32,
            "output_channels": 32,
            "num_hidden_layers": 1,
            "num_attention_heads": 2,
            "image_size": 128,
            "patch_size": 16,
            "global_attn_indexes": [0],
            "mlp_dim": 64,
            "num_pos_feats": 16,
        },
        prompt_encoder_config={
            "hidden_size": 32,
            "image_size": 128,
            "patch_size": 16,
            "mask_input_channels": 4,
            "image_embedding_size": 8,
        },
        mask_decoder_config={
            "hidden_size": 32,
            "mlp_dim": 64,
            "num_hidden_layers": 2,
            "num_attention_heads": 2,
            "iou_head_hidden_dim": 32,
            "vit_dim": 32,
        },
    )
    model = perturb(wrappers.PromptedMasks(SamHQModel(eager(config))))
    points = torch.rand(2, 1, 3, 2) * 128
    labels = torch.tensor([[[1, 0, 1]], [[1, 1, -10]]])  # the second image's last point pads
    boxes = torch.tensor([[[10.0, 12.0, 90.0, 100.0]], [[30.0, 5.0, 120.0, 64.0]]])
    inputs = (torch.randn(2, 32, 8, 8), torch.randn(2, 8, 8, 32), points, labels, boxes)
    return model, inputs


def _dab_detr() -> Built:
    config = DabDetrConfig(
        backbone_config={
            "model_type": "resnet",
            "embedding_size": 16,
            "hidden_sizes": [16, 32, 48, 64],
            "depths": [1, 1, 1, 1],
            "out_features": ["stage4"],
        },
        num_queries=8,
        encoder_layers=1,
        decoder_layers=2,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        hidden_size=32,
        dropout=0.0,
        num_labels=5,
    )
    keep = torch.ones(2, 128, 128, dtype=torch.long)
    keep[1, :, 96:] = 0  # the second image padded on the right, as DETR batches
    pixels = torch.randn(2, 3, 128, 128).masked_fill(keep[:, None] == 0, 0.0)
    detector = DabDetrForObjectDetection(eager(config))
    # Untied (functional_call rejects tied weights): the decoder's box MLP a copy.
    detector.model.decoder.bbox_embed = copy.deepcopy(detector.bbox_predictor)
    model = perturb(Fields(detector, "logits", "pred_boxes"))
    return model, (pixels, keep)


_BUILDS = {
    "inkling2_text": (
        _inkling2,
        "attention residuals over blocks, dynamic short conv, gathered relative logits",
    ),
    "muse_spark_bf16": (
        _muse_spark_bf16,
        "centred RMSNorm, sigmoid residual gates, NoPE layer, pooled-width MoE, bf16",
    ),
    "qwen4_exp_text": (
        _qwen4_exp,
        "hashed n-gram embeddings (int64 xor/remainder), hyper-connection streams",
    ),
    "xcodec2_encode": (
        _xcodec2,
        "anti-aliased SnakeBeta (kaiser up/down), W2V-BERT features, FSQ rounding",
    ),
    "markuplm_padded": (
        _markuplm,
        "per-depth xpath tag/subscript embeddings concatenated, BERT encoder, batch 2",
    ),
    "moonshine_streaming_f16": (
        _moonshine_streaming_f16,
        "frame CMVN, asinh, masked causal strided convs, sliding window, decoder, f16",
    ),
    "pe_audio_encoder": (
        _pe_audio,
        "masked GroupNorm (torch.masked mean/var), DAC Snake encoder, padded batch 2",
    ),
    "sam_hq_decoder": (
        _sam_hq,
        "random-Fourier prompts, two-way attention, hypernetwork masks, HQ token",
    ),
    "dab_detr": (
        _dab_detr,
        "4-D anchor queries, modulated sine embeddings, box refinement, padded images",
    ),
    "native_sparse_attention": (
        blocks.built_nsa,
        "NSA: MLP-compressed blocks, top-n block gather, sliding window, gated mix",
    ),
    "min_gru": (
        blocks.built_min_gru,
        "minGRU: log-space parallel scan (cumsum, logcumsumexp), causal depthwise conv",
    ),
    "stick_breaking_bf16": (
        blocks.built_stick_breaking_bf16,
        "stick-breaking attention: logsigmoid remainders by triangular matmul, bf16",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_twentieth.py")
