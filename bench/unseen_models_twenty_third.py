"""A twenty-third set of models that are not in the zoo, for
bench/unseen_probe.py (`--set twenty_third`): training steps, the joint
forward + backward graph a training compiler sees (models/joint.py: the
exported function returns the loss, then the gradient of every parameter;
train mode, dropout-free). Layers from transformers: a BERT encoder layer
and a ViT layer in bf16 under an MSE loss, a Llama decoder layer (RMSNorm,
RoPE, SwiGLU, causal SDPA backward) under a token cross-entropy, GPT-2 as a
language model (embedding backward, an LM head tied to the token
embedding, next-token cross-entropy), a ConvNeXt layer (depthwise 7×7,
channels-last LayerNorm, layer scale). Written-out
(bench/unseen_blocks_twenty_third.py): a ResNet basic block and a
MobileNet-V2 inverted residual with BatchNorm on batch statistics, a
diffusion U-Net resblock (GroupNorm, SiLU, a time embedding, the
noise-prediction MSE), an LSTM tagger (embedding backward, the LSTM's
backward through time), a GRU regressor, a top-2 MoE with the
load-balancing loss (topk and scatter backward), and RMSNorm + SwiGLU in
f16 (f16 gradients, an f32 loss).

Substitutions (each checked against the original with torch.allclose).
BatchNorm is built with track_running_stats=False (batch statistics, as in
training; the running-statistics update is a buffer write, not part of the
gradient). Three torch-mlir failures are worked around at export
(models/joint.py): SDPA is traced on PyTorch's math backend and RNNs
without oneDNN, since `_scaled_dot_product_flash_attention_for_cpu_backward`
and `mkldnn_rnn_layer` do not lower; a grouped conv's
aten.convolution_backward (ConvNeXt's and MobileNet's depthwise convs) is
decomposed into a grouped forward conv and per-offset einsums, since
torch-mlir lowers it wrongly ("'tensor.expand_shape' op expected dimension 1
of collapsed type to be static value of 0"; equal to native
convolution_backward within 1e-4 for depthwise 3×3 / 7×7 and groups 2, 3).
The MoE takes its top-2 weights by gather at topk's indices (the same
values and gradients, allclose), since torch-mlir's lowering crashes
(SIGSEGV, or "LLVM ERROR: out of memory") on the backward of topk, sort and
max.dim; and its load-balancing count compares against an arange, since
F.one_hot reads max() (data-dependent under make_fx).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_twenty_third as blocks
from transformers import BertConfig, ConvNextConfig, GPT2Config, LlamaConfig, ViTConfig
from transformers.models.bert.modeling_bert import BertLayer
from transformers.models.convnext.modeling_convnext import ConvNextLayer
from transformers.models.gpt2.modeling_gpt2 import GPT2Block
from transformers.models.llama.modeling_llama import LlamaDecoderLayer, LlamaRotaryEmbedding
from transformers.models.vit.modeling_vit import ViTLayer
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_text_layers import eager


def _bert_layer_mse() -> Built:
    config = eager(
        BertConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=128,
            hidden_dropout_prob=0.0,
            attention_probs_dropout_prob=0.0,
        )
    )
    model = perturb(blocks.MseLoss(BertLayer(config)))
    return model, (torch.randn(2, 16, 64), torch.randn(2, 16, 64))


def _vit_layer_mse_bf16() -> Built:
    config = eager(
        ViTConfig(
            hidden_size=64,
            num_attention_heads=4,
            intermediate_size=128,
            hidden_dropout_prob=0.0,
            attention_probs_dropout_prob=0.0,
        )
    )
    model = perturb(blocks.MseLoss(ViTLayer(config))).to(torch.bfloat16)
    inputs = (torch.randn(2, 17, 64), torch.randn(2, 17, 64))
    return model, tuple(t.to(torch.bfloat16) for t in inputs)


def _llama_decoder_ce() -> Built:
    config = LlamaConfig(
        hidden_size=64,
        intermediate_size=128,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
        attention_dropout=0.0,
    )
    config._attn_implementation = "sdpa"
    layer = RotaryLayer(LlamaDecoderLayer(config, 0), LlamaRotaryEmbedding(config))
    model = perturb(blocks.TokenLoss(layer, 64, 96))
    return model, (torch.randn(2, 16, 64), torch.randint(0, 96, (2, 16)))


def _gpt2_lm_ce() -> Built:
    config = eager(
        GPT2Config(
            n_embd=64,
            n_head=4,
            n_inner=128,
            n_positions=64,
            resid_pdrop=0.0,
            embd_pdrop=0.0,
            attn_pdrop=0.0,
        )
    )
    model = perturb(blocks.TiedLm(96, 64, 16, [GPT2Block(config, layer_idx=0)]))
    return model, (torch.randint(0, 96, (2, 16)), torch.randint(0, 96, (2, 16)))


def _convnext_block_mse() -> Built:
    config = ConvNextConfig(hidden_sizes=[32], depths=[1], drop_path_rate=0.0)
    model = perturb(blocks.MseLoss(ConvNextLayer(config, dim=32)))
    return model, (torch.randn(2, 32, 14, 14), torch.randn(2, 32, 14, 14))


def _resnet_basic_block() -> Built:
    model = perturb(blocks.MseLoss(blocks.BasicBlock(16, 32, 2)))
    return model, (torch.randn(4, 16, 16, 16), torch.randn(4, 32, 8, 8))


def _mobilenetv2_inverted() -> Built:
    model = perturb(blocks.MseLoss(blocks.InvertedResidual(16, 4)))
    return model, (torch.randn(4, 16, 12, 12), torch.randn(4, 16, 12, 12))


def _unet_resblock() -> Built:
    model = perturb(blocks.ResnetBlock(16, 32, 32))
    return model, (torch.randn(2, 16, 16, 16), torch.randn(2, 32), torch.randn(2, 32, 16, 16))


def _lstm_tagger() -> Built:
    model = blocks.LstmTagger(50, 32, 8)
    return model, (torch.randint(0, 50, (3, 7)), torch.randint(0, 8, (3, 7)))


def _gru_regressor() -> Built:
    model = blocks.GruRegressor(16, 32)
    return model, (torch.randn(4, 6, 16), torch.randn(4))


def _moe_top2() -> Built:
    model = blocks.Top2Moe(32, 64, 4)
    return model, (torch.randn(2, 12, 32), torch.randn(2, 12, 32))


def _swiglu_mlp_f16() -> Built:
    model = blocks.SwiGluMlp(64, 128).half()
    return model, (torch.randn(2, 16, 64).half(), torch.randn(2, 16, 64).half())


MODELS = small_models(
    {
        "train_bert_layer_mse": (_bert_layer_mse, "BertLayer backward under MSE"),
        "train_vit_layer_mse_bf16": (_vit_layer_mse_bf16, "ViTLayer backward in bf16"),
        "train_llama_decoder_ce": (
            _llama_decoder_ce,
            "RMSNorm, RoPE, GQA, causal SDPA and SwiGLU backward; cross-entropy",
        ),
        "train_gpt2_lm_ce": (_gpt2_lm_ce, "embedding backward, tied LM head, next-token CE"),
        "train_convnext_block_mse": (_convnext_block_mse, "depthwise 7×7, LayerNorm, layer scale"),
        "train_resnet_basic_block": (_resnet_basic_block, "conv and BatchNorm (batch stats)"),
        "train_mobilenetv2_inverted": (_mobilenetv2_inverted, "depthwise conv, ReLU6, BatchNorm"),
        "train_unet_resblock": (_unet_resblock, "GroupNorm, SiLU, time embedding, conv"),
        "train_lstm_tagger": (_lstm_tagger, "LSTM backward through time, embedding backward"),
        "train_gru_regressor": (_gru_regressor, "GRU backward through time"),
        "train_moe_top2": (_moe_top2, "top-2 routing: topk, scatter, einsum backward"),
        "train_swiglu_mlp_f16": (_swiglu_mlp_f16, "RMSNorm + SwiGLU, f16 gradients, f32 loss"),
    },
    "bench/unseen_models_twenty_third.py",
    joint=True,
)
