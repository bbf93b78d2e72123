"""A fifteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set fifteenth`): the inference regimes and recent layers no set has.
A Llama decoder layer at one DECODE step over a static KV cache (seq 1: the
new key and value written into a preallocated cache at an int64 position by
index_copy, rotary for that position, a length mask over the cache; the
small-M matmul regime), in f32 and bf16; weight-only quantized SwiGLU MLPs,
W8A16 in bf16 (int8 weights, a per-output-channel scale) and W4A16 in f16
(two 4-bit weights packed per uint8 unpacked by shift and mask, a scale and
zero point per group of 16); a Llama layer with LoRA adapters on q_proj and
v_proj; Gemma-3n's decoder layer (AltUp predict / correct over a stack of
four streams, the Laurel low-rank residual, Gaussian top-k activation
sparsity from an icdf, q/k/v RMSNorm, the per-layer input gate); LightGlue's
layer (keypoint rotary encoding, self- and cross-attention to the flipped
image pair, sigmoid log double softmax match assignment); ViTPose (a
non-square ViT and the classic deconvolution heatmap head); Swin2SR
(residual Swin-v2 groups, a conv after each, pixel-shuffle upsampling);
TimesFM (patching, masked mean / std normalization, positional embeddings
shifted past leading padding, the residual input block); the Audio
Spectrogram Transformer (overlapping patch conv over the spectrogram, CLS
and distillation tokens); ProphetNet's decoder (n-gram self-attention with
main and predicting streams, bucketed relative positions); Qwen3-MoE's
layer (q/k RMSNorm, softmax top-2 renormalized, no shared expert);
DeepSeek-V3.2's layer (MLA with the sparse-attention indexer: ReLU scores
weighted per head, top-k, scattered into the attention mask); and written-out
blocks (bench/unseen_blocks_fifteenth.py): nGPT's normalized transformer
block, sigmoid attention with ALiBi, a YOLOv5 detection head decode, and a
ViT block with ToMe token merging.

W4A16 runs twice: packed in uint8 (as HQQ stores it) and in int8.

Not taken: CLAP's audio tower (HTSAT: Swin-v1 windows over a spectrogram,
which the second and fourth sets have); Kimi-Linear's KDA (a gated delta
rule, as Qwen3-Next's in the eleventh set); recurrent_gemma (Griffin, in the
seventh set); peft (not installed: LoRA is written out as its LoraLayer
computes it).

Wrappers (bench/unseen_wrappers_fifteenth.py) feed each layer what its model
would (cache and length mask, AltUp stack, padding masks, encoder states).
Qwen3-MoE runs `_experts_implementation = "batched_mm"` as the fourteenth
set's MoEs do.

Substitutions (each computes the same values, checked against the original
forward with torch.allclose). The decode step writes the cache with
out-of-place `index_copy`: transformers' StaticCache writes in place
(`index_copy_`), which exports, but torch.export then returns the two
mutated caches as results ahead of the output, and the probe's .npz holds
one `ref`. Gemma-3n's `_gaussian_topk` takes `Normal(0, 1).icdf` of a
constant tensor in forward: torch-mlir fails with "failed to legalize
operation 'torch.vtensor.literal': ... dense<0.899999976> : tensor<f32>"
(the erfinv argument 2p - 1), so the quantile is a Python float
(statistics.NormalDist). LightGlue's match assignment divides by
`torch.full((), descriptor_dim) ** 0.25`, an int64 0-d tensor to a float
power: "'arith.fptosi' op result #0 must be
signless-fixed-width-integer-like, but got 'si64'"; it divides by the Python
float. DeepSeek-V3.2 turns the indexer's top-k into its mask by
`Tensor.scatter(-1, indices, False)`, and ToMe's merge is
`scatter_reduce(..., reduce="sum")`: torch-mlir's lowering of either (and of
every scatter tried, a float one too) dies with "LLVM ERROR: out of memory"
or a segmentation fault (exit status -11), so DeepSeek-V3.2's scatter
compares every key position with the indices (`Tensor.scatter` patched for
its forward) and ToMe adds the merged tokens by a one-hot matmul. ViTPose's
classic head is two 256-channel ConvTranspose2d (4x4, stride 2) and a 1x1
conv: 256·256·16 weights alone (4 MB) put the .npz over 2 MiB, so the head
is rebuilt with the same modules at 32 channels. TimesFM's
`_timesfm_shift_padded_seq` sets `indices[~new_mask.any(dim=1)] = -1`, a
boolean-mask index_put that torch-mlir exports as `tm_tensor.scatter` over
data-dependent tensor<?x1xi64> indices: `timesfm` keeps it, `timesfm_where`
writes it as torch.where.

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_fifteenth as blocks
import unseen_wrappers_fifteenth as wrappers
from transformers import (
    ASTConfig,
    ASTModel,
    DeepseekV32Config,
    Gemma3nTextConfig,
    LightGlueConfig,
    LlamaConfig,
    ProphetNetConfig,
    Qwen3MoeConfig,
    Swin2SRConfig,
    Swin2SRForImageSuperResolution,
    TimesFmConfig,
    VitPoseBackboneConfig,
    VitPoseConfig,
    VitPoseForPoseEstimation,
)
from transformers.models.deepseek_v32.modeling_deepseek_v32 import (
    DeepseekV32DecoderLayer,
    DeepseekV32RotaryEmbedding,
)
from transformers.models.gemma3n.modeling_gemma3n import (
    Gemma3nRotaryEmbedding,
    Gemma3nTextDecoderLayer,
)
from transformers.models.llama.modeling_llama import LlamaDecoderLayer, LlamaRotaryEmbedding
from transformers.models.qwen3_moe.modeling_qwen3_moe import (
    Qwen3MoeDecoderLayer,
    Qwen3MoeRotaryEmbedding,
)
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager

_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _llama_decode(dtype: torch.dtype) -> Built:
    config = eager(LlamaConfig(**_SIZES, num_key_value_heads=2, max_position_embeddings=64))
    step = wrappers.DecodeStep(LlamaDecoderLayer(config, 0), LlamaRotaryEmbedding(config))
    step = perturb(step).to(dtype)
    cache_len, position = 32, 19
    caches = [torch.randn(1, 2, cache_len, 16, dtype=dtype) for _ in range(2)]
    for cache in caches:
        cache[:, :, position:] = 0  # slots not yet written
    hidden = torch.randn(1, 1, 64, dtype=dtype)
    return step, (hidden, *caches, torch.tensor([position]))


def _quant_mlp(kind: str, dtype: torch.dtype) -> Built:
    return blocks.QuantMLP(64, 128, kind, dtype), (torch.randn(1, 16, 64, dtype=dtype),)


def _lora_llama_layer() -> Built:
    config = eager(LlamaConfig(**_SIZES, num_key_value_heads=2))
    layer = LlamaDecoderLayer(config, 0)
    attn = layer.self_attn
    attn.q_proj = blocks.LoRALinear(attn.q_proj, rank=4, alpha=8.0)
    attn.v_proj = blocks.LoRALinear(attn.v_proj, rank=4, alpha=8.0)
    built = RotaryLayer(layer, LlamaRotaryEmbedding(config))
    return perturb(built), (torch.randn(1, 16, 64),)


def _gemma3n_layer() -> Built:
    config = eager(
        Gemma3nTextConfig(
            **_SIZES,
            num_key_value_heads=2,
            head_dim=16,
            num_hidden_layers=1,
            layer_types=["full_attention"],
            num_kv_shared_layers=0,
            activation_sparsity_pattern=[0.95],
            hidden_size_per_layer_input=16,
            laurel_rank=8,
            vocab_size=256,
            vocab_size_per_layer_input=256,
        )
    )
    layer = Gemma3nTextDecoderLayer(config, 0)
    built = wrappers.Gemma3nStep(layer, Gemma3nRotaryEmbedding(config), "full_attention")
    inputs = (torch.randn(4, 1, 16, 64), torch.randn(1, 16, 16))
    return perturb(built), inputs


def _lightglue() -> Built:
    config = eager(LightGlueConfig(descriptor_dim=64, num_attention_heads=4))
    built = wrappers.LightGlueMatching(config, [24, 19])
    inputs = (torch.randn(2, 24, 64), torch.rand(2, 24, 2) * 2 - 1)
    return perturb(built), inputs


def _vitpose() -> Built:
    backbone = VitPoseBackboneConfig(
        hidden_size=64,
        num_hidden_layers=1,
        num_attention_heads=4,
        mlp_ratio=2,
        image_size=[64, 48],
        patch_size=[8, 8],
        out_indices=[1],
    )
    config = eager(VitPoseConfig(backbone_config=backbone, use_simple_decoder=False, num_labels=17))
    model = VitPoseForPoseEstimation(config)
    wrappers.narrow_classic_head(model.head, 64, 32, 17)
    return perturb(wrappers.Output(model, "heatmaps")), (torch.randn(1, 3, 64, 48),)


def _swin2sr() -> Built:
    config = eager(
        Swin2SRConfig(
            image_size=16,
            embed_dim=32,
            depths=[2],
            num_heads=[2],
            window_size=4,
            mlp_ratio=2.0,
            upscale=2,
            upsampler="pixelshuffle",
        )
    )
    model = Swin2SRForImageSuperResolution(config)
    return perturb(wrappers.Output(model, "reconstruction")), (torch.rand(1, 3, 16, 16),)


def _timesfm(where: bool) -> Built:
    config = eager(
        TimesFmConfig(
            patch_length=8,
            context_length=64,
            horizon_length=8,
            hidden_size=64,
            intermediate_size=64,
            num_attention_heads=4,
            head_dim=16,
            num_hidden_layers=1,
            use_positional_embedding=True,
        )
    )
    padding = torch.zeros(2, 64)
    padding[1, :12] = 1.0  # the second series starts late
    inputs = (torch.randn(2, 64) * 3 + 1, padding, torch.tensor([[0], [2]]))
    return perturb(wrappers.TimesFmSeries(config, where)), inputs


def _ast() -> Built:
    config = eager(
        ASTConfig(
            **_SIZES,
            num_hidden_layers=1,
            patch_size=16,
            frequency_stride=10,
            time_stride=10,
            max_length=64,
            num_mel_bins=32,
        )
    )
    return perturb(FirstOutput(ASTModel(config))), (torch.randn(1, 64, 32),)


def _prophetnet_decoder() -> Built:
    config = eager(
        ProphetNetConfig(
            hidden_size=64,
            decoder_ffn_dim=128,
            num_decoder_attention_heads=4,
            num_decoder_layers=1,
            ngram=2,
            num_buckets=8,
            relative_max_distance=16,
            max_position_embeddings=32,
            vocab_size=256,
        )
    )
    inputs = (torch.randint(0, 256, (1, 12)), torch.randn(1, 10, 64))
    return perturb(wrappers.ProphetNetStreams(config)), inputs


def _qwen3_moe_layer() -> Built:
    config = eager(
        Qwen3MoeConfig(
            **_SIZES,
            num_key_value_heads=2,
            head_dim=16,
            num_experts=4,
            num_experts_per_tok=2,
            moe_intermediate_size=32,
            norm_topk_prob=True,
            num_hidden_layers=1,
        )
    )
    config._experts_implementation = "batched_mm"
    built = RotaryLayer(Qwen3MoeDecoderLayer(config, 0), Qwen3MoeRotaryEmbedding(config))
    return wrappers.randomize(built, "experts", "gate"), (torch.randn(1, 16, 64),)


def _deepseek_v32_layer() -> Built:
    config = eager(
        DeepseekV32Config(
            **_SIZES,
            num_key_value_heads=4,
            num_hidden_layers=1,
            q_lora_rank=32,
            kv_lora_rank=16,
            qk_rope_head_dim=8,
            qk_nope_head_dim=8,
            v_head_dim=16,
            index_n_heads=2,
            index_head_dim=16,
            index_topk=6,
            mlp_layer_types=["dense"],
            first_k_dense_replace=1,
        )
    )
    rotary = DeepseekV32RotaryEmbedding(config)
    layer = wrappers.DeepseekV32Indexed(DeepseekV32DecoderLayer(config, 0))
    built = RotaryLayer(layer, rotary)
    return perturb(built), (torch.randn(1, 16, 64),)


def _yolo_detect() -> Built:
    head = blocks.YoloDetect(4, [16, 32, 64], [8, 16, 32])
    sizes = ((16, 16), (32, 8), (64, 4))
    return head, tuple(torch.randn(1, c, s, s) for c, s in sizes)


_BUILDS = {
    "llama_decode_kv": (
        lambda: _llama_decode(torch.float32),
        "decode step: seq 1, index_copy into a static KV cache at a position, length mask",
    ),
    "llama_decode_kv_bf16": (
        lambda: _llama_decode(torch.bfloat16),
        "decode step: seq 1, index_copy into a static KV cache, length mask, in bf16",
    ),
    "w8a16_mlp_bf16": (
        lambda: _quant_mlp("w8", torch.bfloat16),
        "SwiGLU MLP, int8 weights dequantized by per-channel scale, bf16 activations",
    ),
    "w4a16_mlp_f16": (
        lambda: _quant_mlp("w4", torch.float16),
        "SwiGLU MLP, 4-bit weights packed in uint8 (shift, mask), group scale + zero, f16",
    ),
    "w4a16_int8_mlp_f16": (
        lambda: _quant_mlp("w4i8", torch.float16),
        "the W4A16 MLP with the packed nibbles and zero points stored as int8, f16",
    ),
    "lora_llama_layer": (
        _lora_llama_layer,
        "Llama layer with LoRA on q_proj and v_proj: x Wᵀ + s · (x Aᵀ) Bᵀ",
    ),
    "gemma3n_layer": (
        _gemma3n_layer,
        "AltUp predict / correct, Laurel low rank, Gaussian top-k sparsity, per-layer gate",
    ),
    "lightglue_layer": (
        _lightglue,
        "keypoint rotary, self + cross attention to the flipped pair, log double softmax",
    ),
    "vitpose_classic": (
        _vitpose,
        "non-square ViT, ConvTranspose2d + BatchNorm heatmap head",
    ),
    "swin2sr": (
        _swin2sr,
        "residual Swin-v2 group + conv, pixel-shuffle upsampler, mean shift",
    ),
    "timesfm": (
        lambda: _timesfm(False),
        "patching, masked mean / std, shifted positional embedding, residual input block",
    ),
    "timesfm_where": (
        lambda: _timesfm(True),
        "TimesFM with its boolean-mask index_put written as torch.where",
    ),
    "audio_spectrogram_transformer": (
        _ast,
        "overlapping patch conv over a spectrogram, CLS + distillation tokens",
    ),
    "prophetnet_decoder": (
        _prophetnet_decoder,
        "n-gram self-attention (main + predicting streams), relative buckets, cross-attn",
    ),
    "qwen3_moe_layer": (
        _qwen3_moe_layer,
        "q/k RMSNorm, softmax top-2 renormalized, no shared expert (batched_mm)",
    ),
    "deepseek_v32_layer": (
        _deepseek_v32_layer,
        "MLA + sparse-attention indexer: ReLU scores, top-k, scatter into the mask",
    ),
    "ngpt_block": (
        lambda: (perturb(blocks.NGPTBlock(64, 4, 128)), (torch.randn(1, 16, 64),)),
        "nGPT: L2-normalized states, eigen learning-rate interpolation, scaled q/k, u/v",
    ),
    "sigmoid_attention": (
        lambda: (perturb(blocks.SigmoidAttention(64, 4)), (torch.randn(1, 16, 64),)),
        "sigmoid(QKᵀ/√d - log n) attention with ALiBi, causal by -inf",
    ),
    "yolo_detect": (
        _yolo_detect,
        "YOLOv5 head decode: 1x1 convs, sigmoid, grid offsets, (2σ)² × anchors, concat",
    ),
    "tome_block": (
        lambda: (perturb(blocks.ToMeBlock(64, 4, 4)), (torch.randn(1, 16, 64),)),
        "ToMe: proportional attention, bipartite matching, argsort, gather, scatter_reduce",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_fifteenth.py")
