"""A thirteenth set of models that are not in the zoo, for bench/unseen_probe.py
(`--set thirteenth`): PyTorch's own transformer layers, which every earlier
set reached only through `transformers` code. `nn.TransformerEncoderLayer`
post-norm with ReLU and a key padding mask, pre-norm with GELU and a causal
mask (`nn.Transformer.generate_square_subsequent_mask`), the same in f16;
`nn.TransformerDecoderLayer` (causal self-attention, cross-attention to a
memory); a two-layer `nn.TransformerEncoder` with a final LayerNorm;
`nn.MultiheadAttention` on its own: self-attention returning the
head-averaged attention weights too, `kdim`/`vdim` unlike `embed_dim`
(separate q/k/v projection weights), and `add_bias_kv` with `add_zero_attn`
(a learned key/value row and a zero row appended to the keys).

Every `nn.MultiheadAttention` here with q, k and v the same tensor takes
PyTorch's packed in-projection (`_in_projection_packed`: one linear to 3·E,
`unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2)`), the
5-D transpose the eleventh set's SigLIP head has with 2·E.

Imported only by the zoo venv (torch), with models/ and bench/ on sys.path.
"""

from __future__ import annotations

import torch
from torch import nn
from unseen_common import Built, perturb, small_models

_DIM, _HEADS, _FF = 64, 4, 128


class EncoderPadded(nn.Module):
    """A post-norm encoder layer fed a key padding mask built from lengths."""

    def __init__(self, lengths: list[int]) -> None:
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(_DIM, _HEADS, _FF, dropout=0.0, batch_first=True)
        self.lengths = lengths

    def forward(self, src: torch.Tensor) -> torch.Tensor:
        pad = torch.arange(src.shape[1])[None, :] >= torch.tensor(self.lengths)[:, None]
        return self.layer(src, src_key_padding_mask=pad)


class EncoderCausal(nn.Module):
    """A pre-norm GELU encoder layer with the square subsequent (causal) mask."""

    def __init__(self) -> None:
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(
            _DIM, _HEADS, _FF, dropout=0.0, activation="gelu", batch_first=True, norm_first=True
        )

    def forward(self, src: torch.Tensor) -> torch.Tensor:
        mask = nn.Transformer.generate_square_subsequent_mask(src.shape[1], dtype=src.dtype)
        return self.layer(src, src_mask=mask, is_causal=True)


class Decoder(nn.Module):
    """A decoder layer: causal self-attention, cross-attention to `memory`."""

    def __init__(self) -> None:
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(_DIM, _HEADS, _FF, dropout=0.0, batch_first=True)

    def forward(self, tgt: torch.Tensor, memory: torch.Tensor) -> torch.Tensor:
        mask = nn.Transformer.generate_square_subsequent_mask(tgt.shape[1])
        return self.layer(tgt, memory, tgt_mask=mask, tgt_is_causal=True)


class Encoder(nn.Module):
    """Two encoder layers and a final LayerNorm (`nn.TransformerEncoder`)."""

    def __init__(self) -> None:
        super().__init__()
        layer = nn.TransformerEncoderLayer(_DIM, _HEADS, _FF, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(
            layer, 2, norm=nn.LayerNorm(_DIM), enable_nested_tensor=False
        )

    def forward(self, src: torch.Tensor) -> torch.Tensor:
        return self.encoder(src)


class SelfAttentionWeights(nn.Module):
    """Self-attention returning its output and the head-averaged weights
    (concatenated: the zoo's models return one tensor)."""

    def __init__(self) -> None:
        super().__init__()
        self.attn = nn.MultiheadAttention(_DIM, _HEADS, batch_first=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out, weights = self.attn(x, x, x, need_weights=True, average_attn_weights=True)
        return torch.cat([out, weights], dim=-1)


class CrossAttentionKvDims(nn.Module):
    """Cross-attention whose keys and values have their own widths."""

    def __init__(self) -> None:
        super().__init__()
        self.attn = nn.MultiheadAttention(_DIM, _HEADS, kdim=48, vdim=32, batch_first=True)

    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        return self.attn(q, k, v, need_weights=False)[0]


class BiasKv(nn.Module):
    """Self-attention with a learned key/value row and a zero row appended."""

    def __init__(self) -> None:
        super().__init__()
        self.attn = nn.MultiheadAttention(
            _DIM, _HEADS, add_bias_kv=True, add_zero_attn=True, batch_first=True
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.attn(x, x, x, need_weights=False)[0]


def _encoder_padded() -> Built:
    return perturb(EncoderPadded([16, 11])), (torch.randn(2, 16, _DIM),)


def _encoder_causal() -> Built:
    return perturb(EncoderCausal()), (torch.randn(2, 16, _DIM),)


def _encoder_causal_f16() -> Built:
    module, (src,) = _encoder_causal()
    return module.to(torch.float16), (src.to(torch.float16),)


def _decoder() -> Built:
    return perturb(Decoder()), (torch.randn(2, 12, _DIM), torch.randn(2, 20, _DIM))


def _encoder() -> Built:
    return perturb(Encoder()), (torch.randn(2, 16, _DIM),)


def _self_attention_weights() -> Built:
    return perturb(SelfAttentionWeights()), (torch.randn(2, 16, _DIM),)


def _cross_kv_dims() -> Built:
    return perturb(CrossAttentionKvDims()), (
        torch.randn(2, 10, _DIM),
        torch.randn(2, 24, 48),
        torch.randn(2, 24, 32),
    )


def _bias_kv() -> Built:
    return perturb(BiasKv()), (torch.randn(2, 16, _DIM),)


_BUILDS = {
    "nn_encoder_layer_padded": (
        _encoder_padded,
        "post-norm ReLU TransformerEncoderLayer, packed in-proj, key padding mask",
    ),
    "nn_encoder_layer_causal": (
        _encoder_causal,
        "pre-norm GELU TransformerEncoderLayer, square subsequent mask, is_causal",
    ),
    "nn_encoder_layer_causal_f16": (_encoder_causal_f16, "the same in f16"),
    "nn_decoder_layer": (
        _decoder,
        "TransformerDecoderLayer: causal self-attention, cross-attention (q / packed kv)",
    ),
    "nn_encoder_stack": (_encoder, "TransformerEncoder of 2 layers and a final LayerNorm"),
    "nn_mha_weights": (
        _self_attention_weights,
        "MultiheadAttention returning the head-averaged attention weights too",
    ),
    "nn_mha_kv_dims": (_cross_kv_dims, "MultiheadAttention with kdim/vdim: separate projections"),
    "nn_mha_bias_kv": (_bias_kv, "MultiheadAttention add_bias_kv + add_zero_attn: concat rows"),
}


MODELS = small_models(_BUILDS, "bench/unseen_models_thirteenth.py")
