"""A tenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set tenth`): the blocks of bench/unseen_blocks_tenth.py, and nine
`transformers` layers no set has: a Gemma-3 decoder layer (RMSNorm on q and
k per head, sandwich norms, a sliding-window causal mask), Llama-4's text MoE
(top-1 scatter into -inf then a sigmoid router, every expert run on the
router-scaled tokens by bmm, a shared SwiGLU expert), Qwen2-MoE's sparse MoE
block (softmax top-2 routing with the experts' weights gathered, a shared
expert behind a sigmoid gate), Switch-Transformers' sparse MLP (an argmax
one_hot router with expert capacity from a cumsum), Informer's encoder layer
(ProbSparse attention: a max-minus-mean sparsity measure, top-k queries
gathered, their outputs scattered into the mean of the values), VideoMAE
(tubelet Conv3d embedding, a fixed sinusoid table, one layer, mean pooling
off), RT-DETR's hybrid encoder step (AIFI attention with a 2D sine position
embedding, a lateral 1x1 conv, nearest upsampling, concat, a CSP layer of
RepVGG blocks), GroupViT's grouping stage (group tokens, a token-mixing MLP,
hard assignment by argmax and scatter, straight-through in eval) and
Deformable-DETR's encoder layer (multi-scale deformable attention: bilinear
grid_sample at predicted offsets over two levels).

Substitutions: VAN (the visual attention network) is not in transformers
5.23.0 (no `transformers/models/van`), so its large-kernel attention is not
here. Switch-Transformers' and Qwen2-MoE's experts loop over the experts
that some token chose (`nonzero`, data-dependent): Qwen2-MoE runs with
`_experts_implementation = "batched_mm"` (its gathered-weights path), and the
Switch MLP's experts are run densely, every token through every expert
times its capacity-masked one_hot (`SwitchDense`), the same sum; its router
casts its classifier in forward (`.to(router_dtype)`, which fails under
torch.export: "Couldn't swap Linear.weight"), so the classifier is a Linear
whose `.to` is a no-op (f32 already). Informer's ProbSparse attention
samples keys with `torch.randint` in forward: the sample is fixed at build
time as a buffer, and its `topk(sorted=False)` runs `sorted=True` (torch-mlir
leaves `sorted=False` unlowered: "failed to legalize operation
'torch.constant.bool'"); the same queries are chosen and scattered back
(`InformerFixedSample`). GroupViT's hard_softmax scatters along dim -2,
which crashes torch-mlir's TMTensor lowering (segfault in
ConvertTorchToTMTensor): the assignment runs it along dim 1, the same axis.
SuperPoint's NMS keeps a channel dim (torch-mlir does not lower an
unbatched 3-D max_pool2d).

Imported only by the zoo venv (torch, transformers), with models/ and bench/ on
sys.path.
"""

from __future__ import annotations

from unittest import mock

import torch
import unseen_blocks_tenth as blocks
from torch import nn
from torch.nn import functional as F
from transformers import (
    DeformableDetrConfig,
    Gemma3TextConfig,
    GroupViTVisionConfig,
    InformerConfig,
    Llama4TextConfig,
    Qwen2MoeConfig,
    RTDetrConfig,
    SwitchTransformersConfig,
    VideoMAEConfig,
)
from transformers.models.deformable_detr.modeling_deformable_detr import (
    DeformableDetrEncoder,
    DeformableDetrEncoderLayer,
)
from transformers.models.gemma3.modeling_gemma3 import Gemma3DecoderLayer, Gemma3RotaryEmbedding
from transformers.models.groupvit.modeling_groupvit import GroupViTStage, hard_softmax
from transformers.models.informer.modeling_informer import InformerEncoderLayer
from transformers.models.llama4.modeling_llama4 import Llama4TextMoe
from transformers.models.qwen2_moe.modeling_qwen2_moe import Qwen2MoeSparseMoeBlock
from transformers.models.rt_detr.modeling_rt_detr import (
    RTDetrAIFILayer,
    RTDetrConvNormLayer,
    RTDetrCSPRepLayer,
)
from transformers.models.switch_transformers.modeling_switch_transformers import (
    SwitchTransformersSparseMLP,
)
from transformers.models.videomae.modeling_videomae import VideoMAEModel
from unseen_common import Built, perturb, sliding_causal_mask
from zoo_spec import FirstOutput, ZooModel
from zoo_text_layers import eager


