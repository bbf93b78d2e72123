"""The schedule of one kernel as data: what the transform script does to it.

`Schedule` is built by `schedule.py` (per kind), `schedule_fallback.py` and
`schedule_parts.py`, and read by the scripts (`script*.py`), the shared
memory placement and the launch summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mlirfuse.analysis.kernel_memory import MAX_BLOCK_THREADS
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import OpShape

MAX_THREADS = MAX_BLOCK_THREADS
MAX_GRID_YZ = 65535


@dataclass
class Schedule:
    """What the transform script does to one kernel."""

    kernel_id: int
    kind: str
    root_index: int
    block_tiles: list[int]  # per loop of the root; 0 = not tiled
    thread_tiles: list[int]  # per loop of the root, inside the block tile
    fused_ops: list[int]  # op indices fused into the root's thread loop, consumer-first
    staged_ops: list[int] = field(default_factory=list)  # own thread loop each
    op_shapes: dict[int, OpShape] = field(default_factory=dict)
    block_dims: tuple[int, int, int] = (1, 1, 1)
    row_threads: int = 0
    sibling_roots: list[int] = field(default_factory=list)  # other roots, tiled alike
    vectorize: bool = False  # thread tiles become 1-D vector ops (elementwise kind)
    contraction: int | None = None  # contraction kind: the matmul's op index ...
    contraction_init: int | None = None  # ... and its fill's (both vectorized)
    mma: str | None = None  # tensor cores (mma.sync) for this element type (`mma.py`)
    linear: bool = False  # blocks and threads mapped linearly (any number of loops)
    warp_ops: list[int] = field(default_factory=list)  # row: reductions combined by shuffles
    vector_ops: list[int] = field(default_factory=list)  # row: 4-wide thread tiles, vectorized
    # (operand, op index): casts computing the contraction's A/B (script_prologue)
    prologues: list[tuple[int, int]] = field(default_factory=list)
    local_extents: dict[int, list[int]] = field(default_factory=dict)  # reduce: in-block loops
    parts: list[Schedule] = field(default_factory=list)  # partitioned: each root's (schedule_parts)
    staging: bool = True  # contraction: may stage A/B in shared memory (script_matmul)

    @property
    def block_ops(self) -> list[int]:
        """Every op but the roots, consumer-first: all are fused into the
        block loop (sibling roots are tiled with the root and their loops
        fused, `script._tile_roots`)."""
        roots = {self.root_index, *self.sibling_roots}
        return sorted((set(self.fused_ops) | set(self.staged_ops)) - roots, reverse=True)


def kernel_indices(kernel: Kernel) -> tuple[int, list[int], list[int]]:
    """Root index, sibling root indices, and every other op (consumer-first)."""
    assert kernel.root is not None
    root_index = kernel.ops.index(kernel.root)
    siblings = [kernel.ops.index(r) for r in kernel.roots if r != kernel.root]
    others = [i for i in reversed(range(len(kernel.ops))) if i != root_index and i not in siblings]
    return root_index, siblings, others
