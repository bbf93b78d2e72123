#!/usr/bin/env python3
"""Models nobody here tested, end to end: small configs of real layers that are
not in the zoo, in two sets. `first` (bench/unseen_models.py): BART, ALBERT,
MobileBERT, Falcon, Qwen2 with SDPA, BLOOM (ALiBi from cumsum, and from
arange), Phi, CLIP, Segformer, ConvNeXt-V2, EfficientNet, MobileViT,
PoolFormer, a U-Net down block. `more` (bench/unseen_models_more.py): Mistral,
GPT-NeoX, GPT-J, Gemma, DeBERTa-v2, the Wav2Vec2 feature encoder, a RegNet-Y
stage, LeViT attention, SqueezeBERT, ConvBERT, DINOv2 (SwiGLU), Swin-v2.
`third` (bench/unseen_models_third.py): BERT embeddings, an mBART decoder
layer with cross-attention, CvT, MobileViT-v2, Segformer's decode head,
Nystromformer, a Mixtral MoE block, a Mamba mixer, Wav2Vec2's positional conv,
BEiT, PVT-v2, FocalNet, a BiT bottleneck, an RWKV block, a U-Net up block.
`fourth` (bench/unseen_models_fourth.py): T5, Gemma-2 (soft-capping), Phi-3,
Qwen3, Cohere, SAM's windowed vision layer, a DETR decoder layer, Perceiver's
cross-attention, and written-out MobileNet-V3, SPPF + C2f, ShuffleNet-V2 and
Inception blocks, an LSTM tagger. `fifth` (bench/unseen_models_fifth.py):
Whisper, XLNet, MPNet, ESM, DPT's fusion stage, PatchTST, FNet, and f16 /
bf16 versions of seven models of the fourth set. `sixth`
(bench/unseen_models_sixth.py, blocks in bench/unseen_blocks_sixth.py):
Conformer's conv module, WaveNet, ESPCN, StyleGAN2's modulated conv, AdaIN,
an instance-norm residual, gMLP, MLP-Mixer, DLRM, NeRF, PointNet, linear
attention, RetNet retention, capsule routing, an FPN step, AlexNet's LRN, a
GRU, a cross-entropy head, GPT-BigCode, RoFormer. `seventh`
(bench/unseen_models_seventh.py, blocks in bench/unseen_blocks_seventh.py):
OLMo-2, StableLM, DiffLlama, GPT-OSS (sinks, gathered expert weights),
ModernBERT, SpeechT5, LayoutLM's embeddings, a Wav2Vec2-Conformer layer,
Griffin's recurrent block, CBAM, ASPP, adaptive and LP pooling, an R(2+1)D
conv3d block, a 1D U-Net, a VAE head, focal + dice losses, Soft MoE, a VQ
codebook, Sinkhorn matching, a GCN with index_add. `eighth`
(bench/unseen_models_eighth.py, blocks in bench/unseen_blocks_eighth.py):
Granite, Nemotron, Persimmon, Starcoder2, Mllama's cross-attention layer,
LFM2's short-conv layer, a Mamba-2 mixer, Funnel's encoder, Hiera's
mask-unit attention, a DAC encoder block, a ghost module, SKNet's selective
kernel, coordinate attention, involution, a TCN block, ECA, cross-attention
with a key padding mask, grouped-query attention with repeat_interleave,
RMSNorm + SwiGLU in bf16, a top-p filter. `ninth`
(bench/unseen_models_ninth.py, blocks in bench/unseen_blocks_ninth.py):
GLM-4 in bf16, DeepSeek-V3's multi-head latent attention, TimeSformer's
divided space-time layer, SwiftFormer's additive attention, LiLT's two
streams, SEW's squeezed encoder, a Wav2Vec2-BERT layer, an EnCodec residual
block in f16, Pixtral's vision encoder in bf16, UPerNet's head, a ResNeXt
block, depthwise-separable hardswish in f16, GroupNorm + Mish in f16, a
channels-first LayerNorm in bf16, PixelUnshuffle / PixelShuffle, a spatial
transformer (grid_sample), an unrolled SRU, a CRF's log partition,
Transformer-XL's relative attention, a greedy decoding head. `tenth`
(bench/unseen_models_tenth.py, blocks in bench/unseen_blocks_tenth.py):
Gemma-3 (QK-norm, sliding window), Llama-4's MoE (sigmoid router, shared
expert), Qwen2-MoE's sparse block, Switch-Transformers' capacity-limited
top-1 MLP, Informer's ProbSparse attention, VideoMAE's tubelet Conv3d,
RT-DETR's AIFI + CSP RepVGG step, GroupViT's hard grouping, Deformable-DETR's
multi-scale deformable attention, a DiT block with adaLN-Zero, a BitNet
b1.58 MLP, SuperPoint's NMS, KAN layers, an argmax one_hot head with label
smoothing. `eleventh` (bench/unseen_models_eleventh.py, wrappers in
bench/unseen_blocks_eleventh.py): MPT (f32 and f16), WavLM, CLIP's text
tower, XGLM, Qwen3-Next's gated DeltaNet, MiniMax's lightning attention,
Apertus (xIELU) in bf16, SigLIP's attention-pooling head, Reformer's LSH
layer, Autoformer's autocorrelation layer, CANINE's hashed embeddings and
downsampling, Doge (dynamic mask attention, product-key MoE), an xLSTM
mLSTM block. `twelfth` (bench/unseen_models_twelfth.py, wrappers in
bench/unseen_blocks_twelfth.py): Longformer (sliding-window chunks, global
tokens), Chameleon (per-head q/k LayerNorm), a DBRX block, OLMoE, Falcon-H1
(Mamba-2 beside attention), JetMoE (mixture of attention heads),
Speech2Text's encoder, BLIP-2's Q-Former layer, Idefics2's perceiver
resampler, PatchTSMixer, an HGNet-V2 stage, a TextNet stage, ViTDet's
windowed layer, MobileNet-V1 with TF padding, two SmolLM3 layers (RoPE, NoPE)
in bf16. `thirteenth` (bench/unseen_models_thirteenth.py): PyTorch's own
layers, `nn.TransformerEncoderLayer` (post-norm with a key padding mask,
pre-norm causal, in f32 and f16), `nn.TransformerDecoderLayer`, a two-layer
`nn.TransformerEncoder`, and `nn.MultiheadAttention` returning its averaged
weights, with kdim/vdim, and with add_bias_kv + add_zero_attn. `fourteenth`
(bench/unseen_models_fourteenth.py, wrappers in
bench/unseen_blocks_fourteenth.py): EXAONE-4 and Cohere-2 (a sliding-window
rotary layer then a global NoPE one), Arcee's ReLU² MLP (f32 and bf16),
ERNIE-4.5-MoE (bias-corrected top-2, shared expert), HunYuan-V1-MoE, Jamba's
Mamba-1 layer with a MoE, DINOv3's ViT (2D RoPE, registers, layer scale; f32
and f16), DINOv2-with-registers, BigBird's block-sparse encoder, Mimi's
transformer layer and SEANet encoder, FastSpeech2's Conformer encoder,
RT-DETR-v2's decoder layer (discrete deformable sampling). `fifteenth`
(bench/unseen_models_fifteenth.py, blocks in bench/unseen_blocks_fifteenth.py,
wrappers in bench/unseen_wrappers_fifteenth.py): a Llama decode step over a
static KV cache (seq 1, index_copy at a position, a length mask; f32 and
bf16), W8A16 (bf16) and packed W4A16 (f16) SwiGLU MLPs, a LoRA-adapted Llama
layer, Gemma-3n (AltUp, Laurel, activation sparsity), LightGlue, ViTPose's
deconvolution head, Swin2SR's pixel-shuffle upsampler, TimesFM, the Audio
Spectrogram Transformer, ProphetNet's n-gram decoder, Qwen3-MoE,
DeepSeek-V3.2's top-k indexer, nGPT, sigmoid attention, a YOLOv5 head decode,
ToMe token merging. `sixteenth` (bench/unseen_models_sixteenth.py, blocks in
bench/unseen_blocks_sixteenth.py, wrappers in
bench/unseen_wrappers_sixteenth.py): CodeGen (fused qkv shards, interleaved
partial rotary, parallel attention + MLP), GPT-Neo's local attention in f16,
PhiMoE (sparsemixer routing), GLM-4-MoE (group-limited sigmoid routing),
LongT5's transient-global encoder, PEGASUS-X's staggered block-local
encoder, ViT-MAE's random masking, YOLOS (interpolated position
embeddings), GLPN's depth decoder, OWLv2's detection heads, Moonshine's conv
stem encoder, VITS' windowed relative attention, LUKE's entity-aware
attention, X-CLIP's cross-frame layer, V-JEPA-2's 3D rotary in bf16,
Granite-Speech's blocked Conformer CTC encoder, BLT's hash n-gram
embeddings, DeepSeek's manifold-constrained hyper-connections in bf16,
D-FINE's distribution refinement head. `seventeenth`
(bench/unseen_models_seventeenth.py, blocks in
bench/unseen_blocks_seventeenth.py, wrappers in
bench/unseen_wrappers_seventeenth.py): LayoutLMv3's spatial relative
attention, Conditional DETR's decoder, EoMT's masked attention, Parakeet's
FastConformer, SAM2-video's memory attention, EfficientLoFTR's aggregated
attention, HRM-Text's weight-shared H/L cycles, Pix2Struct's vision
encoder, YOSO's LSH-expectation attention, ZAYA's compressed convolutional
attention, and written-out blocks: DyT in bf16, neighbourhood attention, a
SmoothQuant W8A8 MLP in f16, an sLSTM block, a log-mel frontend, EdgeNeXt's
SDTA. `eighteenth` (bench/unseen_models_eighteenth.py, blocks in
bench/unseen_blocks_eighteenth.py, wrappers in
bench/unseen_wrappers_eighteenth.py): AFMoE's gated attention, Zamba2's
shared attention with LoRA adapters, Gemma-4's text model in bf16 and its
audio encoder, I-BERT's integer-only mode, the Time Series Transformer,
PP-LCNet in f16, ViTMatte, and written-out blocks: the Forgetting
Transformer's attention (FoX) and Multi-Token Attention (MTA). `nineteenth`
(bench/unseen_models_nineteenth.py, blocks in
bench/unseen_blocks_nineteenth.py, wrappers in
bench/unseen_wrappers_nineteenth.py): NeoMME's exclusive self-attention,
Laguna's softplus-gated attention, T5Gemma in f16, nanochat's LM in f16,
M2M-100, EnCodec, CLIPSeg, the Decision Transformer, MGP-STR in bf16, and
written-out blocks: the Hyena operator, Mixture-of-Depths routing and Gated
Linear Attention (GLA). `twentieth` (bench/unseen_models_twentieth.py,
blocks in bench/unseen_blocks_twentieth.py, wrappers in
bench/unseen_wrappers_twentieth.py): Inkling-2's attention residuals and
dynamic short convs, Muse Spark's residual gates in bf16, Qwen4-Exp's
hashed n-gram embeddings, XCodec2's anti-aliased Snake encoder and FSQ,
MarkupLM's xpath embeddings, Moonshine-Streaming in f16, PE-Audio's masked
GroupNorm, SAM-HQ's mask decoder, DAB-DETR's anchor queries, and
written-out blocks: Native Sparse Attention (NSA), minGRU's log-space scan
and stick-breaking attention in bf16. `twenty_first`
(bench/unseen_models_twenty_first.py, blocks in
bench/unseen_blocks_twenty_first.py, wrappers in
bench/unseen_wrappers_twenty_first.py): Kimi-Linear's delta attention,
LongCat-Flash's zero-compute experts in bf16, MiMo-V2-Flash's sink logits
in f16, DeepSeek-V4's compressed sparse attention, SEW-D on padded audio,
VibeVoice's acoustic tokenizer, PP-OCRv5's text detector, Mask2Former,
DINOv3-ConvNeXt in f16, and written-out blocks: RWKV-7's time mixing,
Tensor Product Attention (TPA) and an MXFP4 MLP in bf16. `twenty_second`
(bench/unseen_models_twenty_second.py, blocks in
bench/unseen_blocks_twenty_second.py, wrappers in
bench/unseen_wrappers_twenty_second.py): Qwen2.5-VL's windowed vision tower
in bf16, SigLIP-2's NaFlex vision tower, MusicGen's decoder in f16,
Florence-2's DaViT image path, ZoeDepth, LXMERT, SmolVLM's image path
(pixel shuffle), CSM's depth decoder, and written-out blocks: Based's
Taylor linear attention, TTT-Linear, a Monarch Mixer, softpick attention,
a simulated FP8 MLP in bf16 and a YOLOv8 DFL head. `twenty_third`
(bench/unseen_models_twenty_third.py, blocks in
bench/unseen_blocks_twenty_third.py): training steps, forward + backward
(models/joint.py: the loss and every parameter's gradient) of a BERT layer,
a ViT layer in bf16, a Llama decoder layer (causal SDPA), GPT-2 as a tied
language model, a ConvNeXt layer, a ResNet basic block and a MobileNet-V2
inverted residual (BatchNorm on batch statistics), a diffusion U-Net
resblock, an LSTM tagger, a GRU, a top-2 MoE and RMSNorm + SwiGLU in f16.
`twenty_fourth` (bench/unseen_models_twenty_fourth.py): UltraBERT (banded
bidirectional attention), OpenAI's privacy filter (banded attention with
sinks, clamped-SwiGLU MoE), OLMo-Hybrid (Gated DeltaNet, negative
eigenvalues), MLCD's vision tower (axial 2D rotary), Flint (sinks, MoE with
a shared expert), Hunyuan-V3 in bf16, ViViT (tubelets), FalconMamba
(Mamba-1 with normalised B, C, Δ) and Nemotron-H (Mamba-2, latent MoE).
`twenty_fifth` (bench/unseen_models_twenty_fifth.py): Swin (shifted
windows, relative position bias, patch merging), LeViT, CvT, PVT, HuBERT,
Bamba and Granite-MoE-Hybrid (Mamba-2 beside attention), MiniCPM3
(multi-head latent attention), OLMo-3, VaultGemma, ImageGPT and BioGPT.
`twenty_sixth` (bench/unseen_models_twenty_sixth.py): GLM-MoE-DSA (top-k
sparse attention from an indexer), CPM-Ant, X-MOD (per-language adapters),
SAM-2's Hiera, xLSTM, LFM-3, Granite-MoE-SWA, CLAP's audio tower, Depth
Anything, dots.llm1, Nomic BERT and PP-LCNetV3.
`twenty_seventh` (bench/unseen_models_twenty_seventh.py): Qwen4-Exp's text
model (gated delta-net, QSA-indexed attention, hyper-connections, n-gram
per-layer embeddings), A.X K2, Youtu, ESM-C, Sapiens2, C-RADIO, UVDoc,
SLANeXt (an unrolled GRU-cell decoder), VideoPrism, Mellum, GTE and
EmbeddingGemma2.

Step 1 runs in the zoo venv (`make zoo-venv`: torch, torch-mlir), one child
per model: the model is exported as models/export.py exports the zoo (static
shapes, random weights after `torch.manual_seed(0)`, weights as arguments;
NAME.mlir and NAME.npz with PyTorch's `ref` go to --out). A model torch.export
or torch-mlir cannot export is skipped with the reason. Step 2 runs here, as
bench/dynamic_batch_probe.py does: the linalg op count as exported, then auto
kernels, CPU numerics against `ref`, idempotence, the sm_90 compile and
`verify --schedule gpu`, each model in child processes; with --iree, IREE
O3's dispatches and bytes at dispatch boundaries beside our launched kernels
and bytes (models/baseline.py's ruler, as in docs/zoo.md). Prints one line
per model and exits 1 when a stage fails.

Usage: bench/unseen_probe.py [--set first|more|...|twenty_sixth|twenty_seventh|all]
                             [--models A,B] [--out DIR] [--no-export] [--iree]
                             [--zoo-python .zoo-venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from dynamic_batch_probe import ROOT, STAGES, run_stages, summary

EXPORT_TIMEOUT_S = 900
# The modules of bench/ that hold each set's MODELS.
SETS: dict[str, tuple[str, ...]] = {
    "first": ("unseen_models",),
    "more": ("unseen_models_more",),
    "third": ("unseen_models_third",),
    "fourth": ("unseen_models_fourth",),
    "fifth": ("unseen_models_fifth",),
    "sixth": ("unseen_models_sixth",),
    "seventh": ("unseen_models_seventh",),
    "eighth": ("unseen_models_eighth",),
    "ninth": ("unseen_models_ninth",),
    "tenth": ("unseen_models_tenth",),
    "eleventh": ("unseen_models_eleventh",),
    "twelfth": ("unseen_models_twelfth",),
    "thirteenth": ("unseen_models_thirteenth",),
    "fourteenth": ("unseen_models_fourteenth",),
    "fifteenth": ("unseen_models_fifteenth",),
    "sixteenth": ("unseen_models_sixteenth",),
    "seventeenth": ("unseen_models_seventeenth",),
    "eighteenth": ("unseen_models_eighteenth",),
    "nineteenth": ("unseen_models_nineteenth",),
    "twentieth": ("unseen_models_twentieth",),
    "twenty_first": ("unseen_models_twenty_first",),
    "twenty_second": ("unseen_models_twenty_second",),
    "twenty_third": ("unseen_models_twenty_third",),
    "twenty_fourth": ("unseen_models_twenty_fourth",),
    "twenty_fifth": ("unseen_models_twenty_fifth",),
    "twenty_sixth": ("unseen_models_twenty_sixth",),
    "twenty_seventh": ("unseen_models_twenty_seventh",),
}
SETS["all"] = tuple(module for modules in list(SETS.values()) for module in modules)

# Run by the zoo venv's Python (argv: models dir, bench dir, out dir, name, modules).
EXPORT = r"""
import importlib, sys
from pathlib import Path
sys.path[:0] = sys.argv[1:3]
import export as ex

