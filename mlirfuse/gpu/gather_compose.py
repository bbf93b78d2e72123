"""Chains of gathers between kernels, composed into one gather kernel.

A static `tensor.concat` becomes a gather (`concat_kernel.concat_to_generic`:
a generic with no inputs whose body computes indices and reads its sources
with `tensor.extract`). torch's `roll` is two slices and a concat, so Swin's
cyclic shift over H and W is two gathers, and the window partition after it a
`linalg.transpose` of their result: three kernels, each reading and writing
the whole activation, none of which computes anything. Here a gather `G`
that reads (through static views: slices, casts, reshapes) the result of
another gather `H` read by nothing else becomes one gather: each read of `H`
at a point is replaced by `H`'s body evaluated there (the view's index
arithmetic, then `H`'s own `linalg.index` values replaced by those indices),
so `G` reads `H`'s sources directly and `H` goes. `G` may be any generic
reading by `tensor.extract` (a deformable attention's sampling, which has
index inputs too). A transpose whose input is such a gather, or whose result
only one generic's extracts read, is first written as a gather itself
(`out[i] = in[i∘perm⁻¹]`): RT-DETR-v2's per-level value, transposed by a copy
kernel for the sampling to gather from, is then read where it lies.

`before_fusion` runs this after the concats become gathers, so the plan, the
fused IR and the launched kernels agree (one kernel where there were three).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import is_static_tensor, users_of
from mlirfuse.transforms.ir_utils import remap_operands
from mlirfuse.transforms.view_coords import through_view
from mlirfuse.vocab.options import MAX_KERNEL_TENSORS

VIEWS = ("tensor.extract_slice", "tensor.cast", "tensor.expand_shape", "tensor.collapse_shape")
# What a gather's body may compute: indices, selections and its reads.
BODY_OPS = frozenset(
    {
        "linalg.index",
        "linalg.yield",
        "tensor.extract",
        "arith.constant",
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.divui",
        "arith.remui",
        "arith.cmpi",
        "arith.select",
        "arith.andi",
        "arith.ori",
        "arith.minui",
        "arith.maxui",
    }
)


def is_gather(op: ir.Operation) -> bool:
    """A generic with no inputs, parallel loops and one static result through
    the identity whose body only computes indices and reads other tensors."""
    if op.name != "linalg.generic" or len(op.results) != 1 or len(op.operands) != 1:
        return False
    result = op.results[0]
    if not isinstance(result.type, ir.RankedTensorType) or not result.type.has_static_shape:
        return False
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    if any("parallel" not in i for i in iterators):
        return False
    maps = ir.ArrayAttr(op.attributes["indexing_maps"])
    rank = ir.RankedTensorType(result.type).rank
    if ir.AffineMapAttr(maps[0]).value != ir.AffineMap.get_identity(rank, context=op.context):
        return False
    body = op.regions[0].blocks[0]
    if list(body.arguments[0].uses):
        return False
    return all(inner.operation.name in BODY_OPS for inner in body.operations)


def _views_to(value: ir.Value) -> tuple[ir.Operation | None, list[ir.Operation]]:
    """The op `value` is a static view of, and the views from it (outermost first)."""
    views: list[ir.Operation] = []
    op = defining_op(value)
    while op is not None and op.name in VIEWS:
        if not is_static_view(op):
            return None, []
        views.append(op)
        op = defining_op(op.operands[0])
    return op, views


def is_static_view(op: ir.Operation) -> bool:
    """A view (`VIEWS`) of a static tensor as a static tensor; a slice has
    static offsets, unit strides and drops no dim (`through_view` maps its
    coordinates)."""
    if op.name not in VIEWS or not all(
        is_static_tensor(v) for v in (op.operands[0], op.results[0])
    ):
        return False
    return op.name != "tensor.extract_slice" or _plain_slice(op)


def _plain_slice(op: ir.Operation) -> bool:
    """Static offsets, unit strides, no dropped dims."""
    if len(op.operands) != 1:
        return False
    strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
    source, result = (ir.RankedTensorType(v.type) for v in (op.operands[0], op.results[0]))
    return all(s == 1 for s in strides) and source.rank == result.rank


def _only_read_by(value: ir.Value, reader: ir.Operation) -> bool:
    """Every use of `value`, through views, is `reader` (a transpose) or a
    read in `reader`'s body."""
    for owner in users_of(value):
        if owner.name in VIEWS:
            if not _only_read_by(owner.results[0], reader):
                return False
        elif owner == reader:
            continue
        elif owner.name != "tensor.extract" or owner.parent is None or owner.parent != reader:
            return False
    return True


