"""A twenty-fourth set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_fourth`): transformers families no set
has yet; what each exercises is its README line below. UltraBERT (an
encoder whose sliding layers see a symmetric window of radius r around each
token, beside global layers), OpenAI's privacy filter (a bidirectional
token classifier: banded attention with sink logits, a top-k MoE of clamped
SwiGLU experts with biases), OLMo-Hybrid (Gated DeltaNet with negative
eigenvalues, β scaled by 2, beside full attention), MLCD's vision tower
(axial 2D rotary on patches with a class token), Flint (sliding-window and
full layers with per-head sinks, MoE with an ungated shared expert),
Hunyuan-V3 in bf16 (qk-norm, a routed MoE with scaled top-k weights plus a
shared expert), ViViT (tubelet Conv3d embedding of a video), FalconMamba
(Mamba-1's selective scan with RMS-normalised B, C and Δ), Nemotron-H
(Mamba-2's chunked SSD, attention and a latent MoE whose experts run in a
projected space) and TimesFM 2.5 (a running masked mean and deviation
updated patch by patch, RevIN, rotary positions shifted by the left
padding). Written-out (bench/unseen_blocks_twenty_fourth.py): GLM-4V's
position table sampled by bicubic grid_sample with border padding, and
AlphaFold-2's pair stack (triangle multiplications, triangle attention with
a pair bias).

The MoE models run their experts as `batched_mm`
(`config._experts_implementation`): the default loop over the experts hit
(`nonzero`) is data-dependent and torch.export refuses it.

Wrappers: `Fields` (bench/unseen_wrappers_seventeenth.py: TimesFM's
hidden state, running means and deviations side by side), `PaddedTokens` (bench/unseen_wrappers_twentieth.py: padded ids
and their mask, the last hidden state; torch.topk sorted) and `LastHidden`
(bench/unseen_wrappers_twenty_first.py: pixels or frames in, the last hidden
state out).

Substitutions: none so far.

Not taken: none dropped.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_twenty_fourth as blocks
from transformers import (
    FalconMambaConfig,
    FalconMambaModel,
    FlintConfig,
    FlintModel,
    HYV3Config,
    HYV3Model,
    MLCDVisionConfig,
    MLCDVisionModel,
    NemotronHConfig,
    NemotronHModel,
    OlmoHybridConfig,
    OlmoHybridModel,
    OpenAIPrivacyFilterConfig,
    OpenAIPrivacyFilterModel,
    TimesFm2_5Config,
    TimesFm2_5Model,
    UltrabertConfig,
    UltrabertModel,
    VivitConfig,
    VivitModel,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_wrappers_seventeenth import Fields, randomize
from unseen_wrappers_twentieth import PaddedTokens
from unseen_wrappers_twenty_first import LastHidden
from zoo_text_layers import eager


def _tokens(vocab: int) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.randint(1, vocab, (2, 16)), padding_mask(2, 16, 11)


def _ultrabert() -> Built:
    config = eager(
        UltrabertConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            sliding_window=3,
            layer_types=["sliding_attention", "full_attention"],
        )
    )
    return perturb(PaddedTokens(UltrabertModel(config))), _tokens(256)


def _privacy_filter() -> Built:
    config = eager(
        OpenAIPrivacyFilterConfig(
            num_hidden_layers=2,
            num_local_experts=4,
            vocab_size=256,
            hidden_size=64,
            intermediate_size=64,
            head_dim=16,
            num_attention_heads=4,
            num_key_value_heads=2,
            sliding_window=4,
            max_position_embeddings=64,
            num_experts_per_tok=2,
            pad_token_id=0,
            eos_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"  # no loop over the experts hit
    model = PaddedTokens(OpenAIPrivacyFilterModel(config))
    return randomize(model, "experts", "router", "sinks"), _tokens(256)


def _olmo_hybrid() -> Built:
    config = eager(
        OlmoHybridConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=64,
            layer_types=["linear_attention", "full_attention"],
            linear_num_key_heads=4,
            linear_num_value_heads=4,
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            pad_token_id=0,
            eos_token_id=0,
        )
    )
    model = PaddedTokens(OlmoHybridModel(config))
    return randomize(model, "A_log", "dt_bias"), _tokens(256)


def _mlcd_vision() -> Built:
    config = eager(
        MLCDVisionConfig(
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            image_size=64,
            patch_size=8,
        )
    )
    return perturb(LastHidden(MLCDVisionModel(config))), (torch.randn(2, 3, 64, 64),)


def _flint() -> Built:
    config = eager(
        FlintConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            sliding_window=5,
            moe_intermediate_size=32,
            shared_expert_intermediate_size=64,
            num_experts_per_tok=2,
            num_experts=4,
            mlp_only_layers=[0],
            layer_types=["sliding_attention", "full_attention"],
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"  # no loop over the experts hit
    model = PaddedTokens(FlintModel(config))
    return randomize(model, "experts", "gate", "sinks"), _tokens(256)


def _hy_v3_bf16() -> Built:
    config = eager(
        HYV3Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            num_experts=4,
            num_experts_per_tok=2,
            num_shared_experts=1,
            moe_intermediate_size=32,
            mlp_layer_types=["dense", "sparse"],
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"  # no loop over the experts hit
    model = randomize(PaddedTokens(HYV3Model(config)), "experts", "gate", "router")
    return model.to(torch.bfloat16), _tokens(256)


def _vivit() -> Built:
    config = VivitConfig(
        image_size=32,
        num_frames=8,
        tubelet_size=[2, 8, 8],
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
    )
    model = perturb(LastHidden(VivitModel(eager(config), add_pooling_layer=False)))
    return model, (torch.randn(2, 8, 3, 32, 32),)


def _falcon_mamba() -> Built:
    config = FalconMambaConfig(
        vocab_size=256,
        hidden_size=64,
        state_size=8,
        num_hidden_layers=2,
        expand=2,
        conv_kernel=4,
        use_cache=False,
    )
    model = PaddedTokens(FalconMambaModel(config))
    return randomize(model, "A_log", "dt_proj"), _tokens(256)


def _nemotron_h_latent_moe() -> Built:
    config = eager(
        NemotronHConfig(
            vocab_size=256,
            hidden_size=64,
            layers_block_type=["mamba", "attention", "moe"],
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            intermediate_size=128,
            ssm_state_size=16,
            mamba_num_heads=8,
            mamba_head_dim=16,
            n_groups=2,
            chunk_size=8,
            n_routed_experts=4,
            n_shared_experts=1,
            moe_intermediate_size=32,
            moe_shared_expert_intermediate_size=32,
            moe_latent_size=32,
            num_experts_per_tok=2,
        )
    )
    config._experts_implementation = "batched_mm"  # no loop over the experts hit
    model = PaddedTokens(NemotronHModel(config))
    return randomize(model, "experts", "gate", "A_log", "dt_bias"), _tokens(256)


def _timesfm2_5() -> Built:
    config = eager(
        TimesFm2_5Config(
            patch_length=16,
            context_length=128,
            horizon_length=16,
            num_hidden_layers=2,
            hidden_size=64,
            intermediate_size=64,
            head_dim=16,
            num_attention_heads=4,
            num_key_value_heads=4,
            output_quantile_len=32,
            max_position_embeddings=64,
        )
    )
    model = Fields(TimesFm2_5Model(config), "last_hidden_state", "context_mu", "context_sigma")
    values = torch.randn(2, 128).cumsum(dim=-1)
    padded = torch.zeros(2, 128, dtype=torch.long)
    padded[-1, :40] = 1  # left padding: two whole patches and half of the third
    values[-1, :40] = 0.0
    return perturb(model), (values, padded)


_BUILDS = {
    "ultrabert_padded": (
        _ultrabert,
        "bidirectional banded attention (radius around each token) beside global layers",
    ),
    "openai_privacy_filter": (
        _privacy_filter,
        "bidirectional banded attention with sinks, top-k MoE of clamped SwiGLU experts",
    ),
    "olmo_hybrid_text": (
        _olmo_hybrid,
        "Gated DeltaNet with negative eigenvalues (β×2), short convs, full attention",
    ),
    "mlcd_vision": (
        _mlcd_vision,
        "axial 2D rotary on image patches with a class token, GQA-style vision heads",
    ),
    "flint_text": (
        _flint,
        "sliding and full layers with per-head sinks, MoE with an ungated shared expert",
    ),
    "hy_v3_text_bf16": (
        _hy_v3_bf16,
        "qk-norm, routed MoE with scaled top-k weights and a shared expert, bf16",
    ),
    "vivit": (
        _vivit,
        "ViViT: tubelet Conv3d embedding of video frames, class token, encoder",
    ),
    "falcon_mamba": (
        _falcon_mamba,
        "Mamba-1 selective scan with RMS-normalised B, C and Δ, causal depthwise conv",
    ),
    "nemotron_h_latent_moe": (
        _nemotron_h_latent_moe,
        "Mamba-2 (chunked SSD), attention, latent MoE (experts in a projected space)",
    ),
    "timesfm2_5": (
        _timesfm2_5,
        "running masked mean/std per patch (Welford), RevIN, positions shifted by padding",
    ),
    "bicubic_positions": (
        blocks.built_bicubic_positions,
        "GLM-4V's position table sampled by bicubic grid_sample, border padding",
    ),
    "triangle_pair": (
        blocks.built_triangle_pair,
        "AlphaFold pair stack: triangle multiplications, triangle attention with pair bias",
    ),
}

MODELS = small_models(_BUILDS, "bench/unseen_models_twenty_fourth.py")