models = [m for n in sys.argv[5].split(",") for m in importlib.import_module(n).MODELS]
spec = {m.name: m for m in models}[sys.argv[4]]
for file, data in ex.export_one(spec).items():
    (Path(sys.argv[3]) / file).write_bytes(data)
"""


def model_names(zoo_python: str, modules: tuple[str, ...]) -> list[str]:
    """Every model of the bench/ `modules` (their import needs the zoo venv)."""
    code = "import importlib, sys; sys.path[:0] = sys.argv[1:3]\n"
    code += "ms = [importlib.import_module(n) for n in sys.argv[3].split(',')]\n"
    code += "print(','.join(m.name for u in ms for m in u.MODELS))"
    paths = [str(ROOT / "models"), str(ROOT / "bench")]
    done = subprocess.run(
        [zoo_python, "-c", code, *paths, ",".join(modules)],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().split(",")


def export(zoo_python: str, name: str, out: Path, modules: tuple[str, ...]) -> str | None:
    """Export one model of the bench/ `modules` to `out`; None when it worked, else why not."""
    paths = [str(ROOT / "models"), str(ROOT / "bench"), str(out)]
    command = [zoo_python, "-c", EXPORT, *paths, name, ",".join(modules)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=EXPORT_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired:
        return f"export timed out after {EXPORT_TIMEOUT_S} s"
    if done.returncode == 0:
        return None
    lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    return (lines[-1] if lines else f"exit status {done.returncode}")[:300]


# Run by the zoo venv's Python (argv: models dir, the .mlir): IREE O3's figures as JSON.
IREE = r"""
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import baseline
print(json.dumps(baseline.measure(Path(sys.argv[2]), baseline.iree_version())["O3"]))
"""


def iree_o3(zoo_python: str, source: Path) -> dict[str, object]:
    """IREE O3's dispatches and bytes at dispatch boundaries (models/baseline.py's ruler)."""
    command = [zoo_python, "-c", IREE, str(ROOT / "models"), str(source)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    except subprocess.TimeoutExpired:  # one model's baseline, not the whole probe
        return {"error": "iree-compile timed out after 900 s"}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1][:200]}
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def versus_iree(launched: object, iree: dict[str, object]) -> tuple[str, bool]:
    """Our launched kernels and bytes beside IREE O3's; whether neither is more."""
    if "error" in iree or not isinstance(launched, dict):
        return f"IREE O3: {iree.get('error', 'no launches to compare')}", True
    kernels, nbytes = launched["kernels"], launched["bytes"]
    theirs_k, theirs_b = iree["dispatches"], iree["bytes"]
    assert isinstance(theirs_k, int) and isinstance(theirs_b, int)
    ok = kernels <= theirs_k and (nbytes is None or nbytes <= theirs_b)
    verdict = "<= IREE" if ok else "MORE than IREE"
    return f"IREE O3 {theirs_k} k / {theirs_b:,} B: {verdict}", ok


