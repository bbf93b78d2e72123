"""A twenty-sixth set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_sixth`): transformers families no set
has yet; what each exercises is its README line below. GLM-MoE-DSA
(DeepSeek sparse attention: a lightning indexer scores the keys and a top-k
keeps each query's), CPM-Ant (bucketed relative position bias, prompt and
segment embeddings), X-MOD (a bottleneck adapter per language, picked by a
language id), SAM-2's Hiera (mask-unit windows, query pooling between
stages), xLSTM (mLSTM with exponential gating, chunkwise in native torch),
LFM-3 (short gated convolutions beside gated attention, sandwich norms),
Granite-MoE-SWA (sliding-window attention with a top-k MoE), CLAP's audio
tower (HTSAT: Swin over a mel spectrogram's patches), Depth Anything (a DPT
neck's reassemble and fusion stages over a DINOv2 backbone), dots.llm1 (a
sigmoid-routed MoE with shared experts), Nomic BERT (rotary BERT with a
SwiGLU MLP) and PP-LCNetV3 (learnable affine blocks, reparameterisable
conv branches, hardswish).

The MoE models run their experts as `batched_mm`
(`config._experts_implementation`): the default loop over the experts hit
(`nonzero`) is data-dependent and torch.export refuses it.

Substitutions: GLM-DSA's scatters of a scalar (its top-k key mask, its
group mask) run as comparisons (`ScattersByCompare`); X-MOD's adapters run
densely, each row keeping its own language's (`dense_lang_adapter`). Both
say why.

Wrappers: `PaddedTokens` (bench/unseen_wrappers_twentieth.py), `LastHidden`
(bench/unseen_wrappers_twenty_first.py), `Output` (one field of the output,
bench/unseen_wrappers_fifteenth.py), `TokensNoCache` and `FirstFeatureMap`
(bench/unseen_wrappers_seventeenth.py).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import torch
from torch import nn
from transformers import (
    ClapAudioConfig,
    ClapAudioModel,
    CpmAntConfig,
    CpmAntModel,
    DepthAnythingConfig,
    DepthAnythingForDepthEstimation,
    Dinov2Config,
    Dots1Config,
    Dots1Model,
    GlmMoeDsaConfig,
    GlmMoeDsaModel,
    GraniteMoeSWAConfig,
    GraniteMoeSWAModel,
    Lfm3Config,
    Lfm3Model,
    NomicBertConfig,
    NomicBertModel,
    PPLCNetV3Backbone,
    PPLCNetV3Config,
    Sam2HieraDetConfig,
    Sam2HieraDetModel,
    XmodConfig,
    XmodModel,
    xLSTMConfig,
    xLSTMModel,
)
from unseen_common import Built, padding_mask, perturb, small_models
from unseen_wrappers_fifteenth import Output
from unseen_wrappers_seventeenth import FirstFeatureMap, TokensNoCache, randomize
from unseen_wrappers_twentieth import PaddedTokens
from unseen_wrappers_twenty_first import LastHidden, scatter_fill_by_compare
from zoo_text_layers import eager


def _tokens(vocab: int) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.randint(1, vocab, (2, 16)), padding_mask(2, 16, 11)


def _pixels(size: int) -> tuple[torch.Tensor]:
    return (torch.randn(2, 3, size, size),)


def scatter_by_compare(
    self: torch.Tensor, dim: int, index: torch.Tensor, value: Any, **kwargs: Any
) -> torch.Tensor:
    """Tensor.scatter as `scatter_fill_by_compare` on a copy (GLM-DSA's
    top-k key mask): torch-mlir runs out of memory lowering aten.scatter too
    ("LLVM ERROR: out of memory")."""
    return scatter_fill_by_compare(self.clone(), dim, index, value, **kwargs)


class ScattersByCompare(nn.Module):
    """`model` with Tensor.scatter and Tensor.scatter_ of a scalar along the
    last axis run as comparisons."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
        with (
            mock.patch.object(torch.Tensor, "scatter", scatter_by_compare),
            mock.patch.object(torch.Tensor, "scatter_", scatter_fill_by_compare),
        ):
            result: torch.Tensor = self.model(*inputs)
        return result


