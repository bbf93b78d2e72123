"""An eleventh set of models that are not in the zoo, for bench/unseen_probe.py
(`--set eleventh`), all `transformers` layers no set has: MPT's block (ALiBi
with MPT's slope interleave for 6 heads, clip_qkv clamp, bias-free
LayerNorms, a boolean causal masked_fill) in f32 and f16, WavLM's encoder
layer (log-bucketed relative positions through an embedding, a GRU-style
sigmoid gate per head scaling that bias, `F.multi_head_attention_forward`
with a float mask and a key padding mask), CLIP's text tower with its
projection (token and position embeddings, causal mask, quick_gelu, the
hidden state at each sequence's first eos by argmax of `ids == eos`), XGLM
(embeddings times sqrt(d), a sinusoidal table read by index_select at
positions + 2), Qwen3-Next's gated DeltaNet (causal depthwise conv1d + SiLU,
L2-normed q/k, softplus decay, the chunked gated delta rule with its 63-step
triangular solve, a gated RMSNorm), MiniMax's lightning attention (blockwise
linear attention: exp decay tables, masked intra-block QK^T V, a KV state
carried across 3 blocks, sigmoid output gate), Apertus in bf16 (xIELU:
softplus of its parameters, expm1 of min(x, eps), a where; q/k RMSNorm),
SigLIP's attention-pooling head (`nn.MultiheadAttention` with packed
in_proj, from a repeated probe token), Reformer's LSH layer (argmax buckets of
rotated vectors, a stable argsort, gathers into chunks that also see the
previous one, logsumexp over 2 hash rounds, an undo-sort scatter, two
reversible streams), Autoformer's encoder layer (autocorrelation, top-k
delays rolled by gather, moving-average series decomposition with replicate
padding), CANINE's character embedding and downsampling (codepoints hashed
by 8 primes with integer mul and remainder into 8 embedding shards, a
stride-4 Conv1d, [CLS] kept), Doge's decoder layer (dynamic mask attention:
exp(A * softplus(dt)) as a bias, a top-k key window by topk + scatter; a
CDMoE with product-key routing: two top-k, their cartesian sums, top-4,
gather, embedding experts by matmul) and xLSTM's mLSTM block (chunkwise:
log-sigmoid forget-gate cumsums, exp input gate with a max stabiliser,
per-chunk states, normaliser max(|n|, exp(-m)), tanh soft-capped gates).

Not taken, earlier sets have them: Falcon, BLOOM, GPT-NeoX, ConvNeXt-V2,
PVT-v2, FocalNet, BiT, EfficientNet, PoolFormer, MobileViT-v2, BART, ALBERT,
CLIP's vision layer.

Substitutions (the wrappers are in bench/unseen_blocks_eleventh.py; each
computes the same values). Autoformer's `torch.fft.rfft`, `torch.conj` and
`torch.fft.irfft` run as real DFT matmuls: torch-mlir fails with "failed to
legalize operation 'torch.operator' that was explicitly marked illegal: ...
{name = "torch.aten._conj"}" (`conj_physical` and `torch.complex(re, -im)`
then stop at "torch.aten.fft_irfft"). Reformer draws its rotations with
`torch.randn` in forward: drawn once at build time as a buffer. Its
`scatter_(-1, ...)` and Doge's `scatter(-1, ...)` take the last dim counted
from the front: torch-mlir crashes on a negative scatter dim ("LLVM ERROR:
out of memory" or a segfault; dim 2 of the same tensor lowers). Doge's
`torch.topk(..., sorted=False)` runs sorted (the same indices): "failed to
legalize operation 'torch.constant.bool'". xLSTM runs mode="train" with
return_last_states=True: its layer unpacks (h, state), and without the
states it fails with "ValueError: not enough values to unpack (expected 2,
got 1)". Qwen3-Next runs transformers' PyTorch fallbacks of causal_conv1d
and the chunked delta rule (no fla / causal_conv1d kernels here), Apertus
the Python xIELU (no xielu CUDA kernel).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_eleventh as blocks
from torch import nn
from transformers import (
    ApertusConfig,
    AutoformerConfig,
    CanineConfig,
    CLIPTextConfig,
    DogeConfig,
    MiniMaxConfig,
    MptConfig,
    Qwen3NextConfig,
    ReformerConfig,
    SiglipVisionConfig,
    WavLMConfig,
    XGLMConfig,
    xLSTMConfig,
)
from transformers.models.apertus.modeling_apertus import (
    ApertusDecoderLayer,
    ApertusRotaryEmbedding,
)
from transformers.models.canine.modeling_canine import CanineEmbeddings, CharactersToMolecules
from transformers.models.clip.modeling_clip import CLIPTextModelWithProjection
from transformers.models.minimax.modeling_minimax import MiniMaxLightningAttention
from transformers.models.mpt.modeling_mpt import MptBlock, build_mpt_alibi_tensor
from transformers.models.qwen3_next.modeling_qwen3_next import Qwen3NextGatedDeltaNet
from transformers.models.siglip.modeling_siglip import SiglipMultiheadAttentionPoolingHead
from transformers.models.wavlm.modeling_wavlm import WavLMEncoderLayer
from transformers.models.xglm.modeling_xglm import XGLMModel
from transformers.models.xlstm.modeling_xlstm import xLSTMBlock
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager

_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


class MptCausal(nn.Module):
    """MPT's block fed the ALiBi bias of max_seq_len positions (sliced to the
    last S by the attention) and a boolean causal mask (True: hidden)."""

    def __init__(self, config: MptConfig) -> None:
        super().__init__()
        self.block = MptBlock(config, 0)
        self.heads, self.max_seq = config.n_heads, config.max_seq_len

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        alibi = build_mpt_alibi_tensor(self.heads, self.max_seq)
        future = torch.arange(seq)[None, :] > torch.arange(seq)[:, None]
        out = self.block(hidden, position_bias=alibi, attention_mask=future[None, None])
        return out[0]


def _mpt_block() -> Built:
    config = MptConfig(d_model=96, n_heads=6, max_seq_len=32, attn_config={"clip_qkv": 2.0})
    return perturb(MptCausal(config)), (torch.randn(1, 16, 96),)


def _mpt_block_f16() -> Built:
    module, (hidden,) = _mpt_block()
    return module.to(torch.float16), (hidden.to(torch.float16),)


class WavLMPadded(nn.Module):
    """WavLM's first encoder layer (the one holding the bucketed relative
    position table) with a 0/1 padding mask built in forward from lengths."""

    def __init__(self, config: WavLMConfig, lengths: list[int]) -> None:
        super().__init__()
        self.layer, self.lengths = WavLMEncoderLayer(config, True), lengths

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        keep = torch.arange(hidden.shape[1])[None, :] < torch.tensor(self.lengths)[:, None]
        return self.layer(hidden, attention_mask=keep.long())[0]


def _wavlm_layer() -> Built:
    config = WavLMConfig(
        **_SIZES,
        num_buckets=32,
        max_bucket_distance=64,
    )
    return perturb(WavLMPadded(config, [20, 14])), (torch.randn(2, 20, 64),)


class ClipTextEmbeds(nn.Module):
    """CLIP's text tower with its projection: text_embeds (the projected
    hidden state at each sequence's first eos token)."""

    def __init__(self, config: CLIPTextConfig) -> None:
        super().__init__()
        self.model = CLIPTextModelWithProjection(config)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=ids).text_embeds


