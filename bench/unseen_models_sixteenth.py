"""A sixteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set sixteenth`): transformers layers no set has, and two written-out
blocks (bench/unseen_blocks_sixteenth.py); what each exercises is its
README line below. CodeGen's block (fused qkv in mp_num shards, interleaved
partial rotary, parallel attention + MLP; batch 2), GPT-Neo's local block in
f16, PhiMoE (sparsemixer routing), GLM-4-MoE (group-limited sigmoid routing,
a shared expert), LongT5's transient-global encoder (batch 2, padded),
PEGASUS-X's staggered block-local encoder, ViT-MAE's random masking (batch
2), YOLOS (bicubic-interpolated position embeddings), GLPN's depth decoder,
OWLv2's detection heads (batch 2), Moonshine's encoder (batch 2), VITS' text
encoder (windowed relative attention), LUKE's entity-aware layer (batch 2),
X-CLIP's cross-frame layer (4 frames), V-JEPA-2's 3D-rotary layer in bf16,
Granite-Speech's CTC encoder (blocked Conformer attention, Shaw relative
embeddings, self-conditioning), BLT's hash n-gram embeddings (batch 2);
DeepSeek's manifold-constrained hyper-connections in bf16 and D-FINE's
distribution refinement head (batch 2).

Wrappers (bench/unseen_wrappers_sixteenth.py) feed each layer what its model
would. PhiMoE's sparsemixer masks its first expert with
`torch.scatter(scores, -1, idx, -inf)` and GLM-4-MoE's router builds its
group mask with `group_mask.scatter_(1, idx, 1)`: torch-mlir dies on every
scatter (the fifteenth set's note), so both compute it by comparing each
position with the indices (the same values). The MoEs run
`_experts_implementation = "batched_mm"` as the fourteenth set's do.

Not taken: I-BERT's integer-only layer (`batch_frexp` runs numpy on traced
scale tensors, and a freshly built layer's QuantAct calibration asserts
"NaN detected when computing min/max of the activation").

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

import torch
import unseen_blocks_sixteenth as blocks
import unseen_wrappers_sixteenth as wrappers
from transformers import (
    CodeGenConfig,
    Glm4MoeConfig,
    GLPNConfig,
    GLPNForDepthEstimation,
    GPTNeoConfig,
    GraniteSpeechEncoderConfig,
    LongT5Config,
    LongT5EncoderModel,
    LukeConfig,
    MoonshineConfig,
    Owlv2Config,
    Owlv2ForObjectDetection,
    PegasusXConfig,
    PhimoeConfig,
    ViTMAEConfig,
    ViTMAEModel,
    VitsConfig,
    VJEPA2Config,
    XCLIPVisionConfig,
    YolosConfig,
    YolosForObjectDetection,
)
from transformers.models.codegen.modeling_codegen import CodeGenBlock
from transformers.models.glm4_moe.modeling_glm4_moe import (
    Glm4MoeDecoderLayer,
    Glm4MoeRotaryEmbedding,
)
from transformers.models.gpt_neo.modeling_gpt_neo import GPTNeoBlock
from transformers.models.granite_speech.modeling_granite_speech import GraniteSpeechCTCEncoder
from transformers.models.luke.modeling_luke import LukeLayer
from transformers.models.moonshine.modeling_moonshine import MoonshineEncoder
from transformers.models.pegasus_x.modeling_pegasus_x import PegasusXEncoder
from transformers.models.phimoe.modeling_phimoe import PhimoeDecoderLayer, PhimoeRotaryEmbedding
from transformers.models.vits.modeling_vits import VitsTextEncoder
from transformers.models.vjepa2.modeling_vjepa2 import VJEPA2Layer
from transformers.models.x_clip.modeling_x_clip import XCLIPVisionEncoderLayer
from unseen_common import Built, RotaryLayer, perturb, small_models
from zoo_spec import FirstOutput
from zoo_text_layers import eager

_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _codegen() -> Built:
    config = eager(CodeGenConfig(n_embd=64, n_head=4, n_inner=128, rotary_dim=8, n_positions=64))
    block = wrappers.PositionedBlock(CodeGenBlock(config, 0))
    return perturb(block), (torch.randn(2, 16, 64),)


def _gpt_neo_local() -> Built:
    config = eager(
        GPTNeoConfig(
            hidden_size=64,
            num_heads=4,
            num_layers=2,
            attention_types=[[["global", "local"], 1]],
            window_size=6,
            max_position_embeddings=32,
        )
    )
    block = perturb(FirstOutput(GPTNeoBlock(config, layer_id=1))).to(torch.float16)
    return block, (torch.randn(1, 16, 64, dtype=torch.float16),)


def _phimoe() -> Built:
    config = eager(
        PhimoeConfig(
            **_SIZES,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            num_hidden_layers=1,
            max_position_embeddings=64,
        )
    )
    config._experts_implementation = "batched_mm"
    layer = wrappers.Scattered(PhimoeDecoderLayer(config, 0))
    built = RotaryLayer(layer, PhimoeRotaryEmbedding(config))
    return wrappers.randomize(built, "experts", "router"), (torch.randn(1, 16, 64),)


def _glm4_moe() -> Built:
    config = eager(
        Glm4MoeConfig(
            **_SIZES,
            num_key_value_heads=2,
            head_dim=16,
            partial_rotary_factor=0.5,
            use_qk_norm=True,
            n_routed_experts=8,
            num_experts_per_tok=2,
            n_group=4,
            topk_group=2,
            moe_intermediate_size=32,
            n_shared_experts=1,
            first_k_dense_replace=0,
            num_hidden_layers=1,
        )
    )
    config._experts_implementation = "batched_mm"
    layer = wrappers.Scattered(Glm4MoeDecoderLayer(config, 0))
    built = RotaryLayer(layer, Glm4MoeRotaryEmbedding(config))
    return wrappers.randomize(built, "experts", "gate", "correction"), (torch.randn(1, 16, 64),)


def _longt5() -> Built:
    config = eager(
        LongT5Config(
            vocab_size=256,
            d_model=64,
            d_kv=16,
            d_ff=128,
            num_heads=4,
            num_layers=1,
            encoder_attention_type="transient-global",
            local_radius=4,
            global_block_size=4,
            relative_attention_num_buckets=8,
        )
    )
    model = LongT5EncoderModel(config)
    model.encoder.embed_tokens = torch.nn.Embedding(256, 64)  # untied: one weight argument
    mask = torch.ones(2, 24, dtype=torch.long)
    mask[1, 19:] = 0
    return perturb(FirstOutput(model)), (torch.randint(0, 256, (2, 24)), mask)


def _pegasus_x() -> Built:
    config = eager(
        PegasusXConfig(
            vocab_size=256,
            d_model=64,
            encoder_layers=1,
            encoder_attention_heads=4,
            encoder_ffn_dim=128,
            num_global_tokens=4,
            block_size=8,
            stagger_local_blocks=True,
            max_position_embeddings=64,
        )
    )
    mask = torch.ones(1, 24, dtype=torch.long)
    mask[0, 21:] = 0
    return perturb(FirstOutput(PegasusXEncoder(config))), (torch.randint(0, 256, (1, 24)), mask)


def _vit_mae() -> Built:
    config = eager(
        ViTMAEConfig(**_SIZES, num_hidden_layers=1, image_size=32, patch_size=8, mask_ratio=0.75)
    )
    inputs = (torch.randn(2, 3, 32, 32), torch.rand(2, 16))
    return perturb(FirstOutput(ViTMAEModel(config))), inputs


def _yolos() -> Built:
    config = eager(
        YolosConfig(
            **_SIZES,
            num_hidden_layers=2,
            image_size=[32, 32],
            patch_size=8,
            num_detection_tokens=5,
            use_mid_position_embeddings=True,
            num_labels=3,
        )
    )
    model = wrappers.Fields(YolosForObjectDetection(config), "logits", "pred_boxes")
    return perturb(model), (torch.randn(1, 3, 48, 40),)


def _glpn() -> Built:
    config = eager(
        GLPNConfig(
            hidden_sizes=[16, 32, 48, 64],
            num_attention_heads=[1, 2, 3, 4],
            depths=[1, 1, 1, 1],
            decoder_hidden_size=16,
            head_hidden_size=16,
            max_depth=10,
        )
    )
    model = wrappers.Fields(GLPNForDepthEstimation(config), "predicted_depth")
    return perturb(model), (torch.randn(1, 3, 64, 64),)


def _owlv2_heads() -> Built:
    config = Owlv2Config(
        text_config={**_SIZES, "hidden_size": 32, "num_hidden_layers": 1, "vocab_size": 256},
        vision_config={**_SIZES, "num_hidden_layers": 1, "image_size": 32, "patch_size": 8},
        projection_dim=32,
    )
    heads = wrappers.ObjectQueries(Owlv2ForObjectDetection(eager(config)), grid=4)
    mask = torch.ones(2, 3)
    mask[1, 2] = 0
    return perturb(heads), (torch.randn(2, 16, 64), torch.randn(2, 3, 32), mask)


def _moonshine() -> Built:
    config = eager(
        MoonshineConfig(
            **_SIZES,
            encoder_num_hidden_layers=1,
            encoder_num_attention_heads=4,
            encoder_num_key_value_heads=4,
            partial_rotary_factor=0.5,
            max_position_embeddings=64,
        )
    )
    return perturb(FirstOutput(MoonshineEncoder(config))), (torch.randn(2, 4096),)


def _vits() -> Built:
    config = eager(
        VitsConfig(
            vocab_size=40,
            hidden_size=64,
            num_hidden_layers=1,
            num_attention_heads=2,
            window_size=4,
            ffn_dim=128,
            ffn_kernel_size=3,
            flow_size=16,
        )
    )
    encoder = wrappers.VitsPrior(VitsTextEncoder(config))
    return perturb(encoder), (torch.randint(0, 40, (2, 20)), torch.tensor([20, 13]))


def _luke() -> Built:
    config = eager(LukeConfig(**_SIZES, entity_vocab_size=32, entity_emb_size=32))
    keep = torch.ones(2, 22)
    keep[1, 12:16] = 0  # padded words of the second sentence
    inputs = (torch.randn(2, 16, 64), torch.randn(2, 6, 64), keep)
    return perturb(wrappers.EntityAwareLayer(LukeLayer(config))), inputs


def _xclip() -> Built:
    config = eager(XCLIPVisionConfig(**_SIZES, num_frames=4, image_size=32, patch_size=8))
    layer = FirstOutput(XCLIPVisionEncoderLayer(config), attention_mask=None)
    return perturb(layer), (torch.randn(4, 17, 64),)


def _vjepa2() -> Built:
    config = eager(
        VJEPA2Config(
            hidden_size=64, num_attention_heads=4, crop_size=32, patch_size=8, frames_per_clip=4
        )
    )
    layer = VJEPA2Layer(config, hidden_size=64, num_attention_heads=4, mlp_ratio=2.0)
    return perturb(FirstOutput(layer)).to(torch.bfloat16), (
        torch.randn(1, 32, 64, dtype=torch.bfloat16),
    )


def _granite_speech() -> Built:
    config = GraniteSpeechEncoderConfig(
        input_dim=32,
        num_layers=2,
        hidden_dim=64,
        feedforward_mult=2,
        num_heads=4,
        dim_head=16,
        output_dim=24,
        context_size=8,
        max_pos_emb=16,
        conv_kernel_size=7,
    )
    return perturb(FirstOutput(GraniteSpeechCTCEncoder(config))), (torch.randn(1, 20, 32),)


def _blt_hash() -> Built:
    embeddings = wrappers.HashEmbeddings(260, 64, [3, 4, 5], functions=2, hashes=512)
    return perturb(embeddings), (torch.randint(0, 260, (2, 24)),)


_BUILDS = {
    "codegen_block": (
        _codegen,
        "fused qkv in mp_num shards, interleaved partial rotary, parallel attn + MLP, batch 2",
    ),
    "gpt_neo_local_block_f16": (
        _gpt_neo_local,
        "banded causal mask from a bool buffer, q/k upcast to f32, no 1/sqrt(d), f16",
    ),
    "phimoe_layer": (
        _phimoe,
        "sparsemixer routing: max, relative threshold mask, softmax, gather, mask, repeat",
    ),
    "glm4_moe_layer": (
        _glm4_moe,
        "partial rotary, q/k norm, sigmoid + bias, group-limited top-k, shared expert",
    ),
    "longt5_tglobal_encoder": (
        _longt5,
        "block-local attention over 3 blocks, transient global tokens, relative buckets",
    ),
    "pegasus_x_encoder": (
        _pegasus_x,
        "staggered block-local attention beside global tokens, sinusoidal positions",
    ),
    "vit_mae_encoder": (
        _vit_mae,
        "random masking: argsort of noise, gather of kept patches, unshuffle ids, batch 2",
    ),
    "yolos_detector": (
        _yolos,
        "detection tokens, bicubic-interpolated (mid) position embeddings, box MLP sigmoid",
    ),
    "glpn_depth": (
        _glpn,
        "Mix-Transformer encoder, selective feature fusion, bilinear upsample, sigmoid depth",
    ),
    "owlv2_heads": (
        _owlv2_heads,
        "L2-normalized class embeds, elu + 1 scale, masked queries, box bias, batch 2",
    ),
    "moonshine_encoder": (
        _moonshine,
        "stride-64 conv stem, tanh, GroupNorm(1), GELU convs, partial rotary, batch 2",
    ),
    "vits_text_encoder": (
        _vits,
        "windowed relative attention by pad + reshape, masked conv FFN, prior stats",
    ),
    "luke_layer": (
        _luke,
        "entity-aware attention: 4 query projections over word / entity, padded, batch 2",
    ),
    "xclip_vision_layer": (
        _xclip,
        "cross-frame message tokens: per-frame CLS, attention across 4 frames, concat",
    ),
    "vjepa2_layer_bf16": (
        _vjepa2,
        "3D rotary over depth / height / width thirds of each head, bf16",
    ),
    "granite_speech_ctc": (
        _granite_speech,
        "Conformer, blocked attention + Shaw relative embeddings, self-conditioning CTC",
    ),
    "blt_hash_embeddings": (
        _blt_hash,
        "unfold n-grams, rolling int64 polynomial hash, modulo, 6 embedding gathers, batch 2",
    ),
    "mhc_block_bf16": (
        blocks.built_mhc,
        "hyper-connections: 4 streams, Sinkhorn-Knopp (20 iters), sigmoid pre / post, bf16",
    ),
    "dfine_refine_head": (
        blocks.built_dfine_head,
        "bin softmax integral by a weighting function, distance2bbox, top-k LQE, batch 2",
    ),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_sixteenth.py")
