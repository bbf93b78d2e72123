"""Which producer/consumer pairs the op-level merge can turn into one op.

Mechanical checks only (see merge.py): the plan already decided that the
pair is in one kernel; these say whether it can also be one `linalg.generic`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.escaping import top_level_ancestor
from mlirfuse.transforms.generalize import GENERALIZABLE
from mlirfuse.transforms.ir_access import has_uses


@dataclass
class Pair:
    producer: ir.Operation
    consumer: ir.Operation
    result: int  # which producer result the consumer reads
    positions: list[int]  # consumer input positions reading it


def maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [a.value for a in op.attributes["indexing_maps"]]


def all_parallel(op: ir.Operation) -> bool:
    return all("parallel" in str(a) for a in op.attributes["iterator_types"])


def n_inputs(op: ir.Operation) -> int:
    return len(op.opview.inputs)


def candidates(consumer: ir.Operation, block: ir.Block) -> list[Pair]:
    found: dict[tuple[ir.Operation, int], Pair] = {}
    inputs = list(consumer.opview.inputs)
    outputs = list(consumer.opview.outputs)
    for k, value in enumerate(inputs):
        owner = value.owner
        if isinstance(owner, ir.Block) or owner.operation.block != block:
            continue
        producer = owner.operation
        if producer.name != "linalg.generic" and producer.name not in GENERALIZABLE:
            continue
        if value in outputs:
            continue
        key = (producer, value.result_number)
        pair = found.setdefault(key, Pair(producer, consumer, value.result_number, []))
        pair.positions.append(k)
    return list(found.values())


def mergeable(pair: Pair) -> bool:
    p, c = pair.producer, pair.consumer
    if not all_parallel(p):
        return False
    p_maps, c_maps = maps(p), maps(c)
    out_map = p_maps[n_inputs(p) + pair.result]
    if not out_map.is_permutation:
        return False
    read_maps = {str(c_maps[k]) for k in pair.positions}
    if len(read_maps) != 1 or len(c_maps[pair.positions[0]].results) != len(out_map.results):
        return False
    body = p.regions[0].blocks[0]
    if any(has_uses(arg) for arg in list(body.arguments)[n_inputs(p) :]):
        return False
    if uses_other_results(pair):
        return False
    kept = kept_results(pair)
    if kept and not (all_parallel(c) and c_maps[pair.positions[0]].is_permutation):
        return False
    if kept and not other_uses_after(pair):
        return False  # the fused op sits at the consumer: later readers only
    return index_ops_remappable(pair)


def uses_other_results(pair: Pair) -> bool:
    """The consumer reads another result of the producer (or one as an init),
    or gathers from one inside its body (`tensor.extract`): a gather needs the
    whole tensor, so the producer cannot become part of the consumer's body."""
    c = pair.consumer
    for j, result in enumerate(pair.producer.results):
        for use in result.uses:
            owner = use.owner.operation
            if owner == c and (j != pair.result or use.operand_number >= n_inputs(c)):
                return True
            if owner != c and top_level_ancestor(owner, c.block) == c:
                return True
    return False


def kept_results(pair: Pair) -> list[int]:
    """Producer results something other than the consumer still reads."""
    kept = []
    for j, result in enumerate(pair.producer.results):
        if any(use.owner.operation != pair.consumer for use in result.uses):
            kept.append(j)
    return kept


def other_uses_after(pair: Pair) -> bool:
    block = pair.consumer.block
    for result in pair.producer.results:
        for use in result.uses:
            owner = top_level_ancestor(use.owner.operation, block)
            if owner is None or owner == pair.consumer:
                continue
            if owner.is_before_in_block(pair.consumer):
                return False
    return True


def loop_exprs(pair: Pair) -> list[ir.AffineExpr]:
    """Producer loop d_i as an expression of consumer loops (inverse of the out map)."""
    p = pair.producer
    out_map = maps(p)[n_inputs(p) + pair.result]
    read = maps(pair.consumer)[pair.positions[0]]
    exprs: list[ir.AffineExpr | None] = [None] * out_map.n_dims
    for j, expr in enumerate(out_map.results):
        exprs[expr.position] = read.results[j]
    return [e for e in exprs if e is not None]  # a permutation fills every slot


def index_ops_remappable(pair: Pair) -> bool:
    exprs = loop_exprs(pair)
    for op in pair.producer.regions[0].blocks[0].operations:
        if op.operation.name == "linalg.index":
            dim = ir.IntegerAttr(op.operation.attributes["dim"]).value
            if not isinstance(exprs[dim], (ir.AffineDimExpr, ir.AffineConstantExpr)):
                return False
    return True
