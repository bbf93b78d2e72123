"""A twenty-seventh set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_seventh`): transformers families no set
has yet; what each exercises is its README line below. Qwen4-Exp's text model
(gated delta-net layers beside attention whose keys a QSA indexer picks,
hyper-connections, n-gram per-layer embeddings), A.X K2 (gated RMSNorm, an
indexer's top-k keys, MLA, MoE), Youtu (MLA with interleaved rotary), ESM-C
(a protein LM: rotary, SwiGLU, q/k LayerNorm), Sapiens2 (a RoPE ViT with
registers, grouped K/V in its middle layers, q/k norm, gated MLP), C-RADIO
(an input conditioner, several class tokens and registers), UVDoc (dilated
reflect-padded convs and PReLU predicting a 2D point grid), SLANeXt (a SAM
ViT with relative positions, a GRU-cell attention decoder unrolled over the
table's tokens), VideoPrism (factorised spatial then temporal attention,
logit soft-capping), Mellum (sliding and full attention with a top-k MoE),
GTE (rotary BERT with a gated MLP) and EmbeddingGemma2 (a bidirectional
Gemma with per-layer embeddings).

The MoE models run their experts as `batched_mm`
(`config._experts_implementation`): the default loop over the experts hit
(`nonzero`) is data-dependent and torch.export refuses it.

Substitutions (bench/unseen_wrappers_twenty_seventh.py), each saying why:
Qwen4-Exp's QSA indexer, which loops over queries taking each one's visible
keys with `nonzero`, runs as comparisons over every (query, block, key)
(`DenseIndexer`: the same key masks as the original on these inputs); SLANeXt's
decoder, which stops when every row has predicted the end token, runs all its
steps (`UnrolledTableHead`). A.X K2's scatters of a scalar run as comparisons
(`ScattersByCompare`, bench/unseen_models_twenty_sixth.py).

Wrappers: `PaddedTokens` (bench/unseen_wrappers_twentieth.py), `LastHidden`
(bench/unseen_wrappers_twenty_first.py), `Output` (one field of the output,
bench/unseen_wrappers_fifteenth.py) and `randomize`
(bench/unseen_wrappers_seventeenth.py).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
from transformers import (
    AXK2Config,
    AXK2Model,
    EmbeddingGemma2TextConfig,
    EmbeddingGemma2TextModel,
    EsmcConfig,
    EsmcModel,
    GteConfig,
    GteModel,
    MellumConfig,
    MellumModel,
    Qwen4ExpTextConfig,
    Qwen4ExpTextModel,
    RadioConfig,
    RadioModel,
    Sapiens2Config,
    Sapiens2Model,
    SLANeXtConfig,
    SLANeXtForTableRecognition,
    UVDocConfig,
    UVDocModel,
    VideoPrismVisionConfig,
    VideoPrismVisionModel,
    YoutuConfig,
    YoutuModel,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_models_twenty_sixth import ScattersByCompare
from unseen_wrappers_fifteenth import Output
from unseen_wrappers_seventeenth import randomize
from unseen_wrappers_twentieth import PaddedTokens
from unseen_wrappers_twenty_first import LastHidden
from unseen_wrappers_twenty_seventh import DenseIndexer, UnrolledTableHead
from zoo_text_layers import eager


def _tokens(vocab: int) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.randint(2, vocab, (2, 16)), padding_mask(2, 16, 11)


def _pixels(size: int) -> tuple[torch.Tensor]:
    return (torch.randn(2, 3, size, size),)


def _qwen4_exp() -> Built:
    config = eager(
        Qwen4ExpTextConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            linear_num_key_heads=2,
            linear_num_value_heads=4,
            moe_intermediate_size=32,
            shared_expert_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=64,
            layer_types=["linear_attention"] * 3 + ["indexed_attention"],
            hc_count=2,
            hc_lowrank=16,
            ple_layer_ids=[1, 2],
            ple_embed_dim=32,
            ngram_size=3,
            heads_per_ngram=2,
            ngram_vocab_size_base=1000,
            make_ngram_vocab_size_divisible_by=8,
            split_ngram_parts=4,
            indexer_n_heads=16,
            indexer_kv_heads=1,
            indexer_head_dim=16,
            indexer_budget=8,
            indexer_compress_ratio=2,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=1,  # the n-gram embeddings restart after it
        )
    )
    config._experts_implementation = "batched_mm"
    model = DenseIndexer(PaddedTokens(Qwen4ExpTextModel(config)))
    return randomize(model, "experts", "gate"), _tokens(256)


def _axk2() -> Built:
    config = eager(
        AXK2Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            n_shared_experts=1,
            n_routed_experts=4,
            num_experts_per_tok=2,
            kv_lora_rank=16,
            q_lora_rank=32,
            qk_rope_head_dim=8,
            v_head_dim=16,
            qk_nope_head_dim=8,
            max_position_embeddings=64,
            index_topk=8,
            index_head_dim=16,
            index_n_heads=16,  # few ReLU'd indexer heads tie at 0 (see GLM-DSA)
            gated_norm_rank=4,
            mlp_layer_types=["dense", "sparse"],
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = ScattersByCompare(PaddedTokens(AXK2Model(config)))
    return randomize(model, "experts", "gate"), _tokens(256)


def _youtu() -> Built:
    config = eager(
        YoutuConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            kv_lora_rank=16,
            q_lora_rank=32,
            qk_rope_head_dim=8,
            v_head_dim=16,
            qk_nope_head_dim=8,
            max_position_embeddings=64,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=1,
        )
    )
    return perturb(PaddedTokens(YoutuModel(config))), _tokens(256)


def _esmc() -> Built:
    config = eager(
        EsmcConfig(
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            head_dim=16,
            max_position_embeddings=64,
        )
    )
    ids, keep = _tokens(33)  # amino-acid tokens sit below the mask token
    return perturb(Output(EsmcModel(config), "last_hidden_state")), (ids, keep)


def _sapiens2() -> Built:
    config = eager(
        Sapiens2Config(
            patch_size=8,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=4,
            num_attention_heads=4,
            image_size=32,
            num_register_tokens=2,
            num_key_value_heads_per_layer=[4, 2, 2, 4],
            num_key_value_attention_heads=2,
            num_first_full_attention_layers=1,
            num_last_full_attention_layers=1,
        )
    )
    return perturb(LastHidden(Sapiens2Model(config))), _pixels(32)


def _radio() -> Built:
    config = eager(
        RadioConfig(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            mlp_ratio=2.0,
            use_swiglu_ffn=True,
            patch_size=16,
            image_size=64,
            max_img_size=128,
            num_cls_tokens=2,
            num_registers=2,
            summary_idxs=[0, 1],
        )
    )
    return perturb(LastHidden(RadioModel(config))), _pixels(64)


def _uvdoc() -> Built:
    backbone = {
        "model_type": "uvdoc_backbone",
        "resnet_head": [[3, 8], [8, 8]],
        "resnet_configs": [
            [[8, 8, 1, False], [8, 8, 3, False]],
            [[8, 16, 1, True], [16, 16, 3, False]],
            [[16, 32, 1, True], [32, 32, 3, False]],
        ],
        "stage_configs": [[[32, 1]], [[32, 2]], [[32, 3]], [[32, 4], [32, 3], [32, 2]]],
        "depths": [1, 1, 1, 3],
        "kernel_size": 5,
        # The head concatenates every bridge branch's output.
        "out_features": ["stage1", "stage2", "stage3", "stage4"],
    }
    config = UVDocConfig(
        backbone_config=backbone,
        bridge_connector=[32, 32],
        out_point_positions2D=[[32, 16], [16, 2]],
    )
    return perturb(LastHidden(UVDocModel(config))), _pixels(64)


def _slanext() -> Built:
    vision = {
        "hidden_size": 32,
        "output_channels": 32,
        "num_hidden_layers": 2,
        "num_attention_heads": 2,
        "image_size": 64,
        "patch_size": 8,
        "window_size": 4,
        "global_attn_indexes": [1],
        "mlp_dim": 64,
        "initializer_range": 0.02,
    }
    config = SLANeXtConfig(
        vision_config=vision,
        post_conv_in_channels=32,
        post_conv_out_channels=64,
        out_channels=12,
        hidden_size=32,
        max_text_length=6,
    )
    return perturb(UnrolledTableHead(SLANeXtForTableRecognition(config))), _pixels(64)


def _videoprism() -> Built:
    config = VideoPrismVisionConfig(
        image_size=32,
        num_frames=4,
        tubelet_size=[1, 8, 8],
        hidden_size=64,
        num_attention_heads=4,
        intermediate_size=128,
        num_spatial_layers=2,
        num_temporal_layers=1,
        num_auxiliary_layers=1,
    )
    video = torch.randn(2, 4, 3, 32, 32)  # (batch, frames, channels, height, width)
    return perturb(Output(VideoPrismVisionModel(config), "last_hidden_state")), (video,)


def _mellum() -> Built:
    config = eager(
        MellumConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_local_experts=4,
            num_experts_per_tok=2,
            sliding_window=4,
            layer_types=["sliding_attention", "full_attention"],
            max_position_embeddings=64,
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = PaddedTokens(MellumModel(config))
    return randomize(model, "experts", "gate"), _tokens(256)


def _gte() -> Built:
    config = eager(
        GteConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            hidden_dropout_prob=0.0,
        )
    )
    ids, keep = _tokens(256)
    return perturb(Output(GteModel(config), "last_hidden_state")), (ids, keep)


def _embedding_gemma2() -> Built:
    config = eager(
        EmbeddingGemma2TextConfig(
            vocab_size=128,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            sliding_window=4,
            layer_types=["sliding_attention", "full_attention"],
            global_head_dim=32,  # full-attention layers are wider
            num_global_key_value_heads=1,
            hidden_size_per_layer_input=16,
            embedding_dim=32,
        )
    )
    ids, keep = _tokens(128)
    model = Output(EmbeddingGemma2TextModel(config), "last_hidden_state")
    return perturb(model), (ids, keep)


_BUILDS = {
    "qwen4_exp": (
        _qwen4_exp,
        "gated delta-net beside QSA-indexed attention, hyper-connections, n-gram PLE",
    ),
    "axk2": (_axk2, "gated RMSNorm, indexer top-k keys, MLA, shared-expert MoE"),
    "youtu": (_youtu, "MLA with interleaved rotary"),
    "esmc": (_esmc, "protein LM: rotary, SwiGLU, q/k LayerNorm"),
    "sapiens2": (_sapiens2, "RoPE ViT, registers, grouped K/V mid-stack, q/k norm, gated MLP"),
    "radio": (_radio, "input conditioner, several class tokens and registers, SwiGLU"),
    "uvdoc": (_uvdoc, "dilated reflect-padded convs, PReLU, a 2D point-grid head"),
    "slanext": (_slanext, "SAM ViT with relative positions, an unrolled GRU-cell decoder"),
    "videoprism": (_videoprism, "factorised spatial/temporal attention, logit soft-capping"),
    "mellum": (_mellum, "sliding and full attention, top-k MoE"),
    "gte": (_gte, "rotary BERT, gated MLP"),
    "embedding_gemma2": (_embedding_gemma2, "bidirectional Gemma, per-layer embeddings"),
}

MODELS = small_models(_BUILDS, "bench/unseen_models_twenty_seventh.py")