def evaluate_body(gather: ir.Operation, coords: list[ir.Value]) -> ir.Value:
    """`gather`'s body evaluated at `coords` (its `linalg.index` values),
    cloned at the current insertion point; returns the value it yields."""
    mapping: dict[ir.Value, ir.Value] = {}
    for inner_view in gather.regions[0].blocks[0].operations:
        inner = inner_view.operation
        if inner.name == "linalg.yield":
            return mapping.get(inner.operands[0], inner.operands[0])
        if inner.name == "linalg.index":
            mapping[inner.results[0]] = coords[ir.IntegerAttr(inner.attributes["dim"]).value]
            continue
        clone = inner.clone(ir.InsertionPoint.current)
        remap_operands(clone, mapping)
        mapping.update(zip(inner.results, clone.results, strict=True))
    raise AssertionError("a gather's body ends with linalg.yield")


def _inline_read(read: ir.Operation, views: list[ir.Operation], source: ir.Operation) -> None:
    """Replace `read` (a `tensor.extract` through `views` of gather `source`)
    by `source`'s body evaluated at the point read."""
    with ir.InsertionPoint(read), read.location:
        coords = list(read.operands[1:])
        for view in views:
            coords = through_view(view, coords)
        value = evaluate_body(source, coords)
    with Rewrite("a gather's read of another gather replaced by its body", read) as rw:
        rw.replace_op(read, [value])


def transpose_to_gather(transpose: ir.Operation) -> ir.Operation:
    """`linalg.transpose` as a gather: out[i] reads in[j] with j[perm[d]] = i[d]."""
    perm = list(ir.DenseI64ArrayAttr(transpose.attributes["permutation"]))
    source, result = transpose.operands[0], transpose.results[0]

    def read(at: list[ir.Value]) -> ir.Value:
        coords: list[ir.Value] = [at[0]] * len(perm)
        for d, p in enumerate(perm):
            coords[p] = at[d]
        return tensor.ExtractOp(source, coords).result

    with ir.InsertionPoint(transpose), transpose.location:
        new = index_generic(ir.RankedTensorType(result.type), read)
    with Rewrite("a transpose of a gather written as a gather", transpose) as rw:
        rw.replace_op(transpose, [new.results[0]])
    return new


def _composable(
    reader: ir.Operation, value: ir.Value
) -> tuple[ir.Operation, list[ir.Operation]] | None:
    """The gather `value` is a view of, when `reader` is its only reader."""
    source, views = _views_to(value)
    if source is None or source == reader or not is_gather(source):
        return None
    return (source, views) if _only_read_by(source.results[0], reader) else None


def _read_by_one_generic(transpose: ir.Operation) -> bool:
    """A static transpose whose result only `tensor.extract`s of one generic
    read (through views): RT-DETR-v2's per-level value, transposed by a copy
    kernel only for the deformable sampling to gather from it."""
    if transpose.name != "linalg.transpose" or not is_static_tensor(transpose.results[0]):
        return False
    readers = _extract_owners(transpose.results[0])
    if readers is None or len(readers) != 1:
        return False
    (reader,) = readers
    return reader.name == "linalg.generic" and _only_read_by(transpose.results[0], reader)


def _extract_owners(value: ir.Value) -> list[ir.Operation] | None:
    """The ops whose bodies read `value` (through views) by `tensor.extract`;
    None when anything else reads it."""
    owners: list[ir.Operation] = []
    for user in users_of(value):
        if user.name in VIEWS:
            inner = _extract_owners(user.results[0])
            if inner is None:
                return None
            found = inner
        elif user.name == "tensor.extract" and user.parent is not None:
            found = [user.parent.operation]
        else:
            return None
        owners += [o for o in found if not any(o == k for k in owners)]
    return owners


def extract_reads(value: ir.Value) -> list[tuple[ir.Operation, list[ir.Operation]]] | None:
    """Each `tensor.extract` reading `value` through static views, with those
    views (the one it reads first); None when anything else reads it."""
    reads: list[tuple[ir.Operation, list[ir.Operation]]] = []
    for user in users_of(value):
        if user.name == "tensor.extract":
            reads.append((user, []))
            continue
        inner = extract_reads(user.results[0]) if is_static_view(user) else None
        if inner is None:
            return None
        reads += [(read, [*views, user]) for read, views in inner]
    return reads


def _next_step(func: ir.Operation) -> tuple[ir.Operation, ir.Operation, list[ir.Operation]] | None:
    """A generic's read of a gather, or a transpose of a gather or read only
    by a generic's extracts, to compose."""
    block = func.regions[0].blocks[0]
    for op_view in block.operations:
        op = op_view.operation
        if op.name == "linalg.transpose" and (
            _composable(op, op.operands[0]) is not None or _read_by_one_generic(op)
        ):
            return op, op, []
        if op.name != "linalg.generic":
            continue
        for inner in op.regions[0].blocks[0].operations:
            if inner.operation.name != "tensor.extract":
                continue
            found = _composable(op, inner.operation.operands[0])
            if found is not None and _fits(op, inner.operation.operands[0], found[0]):
                return inner.operation, found[0], found[1]
    return None


