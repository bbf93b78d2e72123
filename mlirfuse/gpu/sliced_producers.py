"""Structured ops computed only where their results are read.

A model often computes a whole tensor and reads part of it: YOLOS's final
LayerNorm normalises every token and its heads read the 5 detection tokens
(`x[:, -5:]`), a ViT head reads the class token, a top-k sorts 17 bins and
reads 4 (the sort's pick, `tm_tensor_sort.py`). When every reader of a
generic's results is a static `extract_slice`, the generic is rebuilt over
the box of loop positions the slices cover (their union), its operands
sliced to match, and its readers read the smaller result. Generics are
visited last first, so a producer read only by a shrunk generic shrinks in
turn: the whole LayerNorm runs on the 5 rows, not only its last op.

Taken: a generic, matmul, batch matmul or transpose of static shape whose
output maps read each result dim at one loop (or at 0: a kept unit dim).
A slice of an `expand_shape` or `collapse_shape` moves above it where it can
(`sliced_views.py`): the rows a head reads travel up through the matmuls
and reshapes of the layer before it. `linalg.index` of a loop whose box
starts past 0 is shifted by the start.

Left alone, as a slice would not pay there:
- an input read at an expression of a shrunk loop other than the loop
  itself (a convolution window) where the box starts past 0: the shifted
  read would be no slice;
- a matmul whose operand another matmul reads (Q beside K and V): the back
  end computes such siblings as one kernel, which a part of one would split;
- an op whose producer is read by it alone and would not shrink in turn (a
  convolution, a matmul with siblings): cut off from that producer by the
  slice, it would be a kernel of its own instead of the producer's epilogue.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.analysis.maps import is_zero
from mlirfuse.gpu import sliced_views
from mlirfuse.gpu.opshape import is_contraction
from mlirfuse.gpu.slice_reads import (
    Part,
    SliceRead,
    as_fill,
    fresh_init,
    is_fresh,
    is_generator,
    is_whole,
    reread_at,
    slice_op,
    slice_readers,
    unread_inits,
)
from mlirfuse.mutation import erase
from mlirfuse.transforms.ir_access import producer_of, users_of

# Structured ops rebuilt with their attributes and body as they are.
_SHRINKABLE = ("linalg.generic", "linalg.matmul", "linalg.batch_matmul", "linalg.transpose")


def shrink_sliced_producers(func: ir.Operation) -> int:
    """Rebuild each generic of `func` whose results are read only through
    static slices over the part they read (module docstring), last first;
    returns how many shrank."""
    shrunk = 0
    for op_view in reversed(list(func.regions[0].blocks[0].operations)):
        op = op_view.operation
        if op.name == "tensor.expand_shape":
            shrunk += sliced_views.shrink_expand(op)
        elif op.name == "tensor.collapse_shape":
            shrunk += sliced_views.shrink_collapse(op)
        elif op.name in _SHRINKABLE:
            shrunk += _shrink(op)
    return shrunk


def _shrink(generic: ir.Operation) -> bool:
    readers = slice_readers(generic)
    if readers is None or _has_sibling_contraction(generic):
        return False
    box = _box(generic, readers)
    if box is None:
        return False
    new = _rebuilt(generic, box)
    if new is None:
        return False
    for slices in readers:
        for read in slices:
            _reread(read, new.results[_result_index(generic, read)], box, generic)
    erase(generic, "compute a generic only where slices read it")
    return True


_CONTRACTIONS = ("linalg.matmul", "linalg.batch_matmul")


def _has_sibling_contraction(op: ir.Operation) -> bool:
    """A contraction, named or generic, whose operand another one reads
    whole (Q beside K and V; ZAYA's two key projections, one read a token
    late): the back end computes such siblings as one kernel, which a part
    of one of them would split into two launches. Siblings both read only
    through slices shrink in turn, and are no such kernel either way."""
    if not _is_contraction(op):
        return False
    for operand in list(op.operands)[:2]:
        for user in users_of(operand):
            if user != op and _is_contraction(user) and slice_readers(user) is None:
                return True
    return False


def _is_contraction(op: ir.Operation) -> bool:
    return op.name in _CONTRACTIONS or is_contraction(op)


def _loop_ranges(generic: ir.Operation) -> list[int] | None:
    """Each loop's trip count, read off the output maps (each result dim one
    loop); None where an output map is no projected permutation."""
    maps = _maps(generic)
    n_in = len(generic.operands) - len(generic.results)
    ranges: list[int | None] = [None] * maps[0].n_dims
    for amap, result in zip(maps[n_in:], generic.results, strict=True):
        shape = ir.RankedTensorType(result.type).shape
        for expr, size in zip(amap.results, shape, strict=True):
            if isinstance(expr, ir.AffineDimExpr):
                ranges[expr.position] = size
            elif not is_zero(expr):
                return None
    for amap, operand in zip(maps[:n_in], list(generic.operands)[:n_in], strict=True):
        if not isinstance(operand.type, ir.RankedTensorType):
            continue
        for expr, size in zip(amap.results, operand.type.shape, strict=True):
            if isinstance(expr, ir.AffineDimExpr) and ranges[expr.position] is None:
                ranges[expr.position] = size
    return None if any(r is None for r in ranges) else [r for r in ranges if r is not None]


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    """A structured op's indexing maps, a named op's implicit ones included."""
    return [ir.AffineMapAttr(a).value for a in linalg.get_indexing_maps(op)]


def _box(generic: ir.Operation, readers: list[list[SliceRead]]) -> list[tuple[int, int]] | None:
    """Per loop, the [first, last + 1) positions some slice reads; None
    where that is every position of every loop."""
    ranges = _loop_ranges(generic)
    if ranges is None:
        return None
    n_in = len(generic.operands) - len(generic.results)
    maps = _maps(generic)[n_in:]
    spans: dict[int, tuple[int, int]] = {}
    for amap, slices in zip(maps, readers, strict=True):
        for read in slices:
            for dim, expr in enumerate(amap.results):
                if not isinstance(expr, ir.AffineDimExpr):
                    continue  # a kept unit dim (`keepdim`): read whole
                loop = expr.position
                first, end = read.span(dim)
                old = spans.get(loop, (first, end))
                spans[loop] = (min(old[0], first), max(old[1], end))
    # A result no slice reads (dead) is computed over the box too; its loops
    # not in any read result stay whole.
    box = [spans.get(loop, (0, size)) for loop, size in enumerate(ranges)]
    if all(box[loop] == (0, size) for loop, size in enumerate(ranges)):
        return None
    return box


def _rebuilt(op: ir.Operation, box: list[tuple[int, int]]) -> ir.Operation | None:
    """`op` over `box`: operands sliced to it, indices shifted; None where
    an operand cannot be sliced to it (nothing is built then)."""
    parts = _feasible_parts(op, box)
    if parts is None:
        return None
    n_in = len(op.operands) - len(op.results)
    unread = unread_inits(op)
    inits = list(zip(list(op.operands)[n_in:], parts[n_in:], strict=True))
    with ir.InsertionPoint(op), op.location:
        operands = [_sliced(v, part) for v, part in zip(op.operands[:n_in], parts, strict=False)]
        operands += [_init(v, part, unread[i]) for i, (v, part) in enumerate(inits)]
        # A named contraction keeps its name and attributes (its maps among them).
        new = ir.Operation.create(
            op.name,
            results=[v.type for v in operands[n_in:]],
            operands=operands,
            attributes={name: op.attributes[name] for name in op.attributes},
            regions=1,
        )
    _clone_body(op, new, box)
    return new


def _feasible_parts(op: ir.Operation, box: list[tuple[int, int]]) -> list[Part | None] | None:
    """The part of each operand `op` over `box` reads; None where one cannot
    be sliced, would cut a kernel in two, or is an init read in the body
    that would have to be copied."""
    parts = [_operand_part(v, m, box) for m, v in zip(_maps(op), op.operands, strict=True)]
    if any(part is None for part in parts):
        return None
    if any(_splits_kernel(v, op, p) for v, p in zip(op.operands, parts, strict=True)):
        return None
    n_in = len(op.operands) - len(op.results)
    if not all(_contiguous(v, p) for v, p in zip(op.operands[:n_in], parts, strict=False)):
        return None
    inits = zip(list(op.operands)[n_in:], parts[n_in:], unread_inits(op), strict=True)
    if not all(unread or is_fresh(v, p) for v, p, unread in inits):
        return None
    return parts


def _init(init: ir.Value, part: Part | None, unread: bool) -> ir.Value:
    """The init of the rebuilt op: a fresh empty where the body never reads
    it, else `init` cut to `part`."""
    if not unread or part is None or is_whole(init, part):
        return _sliced(init, part)
    shape = ir.RankedTensorType.get(part[1], ir.RankedTensorType(init.type).element_type)
    return tensor.empty(shape.shape, shape.element_type)


def _splits_kernel(operand: ir.Value, reader: ir.Operation, part: Part | None) -> bool:
    """Whether reading only `part` of `operand` would cut `reader` off a
    producer it fuses with, gaining nothing: `reader` is the producer's only
    reader, and the producer, a structured op, would not shrink to `part` in
    turn (a matmul computed with its siblings, a convolution, an output
    projection reading the attention kernel's result)."""
    producer = producer_of(operand)
    if part is None or producer is None or is_whole(operand, part):
        return False
    if any(user != reader for user in users_of(operand)):
        return False
    if producer.name in _VIEWS:
        if sliced_views.source_part(producer, *part) is not None:
            return False  # the slice goes above the view, to the op there
        # The slice stays below the view: it cuts the op above off.
        source = producer_of(producer.operands[0])
        alone = len(users_of(producer.operands[0])) == 1
        return source is not None and alone and _fuses_with_readers(source)
    if not _fuses_with_readers(producer):
        return False
    return not _would_shrink(producer, operand, part)


_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape")


def _fuses_with_readers(producer: ir.Operation) -> bool:
    """A structured op but a fill (computed in its reader's init)."""
    return producer.name.startswith("linalg.") and producer.name != "linalg.fill"


def _would_shrink(producer: ir.Operation, result: ir.Value, part: Part) -> bool:
    """Whether `producer`, read only at `part` of its `result`, shrinks."""
    if producer.name not in _SHRINKABLE or _has_sibling_contraction(producer):
        return False
    if any(r != result and list(r.uses) for r in producer.results):
        return False
    ranges = _loop_ranges(producer)
    if ranges is None:
        return False
    n_in = len(producer.operands) - len(producer.results)
    index = next(i for i, r in enumerate(producer.results) if r == result)
    box = [(0, n) for n in ranges]
    for expr, first, size in zip(_maps(producer)[n_in + index].results, *part, strict=True):
        if isinstance(expr, ir.AffineDimExpr):
            box[expr.position] = (first, first + size)
    return _feasible_parts(producer, box) is not None


def _contiguous(operand: ir.Value, part: Part | None) -> bool:
    """Whether the part of `operand` is one run of its memory (after its
    first dim of more than one position, whole dims), or is built anew. A
    strided part of a kernel's input is no view the back end passes: it
    was a copy looping on the host."""
    if part is None or not isinstance(operand.type, ir.RankedTensorType):
        return True
    producer = producer_of(operand)
    if producer is not None and (is_generator(producer) or producer.name == "tensor.empty"):
        return True
    shape, (_, sizes) = list(operand.type.shape), part
    first = next((d for d, size in enumerate(sizes) if size != 1), len(sizes))
    return all(sizes[d] == shape[d] for d in range(first + 1, len(sizes)))


def _operand_part(operand: ir.Value, amap: ir.AffineMap, box: list[tuple[int, int]]) -> Part | None:
    """The part of `operand` the box's loops read through `amap` (the whole
    of a scalar); None where an expression of a loop whose box starts past
    0 is more than the loop."""
    if not isinstance(operand.type, ir.RankedTensorType):
        return [], []
    shape = list(operand.type.shape)
    offsets, sizes = [0] * len(shape), list(shape)
    for dim, expr in enumerate(amap.results):
        if isinstance(expr, ir.AffineDimExpr):
            first, end = box[expr.position]
            offsets[dim], sizes[dim] = first, end - first
        elif any(first > 0 and _reads_loop(expr, loop) for loop, (first, _) in enumerate(box)):
            return None
    return offsets, sizes


def _sliced(operand: ir.Value, part: Part | None) -> ir.Value:
    """`operand` cut to `part`: itself where that is all of it, a smaller
    empty or fill where it is one, else a slice."""
    if not isinstance(operand.type, ir.RankedTensorType) or part is None:
        return operand
    if is_whole(operand, part):
        return operand
    offsets, sizes = part
    result = ir.RankedTensorType.get(sizes, operand.type.element_type)
    fresh = fresh_init(operand, result)
    if fresh is None:
        fresh = _fresh_generator(operand, part)
    if fresh is not None:
        return fresh
    return slice_op(result, operand, offsets, sizes, [1] * len(sizes))


def _fresh_generator(operand: ir.Value, part: Part) -> ir.Value | None:
    """Where `operand` is a generic that reads no tensor (an iota: a sort's
    indices), the same generic over `part` alone. A slice of it would stand
    between it and the kernel that computes it in place, as a loop on the host."""
    producer = producer_of(operand)
    if producer is None or not is_generator(producer):
        return None
    output_map = _maps(producer)[0]
    if not output_map.is_permutation:
        return None
    box = [(0, 0)] * output_map.n_dims
    for expr, first, size in zip(output_map.results, *part, strict=True):
        box[ir.AffineDimExpr(expr).position] = (first, first + size)
    smaller = _rebuilt(producer, box)
    if smaller is None:
        return None
    return as_fill(smaller) or smaller.results[0]


def _reads_loop(expr: ir.AffineExpr, loop: int) -> bool:
    """Whether `expr` changes with loop `loop`."""
    n = loop + 1
    shifted = [ir.AffineDimExpr.get(d) for d in range(n)]
    shifted[loop] = shifted[loop] + 1
    bump = ir.AffineMap.get(n, 0, shifted)
    return bool(expr.compose(bump) != expr)


def _clone_body(old: ir.Operation, new: ir.Operation, box: list[tuple[int, int]]) -> None:
    """`old`'s body into `new`, each `linalg.index` of a loop whose box
    starts past 0 plus that start."""
    block = old.regions[0].blocks[0]
    with old.location:
        new_block = new.regions[0].blocks.append(*[a.type for a in block.arguments])
    mapping: list[tuple[ir.Value, ir.Value]] = list(
        zip(block.arguments, new_block.arguments, strict=True)
    )

    def remap(value: ir.Value) -> ir.Value:
        return next((n for o, n in mapping if o == value), value)

    with ir.InsertionPoint(new_block), old.location:
        for op_view in block.operations:
            op = op_view.operation
            clone = op.clone()
            for i, value in enumerate(op.operands):
                clone.operands[i] = remap(value)
            results = list(clone.results)
            if op.name == "linalg.index":
                first = box[ir.IntegerAttr(op.attributes["dim"]).value][0]
                if first:
                    start = arith.constant(ir.IndexType.get(), first)
                    results = [arith.addi(results[0], start)]
            mapping.extend(zip(op.results, results, strict=True))


def _result_index(generic: ir.Operation, read: SliceRead) -> int:
    source = read.op.operands[0]
    return next(i for i, r in enumerate(generic.results) if r == source)


def _reread(
    read: SliceRead, result: ir.Value, box: list[tuple[int, int]], old: ir.Operation
) -> None:
    """The slice `read` of `old`'s result, taken from the rebuilt `result`."""
    n_in = len(old.operands) - len(old.results)
    amap = _maps(old)[n_in + _result_index(old, read)]
    starts = [box[e.position][0] if isinstance(e, ir.AffineDimExpr) else 0 for e in amap.results]
    reread_at(read, result, starts)