def _clip_text() -> Built:
    config = eager(
        CLIPTextConfig(
            vocab_size=100,
            **_SIZES,
            num_hidden_layers=1,
            max_position_embeddings=32,
            projection_dim=48,
            eos_token_id=99,
            bos_token_id=98,
            pad_token_id=97,
        )
    )
    ids = torch.randint(0, 90, (2, 16))
    ids[0, 11], ids[1, 15], ids[1, 5] = 99, 99, 99
    return perturb(ClipTextEmbeds(config)), (ids,)


def _xglm_model() -> Built:
    config = eager(
        XGLMConfig(
            vocab_size=100,
            d_model=64,
            ffn_dim=128,
            num_layers=1,
            attention_heads=4,
            max_position_embeddings=32,
        )
    )
    return FirstOutput(perturb(XGLMModel(config)), use_cache=False), (
        torch.randint(0, 100, (2, 12)),
    )


def _gated_deltanet() -> Built:
    config = Qwen3NextConfig(
        hidden_size=64,
        linear_num_value_heads=4,
        linear_num_key_heads=2,
        linear_key_head_dim=16,
        linear_value_head_dim=16,
        linear_conv_kernel_dim=4,
        num_hidden_layers=1,
        layer_types=["linear_attention"],
    )
    return FirstOutput(perturb(Qwen3NextGatedDeltaNet(config, 0))), (torch.randn(1, 24, 64),)


def _lightning() -> Built:
    config = MiniMaxConfig(
        hidden_size=64,
        num_attention_heads=4,
        head_dim=16,
        block_size=8,
        num_hidden_layers=2,
        layer_types=["linear_attention", "full_attention"],
    )
    attention = MiniMaxLightningAttention(config, 0)  # no cache: the blockwise path
    fixed = {"position_embeddings": None, "attention_mask": None}
    return FirstOutput(perturb(attention), **fixed), (torch.randn(2, 20, 64),)


def _apertus_bf16() -> Built:
    config = eager(ApertusConfig(**_SIZES, num_key_value_heads=2, head_dim=16))
    layer = RotaryLayer(perturb(ApertusDecoderLayer(config, 0)), ApertusRotaryEmbedding(config))
    return layer.to(torch.bfloat16), (torch.randn(1, 16, 64, dtype=torch.bfloat16),)


