"""Refusal: a kernel of dynamic extents whose ops would need two loop nests.

A kernel with a dynamic extent is tiled as one loop nest per part of the
partitioned schedule (one part unless its roots' extents differ:
`dynamic_parts_refusal`). A part's roots must have one type and the same
dims, proven equal (`analysis/symbolic.py`): sibling loop nests of dynamic bounds fuse
only where their bounds are the same values (a rotary table of 1 x S x D
beside the key heads of 1 x 1 x S x D: "operations cannot be fused"). And a
producer inside it must be read at one extent: a dynamic rotary table of
S x D is read by the key heads' chain at S x D and, broadcast, by the query
heads' at H x S x D (multi-query attention, Gemma over a dynamic sequence),
and tile-and-fuse cannot fuse one producer into both ("operations cannot
be fused"). Static kernels are checked by the sibling-shape rules of
`lowerability.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mlir import ir

from mlirfuse.analysis.structured import dim_position, structured_view
from mlirfuse.analysis.symbolic import Size
from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.analysis.types import Decision
from mlirfuse.gpu.opshape import is_contraction, part_key
from mlirfuse.transforms.ir_access import users_of

_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice", "tensor.cast")
_ONE = Size.const(1)


def dynamic_extents_refusal(
    ops: Sequence[ir.Operation], roots: Sequence[ir.Operation], code: str
) -> Decision | None:
    """Refuse (`code`) a kernel of dynamic extents whose roots differ in
    their wide dims, or whose producer is read at two extents."""
    evaluate = SizeEvaluator()
    if not _one_space(roots, evaluate):
        return Decision.refuse(code, "joined results of different dynamic extents: one loop nest")
    for op in ops:
        readers = [r for r in _compute_readers(ops, op) if not is_contraction(r)]
        extents = {tuple(loops) for r in readers if (loops := _wide_loops(r, evaluate))}
        if len(extents) > 1:
            return Decision.refuse(
                code, f"'{op.name}' is read at different dynamic extents: one loop nest"
            )
    return None


def dynamic_parts_refusal(
    roots: Sequence[ir.Operation],
    joined: Sequence[tuple[int, int]],
    part_ops: Callable[[list[ir.Operation]], list[ir.Operation]],
    code: str,
) -> Decision | None:
    """Independent roots of dynamic extents, as the partitioned schedule
    runs them (`schedule_parts.py`): the roots of one `part_key` (static
    extents, DYNAMIC where known only at run time) are one part, which
    must be one loop nest (`dynamic_extents_refusal` on its own ops: its
    roots' dims proven equal); two roots of different keys must share no
    producer (`joined`: pairs of positions in `roots`). Grouped-query
    attention's rotary embeddings of Q (H heads) and K (Hkv heads) over a
    dynamic sequence are two parts of one launch."""
    keys = [part_key(r) for r in roots]
    if any(keys[i] != keys[j] for i, j in joined):
        return Decision.refuse(code, "joined results of different dynamic extents: one loop nest")
    for key in dict.fromkeys(keys):
        part = [r for r, k in zip(roots, keys, strict=True) if k == key]
        refusal = dynamic_extents_refusal(part_ops(part), part, code)
        if refusal is not None:
            return refusal
    return None


def _one_space(roots: Sequence[ir.Operation], evaluate: SizeEvaluator) -> bool:
    """Roots of one result type and the same proven dims: their loop nests,
    tiled alike, have bounds the sibling fusion can prove equal (of
    different ranks, "operations cannot be fused")."""
    if any(not r.results for r in roots):
        return False
    results = [r.results[0] for r in roots]
    if len({str(v.type) for v in results}) != 1:
        return False
    shapes = [evaluate.shape(v) for v in results]
    return None not in shapes[0] and all(s == shapes[0] for s in shapes[1:])


def _wide_loops(op: ir.Operation, evaluate: SizeEvaluator) -> list[Size] | None:
    """Each loop's proven extent, read off an operand that indexes it by
    that loop alone, unit loops aside (None: one unproven). A reduction
    reading a row and the elementwise op beside it have the same loops."""
    view = structured_view(op)
    if view is None:
        return None
    extents: list[Size | None] = [None] * view.maps[0].n_dims
    for operand, amap in zip(op.operands, view.maps, strict=False):
        dims = evaluate.shape(operand)
        for position, expr in enumerate(amap.results):
            loop = dim_position(expr)
            if loop is not None and position < len(dims) and extents[loop] is None:
                extents[loop] = dims[position]
    if None in extents:
        return None
    return [e for e in extents if e is not None and e != _ONE]


def _compute_readers(ops: Sequence[ir.Operation], op: ir.Operation) -> list[ir.Operation]:
    """The linalg ops of `ops` that read a result of `op`, through views."""
    found: list[ir.Operation] = []
    todo = list(op.results)
    while todo:
        for user in users_of(todo.pop()):
            if not any(user == o for o in ops):
                continue
            if user.name in _VIEWS:
                todo.extend(user.results)
            elif user.name.startswith("linalg."):
                found.append(user)
    return found