def _glm_moe_dsa() -> Built:
    config = eager(
        GlmMoeDsaConfig(
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
            # The indexer sums ReLU'd head scores: with few heads many keys
            # score exactly 0, and torch and torch-mlir break the top-k's ties
            # differently (another key set, not a fusion error).
            index_n_heads=16,
            mlp_layer_types=["dense", "sparse"],
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = ScattersByCompare(PaddedTokens(GlmMoeDsaModel(config)))
    return randomize(model, "experts", "gate"), _tokens(256)


def _cpmant() -> Built:
    config = CpmAntConfig(
        vocab_size=256,
        hidden_size=64,
        num_attention_heads=4,
        dim_head=16,
        dim_ff=128,
        num_hidden_layers=2,
        position_bias_num_buckets=32,
        position_bias_max_distance=64,
        prompt_types=3,  # the model picks its prompt ids from the third type
        prompt_length=4,
        segment_types=3,  # a token's segment is 2, padding (id 0) is 0
    )
    ids = torch.randint(1, 256, (2, 16))
    ids[1, 11:] = 0  # padding: segment 0, shorter length
    return perturb(TokensNoCache(CpmAntModel(config))), (ids,)


def dense_lang_adapter(
    self: nn.Module, lang_ids: torch.Tensor, hidden_states: torch.Tensor
) -> torch.Tensor:
    """XmodOutput.lang_adapter with every adapter run on every row and each
    row's own picked by `torch.where`: the original gathers each language's
    rows by a boolean mask (a data-dependent shape, which torch-mlir cannot
    lower: "'arith.cmpi' op requires all operands to have the same type")."""
    hidden_states = self.LayerNorm(hidden_states)  # adapter_reuse_layer_norm
    residual = hidden_states  # ln_before_adapter
    adapted = torch.zeros_like(hidden_states)
    for index, key in enumerate(self.adapter_modules.keys()):
        pick = (lang_ids == index).view(-1, *([1] * (hidden_states.ndim - 1)))
        adapted = torch.where(pick, self.adapter_modules[key](hidden_states), adapted)
    return adapted + residual


class LanguageTokens(nn.Module):
    """X-MOD on padded token ids, their mask and each row's language id; its
    adapters run by `dense_lang_adapter`."""

    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, ids: torch.Tensor, keep: torch.Tensor, lang: torch.Tensor) -> torch.Tensor:
        output = type(self.model.encoder.layer[0].output)
        with mock.patch.object(output, "lang_adapter", dense_lang_adapter):
            out = self.model(input_ids=ids, attention_mask=keep, lang_ids=lang)
        result: torch.Tensor = out.last_hidden_state
        return result


def _xmod() -> Built:
    config = XmodConfig(
        vocab_size=256,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=64,
        languages=("en_XX", "de_DE", "zh_CN"),
        default_language="de_DE",
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    ids, keep = _tokens(256)
    model = LanguageTokens(XmodModel(config, add_pooling_layer=False))
    return perturb(model), (ids, keep, torch.tensor([2, 1]))


def _sam2_hiera() -> Built:
    config = Sam2HieraDetConfig(
        hidden_size=16,
        num_attention_heads=1,
        image_size=[64, 64],
        patch_kernel_size=[7, 7],
        patch_stride=[4, 4],
        patch_padding=[3, 3],
        query_stride=[2, 2],
        window_positional_embedding_background_size=[4, 4],
        num_query_pool_stages=2,
        blocks_per_stage=[1, 2, 1],
        embed_dim_per_stage=[16, 32, 64],
        num_attention_heads_per_stage=[1, 2, 4],
        window_size_per_stage=[4, 4, 2],
        global_attention_blocks=[2],
    )
    return perturb(LastHidden(Sam2HieraDetModel(config))), _pixels(64)


def _xlstm() -> Built:
    config = xLSTMConfig(
        vocab_size=256,
        hidden_size=64,
        num_hidden_layers=2,
        num_heads=4,
        chunk_size=8,
        mode="inference",
        chunkwise_kernel="chunkwise--native_autograd",
        sequence_kernel="native_sequence__native",
        step_kernel="native",
        autocast_kernel_dtype="float32",
        ffn_round_up_to_multiple_of=16,
        return_last_states=False,
        use_cache=False,
        max_inference_chunksize=16,
    )
    return perturb(Output(xLSTMModel(config), "last_hidden_state")), (
        torch.randint(1, 256, (2, 16)),
    )


def _lfm3() -> Built:
    config = eager(
        Lfm3Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=64,
            sliding_window=4,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
        )
    )
    return perturb(PaddedTokens(Lfm3Model(config))), _tokens(256)


def _granite_moe_swa() -> Built:
    config = eager(
        GraniteMoeSWAConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            num_local_experts=4,
            num_experts_per_tok=2,
            shared_intermediate_size=64,
            sliding_window=4,
            layer_types=["sliding_attention", "full_attention"],
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = PaddedTokens(GraniteMoeSWAModel(config))
    return randomize(model, "experts", "router"), _tokens(256)


def _clap_audio() -> Built:
    config = ClapAudioConfig(
        window_size=4,
        num_mel_bins=32,
        spec_size=64,
        patch_size=4,
        patch_stride=(4, 4),
        hidden_size=64,
        projection_dim=32,
        depths=(1, 1),
        num_attention_heads=(2, 4),
        patch_embeds_hidden_size=32,
        num_hidden_layers=2,
    )
    features = torch.randn(2, 1, 64, 32)  # (batch, 1, frames, mel bins)
    return perturb(Output(ClapAudioModel(config), "last_hidden_state")), (features,)


def _depth_anything() -> Built:
    backbone = Dinov2Config(
        hidden_size=32,
        num_hidden_layers=4,
        num_attention_heads=2,
        intermediate_size=64,
        image_size=56,
        patch_size=14,
        out_features=["stage1", "stage2", "stage3", "stage4"],
        reshape_hidden_states=False,
    )
    config = DepthAnythingConfig(
        backbone_config=backbone,
        reassemble_hidden_size=32,
        neck_hidden_sizes=[16, 32, 32, 32],
        fusion_hidden_size=16,
        head_hidden_size=8,
        patch_size=14,
    )
    model = Output(DepthAnythingForDepthEstimation(config), "predicted_depth")
    return perturb(model), _pixels(56)


def _dots1() -> Built:
    config = eager(
        Dots1Config(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            n_shared_experts=1,
            n_routed_experts=4,
            num_experts_per_tok=2,
            first_k_dense_replace=1,
            max_position_embeddings=64,
            pad_token_id=0,
        )
    )
    config._experts_implementation = "batched_mm"
    model = PaddedTokens(Dots1Model(config))
    return randomize(model, "experts", "gate"), _tokens(256)


def _nomic_bert() -> Built:
    config = eager(
        NomicBertConfig(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
        )
    )
    ids, keep = _tokens(256)
    return perturb(Output(NomicBertModel(config), "last_hidden_state")), (ids, keep)


def _pplcnet_v3() -> Built:
    config = PPLCNetV3Config(scale=0.25, out_features=["stage4"])
    return perturb(FirstFeatureMap(PPLCNetV3Backbone(config))), _pixels(64)


_BUILDS = {
    "glm_moe_dsa": (
        _glm_moe_dsa,
        "DeepSeek sparse attention (indexer scores, top-k keys), MLA, shared-expert MoE",
    ),
    "cpmant": (_cpmant, "bucketed relative position bias, prompt and segment embeddings"),
    "xmod": (_xmod, "a bottleneck adapter per language, picked by a language id"),
    "sam2_hiera": (_sam2_hiera, "mask-unit windowed attention, query pooling between stages"),
    "xlstm": (_xlstm, "mLSTM, exponential gating, chunkwise recurrence in native torch"),
    "lfm3": (_lfm3, "short gated convs beside gated attention, sandwich norms"),
    "granite_moe_swa": (_granite_moe_swa, "sliding-window attention, top-k MoE, shared MLP"),
    "clap_audio": (_clap_audio, "HTSAT: Swin windows over mel-spectrogram patches"),
    "depth_anything": (_depth_anything, "DPT neck: reassemble (resample) and fusion stages"),
    "dots1": (_dots1, "sigmoid-routed MoE with shared experts, q/k RMSNorm"),
    "nomic_bert": (_nomic_bert, "rotary BERT, SwiGLU MLP"),
    "pplcnet_v3": (_pplcnet_v3, "learnable affine blocks, rep-conv branches, hardswish"),
}

MODELS = small_models(_BUILDS, "bench/unseen_models_twenty_sixth.py")
