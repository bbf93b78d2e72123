"""A nineteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set nineteenth`): transformers models no set has, and written-out blocks
(bench/unseen_blocks_nineteenth.py); what each exercises is its README line
below. NeoMME (factorized embeddings, image patches masked-scattered into
placeholder tokens, two-axis M-RoPE, a bidirectional sliding-window layer
then a global one, exclusive self-attention, value embeddings, ReLU² MLP),
Laguna (a softplus per-head output gate, per-layer head counts, a dense then
a sigmoid-routed MoE layer with a shared expert), T5Gemma in f16 (a
Gemma-2 encoder-decoder: soft-capped self- and cross-attention, sliding
window; batch 2, padded), nanochat's causal LM in f16 (unweighted
RMS-normed q/k, a norm before the layers, ReLU², soft-capped logits),
M2M-100 (sinusoidal positions from a cumsum over the padding mask,
encoder-decoder; batch 2, padded), EnCodec (SEANet encoder with an LSTM,
residual vector quantisation by nearest codeword, the decoder's transposed
convs), CLIPSeg (CLIP activations of three layers, FiLM conditioning by the
text embedding, a transposed-conv decoder), the Decision Transformer
(return, state and action tokens interleaved by stack + reshape, timestep
embeddings, tanh action head; batch 2, padded), MGP-STR in bf16 (a ViT
with three A³ token-learner heads); written-out: the Hyena operator,
Mixture-of-Depths routing and Gated Linear Attention (GLA).

Wrappers (bench/unseen_wrappers_nineteenth.py) feed each model what its
pipeline would and return one tensor. The MoE runs
`_experts_implementation = "batched_mm"` as the fourteenth set's do.
NeoMME's placeholder mask is built without its count check (with it,
torch.export leaves a `sym_ite` and torch-mlir's importer fails: "FIX ME:
Unimplemented call_function: target=<function sym_ite ...>"). EnCodec's
padded convs hold stride, kernel size and padding as ints, not tensor
buffers (torch.export cannot branch on their values in the reflect padding:
"Could not guard on data-dependent expression Eq(u0, 1)").

Not taken: T5Gemma in bf16 (its embedding normalizer is
`torch.tensor(√d, dtype=bfloat16)`, a bf16 literal, and torch-mlir's
importer asks to "pip install ml_dtypes"; taken in f16), OLMo-hybrid (its
linear layers are a gated DeltaNet, the eleventh set's Qwen3-Next has one).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import copy

import torch
import unseen_blocks_nineteenth as blocks
import unseen_wrappers_nineteenth as wrappers
from transformers import (
    CLIPSegConfig,
    CLIPSegForImageSegmentation,
    DecisionTransformerConfig,
    DecisionTransformerModel,
    EncodecConfig,
    EncodecModel,
    LagunaConfig,
    LagunaModel,
    M2M100Config,
    M2M100Model,
    MgpstrConfig,
    MgpstrForSceneTextRecognition,
    NanoChatConfig,
    NanoChatForCausalLM,
    NeoMMEConfig,
    NeoMMEModel,
    T5GemmaConfig,
    T5GemmaModel,
    T5GemmaModuleConfig,
)
from transformers.models.encodec.modeling_encodec import EncodecConv1d
from unseen_common import Built, perturb, small_models
from unseen_wrappers_seventeenth import Fields, randomize
from zoo_text_layers import eager


def _neomme() -> Built:
    config = eager(
        NeoMMEConfig(
            vocab_size=256,
            embedding_rank=32,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            layer_types=["sliding_attention", "full_attention"],
            sliding_window=4,
            max_position_embeddings=64,
            patch_size=4,
        )
    )
    ids = torch.randint(10, 256, (1, 16))
    ids[0, 3:7] = config.image_token_id  # four patch placeholders
    model = perturb(wrappers.TokensAndPatches(NeoMMEModel(config)))
    return model, (ids, torch.randn(4, config.patch_dim))


def _laguna() -> Built:
    config = eager(
        LagunaConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_attention_heads_per_layer=[4, 8],
            num_key_value_heads=2,
            head_dim=16,
            layer_types=["sliding_attention", "full_attention"],
            sliding_window=8,
            mlp_layer_types=["dense", "sparse"],
            moe_intermediate_size=32,
            shared_expert_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            moe_routed_scaling_factor=2.5,
            moe_router_logit_softcapping=10.0,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    model = wrappers.TokensNoCache(LagunaModel(config))
    return randomize(model, "experts", "gate."), (torch.randint(0, 256, (1, 16)),)


def _t5gemma_f16() -> Built:
    module = {
        "vocab_size": 256,
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "head_dim": 16,
        "query_pre_attn_scalar": 16,
        "sliding_window": 8,
        "layer_types": ["sliding_attention", "full_attention"],
        "max_position_embeddings": 64,
    }
    config = T5GemmaConfig(
        encoder=T5GemmaModuleConfig(**module),
        decoder=T5GemmaModuleConfig(**module),
        vocab_size=256,
    )
    eager(config.encoder), eager(config.decoder)
    keep = torch.ones(2, 16, dtype=torch.long)
    keep[1, 11:] = 0
    model = perturb(wrappers.Seq2Seq(T5GemmaModel(eager(config))))
    inputs = (torch.randint(3, 256, (2, 16)), keep, torch.randint(3, 256, (2, 8)))
    return model.half(), inputs


def _nanochat_f16() -> Built:
    config = eager(
        NanoChatConfig(
            vocab_size=256,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=64,
            final_logit_softcapping=15.0,
        )
    )
    model = perturb(wrappers.LogitsNoCache(NanoChatForCausalLM(config)))
    return model.half(), (torch.randint(0, 256, (1, 16)),)


def _m2m100() -> Built:
    config = M2M100Config(
        vocab_size=256,
        d_model=64,
        encoder_layers=1,
        decoder_layers=1,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=128,
        decoder_ffn_dim=128,
        max_position_embeddings=64,
        dropout=0.0,
        attention_dropout=0.0,
        activation_dropout=0.0,
        encoder_layerdrop=0.0,
        decoder_layerdrop=0.0,
        pad_token_id=1,
    )
    ids = torch.randint(3, 256, (2, 16))
    ids[1, 12:] = 1
    keep = (ids != 1).long()
    target = torch.randint(3, 256, (2, 8))
    target[1, 6:] = 1  # padded targets: their positions stay at the padding index
    model = M2M100Model(eager(config))
    # Untied (one weight argument each; torch.func.functional_call rejects tied
    # ones): the decoder gets a copy, the unused `shared` name goes.
    model.decoder.embed_tokens = copy.deepcopy(model.encoder.embed_tokens)
    del model.shared
    return perturb(wrappers.Seq2Seq(model)), (ids, keep, target)


def _encodec() -> Built:
    config = EncodecConfig(
        target_bandwidths=[1.5, 3.0],
        sampling_rate=8000,
        hidden_size=32,
        num_filters=8,
        upsampling_ratios=[4, 4],
        num_lstm_layers=1,
        codebook_size=64,
        use_causal_conv=True,
    )
    codec = wrappers.static_conv_padding(EncodecModel(config), EncodecConv1d)
    model = perturb(Fields(codec, "audio_values", bandwidth=3.0))
    return model, (torch.randn(1, 1, 512),)


def _clipseg() -> Built:
    config = CLIPSegConfig(
        text_config={
            "vocab_size": 256,
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_hidden_layers": 2,
            "num_attention_heads": 2,
            "max_position_embeddings": 16,
        },
        vision_config={
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_hidden_layers": 3,
            "num_attention_heads": 2,
            "image_size": 64,
            "patch_size": 16,
        },
        projection_dim=32,
        extract_layers=[0, 1, 2],
        reduce_dim=16,
        decoder_num_attention_heads=2,
        decoder_intermediate_size=32,
        conditional_layer=1,
    )
    model = perturb(
        Fields(CLIPSegForImageSegmentation(eager(config)), "logits", output_hidden_states=True)
    )
    return model, (torch.randint(0, 255, (1, 8)), torch.randn(1, 3, 64, 64))


def _decision_transformer() -> Built:
    config = DecisionTransformerConfig(
        state_dim=11,
        act_dim=3,
        hidden_size=64,
        max_ep_len=128,
        n_positions=64,
        n_layer=2,
        n_head=4,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
    )
    keep = torch.ones(2, 10, dtype=torch.long)
    keep[1, :3] = 0  # left padding, as its evaluation loop pads
    inputs = (
        torch.randn(2, 10, 11),
        torch.randn(2, 10, 3).tanh(),
        torch.randn(2, 10, 1),
        torch.rand(2, 10, 1) * 100,
        torch.arange(20, 30).expand(2, -1).contiguous(),
        keep,
    )
    model = perturb(Fields(DecisionTransformerModel(eager(config)), "action_preds"))
    return model, inputs


def _mgp_str_bf16() -> Built:
    config = MgpstrConfig(
        image_size=[32, 64],
        patch_size=8,
        max_token_length=12,
        num_character_labels=38,
        num_bpe_labels=64,
        num_wordpiece_labels=64,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        mlp_ratio=2.0,
    )
    model = perturb(wrappers.ConcatLogits(MgpstrForSceneTextRecognition(config)))
    return model.to(torch.bfloat16), (torch.randn(1, 3, 32, 64).to(torch.bfloat16),)


_BUILDS = {
    "neomme_encoder": (
        _neomme,
        "masked_scatter patches, 2-axis M-RoPE, exclusive self-attention, value embeddings",
    ),
    "laguna_model": (
        _laguna,
        "softplus per-head output gate, per-layer head counts, sigmoid MoE + shared expert",
    ),
    "t5gemma_f16": (
        _t5gemma_f16,
        "Gemma-2 encoder-decoder, soft-capped self/cross attention, sliding window, f16",
    ),
    "nanochat_lm_f16": (
        _nanochat_f16,
        "unweighted RMS q/k norm, norm before the layers, ReLU², soft-capped logits, f16",
    ),
    "m2m100_padded": (
        _m2m100,
        "sinusoidal positions from a padding-mask cumsum, encoder-decoder, batch 2",
    ),
    "encodec_codec": (
        _encodec,
        "SEANet + LSTM, residual VQ by nearest codeword, transposed-conv decoder",
    ),
    "clipseg_segmentation": (
        _clipseg,
        "CLIP activations of three layers, FiLM by the text embedding, transposed convs",
    ),
    "decision_transformer": (
        _decision_transformer,
        "return/state/action tokens interleaved by stack, timestep embeddings, tanh head",
    ),
    "mgp_str_bf16": (
        _mgp_str_bf16,
        "ViT with three A³ token-learner heads (char, BPE, WordPiece logits), bf16",
    ),
    "hyena_operator": (
        blocks.built_hyena,
        "Hyena: sine-MLP implicit filter, decay window, depthwise conv1d of kernel S, gates",
    ),
    "mixture_of_depths": (
        blocks.built_mod,
        "MoD: router top-k, sort, gather, attention + MLP on the chosen, scatter_add",
    ),
    "gated_linear_attention": (
        blocks.built_gla,
        "GLA: low-rank per-dim decay, pairwise cumsum gaps, 5-D broadcast reduction",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_nineteenth.py")
