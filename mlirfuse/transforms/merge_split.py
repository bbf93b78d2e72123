"""A multi-result producer that one consumer reads whole, split per result.

merge.py folds a producer into a consumer that reads one of its results. A
sibling merge can leave a multi-result elementwise generic whose results are
all read by the same consumer (a leaky ReLU exported as `max(x, 0)` and
`0.2 * min(x, 0)`, merged as siblings of `x`, then added): no single pair
merges, so the kernel keeps two loop nests and a per-thread buffer between
them (local memory on the GPU). Split into one generic per result, each
merges into the consumer, and the merged body reads `x` once (identical
operands at identical maps are deduplicated, and `drop_repeated_ops` keeps
one of each op the parts both computed).

Only when nothing but the consumer's inputs reads the results and the body is
pure (arith, math, linalg.index): the split repeats the body's ops, which is
sound only for ops without side effects.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from mlirfuse.mutation import Rewrite, erase, replace_op
from mlirfuse.transforms.ir_access import has_uses
from mlirfuse.transforms.ir_utils import remap_operands
from mlirfuse.transforms.merge_pairs import all_parallel, maps, n_inputs

_STRUCTURE = {"indexing_maps", "iterator_types", "operandSegmentSizes"}


def split_producer_of(consumer: ir.Operation, block: ir.Block) -> bool:
    """Split the first producer in `block` that `consumer` alone reads in
    several results; whether one was split."""
    for value in consumer.opview.inputs:
        owner = value.owner
        if isinstance(owner, ir.Block) or owner.operation.block != block:
            continue
        if _splittable(owner.operation, consumer):
            _split(owner.operation, consumer)
            return True
    return False


def _splittable(producer: ir.Operation, consumer: ir.Operation) -> bool:
    if producer.name != "linalg.generic" or len(producer.results) < 2:
        return False
    if not all_parallel(producer) or set(producer.attributes) - _STRUCTURE:
        return False  # a debug keep or any other marker stays on one op
    n_in = n_inputs(producer)
    body = producer.regions[0].blocks[0]
    if any(has_uses(arg) for arg in list(body.arguments)[n_in:]):
        return False
    if not all(m.is_permutation for m in maps(producer)[n_in:]):
        return False
    if not all(_pure(op.operation) for op in body.operations):
        return False
    read = 0
    for result in producer.results:
        for use in result.uses:
            if use.owner.operation != consumer or use.operand_number >= n_inputs(consumer):
                return False
            read += 1
    return read >= 2


def _pure(op: ir.Operation) -> bool:
    return op.name.startswith(("arith.", "math.")) or op.name in ("linalg.index", "linalg.yield")


def _split(producer: ir.Operation, anchor: ir.Operation) -> None:
    with Rewrite("a multi-result producer split per result", anchor) as rw, producer.location:
        for j, result in enumerate(producer.results):
            if has_uses(result):
                rw.replace_uses(result, _one_result(producer, j))
        rw.erase(producer)


def _one_result(producer: ir.Operation, j: int) -> ir.Value:
    """A generic computing `producer`'s result `j` alone, built before it."""
    p = producer.opview
    n_in = n_inputs(producer)
    in_maps = maps(producer)[:n_in]
    amaps = [*in_maps, maps(producer)[n_in + j]]
    new = linalg.GenericOp(
        [producer.results[j].type],
        list(p.inputs),
        [p.outputs[j]],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in amaps]),
        producer.attributes["iterator_types"],
        ip=ir.InsertionPoint(producer),
    )
    old = producer.regions[0].blocks[0]
    old_args = list(old.arguments)
    types = [a.type for a in old_args[:n_in]] + [old_args[n_in + j].type]
    body = new.regions[0].blocks.append(*types)
    mapping = dict(zip([*old_args[:n_in], old_args[n_in + j]], body.arguments, strict=True))
    ip = ir.InsertionPoint(body)
    ops = [op.operation for op in old.operations]
    for op in ops[:-1]:
        clone = op.clone(ip=ip)
        remap_operands(clone, mapping)
        mapping.update(zip(op.results, clone.results, strict=True))
    yielded = ops[-1].operands[j]
    linalg.YieldOp([mapping.get(yielded, yielded)], ip=ip)
    _drop_dead(body)
    return new.results[0]


def _drop_dead(body: ir.Block) -> None:
    """Erase the cloned ops the one kept result does not need (all pure)."""
    changed = True
    while changed:
        changed = False
        for op in reversed([o.operation for o in body.operations][:-1]):
            if not any(has_uses(r) for r in op.results):
                erase(op, "drop a body op the kept result does not need")
                changed = True
                break


def drop_repeated_ops(body: ir.Block) -> None:
    """Within a merged body, a pure op repeating an earlier one (same name,
    operands and attributes) is replaced by it: both split parts cloned the
    producer's shared ops."""
    seen: dict[tuple[object, ...], ir.Operation] = {}
    for op in [o.operation for o in body.operations]:
        if not _pure(op) or op.name == "linalg.yield" or len(op.regions):
            continue
        attrs = tuple(sorted((name, str(op.attributes[name])) for name in op.attributes))
        key = (op.name, tuple(op.operands), attrs, tuple(str(r.type) for r in op.results))
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = op
            continue
        replace_op(op, list(earlier.results), "a repeated body op kept once")
