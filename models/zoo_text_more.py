"""Zoo models built from real `transformers` layers with small configs (eager attention)."""

from __future__ import annotations

import torch
from torch import nn
from torch.export import Dim
from transformers import (
    BertConfig,
    DistilBertConfig,
    GPT2Config,
    LlamaConfig,
    OPTConfig,
    SwinConfig,
    T5Config,
    ViTConfig,
    WhisperConfig,
)
from transformers.models.bert.modeling_bert import BertLayer
from transformers.models.distilbert.modeling_distilbert import TransformerBlock
from transformers.models.gpt2.modeling_gpt2 import GPT2Block
from transformers.models.llama.modeling_llama import LlamaDecoderLayer, LlamaRotaryEmbedding
from transformers.models.opt.modeling_opt import OPTDecoderLayer
from transformers.models.swin.modeling_swin import SwinStage
from transformers.models.t5.modeling_t5 import T5Block
from transformers.models.vit.modeling_vit import ViTLayer
from transformers.models.whisper.modeling_whisper import WhisperEncoder
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import (
    CausalLayer,
    CausalStack,
    RotaryDecoderLayer,
    eager,
    padding_mask,
    perturb_norms,
)

Built = tuple[nn.Module, tuple[torch.Tensor, ...]]


def _gpt2_config(n_inner: int) -> GPT2Config:
    return eager(GPT2Config(n_embd=64, n_head=4, n_inner=n_inner, n_positions=64))


def _gpt2_block(dtype: torch.dtype) -> Built:
    block = perturb_norms(GPT2Block(_gpt2_config(256), layer_idx=0))
    return CausalLayer(block).to(dtype), (torch.randn(1, 32, 64).to(dtype),)


def _gpt2_stack12() -> Built:
    config = _gpt2_config(128)
    blocks = [GPT2Block(config, layer_idx=i) for i in range(12)]
    stack = CausalStack(blocks, nn.LayerNorm(64, eps=config.layer_norm_epsilon))
    return perturb_norms(stack), (torch.randn(1, 32, 64),)


BERT_BATCH, BERT_SEQ = 2, 32


def _bert_layer() -> Built:
    config = eager(
        BertConfig(hidden_size=128, num_attention_heads=4, intermediate_size=512, hidden_act="gelu")
    )
    layer = perturb_norms(BertLayer(config))
    hidden = torch.randn(BERT_BATCH, BERT_SEQ, 128)
    return FirstOutput(layer), (hidden, padding_mask([BERT_SEQ, 20], BERT_SEQ))


def _bert_dynamic(arg_count: int) -> tuple[object, ...]:
    batch = Dim("batch", min=1, max=64)
    return ({0: batch}, {0: batch}, *([None] * (arg_count - 2)))


def _vit_layer(attention: str) -> Built:
    config = ViTConfig(hidden_size=64, num_attention_heads=4, intermediate_size=256)
    config._attn_implementation = attention
    return FirstOutput(perturb_norms(ViTLayer(config))), (torch.randn(1, 65, 64),)


def _t5_block() -> Built:
    config = eager(
        T5Config(
            d_model=64,
            d_kv=16,
            num_heads=4,
            d_ff=256,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=64,
            is_decoder=False,
            use_cache=False,
        )
    )
    block = T5Block(config, has_relative_attention_bias=True, layer_idx=0)
    return FirstOutput(perturb_norms(block)), (torch.randn(1, 32, 64),)


def _whisper_encoder_layer() -> Built:
    config = eager(
        WhisperConfig(
            num_mel_bins=16,
            d_model=64,
            encoder_layers=1,
            encoder_attention_heads=4,
            encoder_ffn_dim=256,
            max_source_positions=32,
        )
    )
    encoder = perturb_norms(WhisperEncoder(config))
    return FirstOutput(encoder), (torch.randn(1, 16, 64),)


def _swin_stage() -> Built:
    config = eager(SwinConfig(window_size=4, mlp_ratio=4.0))
    stage = SwinStage(
        config,
        dim=64,
        input_resolution=(8, 8),
        depth=2,
        num_heads=4,
        drop_path=[0.0, 0.0],
        downsample=None,
    )
    wrapped = FirstOutput(perturb_norms(stage), input_dimensions=(8, 8))
    return wrapped, (torch.randn(1, 64, 64),)


def _distilbert_layer() -> Built:
    config = eager(DistilBertConfig(dim=64, n_heads=4, hidden_dim=256, activation="gelu"))
    return FirstOutput(perturb_norms(TransformerBlock(config))), (torch.randn(2, 32, 64),)


def _opt_layer() -> Built:
    config = eager(
        OPTConfig(hidden_size=64, num_attention_heads=4, ffn_dim=256, do_layer_norm_before=True)
    )
    layer = perturb_norms(OPTDecoderLayer(config, layer_idx=0))
    return CausalLayer(layer), (torch.randn(1, 32, 64),)


def _llama_block(dtype: torch.dtype) -> Built:
    config = eager(
        LlamaConfig(
            hidden_size=64,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=176,
            max_position_embeddings=64,
            rms_norm_eps=1e-5,
        )
    )
    layer = perturb_norms(LlamaDecoderLayer(config, layer_idx=0)).to(dtype)
    model = RotaryDecoderLayer(layer, LlamaRotaryEmbedding(config))
    return model, (torch.randn(1, 32, 64).to(dtype),)


GPT2_NOTE = "pre-LN, Conv1D (addmm) q/k/v split, causal mask built in forward, tanh-GELU MLP"