def _siglip_head() -> Built:
    config = SiglipVisionConfig(**_SIZES)
    return perturb(SiglipMultiheadAttentionPoolingHead(config)), (torch.randn(2, 49, 64),)


def _reformer_lsh() -> Built:
    config = ReformerConfig(
        hidden_size=64,
        num_attention_heads=2,
        attention_head_size=32,
        attn_layers=["lsh"],
        lsh_attn_chunk_length=8,
        num_buckets=4,
        num_hashes=2,
        feed_forward_size=128,
        lsh_num_chunks_before=1,
        lsh_num_chunks_after=0,
        is_decoder=True,
    )
    return perturb(blocks.ReformerLsh(config)), (torch.randn(1, 32, 64), torch.randn(1, 32, 64))


def _autoformer_layer() -> Built:
    config = AutoformerConfig(
        prediction_length=8,
        d_model=32,
        encoder_attention_heads=4,
        encoder_ffn_dim=64,
        moving_average=5,
        autocorrelation_factor=2,
    )
    return perturb(blocks.AutoformerRealDft(config)), (torch.randn(2, 24, 32),)


class CanineDownsample(nn.Module):
    """CANINE's character embeddings (codepoints hashed by eight primes into
    bucket tables, concatenated) then its strided-conv downsampling to
    molecules with [CLS] kept."""

    def __init__(self, config: CanineConfig) -> None:
        super().__init__()
        self.embed, self.down = CanineEmbeddings(config), CharactersToMolecules(config)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.down(self.embed(input_ids=ids))
        return out


def _canine() -> Built:
    config = CanineConfig(
        hidden_size=64,
        num_hash_functions=8,
        num_hash_buckets=512,
        downsampling_rate=4,
        max_position_embeddings=64,
    )
    return perturb(CanineDownsample(config)), (torch.randint(0, 0x10FFFF, (2, 32)),)


def _doge_layer() -> Built:
    config = eager(
        DogeConfig(
            **_SIZES,
            num_key_value_heads=2,
            keep_window_size=8,
            is_moe=True,
            num_experts=64,
            num_experts_per_tok=4,
        )
    )
    return perturb(blocks.DogeDynamic(config)), (torch.randn(1, 16, 64),)


def _xlstm_block() -> Built:
    config = xLSTMConfig(
        hidden_size=64,
        num_heads=4,
        num_blocks=1,
        chunk_size=8,
        vocab_size=10,
        mode="train",
        return_last_states=True,
    )
    return FirstOutput(perturb(xLSTMBlock(config))), (torch.randn(1, 24, 64),)


_BUILDS = {
    "mpt_block": (
        _mpt_block,
        "ALiBi (6 heads: slopes interleaved) sliced from 32 positions, clamp, bool masked_fill",
    ),
    "mpt_block_f16": (_mpt_block_f16, "the same in f16, softmax upcast to f32 and back"),
    "wavlm_encoder_layer": (
        _wavlm_layer,
        "log-bucketed relative bias, sigmoid gate per head, multi_head_attention_forward",
    ),
    "clip_text_model": (
        _clip_text,
        "embeddings, causal mask, quick_gelu, argmax of ids == eos, gather, projection",
    ),
    "xglm_model": (
        _xglm_model,
        "embedding * sqrt(d), sinusoidal table index_select, causal mask, pre-LN GELU",
    ),
    "qwen3_next_gated_deltanet": (
        _gated_deltanet,
        "causal conv1d, L2 norm, softplus decay, chunked delta rule, triangular solve",
    ),
    "minimax_lightning_attention": (
        _lightning,
        "blockwise linear attention with exp decay, KV state across blocks, sigmoid gate",
    ),
    "apertus_block_bf16": (
        _apertus_bf16,
        "xIELU (softplus, expm1, where), q/k RMSNorm, rotary, GQA in bf16",
    ),
    "siglip_map_head": (
        _siglip_head,
        "nn.MultiheadAttention (packed in_proj) from a probe token, LN, MLP",
    ),
    "reformer_lsh_layer": (
        _reformer_lsh,
        "argmax buckets, argsort, chunk gathers, logsumexp over hashes, undo-sort scatter",
    ),
    "autoformer_encoder_layer": (
        _autoformer_layer,
        "autocorrelation (DFT), top-k delays, gather roll, moving-average decomposition",
    ),
    "canine_downsample": (
        _canine,
        "integer hashing (mul, remainder), 8 embedding shards, stride-4 Conv1d, CLS concat",
    ),
    "doge_layer": (
        _doge_layer,
        "exp(A * softplus) mask, topk + scatter keep window, product-key MoE with gathers",
    ),
    "xlstm_block": (
        _xlstm_block,
        "mLSTM chunkwise: logsigmoid cumsum, exp gates, max stabiliser, per-chunk states",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_eleventh.py")
