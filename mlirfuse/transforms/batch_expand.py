"""A head-split `linalg.batch_matmul` as a contraction over the expanded batch loops.

`bmm(collapse(Q), collapse(K))` with Q, K of shape B x H x S x D, collapsed
to (B*H) x S x D, becomes a `linalg.generic` with loops (b, h, m, n, k) that
reads Q and K uncollapsed; its result, B x H x M x N, is collapsed back for
the batch matmul's users, and an `expand_shape` of it to B x H x M x N is
the generic's result itself. Then the copies that make Q, K and the output
(head transposes) are folded into the generic's maps
(`head_layout.fold_copy_into_readers`, `fold_transpose_into_producer`).

An operand that is a batch transpose (`[0, 2, 1]`) of such a collapse (a
training step's backward: `P^T . dO`, `dS . K` read as `K^T^T`) is read
uncollapsed too, through the map with its last two dims swapped, so the
transpose is no copy kernel between the collapse and the contraction.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.head_layout import copy_source
from mlirfuse.transforms.ir_access import producer_of, reassociation_groups, users_of
from mlirfuse.transforms.ir_utils import multiply_accumulate
from mlirfuse.transforms.size_values import Dims, SizeValues, dims_of

_DEFAULT_MAPS = [
    "(d0, d1, d2, d3) -> (d0, d1, d3)",
    "(d0, d1, d2, d3) -> (d0, d3, d2)",
    "(d0, d1, d2, d3) -> (d0, d1, d2)",
]


def _maps(op: ir.Operation) -> list[str]:
    return [str(ir.AffineMapAttr(a).value) for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _batch_collapse(value: ir.Value) -> ir.Operation | None:
    """The collapse_shape making `value` (batch x rows x cols) from a tensor
    whose leading dims are the batch: reassociation [[0..r-1], [r], [r+1]]."""
    op = producer_of(value)
    if op is None or op.name != "tensor.collapse_shape":
        return None
    groups = reassociation_groups(op)
    if len(groups) != 3 or len(groups[1]) != 1 or len(groups[2]) != 1:
        return None
    return op


def _batch_expand(value: ir.Value) -> ir.Operation | None:
    """The only user of `value` when it is the inverse expand_shape of the above."""
    users = users_of(value)
    if len(users) != 1 or users[0].name != "tensor.expand_shape":
        return None
    groups = reassociation_groups(users[0])
    if len(groups) != 3 or len(groups[1]) != 1 or len(groups[2]) != 1:
        return None
    return users[0]


def _is_copy(value: ir.Value) -> bool:
    op = producer_of(value)
    return op is not None and copy_source(op) is not None


def _batch_dims(bmm: ir.Operation, evaluate: SizeEvaluator) -> Dims | None:
    """The expanded batch of `bmm` when a copy sits behind a collapsed operand
    or in front of the expanded result (else None: nothing to fold); a dynamic
    batch dim is a proven size (`analysis/symbolic.py`)."""
    expand = _batch_expand(bmm.results[0])
    if expand is not None:
        users = users_of(expand.results[0])
        if len(users) == 1 and users[0].name == "linalg.transpose":
            dims = dims_of(expand.results[0], evaluate)
            return None if dims is None else dims[:-2]
    for value, swapped in (_read(v) for v in bmm.operands[:2]):
        collapse = _batch_collapse(value)
        if collapse is not None and (swapped or _is_copy(collapse.operands[0])):
            dims = dims_of(collapse.operands[0], evaluate)
            return None if dims is None else dims[:-2]
    return None


def _eligible(bmm: ir.Operation) -> bool:
    if bmm.name != "linalg.batch_matmul" or _maps(bmm) != _DEFAULT_MAPS:
        return False
    if not all(isinstance(v.type, ir.RankedTensorType) for v in bmm.operands):
        return False  # a memref batch_matmul (bufferized input) stays as it is
    types = [ir.RankedTensorType(v.type) for v in bmm.operands]
    elements = [str(t.element_type) for t in types]
    if elements == ["f32"] * 3:
        return True
    if elements[0] != elements[1] or elements[0] not in _NARROW or elements[2] != "f32":
        return False
    return not _tensor_core_tiles(types[0].shape, types[1].shape)


# The tensor cores' tile (`gpu/mma.py`: mma.sync m16n8k16) and the 16-bit
# operand types they take: a 16-bit batch matmul whose M, N, K are whole tiles
# stays a named op for them; one that is not (a ViT's 17 tokens) gains
# nothing from its name, and expanded, its head-split copies fold away.
_MMA_TILE = (16, 8, 16)
_NARROW = ("f16", "bf16")


def _tensor_core_tiles(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether (batch, M, K) x (batch, K, N) are whole tensor-core tiles
    (a dynamic size counts as one: the tensor cores may take it)."""
    m, k, n = a[-2], a[-1], b[-1]
    dims = (m, n, k)
    return any(ir.ShapedType.is_dynamic_size(d) for d in dims) or all(
        d % t == 0 for d, t in zip(dims, _MMA_TILE, strict=True)
    )


def _batch_transpose(value: ir.Value) -> ir.Operation | None:
    """The `[0, 2, 1]` transpose making `value` from a batch collapse."""
    op = producer_of(value)
    if op is None or op.name != "linalg.transpose":
        return None
    perm = list(ir.DenseI64ArrayAttr(op.attributes["permutation"]))
    if perm != [0, 2, 1] or _batch_collapse(op.operands[0]) is None:
        return None
    return op


