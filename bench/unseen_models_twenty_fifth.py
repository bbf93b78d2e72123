"""A twenty-fifth set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_fifth`): transformers families no set
has yet; what each exercises is its README line below. Swin (shifted
windows with a cyclic roll, a relative position bias table, patch
merging), LeViT (attention biases gathered by offset, hardswish, BatchNorm
after every linear, a subsampling attention), CvT (Q/K/V from depthwise
convolutions with BatchNorm), PVT (spatial-reduction attention: keys and
values from a strided conv), HuBERT (a conv feature extractor with group
norm, a grouped positional conv), Bamba (Mamba-2 beside attention),
Granite-MoE-Hybrid (Mamba-2 beside attention, a top-k MoE with a shared
MLP), MiniCPM3 (multi-head latent attention: low-rank query and key/value),
OLMo-3 (sliding and full layers, q/k RMSNorm over all heads), VaultGemma
(Gemma without the post-norms, soft-capped attention logits), ImageGPT (a
mean-free RMS layer norm, learned positions) and BioGPT (scaled embeddings,
learned positions with an offset).

The MoE models run their experts as `batched_mm`
(`config._experts_implementation`): the default loop over the experts hit
(`nonzero`) is data-dependent and torch.export refuses it.

Wrappers: `PaddedTokens` (bench/unseen_wrappers_twentieth.py: padded ids
and their mask, the last hidden state; torch.topk sorted) and `LastHidden`
(bench/unseen_wrappers_twenty_first.py: pixels or audio in, the last hidden
state out).

Substitutions: none so far.

Not taken: DeepSeek-V2 (its rotary runs on complex numbers,
`torch.view_as_complex`, which torch-mlir does not lower: "Only integer/float
dtype supported"); MiniCPM3 stands in for its multi-head latent attention.
Zamba (its shared attention block's weights are tied across layers, and
torch.export with the weights as arguments refuses tied parameters:
"functional_call got multiple values for keys ... which are tied");
Granite-MoE-Hybrid stands in for Mamba beside attention.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
from transformers import (
    BambaConfig,
    BambaModel,
    BioGptConfig,
    BioGptModel,
    CvtConfig,
    CvtModel,
    GraniteMoeHybridConfig,
    GraniteMoeHybridModel,
    HubertConfig,
    HubertModel,
    ImageGPTConfig,
    ImageGPTModel,
    LevitConfig,
    LevitModel,
    MiniCPM3Config,
    MiniCPM3Model,
    Olmo3Config,
    Olmo3Model,
    PvtConfig,
    PvtModel,
    SwinConfig,
    SwinModel,
    VaultGemmaConfig,
    VaultGemmaModel,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_wrappers_seventeenth import randomize
from unseen_wrappers_twentieth import PaddedTokens
from unseen_wrappers_twenty_first import LastHidden
from zoo_text_layers import eager


def _tokens(vocab: int) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.randint(1, vocab, (2, 16)), padding_mask(2, 16, 11)


def _pixels(size: int) -> tuple[torch.Tensor]:
    return (torch.randn(2, 3, size, size),)


def _swin() -> Built:
    config = SwinConfig(
        image_size=32,
        patch_size=4,
        embed_dim=32,
        depths=[2, 2],
        num_heads=[2, 4],
        window_size=4,
        mlp_ratio=2.0,
    )
    return perturb(LastHidden(SwinModel(eager(config), add_pooling_layer=False))), _pixels(32)


def _levit() -> Built:
    config = LevitConfig(
        image_size=128,
        hidden_sizes=[32, 48, 64],
        num_attention_heads=[2, 3, 4],
        depths=[1, 1, 1],
        key_dim=[8, 8, 8],
        mlp_ratio=[2, 2, 2],
        attention_ratio=[2, 2, 2],
        down_ops=[["Subsample", 8, 4, 4, 2, 2], ["Subsample", 8, 6, 4, 2, 2]],
    )
    return perturb(LastHidden(LevitModel(config))), _pixels(128)


def _cvt() -> Built:
    config = CvtConfig(
        embed_dim=[16, 32, 64],
        num_heads=[1, 2, 4],
        depth=[1, 2, 3],  # CvtStage indexes its drop-path rates by the stage
        mlp_ratio=[2.0, 2.0, 2.0],
    )
    return perturb(LastHidden(CvtModel(config, add_pooling_layer=False))), _pixels(64)


def _pvt() -> Built:
    config = PvtConfig(
        image_size=64,
        depths=[1, 1, 1, 1],
        hidden_sizes=[16, 32, 48, 64],
        num_attention_heads=[1, 1, 2, 2],
        mlp_ratios=[2, 2, 2, 2],
    )
    return perturb(LastHidden(PvtModel(config))), _pixels(64)


def _hubert() -> Built:
    config = HubertConfig(
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=64,
        conv_dim=(32, 32, 32),
        conv_stride=(5, 2, 2),
        conv_kernel=(10, 3, 3),
        num_conv_pos_embeddings=16,
        num_conv_pos_embedding_groups=4,
    )
    return perturb(LastHidden(HubertModel(eager(config)))), (torch.randn(2, 1600),)


def _bamba() -> Built:
    config = eager(
        BambaConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            attn_layer_indices=[1],
            mamba_n_heads=8,
            mamba_d_head=16,
            mamba_n_groups=1,
            mamba_d_state=16,
            mamba_chunk_size=8,
            mamba_expand=2,
            pad_token_id=0,
        )
    )
    model = PaddedTokens(BambaModel(config))
    return randomize(model, "A_log", "dt_bias"), _tokens(256)


def _granite_moe_hybrid() -> Built:
    config = eager(
        GraniteMoeHybridConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=64,
            shared_intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            num_local_experts=4,
            num_experts_per_tok=2,
            layer_types=["mamba", "attention"],
            mamba_n_heads=8,
            mamba_d_head=16,
            mamba_n_groups=1,
            mamba_d_state=16,
            mamba_chunk_size=8,
            mamba_expand=2,
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"  # no loop over the experts hit
    model = PaddedTokens(GraniteMoeHybridModel(config))
    return randomize(model, "experts", "router", "A_log", "dt_bias"), _tokens(256)


def _minicpm3() -> Built:
    config = eager(
        MiniCPM3Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=64,
            q_lora_rank=32,
            kv_lora_rank=16,
            qk_rope_head_dim=8,
            qk_nope_head_dim=8,
            v_head_dim=16,
            dim_model_base=32,
            pad_token_id=0,
        )
    )
    return perturb(PaddedTokens(MiniCPM3Model(config))), _tokens(256)


def _olmo3() -> Built:
    config = eager(
        Olmo3Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            sliding_window=4,
            layer_types=["sliding_attention", "full_attention"],
            pad_token_id=0,
        )
    )
    return perturb(PaddedTokens(Olmo3Model(config))), _tokens(256)


def _vault_gemma() -> Built:
    config = eager(
        VaultGemmaConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            sliding_window=4,
            pad_token_id=0,
        )
    )
    return perturb(PaddedTokens(VaultGemmaModel(config))), _tokens(256)


def _image_gpt() -> Built:
    config = eager(ImageGPTConfig(vocab_size=257, n_positions=64, n_embd=64, n_layer=2, n_head=4))
    return perturb(PaddedTokens(ImageGPTModel(config))), _tokens(256)


def _biogpt() -> Built:
    config = eager(
        BioGptConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            pad_token_id=0,
        )
    )
    return perturb(PaddedTokens(BioGptModel(config))), _tokens(256)


_BUILDS = {
    "swin": (_swin, "shifted windows (cyclic roll), relative position bias table, patch merging"),
    "levit": (_levit, "attention biases gathered by offset, hardswish, BatchNorm after linears"),
    "cvt": (_cvt, "Q/K/V projected by depthwise convs with BatchNorm, class token at the end"),
    "pvt": (_pvt, "spatial-reduction attention: keys and values from a strided conv + LN"),
    "hubert": (_hubert, "conv feature extractor with group norm, grouped positional conv"),
    "bamba": (_bamba, "Mamba-2 (chunked SSD) beside grouped-query attention"),
    "granite_moe_hybrid": (
        _granite_moe_hybrid,
        "Mamba-2 beside attention, top-k MoE with a shared MLP, muP multipliers",
    ),
    "minicpm3": (_minicpm3, "multi-head latent attention (low-rank q and kv), scaled depth"),
    "olmo3": (_olmo3, "sliding and full layers, q/k RMSNorm over all heads, post-norms"),
    "vault_gemma": (
        _vault_gemma,
        "Gemma without post-norms, attention logits soft-capped, sliding + full",
    ),
    "image_gpt": (_image_gpt, "mean-free RMS layer norm, learned positions, quick-GELU MLP"),
    "biogpt": (_biogpt, "scaled embeddings, learned positions with an offset of 2"),
}

MODELS = small_models(_BUILDS, "bench/unseen_models_twenty_fifth.py")