MODELS = [
    ZooModel(
        "gpt2_block",
        lambda: _gpt2_block(torch.float32),
        "transformers GPT2Block (eager attention)",
        "d=64, 4 heads, MLP 256, seq 32",
        "f32",
        GPT2_NOTE,
    ),
    ZooModel(
        "gpt2_block_f16",
        lambda: _gpt2_block(torch.float16),
        "transformers GPT2Block (eager attention), `.half()`",
        "d=64, 4 heads, MLP 256, seq 32",
        "f16",
        GPT2_NOTE + "; f16 tensors, but addmm and softmax widened to f32 (extf/truncf "
        "round trips), f16 batch_matmul into f32 accumulators, LayerNorm variance in f64",
    ),
    ZooModel(
        "gpt2_stack12",
        _gpt2_stack12,
        "12 × transformers GPT2Block + final LayerNorm (GPT2Model without embeddings)",
        "12 layers, d=64, 4 heads, MLP 128, seq 32",
        "f32",
        "a long chain of repeated blocks sharing one causal mask: ~785 linalg ops (not counting "
        "yield/index)",
    ),
    ZooModel(
        "bert_layer",
        _bert_layer,
        "transformers BertLayer (eager attention)",
        "d=128, 4 heads, FFN 512, batch 2, seq 32",
        "f32",
        "post-LN, additive padding mask input [B,1,1,S] (second sequence keeps 20 of 32), "
        "erf-GELU FFN",
    ),
    ZooModel(
        "bert_layer_dynamic_batch",
        _bert_layer,
        "transformers BertLayer (eager attention), batch exported as torch.export Dim",
        "d=128, 4 heads, FFN 512, batch ? (example 2), seq 32",
        "f32",
        "bert_layer with a dynamic batch dimension: tensor.dim, tensor.empty(%b), "
        "tensor.reshape / from_elements shape computations, ?-shaped linalg ops",
        dynamic=_bert_dynamic,
    ),
    ZooModel(
        "vit_layer",
        lambda: _vit_layer("eager"),
        "transformers ViTLayer (eager attention)",
        "d=64, 4 heads, MLP 256, 65 tokens (8×8 patches + CLS)",
        "f32",
        "pre-LN encoder layer on an odd token count (65), erf-GELU MLP",
    ),
    ZooModel(
        "vit_layer_sdpa",
        lambda: _vit_layer("sdpa"),
        "transformers ViTLayer (sdpa attention, HF's default)",
        "d=64, 4 heads, MLP 256, 65 tokens (8×8 patches + CLS)",
        "f32",
        "vit_layer with F.scaled_dot_product_attention, decomposed into plain linalg: "
        "the scale split as √scale on q and on k, softmax, a fully-masked-row guard "
        "(i1 and-reduction + select to 0), two batch_matmuls",
    ),
    ZooModel(
        "t5_block",
        _t5_block,
        "transformers T5Block, encoder, has_relative_attention_bias=True (eager attention)",
        "d=64, 4 heads × 16, FFN 256, 32 buckets, seq 32",
        "f32",
        "relative position buckets (integer arange / abs / log / min / where) gathered "
        "from an embedding into the scores; T5 RMS LayerNorm; unscaled attention; ReLU FFN",
    ),
    ZooModel(
        "whisper_encoder_layer",
        _whisper_encoder_layer,
        "transformers WhisperEncoder with 1 layer (eager attention)",
        "16 mel bins × 64 frames, d=64, 4 heads, FFN 256",
        "f32",
        "conv1d stem (k3, then k3 stride 2) with erf-GELU, permute, sinusoidal position table "
        "(an argument), pre-LN layer, final LayerNorm",
    ),
    ZooModel(
        "swin_block",
        _swin_stage,
        "transformers SwinStage of 2 SwinLayers (shift 0, then shift 2; eager attention)",
        "d=64, 4 heads, 8×8 tokens, window 4, MLP 256",
        "f32",
        "window partition / reverse reshapes, torch.roll cyclic shift, shifted-window mask "
        "built from arange, relative position bias gathered through i64 index buffers "
        "(two i64 arguments)",
    ),
    ZooModel(
        "distilbert_layer",
        _distilbert_layer,
        "transformers DistilBERT TransformerBlock (eager attention)",
        "d=64, 4 heads, FFN 256, batch 2, seq 32",
        "f32",
        "post-LN encoder layer without a mask, erf-GELU FFN",
    ),
    ZooModel(
        "opt_layer",
        _opt_layer,
        "transformers OPTDecoderLayer (eager attention)",
        "d=64, 4 heads, FFN 256, seq 32",
        "f32",
        "pre-LN decoder layer, causal mask built in forward, ReLU FFN on a flattened [S, d] view",
    ),
    ZooModel(
        "llama_block",
        lambda: _llama_block(torch.float32),
        "transformers LlamaDecoderLayer + LlamaRotaryEmbedding (eager attention)",
        "d=64, 4 query / 2 key-value heads, MLP 176, seq 32",
        "f32",
        "RMSNorm, rotary cos/sin from position ids in forward, rotate_half, grouped-query "
        "attention (repeat_kv expand), causal mask, gated SiLU MLP",
    ),
    ZooModel(
        "llama_block_bf16",
        lambda: _llama_block(torch.bfloat16),
        "transformers LlamaDecoderLayer in bf16 + f32 LlamaRotaryEmbedding (eager attention)",
        "d=64, 4 query / 2 key-value heads, MLP 176, seq 32",
        "bf16",
        "llama_block in bf16: RMSNorm and softmax upcast to f32 and back, f32 rotary cos/sin "
        "cast to bf16, bf16 matmuls",
    ),
]