def _read(value: ir.Value) -> tuple[ir.Value, bool]:
    """The value the expanded contraction reads for operand `value`, and
    whether it reads it with its last two dims swapped (a batch transpose
    of a collapse, read through its map instead)."""
    transpose = _batch_transpose(value)
    return (value, False) if transpose is None else (transpose.operands[0], True)


def _source(value: ir.Value) -> ir.Value:
    """What `value` (batch x rows x cols) is collapsed from, else itself: the
    expanded operand reshapes that, so no two reshapes follow each other."""
    collapse = _batch_collapse(value)
    return value if collapse is None else collapse.operands[0]


def _expanded_dims(value: ir.Value, batch: Dims, evaluate: SizeEvaluator) -> Dims | None:
    dims = dims_of(value, evaluate)
    return None if dims is None else [*batch, *dims[1:]]


def _init(value: ir.Value, dims: Dims, sizes: SizeValues) -> ir.Value | None:
    producer = producer_of(value)
    element = ir.RankedTensorType(value.type).element_type
    if producer is not None and producer.name == "linalg.fill":
        empty = sizes.empty(dims, element)
        return None if empty is None else linalg.fill(producer.operands[0], outs=[empty])
    return sizes.reshaped(_source(value), dims)


def _can_build(
    bmm: ir.Operation, reads: list[ir.Value], sizes: SizeValues, dims: tuple[Dims, Dims, Dims]
) -> bool:
    """Whether `reshaped` and `_init` build every operand (checked first)."""
    a_dims, b_dims, c_dims = dims
    init = bmm.operands[2]
    producer = producer_of(init)
    init_ok = (
        sizes.buildable([c_dims])
        if producer is not None and producer.name == "linalg.fill"
        else sizes.can_reshape(_source(init), c_dims)
    )
    return (
        init_ok
        and sizes.can_reshape(_source(reads[0]), a_dims)
        and sizes.can_reshape(_source(reads[1]), b_dims)
    )


def _contraction(
    a: ir.Value, b: ir.Value, c: ir.Value, r: int, swapped: tuple[bool, bool]
) -> ir.Operation:
    """`c += a . b` over (batch, m, n, k); a swapped operand is read as
    (batch, k, m) or (batch, n, k)."""
    loops = r + 3
    d = [ir.AffineDimExpr.get(i) for i in range(loops)]
    batch, m, n, k = d[:r], d[r], d[r + 1], d[r + 2]
    maps = [
        ir.AffineMap.get(loops, 0, [*batch, *((k, m) if swapped[0] else (m, k))]),
        ir.AffineMap.get(loops, 0, [*batch, *((n, k) if swapped[1] else (k, n))]),
        ir.AffineMap.get(loops, 0, [*batch, m, n]),
    ]
    return multiply_accumulate([a, b], c, maps, [False] * (r + 2) + [True])


def expands(bmm: ir.Operation) -> bool:
    """Whether `expand_batch_matmul` takes `bmm`: a head split with a copy to fold."""
    if not _eligible(bmm):
        return False
    batch = _batch_dims(bmm, SizeValues(bmm.block, before=bmm).evaluate)
    return batch is not None and len(batch) >= 2


def expand_batch_matmul(bmm: ir.Operation) -> bool:
    """Rewrite `bmm` as the expanded contraction when a copy is to be folded."""
    if not _eligible(bmm):
        return False
    sizes = SizeValues(bmm.block, before=bmm)
    batch = _batch_dims(bmm, sizes.evaluate)
    if batch is None or len(batch) < 2:
        return False
    reads = [_read(v) for v in bmm.operands[:2]]
    values = [reads[0][0], reads[1][0], bmm.operands[2]]
    shapes = [_expanded_dims(v, batch, sizes.evaluate) for v in values]
    sources = [_source(v) for v in values]
    if any(dims is None for dims in shapes) or not sizes.buildable([d for d in shapes if d]):
        return False  # checked before anything is built
    if any(dims_of(v, sizes.evaluate) is None for v in sources):
        return False
    a_dims, b_dims, c_dims = (d or [] for d in shapes)
    if not _can_build(bmm, values[:2], sizes, (a_dims, b_dims, c_dims)):
        return False  # a proven size with no value to build it from
    r = len(batch)
    with ir.InsertionPoint(bmm), bmm.location:
        a = sizes.reshaped(sources[0], a_dims)
        b = sizes.reshaped(sources[1], b_dims)
        c = _init(bmm.operands[2], c_dims, sizes)
        assert a is not None and b is not None and c is not None  # buildable above
        new = _contraction(a, b, c, r, (reads[0][1], reads[1][1]))
        groups = [list(range(r)), [r], [r + 1]]
        back = tensor.CollapseShapeOp(bmm.results[0].type, new.results[0], groups).result
    expand = _batch_expand(bmm.results[0])
    with Rewrite("batch matmul over its expanded batch loops", bmm) as rw:
        if expand is not None and expand.results[0].type == new.results[0].type:
            rw.replace_uses(expand.results[0], new.results[0])
            rw.erase(expand)
        rw.replace_op(bmm, [back])
        for value in [*bmm.operands, *values[:2]]:
            rw.erase_if_dead(value)
            collapse = _batch_collapse(value)
            if collapse is not None:
                rw.erase_if_unused(collapse)
            if _batch_transpose(value) is not None:
                rw.erase_if_unused(value.owner)
        rw.erase_if_unused(back.owner)
    return True