def probe(source: Path, zoo_python: str | None = None) -> tuple[str, bool, bool]:
    """The model's line (linalg ops as exported, then STAGES, then IREE O3's
    figures when `zoo_python` is given), whether it passed, and whether it
    moved no more kernels and bytes than IREE O3."""
    results = run_stages(source, ("unfused", *STAGES))
    unfused = results.get("unfused", {})
    ops = unfused.get("linalg_ops", "?")
    line, ok = summary(results)
    line, beats = f"{ops} linalg ops; {line}", True
    if zoo_python is not None:
        cell, beats = versus_iree(
            results.get("sm_90", {}).get("launched"), iree_o3(zoo_python, source)
        )
        line += f"; {cell}"
    return line, ok, beats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), default="all", help="which models")
    parser.add_argument("--models", help="comma-separated names (default: all of --set)")
    parser.add_argument("--out", type=Path, help="where the exports go (default: a temporary dir)")
    parser.add_argument("--no-export", action="store_true", help="probe the files already in --out")
    parser.add_argument("--zoo-python", default=str(ROOT / ".zoo-venv" / "bin" / "python"))
    parser.add_argument(
        "--iree", action="store_true", help="also IREE O3's dispatches and bytes (the zoo venv)"
    )
    args = parser.parse_args()
    modules = SETS[args.set]
    names = args.models.split(",") if args.models else model_names(args.zoo_python, modules)
    failed = skipped = behind = 0
    with tempfile.TemporaryDirectory(prefix="mlirfuse-unseen-") as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        for name in names:
            why = None if args.no_export else export(args.zoo_python, name, out, modules)
            if why is not None:
                skipped += 1
                print(f"{name}: SKIPPED (export failed: {why})", flush=True)
                continue
            line, ok, beats = probe(out / f"{name}.mlir", args.zoo_python if args.iree else None)
            failed += not ok
            behind += not beats
            print(f"{name}: {line}", flush=True)
    probed = len(names) - skipped
    print(f"{probed - failed} of {probed} exported models pass every stage ({skipped} skipped)")
    if args.iree:
        print(f"{probed - behind} of {probed} launch no more kernels and bytes than IREE O3")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
