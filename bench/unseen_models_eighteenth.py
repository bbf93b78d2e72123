"""An eighteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set eighteenth`): transformers models no set has, and written-out blocks
(bench/unseen_blocks_eighteenth.py); what each exercises is its README line
below. AFMoE (sigmoid output-gated attention, a sliding-window then a global
layer, μP embedding scaling, sigmoid routing with shared experts), Zamba2
(a Mamba-2 layer and a shared attention block fed [h, embeddings] with
per-use LoRA adapters), Gemma-4's text model in bf16 (per-layer input
embeddings, k = v global attention with proportional partial RoPE, a MoE
block beside the MLP), Gemma-4's audio encoder (conv subsampling, blocked
local attention with logit soft-capping, clipped linears, a causal light
conv; batch 2, padded), I-BERT in integer mode (i-GELU, i-exp softmax,
integer LayerNorm, floor / round fake-quant, f64 fixed-point requantisation;
batch 2, padded), the Time Series Transformer (mean scaling, lagged
subsequences, static categorical embeddings, encoder-decoder; batch 2),
PP-LCNet in f16 (hardswish depthwise-separable convs, SE), ViTMatte (ViTDet
on image + trimap, a conv stream and fusion upsampling decoder); written-out:
the Forgetting Transformer's attention (FoX) and Multi-Token Attention (MTA).

Wrappers (bench/unseen_wrappers_eighteenth.py) feed each model what its
pipeline would and return one tensor. The MoEs run
`_experts_implementation = "batched_mm"` as the fourteenth set's do. I-BERT's
activation ranges (buffers of zeros when built) are calibrated by one
train-mode forward before eval, as its fine-tuning would set them; for
torch.export its numpy/decimal `batch_frexp` is replaced by torch ops (same
values), its `SymmetricQuantFunction` by the same math without the autograd
wrapper, `.data.detach()` in its forwards read as `.detach()`, and the
buffers its forwards reassign made plain attributes.

Not taken: Kimi-Linear (hidden 64, a KDA layer then an MLA layer with a
sigmoid-routed MoE, batched_mm experts) and LongCat-Flash in bf16 (one layer,
two MLA sublayers, 4 routed + 2 zero-computation experts; its experts loop
over `nonzero()` hits, so they were rewritten dense, the same sum): both pass
torch.export, but torch-mlir's torch-to-linalg pipeline fails on each with
"failed to legalize operation 'torch.constant.bool'" ("Failure while
executing pass pipeline"). DiNAT (needs the natten package), MRA (custom
kernels), Bamba, GraniteMoeHybrid and Nemotron-H (Mamba-2 hybrids: the
Mamba-2 mixer is in the eighth set, Falcon-H1 in the twelfth), SuperGlue
(its matcher builds a SuperPoint detector inside; not tried for time).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_eighteenth as blocks
import unseen_wrappers_eighteenth as wrappers
from transformers import (
    AfmoeConfig,
    AfmoeModel,
    Gemma4AudioConfig,
    Gemma4AudioModel,
    Gemma4TextConfig,
    Gemma4TextModel,
    IBertConfig,
    IBertModel,
    PPLCNetConfig,
    PPLCNetForImageClassification,
    TimeSeriesTransformerConfig,
    TimeSeriesTransformerModel,
    VitDetConfig,
    VitMatteConfig,
    VitMatteForImageMatting,
    Zamba2Config,
    Zamba2Model,
)
from transformers.models.ibert import quant_modules
from unseen_common import Built, perturb, small_models
from unseen_wrappers_seventeenth import randomize
from zoo_spec import FirstOutput
from zoo_text_layers import eager


def _afmoe() -> Built:
    config = eager(
        AfmoeConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_dense_layers=1,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_experts=4,
            num_experts_per_tok=2,
            num_shared_experts=1,
            route_scale=2.0,
            global_attn_every_n_layers=2,
            sliding_window=8,
            mup_enabled=True,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.TokensNoCache(AfmoeModel(config))
    return randomize(model, "experts", "router"), (torch.randint(0, 256, (1, 16)),)


def _zamba2() -> Built:
    config = eager(
        Zamba2Config(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            layers_block_type=["mamba", "hybrid"],
            mamba_d_state=16,
            mamba_d_conv=4,
            mamba_expand=2,
            n_mamba_heads=4,
            use_mamba_kernels=False,
            chunk_size=8,
            intermediate_size=128,
            num_attention_heads=4,
            num_key_value_heads=4,
            num_mem_blocks=1,
            use_shared_attention_adapter=True,
            adapter_rank=8,
            use_mem_rope=True,
            max_position_embeddings=64,
        )
    )
    model = wrappers.TokensNoCache(Zamba2Model(config))
    return randomize(model, "adapter"), (torch.randint(0, 256, (1, 16)),)


def _gemma4_text_bf16() -> Built:
    config = eager(
        Gemma4TextConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            global_head_dim=32,
            num_global_key_value_heads=1,
            attention_k_eq_v=True,
            sliding_window=8,
            layer_types=["sliding_attention", "full_attention"],
            vocab_size_per_layer_input=256,
            hidden_size_per_layer_input=16,
            enable_moe_block=True,
            num_experts=4,
            top_k_experts=2,
            moe_intermediate_size=32,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    model = randomize(wrappers.TokensNoCache(Gemma4TextModel(config)), "experts", "router")
    return model.to(torch.bfloat16), (torch.randint(0, 256, (1, 16)),)


def _gemma4_audio() -> Built:
    config = eager(
        Gemma4AudioConfig(
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=4,
            subsampling_conv_channels=[32, 8],
            conv_kernel_size=5,
            attention_chunk_size=4,
            attention_context_left=5,
            attention_context_right=0,
            output_proj_dims=64,
        )
    )
    keep = torch.ones(2, 64, dtype=torch.bool)
    keep[1, 44:] = False
    encoder = wrappers.AudioEncoder(Gemma4AudioModel(config))
    return perturb(encoder), (torch.randn(2, 64, 32), keep)


_IBERT_DERIVED = (
    "weight_scaling_factor",
    "weight_integer",
    "act_scaling_factor",
    "fc_scaling_factor",
    "bias_integer",
)


def _ibert() -> Built:
    config = IBertConfig(
        vocab_size=256,
        hidden_size=64,
        num_hidden_layers=1,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=64,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
        quant_mode=True,
    )
    quant_modules.batch_frexp = wrappers.torch_frexp  # numpy + decimal: not traceable
    quant_modules.SymmetricQuantFunction = wrappers.SymmetricQuant
    wrappers.without_data(
        quant_modules.QuantEmbedding, quant_modules.QuantLinear, quant_modules.IntLayerNorm
    )
    ids = torch.randint(3, 256, (2, 20))
    keep = torch.ones(2, 20, dtype=torch.long)
    keep[1, 13:] = 0
    model = perturb(wrappers.TokensMasked(IBertModel(config, add_pooling_layer=False)))
    with torch.no_grad():  # activation ranges, as fine-tuning sets them
        model.train()(torch.randint(3, 256, (2, 20)), keep)
    # Buffers that forward recomputes and reassigns (integer weights, scales):
    # plain attributes, or torch.export finds a traced tensor among its constants.
    for module in model.modules():
        for name in _IBERT_DERIVED:
            module._buffers.pop(name, None)
    return model.eval(), (ids, keep)


def _time_series() -> Built:
    config = TimeSeriesTransformerConfig(
        prediction_length=8,
        context_length=16,
        lags_sequence=[1, 2, 3, 7],
        num_time_features=2,
        num_static_categorical_features=1,
        cardinality=[5],
        embedding_dimension=[3],
        num_static_real_features=1,
        d_model=32,
        encoder_layers=1,
        decoder_layers=1,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        dropout=0.0,
        attention_dropout=0.0,
        activation_dropout=0.0,
        encoder_layerdrop=0.0,
        decoder_layerdrop=0.0,
    )
    past = 16 + 7
    observed = torch.ones(2, past)
    observed[0, 3:6] = 0
    inputs = (
        torch.rand(2, past) * 10 + 1,
        torch.randn(2, past, 2),
        observed,
        torch.tensor([[1], [4]]),
        torch.randn(2, 1),
        torch.rand(2, 8) * 10 + 1,
        torch.randn(2, 8, 2),
    )
    return perturb(wrappers.Forecaster(TimeSeriesTransformerModel(eager(config)))), inputs


def _pp_lcnet_f16() -> Built:
    config = PPLCNetConfig(
        stem_channels=8,
        block_configs=[
            [[3, 8, 16, 1, False]],
            [[3, 16, 24, 2, False]],
            [[3, 24, 32, 2, False], [5, 32, 32, 1, False]],
            [[5, 32, 48, 2, False]],
            [[5, 48, 64, 2, True]],
        ],
        class_expand=128,
        num_labels=10,
    )
    model = perturb(FirstOutput(PPLCNetForImageClassification(config)))
    return model.half(), (torch.randn(1, 3, 64, 64).half(),)


def _vitmatte() -> Built:
    backbone = VitDetConfig(
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        mlp_ratio=2,
        image_size=64,
        pretrain_image_size=64,
        patch_size=16,
        num_channels=4,
        use_relative_position_embeddings=True,
        out_features=["stage2"],
    )
    config = VitMatteConfig(
        backbone_config=backbone,
        hidden_size=32,
        convstream_hidden_sizes=[8, 16, 24],
        fusion_hidden_sizes=[32, 16, 8, 8],
    )
    model = perturb(wrappers.Alphas(VitMatteForImageMatting(eager(config))))
    return model, (torch.rand(1, 4, 64, 64),)


_BUILDS = {
    "afmoe_model": (
        _afmoe,
        "sigmoid-gated attention output, sliding then global layer, μP, sigmoid MoE",
    ),
    "zamba2_model": (
        _zamba2,
        "Mamba-2 layer, shared attention block on [h, emb] with LoRA adapters, mem RoPE",
    ),
    "gemma4_text_bf16": (
        _gemma4_text_bf16,
        "per-layer input embeddings, k = v global attention, partial RoPE, MoE + MLP, bf16",
    ),
    "gemma4_audio_encoder": (
        _gemma4_audio,
        "conv subsampling, blocked local attention, logit soft-cap, causal light conv, padded",
    ),
    "ibert_encoder_int": (
        _ibert,
        "integer-only: i-GELU, i-exp softmax, integer LayerNorm, floor/round fake-quant",
    ),
    "time_series_transformer": (
        _time_series,
        "mean scaler, lagged subsequences, static embeddings, encoder-decoder, batch 2",
    ),
    "pp_lcnet_f16": (
        _pp_lcnet_f16,
        "hardswish depthwise-separable convs, SE, 1×1 class-expand head, f16",
    ),
    "vitmatte_matting": (
        _vitmatte,
        "ViTDet on RGB + trimap, conv stream, fusion upsampling, sigmoid alpha",
    ),
    "forgetting_attention": (
        blocks.built_fox,
        "FoX: cumsum log forget-gate bias on causal softmax, QK-norm, output gate",
    ),
    "multi_token_attention": (
        blocks.built_mta,
        "MTA: depthwise 2D conv over q × k logits, head-mixing conv, group norm",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_eighteenth.py")
