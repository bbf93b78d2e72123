"""Can one kernel iterate the loop nests of two ops? (docs/legality.md)

A kernel is launched over a grid of parallel iterations and may loop inside
over the rest. We accept two ops in one kernel when, after dropping size-1 dims
(they do not change the grid), one of their spaces — the parallel loops, or all
loops — is equal to, a leading prefix of, or has the same number of iterations
as one of the other's:

- equal: an elementwise epilogue over a matmul's (M, N);
- prefix: softmax's row reduction (1, 4, 128) and its elementwise ops
  (1, 4, 128, 128): one kernel tiles the rows and loops over the columns;
- same count: a reshape (1024) next to (256, 4).

Dynamic dims match only dynamic dims in the same position (assumed equal: a
verifier or shape inference has usually tied them), unless both ops' extents
are proven products of the function's dynamic sizes (`OpInfo.sizes`,
`analysis/symbolic.py`): then the same three tests run on those products, so
a matmul's (B*32, 128) and its reshape (B, 32, 128) co-iterate. A mismatch
that involves an unproven dynamic dim is reported as "dynamic-shape", not
"incompatible-space".
"""

from __future__ import annotations

from mlirfuse.analysis.symbolic import Size, product
from mlirfuse.analysis.types import Decision, OpInfo
from mlirfuse.vocab import codes

Space = tuple[int | None, ...]


def squeeze(space: Space) -> Space:
    """`space` without its size-1 dims (they do not change a kernel's grid)."""
    return tuple(d for d in space if d != 1)


def parallel_space(info: OpInfo) -> Space:
    return tuple(info.loop_ranges[i] for i in info.parallel_dims if i < len(info.loop_ranges))


def candidate_spaces(info: OpInfo) -> list[Space]:
    """The spaces a kernel could tile `info` by: parallel loops, then all loops."""
    spaces = [squeeze(parallel_space(info))]
    full = squeeze(info.loop_ranges)
    if full != spaces[0]:
        spaces.append(full)
    return spaces


def _count(space: Space) -> int | None:
    total = 1
    for d in space:
        if d is None:
            return None
        total *= d
    return total


def _match(x: Space, y: Space) -> bool:
    short, long = (x, y) if len(x) <= len(y) else (y, x)
    if long[: len(short)] == short:
        return True
    cx, cy = _count(x), _count(y)
    return cx is not None and cx == cy


def _show(space: Space) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in space) + ")"


def spaces_compatible(a: OpInfo, b: OpInfo) -> Decision:
    """Whether one kernel can cover both ops' iterations (see module doc)."""
    spaces_a, spaces_b = candidate_spaces(a), candidate_spaces(b)
    for x in spaces_a:
        for y in spaces_b:
            if _match(x, y):
                return Decision.accept(f"iteration spaces {_show(x)} and {_show(y)} co-iterate")
    dynamic = any(None in s for s in spaces_a + spaces_b)
    if dynamic and _symbolic_match(a, b):
        return Decision.accept("iteration spaces co-iterate (proven dynamic sizes)")
    code = codes.DYNAMIC_SHAPE if dynamic else codes.INCOMPATIBLE_SPACE
    what = "cannot be proven compatible" if dynamic else "have no common kernel grid"
    return Decision.refuse(
        code,
        f"op {a.id} ({a.name}) loops {_show(a.loop_ranges)} and op {b.id} ({b.name}) "
        f"loops {_show(b.loop_ranges)} {what}",
    )


SymbolicSpace = tuple[Size, ...]
_ONE = Size.const(1)


def _symbolic_spaces(info: OpInfo) -> list[SymbolicSpace]:
    sizes = info.sizes
    if not sizes or len(sizes) != len(info.loop_ranges) or None in sizes:
        return []
    proven: tuple[Size, ...] = tuple(s for s in sizes if s is not None)
    parallel = tuple(proven[i] for i in info.parallel_dims if i < len(proven))
    spaces = [tuple(d for d in parallel if d != _ONE)]
    full = tuple(d for d in proven if d != _ONE)
    if full != spaces[0]:
        spaces.append(full)
    return spaces


def _symbolic_match(a: OpInfo, b: OpInfo) -> bool:
    for x in _symbolic_spaces(a):
        for y in _symbolic_spaces(b):
            short, long = (x, y) if len(x) <= len(y) else (y, x)
            if long[: len(short)] == short or product(list(x)) == product(list(y)):
                return True
    return False