class Gemma3Sliding(nn.Module):
    """Gemma-3's decoder layer (a sliding-attention one) fed rotary cos/sin of
    positions 0..S-1 and a sliding-window causal mask built in forward."""

    def __init__(self, config: Gemma3TextConfig, window: int) -> None:
        super().__init__()
        self.layer = perturb(Gemma3DecoderLayer(config, layer_idx=0))
        self.rotary, self.window = Gemma3RotaryEmbedding(config), window
        for name in list(self.rotary._buffers):  # only the sliding layer's inv_freq is read
            if name != "sliding_attention_inv_freq":
                del self.rotary._buffers[name]

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        seq = hidden.shape[1]
        positions = torch.arange(seq).unsqueeze(0)
        cos, sin = self.rotary(hidden, positions, "sliding_attention")
        mask = sliding_causal_mask(seq, hidden.dtype, self.window)
        out = self.layer(hidden, position_embeddings=(cos, sin), attention_mask=mask)
        return out[0] if isinstance(out, tuple) else out


class _StayLinear(nn.Linear):
    """A Linear whose `.to(...)` returns itself (already f32)."""

    def to(self, *args: object, **kwargs: object) -> _StayLinear:  # type: ignore[override]
        return self


class SwitchDense(nn.Module):
    """Switch-Transformers' sparse MLP with its own router, each expert run on
    every token and kept through the capacity-masked one_hot times the
    router's top probability (what the expert loop computes, without
    `nonzero`)."""

    def __init__(self, config: SwitchTransformersConfig) -> None:
        super().__init__()
        self.mlp = SwitchTransformersSparseMLP(config)
        # The router casts its classifier in forward (`.to(router_dtype)`), which
        # cannot swap a weight that torch.export passes in: a no-op here (f32).
        classifier = _StayLinear(config.hidden_size, config.num_experts, bias=config.router_bias)
        classifier.load_state_dict(self.mlp.router.classifier.state_dict())
        self.mlp.router.classifier = classifier

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        chosen, probs, _ = self.mlp.router(hidden)
        out = torch.zeros_like(hidden)
        for index in range(self.mlp.router.num_experts):
            expert = self.mlp.experts[f"expert_{index}"]
            out = out + expert(hidden) * (chosen[..., index : index + 1] * probs)
        return out


class InformerFixedSample(nn.Module):
    """Informer's encoder layer with ProbSparse attention; the keys it samples
    (`torch.randint` in forward) drawn once at build time and kept as a buffer,
    its top-k of queries `sorted=True` (torch-mlir does not lower
    `sorted=False`; the chosen queries are the same and go back where they
    were)."""

    def __init__(self, config: InformerConfig, seq: int) -> None:
        super().__init__()
        self.layer = InformerEncoderLayer(config)
        self.register_buffer("sample", torch.randint(0, seq, (seq,)))
        self.sample: torch.Tensor

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        topk = torch.Tensor.topk

        def sorted_topk(tensor: torch.Tensor, k: int, *args: object, **kwargs: object) -> object:
            kwargs["sorted"] = True  # the same set of indices, scattered back where they were
            return topk(tensor, k, *args, **kwargs)

        with (
            mock.patch.object(torch, "randint", lambda *args, **kwargs: self.sample),
            mock.patch.object(torch.Tensor, "topk", sorted_topk),
        ):
            out = self.layer(hidden, attention_mask=None)
        return out[0] if isinstance(out, tuple) else out


class RTDetrTopDown(nn.Module):
    """One top-down step of RT-DETR's hybrid encoder: AIFI (attention with a 2D
    sine position embedding) on the coarse map, a lateral 1x1 conv + BN + SiLU,
    nearest upsampling by 2, concat with the finer map, a CSP layer of RepVGG
    blocks."""

    def __init__(self, config: RTDetrConfig) -> None:
        super().__init__()
        dim = config.encoder_hidden_dim
        self.aifi = RTDetrAIFILayer(config)
        self.lateral = RTDetrConvNormLayer(config, dim, dim, 1, 1, activation="silu")
        self.csp = RTDetrCSPRepLayer(config)

    def forward(self, fine: torch.Tensor, coarse: torch.Tensor) -> torch.Tensor:
        top = self.lateral(self.aifi(coarse))
        up = F.interpolate(top, scale_factor=2.0, mode="nearest")
        out: torch.Tensor = self.csp(torch.cat([up, fine], 1))
        return out


