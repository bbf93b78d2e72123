"""An elementwise producer a gather alone reads is computed at its reads.

A gather generic reads its source with `tensor.extract` at computed indices:
the GPU back end writes a static `tensor.concat` that way
(`gpu/concat_kernel.py`), and rotary embeddings concatenate the angles they
just computed (`cat(freqs, freqs)`, `freqs = position * inv_freq`). The
producer must then finish before the gather starts: a kernel of its own and
a round trip of its result, for a few multiplies per element. When the
gather is the producer's only reader and the producer is an all-parallel
generic whose inputs it reads through projected permutations (constants
allowed), and every input is a function argument or a constant or a tensor
the gather reads already (through views: the negated half of a rotary
`cat(-x2, x1)` beside `x1`), so no kernel's result becomes a new read of the
gather, each `tensor.extract %p[i...]` becomes the producer's body at
`i...`: its inputs extracted at their maps of `i`, its `linalg.index j`
replaced by `i_j`; a chain of such producers is inlined one after another.
The gather may read the producer through static reshapes (`torch.stack`
gives each input a unit dim before its concat: an interleaved rotary's
`-x2`, a 4-bit weight's two nibbles): the indices are mapped back through
them (`view_coords.through_view`), and they go with the producer.
An element read twice is computed twice; nothing is computed differently.

A gather that only a gather reads is computed at its reads too (a
reflection pad gathers rows, then columns): its own `tensor.extract`s
move into the outer gather, which then reads the inner one's source
instead of its result: one tensor read for another, even when that source
is a kernel's result.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.generators import inline_generators
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    is_static_tensor,
    producer_of,
    writes_every_point,
)
from mlirfuse.transforms.ir_utils import clone_with_indices
from mlirfuse.transforms.view_coords import through_view
from mlirfuse.vocab.options import MAX_KERNEL_TENSORS


def inline_index_computations(func_op: ir.Operation) -> int:
    """Generators merged into their readers (`generators.py`) and producers
    computed at their gathers' reads, until neither finds more: a gather of
    generators alone is a generator, and a generator merged into a gather's
    producer may make it inlinable. Returns the rewrites."""
    done = 0
    for _ in range(len(list(func_op.regions[0].blocks[0].operations))):
        step = inline_generators(func_op) + inline_into_gathers(func_op)
        if not step:
            break
        done += step
    return done


def inline_into_gathers(func_op: ir.Operation) -> int:
    """Rewrite every gather of `func_op` whose source can be computed at its
    reads (module docstring); returns the producers inlined."""
    done = 0
    with func_op.context:
        for op in [o.operation for o in func_op.regions[0].blocks[0].operations]:
            if op.name != "linalg.generic":
                continue
            # A producer inlined reads its own inputs by extract: they may
            # now be inlinable in turn (a chain of elementwise producers).
            while sources := _inlinable_sources(op):
                for source in sources:
                    _inline(source, op)
                    done += 1
    return done


def _inlinable_sources(gather: ir.Operation) -> list[ir.Operation]:
    """The producers `gather` reads by `tensor.extract` only, that nothing
    else reads and that can be computed at any index."""
    found: list[ir.Operation] = []
    taken = _distinct(_roots_read(gather))
    for inner in _extracts(gather):
        producer = producer_of(_behind_reshapes(inner.operands[0]))
        if producer is None or any(producer == f for f in found):
            continue
        if not _computable_anywhere(producer) or _reads_of(producer, gather) is None:
            continue
        read = _roots_read(gather)
        new = {_root(v) for v in _reads(producer) if not _no_new_read(v, read)}
        # One new read stands in for the producer's result, which the gather
        # reads no more (a gather of a gather: the second half of a pad).
        if new and not (len(new) == 1 and _gathers_only(producer)):
            continue
        # Arguments are no new kernel results, but each is one more tensor
        # the gather's kernel takes: a 49-way stack stays split.
        widened = _distinct([*taken, *(_root(v) for v in _reads(producer))])
        if len(widened) - 1 <= MAX_KERNEL_TENSORS:  # less the producer's result
            found.append(producer)
            taken = widened
    return found


def _distinct(values: list[ir.Value]) -> list[ir.Value]:
    kept: list[ir.Value] = []
    for value in values:
        if not any(value == k for k in kept):
            kept.append(value)
    return kept


def _no_new_read(value: ir.Value, read: list[ir.Value], depth: int = 0) -> bool:
    """`value`, read by a producer about to be inlined, adds no kernel result
    to what the gather reads: a function argument or constant, a tensor the
    gather reads already, or the one-use result of a producer that will be
    inlined in turn (its inputs so too: a chain)."""
    if _at_boundary(value) or _root(value) in read:
        return True
    producer = producer_of(value)
    if depth > _MAX_CHAIN or producer is None or not _computable_anywhere(producer):
        return False
    if len(list(producer.results[0].uses)) != 1:
        return False
    return all(_no_new_read(v, read, depth + 1) for v in _reads(producer))


def _gathers_only(producer: ir.Operation) -> bool:
    """`producer` reads nothing but by `tensor.extract` (a gather)."""
    return len(producer.operands) == 1 and bool(_extracts(producer))


def _reads(producer: ir.Operation) -> list[ir.Value]:
    """The tensors `producer` reads: its inputs and what its body extracts
    from (a gather: a reflection pad's rows, then its columns)."""
    return [*producer.operands[:-1], *(e.operands[0] for e in _extracts(producer))]


_MAX_CHAIN = 8  # producers inlined one into another, at most


# Views: the tensor they read from is what a kernel reading them reads.
_VIEWS = ("tensor.extract_slice", "tensor.expand_shape", "tensor.collapse_shape", "tensor.cast")


def _root(value: ir.Value) -> ir.Value:
    op = producer_of(value)
    while op is not None and op.name in _VIEWS:
        value = op.operands[0]
        op = producer_of(value)
    return value


def _at_boundary(value: ir.Value) -> bool:
    """A function argument or a constant (through views)."""
    op = producer_of(_root(value))
    return op is None or op.name == "arith.constant"


def _roots_read(gather: ir.Operation) -> list[ir.Value]:
    """The tensors `gather` already reads, as operands or by extract."""
    reads = [*gather.operands, *(e.operands[0] for e in _extracts(gather))]
    return [_root(v) for v in reads]


def _extracts(gather: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name == "tensor.extract":
            found.append(inner)
        return ir.WalkResult.ADVANCE

    for inner in gather.regions[0].blocks[0].operations:
        inner.operation.walk(visit)
    return found


def _computable_anywhere(op: ir.Operation) -> bool:
    """An all-parallel generic, one result at an identity map, its init not
    read, inputs at projected permutations (broadcast constants allowed),
    a body of scalar ops."""
    if not writes_every_point(op):
        return False
    if not all(_dims_or_constants(m) for m in indexing_maps(op)[:-1]):
        return False
    return all(_scalar_op(inner.operation) for inner in op.regions[0].blocks[0].operations)


def _dims_or_constants(amap: ir.AffineMap) -> bool:
    return all(isinstance(e, (ir.AffineDimExpr, ir.AffineConstantExpr)) for e in amap.results)


def _scalar_op(op: ir.Operation) -> bool:
    if op.name == "tensor.extract":
        # A gather's read of a tensor defined outside (see `_reads`).
        return not any(isinstance(v.type, ir.ShapedType) for v in op.operands[1:])
    if op.regions or any(isinstance(v.type, ir.ShapedType) for v in op.operands):
        return False
    return op.name in ("linalg.index", "linalg.yield") or op.name.startswith(("arith.", "math."))


_RESHAPES = ("tensor.expand_shape", "tensor.collapse_shape")

# A read of the producer by the gather: the `tensor.extract` and the static
# reshapes it reads through, the producer's reader first (`torch.stack`
# adds a unit dim to each input before its concat).
Read = tuple[ir.Operation, list[ir.Operation]]


def _behind_reshapes(value: ir.Value) -> ir.Value:
    op = producer_of(value)
    while op is not None and op.name in _RESHAPES and is_static_tensor(op.results[0]):
        value = op.operands[0]
        op = producer_of(value)
    return value


def _reads_of(
    producer: ir.Operation, gather: ir.Operation, value: ir.Value | None = None
) -> list[Read] | None:
    """Every read of `producer`'s result, when all are `tensor.extract`s in
    `gather`'s body, directly or through static reshapes read by nothing
    else; None otherwise."""
    value = producer.results[0] if value is None else value
    found: list[Read] = []
    for use in value.uses:
        owner = use.owner.operation
        if owner.name in _RESHAPES and is_static_tensor(owner.results[0]):
            inner = _reads_of(producer, gather, owner.results[0])
            if inner is None:
                return None
            found += [(read, [owner, *views]) for read, views in inner]
        elif _extract_in(owner, use.operand_number, gather):
            found.append((owner, []))
        else:
            return None
    return found


def _extract_in(op: ir.Operation, operand: int, gather: ir.Operation) -> bool:
    """`op` reads the tensor at `operand` by `tensor.extract` in `gather`'s body."""
    return op.name == "tensor.extract" and operand == 0 and _top_level(op, gather.block) == gather


def _top_level(op: ir.Operation, block: ir.Block) -> ir.Operation | None:
    cur: ir.Operation | None = op
    while cur is not None and cur.block != block:
        parent = cur.parent
        cur = parent.operation if parent is not None else None
    return cur


def _inline(producer: ir.Operation, gather: ir.Operation) -> None:
    reads = _reads_of(producer, gather)
    assert reads is not None
    with Rewrite("an elementwise producer computed at its gather's reads", gather) as rw:
        for read, views in reads:
            with ir.InsertionPoint(read), read.location:
                indices = list(read.operands)[1:]
                for view in reversed(views):
                    indices = through_view(view, indices)
                value = _computed_at(producer, indices)
            rw.replace_op(read, [value])
            for view in views:
                rw.erase(view)
        rw.erase_if_dead(producer.operands[-1])
        rw.erase(producer)


def _computed_at(producer: ir.Operation, indices: list[ir.Value]) -> ir.Value:
    """The producer's element at `indices`, built at the insertion point."""
    body = producer.regions[0].blocks[0]
    maps = indexing_maps(producer)
    inputs = list(producer.operands)[:-1]
    mapping: dict[ir.Value, ir.Value] = {}
    for arg, value, amap in zip(body.arguments, inputs, maps, strict=False):
        mapping[arg] = _element(value, amap, indices)
    ops = [o.operation for o in body.operations]
    clone_with_indices(ops[:-1], mapping, indices)
    yielded = ops[-1].operands[0]
    return mapping.get(yielded, yielded)


def _element(value: ir.Value, amap: ir.AffineMap, indices: list[ir.Value]) -> ir.Value:
    """`value` (a tensor, or a scalar input) at `amap` of `indices`."""
    if not isinstance(value.type, ir.ShapedType):
        return value
    at: list[ir.Value] = []
    for expr in amap.results:
        if isinstance(expr, ir.AffineDimExpr):
            at.append(indices[expr.position])
        else:
            index = ir.IndexType.get()
            constant = ir.IntegerAttr.get(index, ir.AffineConstantExpr(expr).value)
            at.append(arith.ConstantOp(index, constant).result)
    return tensor.ExtractOp(value, at).result
