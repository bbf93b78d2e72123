"""Written-out blocks of bench/unseen_models_twenty_fourth.py: GLM-4V's
position-table adaptation (`BicubicPositions`: a learned square table of
position embeddings sampled at each patch's normalised centre by bicubic
F.grid_sample with border padding, as Glm4vVisionEmbeddings does for
images of any grid, then a pre-norm encoder layer over the patches) and
AlphaFold-2's pair stack (`TrianglePair`: triangle multiplicative updates,
outgoing and incoming, and triangle self-attention around the starting
node with a bias from the pair itself, gated, on a padded residue mask).
Imported only by the zoo venv.
"""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F
from unseen_common import Built, perturb


class BicubicPositions(nn.Module):
    """Patch embeddings of a `rows`×`cols` image plus positions sampled from
    a `table`×`table` learned grid (bicubic, border padding, align_corners
    False: the centre of patch (h, w) at ((w + ½)/cols, (h + ½)/rows) in
    [-1, 1]), then one transformer encoder layer."""

    def __init__(self, dim: int, table: int, rows: int, cols: int) -> None:
        super().__init__()
        self.table = nn.Parameter(torch.randn(table * table, dim))
        self.rows, self.cols, self.side = rows, cols, table
        self.patch = nn.Linear(3 * 8 * 8, dim)
        self.layer = nn.TransformerEncoderLayer(
            dim, 4, 2 * dim, dropout=0.0, batch_first=True, norm_first=True
        )

    def forward(self, patches: torch.Tensor) -> torch.Tensor:
        h = torch.arange(self.rows, dtype=torch.float32)[:, None].expand(self.rows, self.cols)
        w = torch.arange(self.cols, dtype=torch.float32)[None, :].expand(self.rows, self.cols)
        grid = torch.stack(
            [((w + 0.5) / self.cols) * 2 - 1, ((h + 0.5) / self.rows) * 2 - 1], dim=-1
        ).reshape(1, -1, 1, 2)
        table = self.table.view(self.side, self.side, -1).permute(2, 0, 1)[None]
        sampled = F.grid_sample(
            table, grid, mode="bicubic", padding_mode="border", align_corners=False
        )
        positions = sampled[0, :, :, 0].transpose(0, 1)  # [rows*cols, dim]
        return self.layer(self.patch(patches) + positions)


class TriangleMultiply(nn.Module):
    """z_ij += g_ij ⊙ Linear(LN(Σ_k a_ik ⊙ b_jk)) (outgoing) or
    Σ_k a_ki ⊙ b_kj (incoming); a and b gated, masked projections."""

    def __init__(self, dim: int, hidden: int, outgoing: bool) -> None:
        super().__init__()
        self.outgoing = outgoing
        self.norm_in, self.norm_out = nn.LayerNorm(dim), nn.LayerNorm(hidden)
        self.a, self.a_gate = nn.Linear(dim, hidden), nn.Linear(dim, hidden)
        self.b, self.b_gate = nn.Linear(dim, hidden), nn.Linear(dim, hidden)
        self.gate, self.out = nn.Linear(dim, dim), nn.Linear(hidden, dim)

    def forward(self, z: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = self.norm_in(z)
        keep = mask[..., None]
        a = keep * torch.sigmoid(self.a_gate(x)) * self.a(x)
        b = keep * torch.sigmoid(self.b_gate(x)) * self.b(x)
        if self.outgoing:
            update = torch.einsum("bikc,bjkc->bijc", a, b)
        else:
            update = torch.einsum("bkic,bkjc->bijc", a, b)
        return torch.sigmoid(self.gate(x)) * self.out(self.norm_out(update))


class TriangleAttention(nn.Module):
    """Row-wise attention of the pair: for each i, queries z_ij attend over
    keys z_ik with a per-head bias b_jk = Linear(z_jk), padded k masked by
    -1e9, output gated by sigmoid."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.bias = nn.Linear(dim, heads, bias=False)
        self.gate, self.out = nn.Linear(dim, dim), nn.Linear(dim, dim)

    def forward(self, z: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        batch, n, _, dim = z.shape
        x = self.norm(z)
        q, k, v = self.qkv(x).view(batch, n, n, 3, self.heads, self.head_dim).unbind(3)
        logits = torch.einsum("bijhd,bikhd->bihjk", q, k) / self.head_dim**0.5
        logits = logits + self.bias(x).permute(0, 3, 1, 2)[:, None]  # [B, 1, H, j, k]
        logits = logits + (1.0 - mask[:, :, None, None, :]) * -1e9
        attended = torch.einsum("bihjk,bikhd->bijhd", logits.softmax(dim=-1), v)
        gated = torch.sigmoid(self.gate(x)) * attended.reshape(batch, n, n, dim)
        return self.out(gated)


class TrianglePair(nn.Module):
    """One pair-stack block: outgoing and incoming triangle multiplication,
    triangle attention around the starting node, a transition MLP."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.outgoing = TriangleMultiply(dim, dim, outgoing=True)
        self.incoming = TriangleMultiply(dim, dim, outgoing=False)
        self.attention = TriangleAttention(dim, heads)
        self.transition = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.ReLU(), nn.Linear(4 * dim, dim)
        )

    def forward(self, z: torch.Tensor, residues: torch.Tensor) -> torch.Tensor:
        mask = residues[:, :, None] * residues[:, None, :]  # [B, N, N]
        z = z + self.outgoing(z, mask)
        z = z + self.incoming(z, mask)
        z = z + self.attention(z, mask)
        return z + self.transition(z)


def built_triangle_pair() -> Built:
    residues = torch.ones(2, 12)
    residues[-1, 9:] = 0.0
    return perturb(TrianglePair(32, 4)), (torch.randn(2, 12, 12, 32), residues)


def built_bicubic_positions() -> Built:
    model = perturb(BicubicPositions(64, 4, 6, 5))
    return model, (torch.randn(2, 30, 3 * 8 * 8),)