class DeformableLevels(nn.Module):
    """Deformable-DETR's encoder layer over two flattened levels (8x8 and 4x4):
    spatial shapes, level starts and reference points built in forward as its
    encoder builds them (all valid ratios 1), a position embedding input."""

    def __init__(self, config: DeformableDetrConfig, shapes: list[tuple[int, int]]) -> None:
        super().__init__()
        self.layer, self.shapes = DeformableDetrEncoderLayer(config), shapes

    def forward(self, hidden: torch.Tensor, position: torch.Tensor) -> torch.Tensor:
        spatial = torch.tensor(self.shapes, dtype=torch.long)
        starts = torch.cat([spatial.new_zeros(1), spatial.prod(1).cumsum(0)[:-1]])
        ratios = torch.ones(hidden.shape[0], len(self.shapes), 2, dtype=hidden.dtype)
        points = DeformableDetrEncoder.get_reference_points(self.shapes, ratios, hidden.device)
        out: torch.Tensor = self.layer(
            hidden,
            attention_mask=None,
            spatial_position_embeddings=position,
            reference_points=points,
            spatial_shapes=spatial,
            spatial_shapes_list=self.shapes,
            level_start_index=starts,
        )
        return out


def _random_experts(module: nn.Module) -> nn.Module:
    """Expert and router weights are torch.empty / zeros when built: random."""
    with torch.no_grad():
        for name, param in module.named_parameters():
            if "experts" in name or "router" in name or "gate.weight" in name:
                param.normal_(0.0, 0.5 if "router" in name or "gate.weight" in name else 0.1)
    return perturb(module)


_SIZES = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4}


def _gemma3_layer() -> Built:
    config = eager(Gemma3TextConfig(**_SIZES, num_key_value_heads=2, head_dim=16, sliding_window=8))
    return Gemma3Sliding(config, window=8), (torch.randn(1, 16, 64),)


def _llama4_moe() -> Built:
    config = Llama4TextConfig(
        hidden_size=64, intermediate_size=64, num_local_experts=4, num_experts_per_tok=1
    )
    return FirstOutput(_random_experts(Llama4TextMoe(config))), (torch.randn(1, 12, 64),)


def _qwen2_moe() -> Built:
    config = Qwen2MoeConfig(
        hidden_size=64,
        moe_intermediate_size=32,
        shared_expert_intermediate_size=64,
        num_experts=4,
        num_experts_per_tok=2,
    )
    config._experts_implementation = "batched_mm"  # gathered weights, no data-dependent loop
    return _random_experts(Qwen2MoeSparseMoeBlock(config)), (torch.randn(1, 12, 64),)


def _switch_mlp() -> Built:
    config = SwitchTransformersConfig(d_model=32, d_ff=64, num_experts=4, expert_capacity=2)
    return perturb(SwitchDense(config)), (torch.randn(2, 8, 32),)


def _informer_layer() -> Built:
    config = eager(
        InformerConfig(
            prediction_length=8,
            d_model=32,
            encoder_attention_heads=4,
            encoder_ffn_dim=64,
            attention_type="prob",
            sampling_factor=1,
        )
    )
    return perturb(InformerFixedSample(config, seq=24)), (torch.randn(1, 24, 32),)


def _videomae() -> Built:
    config = eager(
        VideoMAEConfig(
            **_SIZES,
            num_hidden_layers=1,
            image_size=16,
            patch_size=4,
            num_frames=4,
            tubelet_size=2,
        )
    )
    return FirstOutput(perturb(VideoMAEModel(config))), (torch.randn(1, 4, 3, 16, 16),)


def _rt_detr_step() -> Built:
    config = eager(
        RTDetrConfig(
            encoder_hidden_dim=32,
            encoder_ffn_dim=64,
            encoder_attention_heads=4,
            encoder_layers=1,
            hidden_expansion=0.5,
            eval_size=None,
            use_pretrained_backbone=False,
        )
    )
    maps = (torch.randn(1, 32, 8, 8), torch.randn(1, 32, 4, 4))
    return perturb(RTDetrTopDown(config)), maps