def _tensors_read(op: ir.Operation) -> list[ir.Value]:
    """The tensors `op` takes: its tensor operands and those its body reads
    by `tensor.extract` from outside it, each once."""
    found: list[ir.Value] = []
    values = [v for v in op.operands if isinstance(v.type, ir.RankedTensorType)]
    values += [
        inner.operation.operands[0]
        for inner in op.regions[0].blocks[0].operations
        if inner.operation.name == "tensor.extract"
    ]
    for value in values:
        if not any(value == known for known in found):
            found.append(value)
    return found


def _fits(reader: ir.Operation, read: ir.Value, gather: ir.Operation) -> bool:
    """Whether `reader` still takes at most MAX_KERNEL_TENSORS tensors once
    its reads of `read` (a view of `gather`) read `gather`'s sources."""
    kept = [v for v in _tensors_read(reader) if v != read]
    added = [v for v in _tensors_read(gather) if not any(v == k for k in kept)]
    return len(kept) + len(added) <= MAX_KERNEL_TENSORS


def compose_gathers(func: ir.Operation) -> int:
    """Compose every chain of gathers (and transposes of gathers) of `func`'s
    body; returns how many reads were composed."""
    composed = 0
    while (step := _next_step(func)) is not None:
        read, source, views = step
        if read.name == "linalg.transpose":
            transpose_to_gather(read)
            continue
        _inline_read(read, views, source)
        composed += 1
        if _dead_views(source):
            _erase_dead(source)
    return composed


def _dead_views(source: ir.Operation) -> bool:
    """Whether only dead views are left reading `source`."""
    for owner in users_of(source.results[0]):
        if owner.name not in VIEWS or not _dead_views(owner):
            return False
    return True


def _erase_dead(source: ir.Operation) -> None:
    """Erase `source` and the views left reading nothing but each other."""
    with Rewrite("a gather composed into its reader goes", source) as rw:
        doomed: list[ir.Operation] = []
        todo = [source]
        while todo:
            op = todo.pop()
            doomed.append(op)
            todo += users_of(op.results[0])
        for op in doomed:
            rw.erase(op)
        rw.erase_if_dead(source.operands[0])


def cut_gathers(func: ir.Operation) -> int:
    """Each gather read only through one chain of static views -> a gather
    over the chain's last shape that reads the first gather where the views
    put each point, which `compose_gathers` then inlines. Where a slice
    keeps part of it (VITS's relative-to-absolute skew keeps 20 of 39
    columns of 20 of its 21 rows), it computes only what is read, and its
    iteration space is its reader's, so the planner can fuse it there (the
    whole gather could not: elementwise ops of different sizes). Where
    reshapes alone read it (a concat stacking on a new unit dim, then
    flattened: interleaved rotary embeddings, 4-bit weight unpacking), no
    reshape is left between it and its reader, which tile-and-fuse could
    not fuse through (`gpu-reshape-inside`). Returns how many."""
    done = 0
    while (chain := _next_cut(func)) is not None:
        _cut(*chain)
        done += 1
    return done


def _cut(gather: ir.Operation, views: list[ir.Operation]) -> None:
    """Replace the last of `views` (outermost first) of `gather` by a gather
    reading `gather` where the views put each point; the views go."""
    last = views[0].results[0]

    def read(at: list[ir.Value]) -> ir.Value:
        for view in views:
            at = through_view(view, at)
        return tensor.ExtractOp(gather.results[0], at).result

    with ir.InsertionPoint(views[0]), views[0].location:
        cut = index_generic(ir.RankedTensorType(last.type), read)
    with Rewrite("a cut of a gather becomes a gather of its own", views[0]) as rw:
        rw.replace_uses(last, cut.results[0])
        for view in views:  # outermost first: each is read by nothing now
            rw.erase(view)


def _next_cut(func: ir.Operation) -> tuple[ir.Operation, list[ir.Operation]] | None:
    """A gather and the one chain of views (outermost first) that alone reads
    it, whose last result only ops other than views read."""
    for op_view in func.regions[0].blocks[0].operations:
        op = op_view.operation
        if op.name not in VIEWS or not users_of(op.results[0]):
            continue
        if any(user.name in VIEWS for user in users_of(op.results[0])):
            continue
        source, views = _views_to(op.results[0])
        if source is None or not is_gather(source):
            continue
        readers = [source, *reversed(views)]  # each read only by the next
        if all(len(users_of(r.results[0])) == 1 for r in readers[:-1]):
            return source, views
    return None
