"""Parts for a kernel of dynamic extents whose sibling loops did not merge.

Sibling roots of one shape are tiled alike and their loops merged by
upstream's `fuse_sibling`, which needs both loops' bounds to be one value.
A tiled loop reads its dynamic bound off the first operand indexing it, and
two roots reading different kernel inputs there (GPT-J's query and key
rotations over a dynamic S, each reading its own slice) are bounded by two
`tensor.dim`s of two arguments of the kernel's unit, which nothing there
proves equal: "operations cannot be fused". When tiling such a kernel fails,
`tiling.py` retries it as a partitioned kernel (`schedule_parts.py`) whose
parts are the sets of roots joined through a shared computed producer
(`joined_components`): each part keeps its own loops, merged into one block
loop after bufferization (`partition_merge.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from mlirfuse.gpu.irutil import ancestors_within
from mlirfuse.gpu.kernels import Kernel
from mlirfuse.gpu.opshape import DYNAMIC, ScheduleError, is_contraction, part_key

_MATMULS = ("linalg.matmul", "linalg.batch_matmul")


def _is_compute(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.") and op.name != "linalg.fill"


def _computed_ancestors(ops: Sequence[ir.Operation], root: ir.Operation) -> list[ir.Operation]:
    """The compute ops of `ops` that `root` reads, through any ops of `ops`."""
    return [f for f in ancestors_within(ops, root) if _is_compute(f)]


def joined_components(
    ops: Sequence[ir.Operation], roots: Sequence[ir.Operation]
) -> list[list[ir.Operation]]:
    """`roots` split into sets joined through shared computed producers
    (union-find; in root order)."""
    ancestors = [_computed_ancestors(ops, r) for r in roots]
    leader = list(range(len(roots)))

    def find(i: int) -> int:
        while leader[i] != i:
            i = leader[i]
        return i

    for i in range(len(roots)):
        for j in range(i + 1, len(roots)):
            if any(a == b for a in ancestors[i] for b in ancestors[j]):
                leader[find(j)] = find(i)
    parts: dict[int, list[ir.Operation]] = {}
    for i, root in enumerate(roots):
        parts.setdefault(find(i), []).append(root)
    return list(parts.values())


def split_parts(kernel: Kernel) -> list[list[ir.Operation]] | None:
    """The parts to retry a kernel with when its sibling loops did not
    merge: several sets of joined roots, one of a dynamic extent, and no
    contraction (whose parts would lose their staging). None otherwise."""
    ops, roots = kernel.ops, kernel.roots
    if len(roots) < 2 or any(o.name in _MATMULS or is_contraction(o) for o in ops):
        return None
    try:
        if not any(DYNAMIC in part_key(r) for r in roots):
            return None
    except ScheduleError:
        return None
    parts = joined_components(ops, roots)
    return parts if len(parts) > 1 else None