def _positive_dim_attn(attn: torch.Tensor, gumbel: bool = True, hard: bool = True) -> torch.Tensor:
    """GroupViTAssignAttention.get_attn in eval with dim 1 for its dim -2 (the
    [B, groups, tokens] scores): torch-mlir's TMTensor lowering of the
    scatter in `hard_softmax` crashes (segfault) on dim -2."""
    return hard_softmax(attn, dim=1) if hard else attn.softmax(1)


def _groupvit_stage() -> Built:
    config = eager(
        GroupViTVisionConfig(hidden_size=64, intermediate_size=128, num_attention_heads=4)
    )
    stage = GroupViTStage(
        config, depth=1, num_prev_group_token=0, num_group_token=8, num_output_group=4
    )
    assert stage.downsample is not None
    stage.downsample.assign.get_attn = _positive_dim_attn
    return FirstOutput(perturb(stage)), (torch.randn(1, 16, 64),)


def _deformable_layer() -> Built:
    config = DeformableDetrConfig(
        d_model=32,
        encoder_attention_heads=4,
        encoder_ffn_dim=64,
        num_feature_levels=2,
        encoder_n_points=2,
        use_pretrained_backbone=False,
    )
    layer = perturb(DeformableLevels(config, [(8, 8), (4, 4)]))
    return layer, (torch.randn(1, 80, 32), torch.randn(1, 80, 32) * 0.1)


_BUILDS = {
    "gemma3_layer": (
        _gemma3_layer,
        "q/k RMSNorm per head, rotary, sliding-window causal mask, four RMSNorms, GELU-tanh MLP",
    ),
    "llama4_moe": (
        _llama4_moe,
        "top-1 scatter into -inf, sigmoid scores, repeat + scale, bmm over experts, shared expert",
    ),
    "qwen2_moe_block": (
        _qwen2_moe,
        "softmax top-2, experts' weights gathered (batched_mm), sigmoid-gated shared expert",
    ),
    "switch_sparse_mlp": (
        _switch_mlp,
        "argmax one_hot router, capacity from cumsum <= 2, max prob, experts run densely",
    ),
    "informer_encoder_layer": (
        _informer_layer,
        "ProbSparse: sampled keys, max - mean, top-4 queries gathered, scattered into mean(V)",
    ),
    "videomae_model": (
        _videomae,
        "tubelet Conv3d (2x4x4) embedding, sinusoid table, one ViT layer",
    ),
    "rt_detr_top_down": (
        _rt_detr_step,
        "AIFI with 2D sine embedding, 1x1 conv + BN + SiLU, nearest x2, concat, CSP RepVGG",
    ),
    "groupvit_stage": (
        _groupvit_stage,
        "group tokens appended, token-mixing MLP, hard assignment (argmax + scatter)",
    ),
    "deformable_detr_layer": (
        _deformable_layer,
        "offsets and weights per point, grid_sample over two levels, weighted sum",
    ),
    "dit_block": (
        lambda: (blocks.DiTBlock(), (torch.randn(2, 16, 64), torch.tensor([10.0, 500.0]))),
        "sinusoidal timestep MLP, 6-way chunk, LayerNorm without affine modulated, gates",
    ),
    "bitnet_mlp": (
        lambda: (perturb(blocks.BitNetMlp()), (torch.randn(2, 12, 64),)),
        "absmax per-token round/clamp, ternary weights (mean-abs), squared ReLU, RMSNorms",
    ),
    "superpoint_nms": (
        lambda: (blocks.SuperPointNms(), (torch.randn(1, 32, 4, 4),)),
        "softmax over 65, depth-to-space 8, max_pool2d equality masks twice, threshold",
    ),
    "kan_layers": (
        lambda: (blocks.KanPair(), (torch.randn(2, 10, 16) * 0.6,)),
        "B-spline bases by >= / < comparisons and Cox-de Boor recursion, SiLU base",
    ),
    "onehot_smoothing_head": (
        lambda: (
            blocks.OneHotHead(),
            (torch.randn(4, 12, 32), torch.randint(0, 10, (4, 12))),
        ),
        "argmax one_hot, confidence and correctness by one_hot, label-smoothed CE",
    ),
}


MODELS = [
    ZooModel(name, build, "bench/unseen_models_tenth.py", "small", "f32", exercises)
    for name, (build, exercises) in _BUILDS.items()
]
