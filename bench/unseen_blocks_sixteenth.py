"""Written-out blocks of bench/unseen_models_sixteenth.py, each as its paper
or reference code writes it: DeepSeek's manifold-constrained hyper-connections
(`MHCBlock`: n residual streams mixed by a Sinkhorn-Knopp doubly stochastic
matrix, sigmoid pre / post maps computed from the RMSNorm'd flattened
streams, around a SwiGLU MLP) and D-FINE's fine-grained distribution
refinement head (`DFineRefineHead`: per-edge bin logits refined by a residual
MLP, a softmax integral against the non-uniform weighting function,
distance-to-box decoding, the top-k location quality estimator). Imported only
by the zoo venv.
"""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F
from transformers import DFineConfig
from transformers.models.d_fine.modeling_d_fine import (
    DFineIntegral,
    DFineLQE,
    DFineMLP,
    distance2bbox,
    weighting_function,
)
from unseen_common import Built, perturb


def sinkhorn_knopp(logits: torch.Tensor, iterations: int) -> torch.Tensor:
    """exp(logits) made doubly stochastic by alternating row and column
    normalisation (mHC's projection onto the Birkhoff polytope)."""
    matrix = torch.exp(logits - logits.amax(dim=(-2, -1), keepdim=True))
    for _ in range(iterations):
        matrix = matrix / matrix.sum(dim=-1, keepdim=True)
        matrix = matrix / matrix.sum(dim=-2, keepdim=True)
    return matrix


class MHCBlock(nn.Module):
    """x_{l+1} = H_res x_l + H_postᵀ F(H_pre x_l) over `streams` copies of the
    residual stream [B, S, n, C]: the coefficients come from the RMSNorm'd
    flattened streams (x̃ φ · α + b per token), H_pre = σ(·), H_post = 2σ(·),
    H_res = Sinkhorn-Knopp(·) over 20 iterations; F is a SwiGLU MLP behind an
    RMSNorm."""

    def __init__(self, dim: int, hidden: int, streams: int, iterations: int = 20) -> None:
        super().__init__()
        self.streams, self.iterations = streams, iterations
        width = streams * dim
        self.flat_norm = nn.RMSNorm(width, eps=1e-6)
        self.phi = nn.Linear(width, streams * (streams + 2), bias=False)
        self.alpha = nn.Parameter(torch.tensor([0.8, 0.6, 1.2]))
        self.bias = nn.Parameter(torch.randn(streams * (streams + 2)) * 0.1)
        self.norm = nn.RMSNorm(dim, eps=1e-6)
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, seq, n, dim = x.shape
        coeffs = self.phi(self.flat_norm(x.reshape(batch, seq, n * dim)))
        pre, post, res = coeffs.split([n, n, n * n], dim=-1)
        bias_pre, bias_post, bias_res = self.bias.split([n, n, n * n])
        h_pre = torch.sigmoid(self.alpha[0] * pre + bias_pre)
        h_post = 2.0 * torch.sigmoid(self.alpha[1] * post + bias_post)
        res_logits = (self.alpha[2] * res + bias_res).reshape(batch, seq, n, n)
        h_res = sinkhorn_knopp(res_logits.float(), self.iterations).to(x.dtype)
        layer_in = torch.einsum("bsn,bsnc->bsc", h_pre, x)
        normed = self.norm(layer_in)
        layer_out = self.down(F.silu(self.gate(normed)) * self.up(normed))
        mixed = torch.einsum("bsmn,bsnc->bsmc", h_res, x)
        return mixed + h_post[..., None] * layer_out[:, :, None, :]


class DFineRefineHead(nn.Module):
    """One D-FINE decoder step's box refinement: bin logits for the four edges
    (a residual MLP on the query states added to the previous layer's),
    integrated against the weighting function W(n) (softmax, then a matmul by
    W), decoded to boxes around the reference points, and the class scores
    corrected by the LQE (top-k bin probabilities and their mean through an
    MLP). Returns boxes, corrected scores and the refined logits side by side."""

    def __init__(self, config: DFineConfig, classes: int) -> None:
        super().__init__()
        bins = config.max_num_bins
        self.bbox_embed = DFineMLP(config.d_model, config.d_model, 4 * (bins + 1), 3)
        self.score_head = nn.Linear(config.d_model, classes)
        self.integral = DFineIntegral(config)
        self.lqe = DFineLQE(config)
        self.up = nn.Parameter(torch.tensor([config.up]))
        self.reg_scale = nn.Parameter(torch.tensor([config.reg_scale]))
        self.bins = bins

    def forward(
        self, queries: torch.Tensor, references: torch.Tensor, previous: torch.Tensor
    ) -> torch.Tensor:
        project = weighting_function(self.bins, self.up, self.reg_scale)
        corners = self.bbox_embed(queries) + previous
        boxes = distance2bbox(references, self.integral(corners, project), self.reg_scale)
        scores = self.lqe(self.score_head(queries), corners)
        return torch.cat([boxes, scores, corners], dim=-1)


def built_mhc() -> Built:
    """The hyper-connection block over 4 streams of [1, 16, 64], in bf16."""
    block = perturb(MHCBlock(64, 128, streams=4)).to(torch.bfloat16)
    return block, (torch.randn(1, 16, 4, 64, dtype=torch.bfloat16),)


def built_dfine_head() -> Built:
    """The refinement head on 2 x 12 queries with reference boxes in (0, 1)."""
    config = DFineConfig(d_model=64, max_num_bins=16, top_prob_values=4, lqe_hidden_dim=32)
    head = perturb(DFineRefineHead(config, classes=5))
    references = torch.cat([torch.rand(2, 12, 2), torch.rand(2, 12, 2) * 0.3 + 0.05], dim=-1)
    return head, (torch.randn(2, 12, 64), references, torch.randn(2, 12, 68))
