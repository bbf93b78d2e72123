"""Tensor-core contractions: which kernels, which tiles, and each lane's fragments.

A kernel whose contractions are named `linalg.matmul` or
`linalg.batch_matmul` ops with f16 x f16 (or bf16 x bf16) inputs, an f32
accumulator initialised by a fill, and M, N, K multiples of 16, 8, 16, is
computed with `mma.sync.aligned.m16n8k16.row.col.f32.<t>.<t>.f32`: one warp
per 16 x N_b slice of the block's output, 4 lanes across and 8 down. The
matmul's maps may read A as K x M or B as N x K (`operand_layout`); several
contractions of one element type and loop shape (sibling roots, or nested
under one epilogue) each get their lane tile.

The thread tiling stays a plain linalg tiling: every lane owns a contiguous
2 x (N_b / 4) tile of the output, so the epilogue (bias, GELU, casts) is
fused per lane, in registers, before the only store; only the lane's matmul
(2 x N_b/4 x K, on its own A rows and B columns) is replaced by mma.sync
after GPU mapping (`mma_rewrite.py`). That works because the mma's rows and
columns may be permuted freely, as long as A, B and C agree: fragment row r
of the warp's 16 rows is output row 2 * (r % 8) + r // 8, and fragment column
c of mma tile j is output column (N_b / 4) * (c // 2) + 2j + c % 2. Then lane
(g, t) = (lane / 4, lane % 4), which holds C rows g, g + 8 and columns 2t,
2t + 1 of each mma tile, holds exactly output rows 2g, 2g + 1 and columns
(N_b / 4) * t + 2j + {0, 1}: its own tile. Its A fragment lies in its own A
rows; its B fragment is column (N_b / 4) * (g // 2) + 2j + g % 2, read from
the block's B (other lanes' columns). `fragment_*` below say which element
each lane reads; tests check them against the PTX layout.

On the CPU (`mlirfuse verify --schedule gpu`, `cpu_check`) the kernel runs at
the tiled-linalg level, before the mma rewrite (the CPU has no mma.sync).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from mlir import ir

from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import OpShape, is_contraction

T = TypeVar("T")

MMA_M, MMA_N, MMA_K = 16, 8, 16
ELEMENTS = ("f16", "bf16")
LANE_ROWS = 2  # output rows per lane (fragment rows g and g + 8)
BLOCK_M = 64  # at most 4 warps per block
BLOCK_N = 32  # at most 4 mma tiles per warp (lane tile 2 x 8)


@dataclass(frozen=True)
class MmaTiles:
    element: str
    block: list[int]
    thread: list[int]


def _multiple_divisor(n: int, unit: int, limit: int) -> int:
    """The largest multiple of `unit` that divides `n`, at most `limit` (0: none)."""
    return max((d for d in range(unit, min(n, limit) + 1, unit) if n % d == 0), default=0)


def mma_element(op: ir.Operation) -> str | None:
    """f16 / bf16 when `op` is a named matmul the tensor cores compute."""
    if op.name not in ("linalg.matmul", "linalg.batch_matmul") or len(op.operands) != 3:
        return None
    if operand_layout(op) is None:
        return None  # broadcast or other maps: not a row/col layout
    types = [str(ir.ShapedType(v.type).element_type) for v in op.operands]
    if types[0] != types[1] or types[0] not in ELEMENTS or types[2] != "f32":
        return None
    init = defining_op(op.operands[2])
    return types[0] if init is not None and init.name == "linalg.fill" else None


# Each operand's map results (batch dims first): A (m, k), B (k, n), C (m, n),
# and the transposed A (k, m) and B (n, k) a named matmul may carry.
_MAPS = {
    "linalg.matmul": (["(d0, d2)", "(d2, d0)"], ["(d2, d1)", "(d1, d2)"], "(d0, d1)"),
    "linalg.batch_matmul": (
        ["(d0, d1, d3)", "(d0, d3, d1)"],
        ["(d0, d3, d2)", "(d0, d2, d3)"],
        "(d0, d1, d2)",
    ),
}


def operand_layout(op: ir.Operation) -> tuple[bool, bool] | None:
    """(A transposed, B transposed) of a named matmul, from its indexing maps
    (none: the default layout); None for any other maps."""
    if "indexing_maps" not in op.attributes:
        return False, False
    maps = [
        str(m).partition("->")[2].strip().removesuffix(">")
        for m in ir.ArrayAttr(op.attributes["indexing_maps"])
    ]
    a_maps, b_maps, c_map = _MAPS[op.name]
    if len(maps) != 3 or maps[0] not in a_maps or maps[1] not in b_maps or maps[2] != c_map:
        return None
    return maps[0] == a_maps[1], maps[1] == b_maps[1]


def fits(m: int, n: int, k: int) -> bool:
    """M, N, K are whole m16n8k16 tiles."""
    return m % MMA_M == 0 and n % MMA_N == 0 and k % MMA_K == 0


def mma_tiles(kernel: Kernel, shapes: dict[int, OpShape], root_index: int) -> MmaTiles | None:
    """Block and lane tiles of the root when the kernel takes tensor cores.

    Every contraction of the kernel must be one the tensor cores compute,
    all of one element type and loop shape (sibling projections, SwiGLU's
    gate and up projections), and every root's loops must be theirs (up to
    unit dims): then each lane's tile holds its piece of every contraction."""
    contractions = [
        i
        for i, op in enumerate(kernel.ops)
        if op.name in ("linalg.matmul", "linalg.batch_matmul") or is_contraction(op)
    ]
    elements = {mma_element(kernel.ops[i]) for i in contractions}
    loops = {tuple(shapes[i].extents) for i in contractions}
    if not contractions or len(elements) != 1 or len(loops) != 1:
        return None
    (element,) = elements
    shape = shapes[contractions[0]]
    parallel = [e for e, red in zip(shape.extents, shape.reduction, strict=True) if not red]
    wide = [e for e in parallel if e != 1]
    for root_op in kernel.roots:
        root = shapes[kernel.ops.index(root_op)]
        if any(root.reduction) or [e for e in root.extents if e != 1] != wide:
            return None  # the roots' loops are the contractions' (up to unit dims)
        if root.extents[-2:] != parallel[-2:]:
            return None
    if element is None:
        return None
    m, n, k = parallel[-2], parallel[-1], shape.extents[-1]
    block_m = _multiple_divisor(m, MMA_M, BLOCK_M)
    block_n = _multiple_divisor(n, MMA_N, BLOCK_N)
    if not block_m or not block_n or k % MMA_K:
        return None
    rank = len(shapes[root_index].extents)
    block = [1] * (rank - 2) + [block_m, block_n]
    thread = [1] * (rank - 2) + [LANE_ROWS, block_n // 4]
    return MmaTiles(element, block, thread)


def lane_cols(thread: list[int]) -> int:
    return thread[-1]


# -- fragments: (row, col) of each register's two elements, per lane ------------------


def fragment_a(t: int, i: int, kk: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A registers 0..3 of mma tile row i, K step kk, in the lane's own A rows
    (local row, k): fragment rows g, g + 8 are local rows 2i, 2i + 1."""
    k0 = kk * MMA_K + 2 * t
    rows = (2 * i, 2 * i + 1, 2 * i, 2 * i + 1)
    cols = (k0, k0, k0 + 8, k0 + 8)
    return [((r, c), (r, c + 1)) for r, c in zip(rows, cols, strict=True)]


def fragment_b_col(g: int, t: int, j: int, cols: int) -> int:
    """The B column lane (g, t) reads for mma tile j, relative to its own first
    column (`cols` = the lane tile's width, N_b / 4)."""
    return cols * (g // 2) + 2 * j + g % 2 - cols * t


def fragment_b_rows(t: int, kk: int) -> list[tuple[int, int]]:
    """K rows of B registers 0 and 1 (two elements each)."""
    k0 = kk * MMA_K + 2 * t
    return [(k0, k0 + 1), (k0 + 8, k0 + 9)]


def stored(row: T, col: T, transposed: bool) -> tuple[T, T]:
    """Where an operand's element (row, col) lies in its memory: at (col, row)
    when the operand is stored transposed (A as K x M, B as N x K)."""
    return (col, row) if transposed else (row, col)


def fragment_c(i: int, j: int) -> list[tuple[int, int]]:
    """C elements c0..c3 of mma tile (i, j), in the lane's own output tile."""
    return [(2 * i, 2 * j), (2 * i, 2 * j + 1), (2 * i + 1, 2 * j), (2 * i + 1, 2 * j + 1)]
