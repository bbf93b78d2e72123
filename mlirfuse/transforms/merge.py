"""Op-level merge: a producer folded into its consumer `linalg.generic`.

The canonical lowering of a planned group into as few linalg ops as it can:
it runs inside a `fusion.group` body (the plan already decided that these ops
form one kernel) and merges every pair that can be one op, so it decides
nothing about kernels. A pair (P, C) merges when P is an all-parallel generic
(named elementwise, broadcast and transpose ops are generalized first) whose
result map is a permutation, C is a generic reading that result as an input
(at one map), and P's body does not read its inits. The fused op:

* reads P's inputs at `consumer_map o inverse(producer_out_map) o producer_in_map`;
* remaps `linalg.index` of P to C's loops (a dim, or a constant for a unit dim);
* merges operands that are the same value at the same map and drops dead ones
  (keeping one per loop dim, so loop bounds stay known);
* keeps P's result as an extra result when something else still reads it
  (multi-result generic; only when C is all-parallel and reads P through a
  permutation, so every element is written);
* reuses a buffer: an output whose init C's body never reads takes as init an
  input of the same type and map that dies here (an intermediate of this
  kernel that no later merge could absorb, e.g. a matmul or convolution
  result), so bufferization writes in place; otherwise C's original init.

P is always erased, so a side-effecting body (cf.assert) is moved, never
copied. Recomputation is the plan's business (groups.py clones the op).
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import arith, linalg

from mlirfuse.transforms.generalize import GENERALIZABLE, generalize
from mlirfuse.transforms.ir_utils import erase_if_dead, remap_operands, top_level_ancestor


@dataclass
class _Pair:
    producer: ir.Operation
    consumer: ir.Operation
    result: int  # which producer result the consumer reads
    positions: list[int]  # consumer input positions reading it


def merge_block(block: ir.Block) -> int:
    """Merge every mergeable producer/consumer pair in `block`; count them.

    One walk in program order: each consumer absorbs its producers until none
    is left (a merge replaces the consumer in place and erases an earlier op,
    so ops not yet visited are unaffected)."""
    merged = 0
    op = _first(block)
    while op is not None:
        while op.name == "linalg.generic" and (pair := _pair_for(op, block)) is not None:
            op = _merge(pair)
            merged += 1
        op = _next(op)
    return merged


def _first(block: ir.Block) -> ir.Operation | None:
    for op in block.operations:
        return op.operation
    return None


def _next(op: ir.Operation) -> ir.Operation | None:
    found = False
    for other in op.block.operations:
        if found:
            return other.operation
        found = other.operation == op
    return None


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [a.value for a in op.attributes["indexing_maps"]]


def _all_parallel(op: ir.Operation) -> bool:
    return all("parallel" in str(a) for a in op.attributes["iterator_types"])


def _n_inputs(op: ir.Operation) -> int:
    return len(op.opview.inputs)


def _pair_for(consumer: ir.Operation, block: ir.Block) -> _Pair | None:
    for pair in _candidates(consumer, block):
        if pair.producer.name != "linalg.generic":
            pair.producer = generalize(pair.producer)
        if _mergeable(pair):
            return pair
    return None


def _candidates(consumer: ir.Operation, block: ir.Block) -> list[_Pair]:
    found: dict[tuple[ir.Operation, int], _Pair] = {}
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
        pair = found.setdefault(key, _Pair(producer, consumer, value.result_number, []))
        pair.positions.append(k)
    return list(found.values())


def _mergeable(pair: _Pair) -> bool:
    p, c = pair.producer, pair.consumer
    if not _all_parallel(p):
        return False
    p_maps, c_maps = _maps(p), _maps(c)
    out_map = p_maps[_n_inputs(p) + pair.result]
    if not out_map.is_permutation:
        return False
    read_maps = {str(c_maps[k]) for k in pair.positions}
    if len(read_maps) != 1 or len(c_maps[pair.positions[0]].results) != len(out_map.results):
        return False
    body = p.regions[0].blocks[0]
    if any(_has_uses(arg) for arg in list(body.arguments)[_n_inputs(p) :]):
        return False
    if _uses_other_results(pair):
        return False
    kept = _kept_results(pair)
    if kept and not (_all_parallel(c) and c_maps[pair.positions[0]].is_permutation):
        return False
    if kept and not _other_uses_after(pair):
        return False  # the fused op sits at the consumer: later readers only
    return _index_ops_remappable(pair)


def _has_uses(value: ir.Value) -> bool:
    return any(True for _ in value.uses)


def _uses_other_results(pair: _Pair) -> bool:
    """The consumer reads another result of the producer (or one as an init)."""
    c = pair.consumer
    for j, result in enumerate(pair.producer.results):
        for use in result.uses:
            if use.owner.operation == c and (
                j != pair.result or use.operand_number >= _n_inputs(c)
            ):
                return True
    return False


def _kept_results(pair: _Pair) -> list[int]:
    """Producer results something other than the consumer still reads."""
    kept = []
    for j, result in enumerate(pair.producer.results):
        if any(use.owner.operation != pair.consumer for use in result.uses):
            kept.append(j)
    return kept


def _other_uses_after(pair: _Pair) -> bool:
    block = pair.consumer.block
    for result in pair.producer.results:
        for use in result.uses:
            owner = top_level_ancestor(use.owner.operation, block)
            if owner is None or owner == pair.consumer:
                continue
            if owner.is_before_in_block(pair.consumer):
                return False
    return True


def _loop_exprs(pair: _Pair) -> list[ir.AffineExpr]:
    """Producer loop d_i as an expression of consumer loops (inverse of the out map)."""
    p = pair.producer
    out_map = _maps(p)[_n_inputs(p) + pair.result]
    read = _maps(pair.consumer)[pair.positions[0]]
    exprs: list[ir.AffineExpr | None] = [None] * out_map.n_dims
    for j, expr in enumerate(out_map.results):
        exprs[expr.position] = read.results[j]
    return [e for e in exprs if e is not None]  # a permutation fills every slot


def _index_ops_remappable(pair: _Pair) -> bool:
    exprs = _loop_exprs(pair)
    for op in pair.producer.regions[0].blocks[0].operations:
        if op.operation.name == "linalg.index":
            dim = ir.IntegerAttr(op.operation.attributes["dim"]).value
            if not isinstance(exprs[dim], (ir.AffineDimExpr, ir.AffineConstantExpr)):
                return False
    return True


def _compose(amap: ir.AffineMap, loops: ir.AffineMap) -> ir.AffineMap:
    return ir.AffineMap.get(loops.n_dims, 0, [e.compose(loops) for e in amap.results])


def _element_type(value: ir.Value) -> ir.Type:
    t = value.type
    return t.element_type if isinstance(t, ir.ShapedType) else t


class _Operands:
    """The fused op's operand list: deduplicated, dead ones dropped."""

    def __init__(self) -> None:
        self.values: list[ir.Value] = []
        self.maps: list[ir.AffineMap] = []
        self.slot: dict[tuple[str, int], int] = {}  # ("p"|"c", index) -> position

    def add(self, source: tuple[str, int], value: ir.Value, amap: ir.AffineMap) -> None:
        for i, (v, m) in enumerate(zip(self.values, self.maps, strict=True)):
            if v == value and m == amap:
                self.slot[source] = i
                return
        self.slot[source] = len(self.values)
        self.values.append(value)
        self.maps.append(amap)


def _inputs(pair: _Pair, loops: ir.AffineMap) -> _Operands:
    p, c = pair.producer, pair.consumer
    p_maps, c_maps = _maps(p), _maps(c)
    p_args = list(p.regions[0].blocks[0].arguments)
    c_args = list(c.regions[0].blocks[0].arguments)
    live, dead = _Operands(), []
    for k, value in enumerate(c.opview.inputs):
        if k == pair.positions[0]:
            for i, pv in enumerate(p.opview.inputs):
                entry = (("p", i), pv, _compose(p_maps[i], loops))
                (live.add(*entry) if _has_uses(p_args[i]) else dead.append(entry))
        elif k not in pair.positions:
            entry = (("c", k), value, c_maps[k])
            (live.add(*entry) if _has_uses(c_args[k]) else dead.append(entry))
    covered = {
        e.position
        for m in live.maps + c_maps[_n_inputs(c) :]
        for e in m.results
        if isinstance(e, ir.AffineDimExpr)
    }
    for source, value, amap in dead:
        dims = {e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)}
        if dims - covered:
            live.add(source, value, amap)
            covered |= dims
    return live


def _outputs(pair: _Pair, loops: ir.AffineMap, inputs: _Operands) -> _Operands:
    p, c = pair.producer, pair.consumer
    c_maps, outs = _maps(c), _Operands()
    c_args = list(c.regions[0].blocks[0].arguments)
    reusable = _reusable_inputs(pair, inputs) if _all_parallel(c) else []
    for o, value in enumerate(c.opview.outputs):
        amap = c_maps[_n_inputs(c) + o]
        if not _has_uses(c_args[_n_inputs(c) + o]):
            match = next((v for v, m in reusable if v.type == value.type and m == amap), None)
            if match is not None:
                reusable = [(v, m) for v, m in reusable if v != match]
                value = match
        outs.values.append(value)
        outs.maps.append(amap)
    for j in _kept_results(pair):
        init = p.opview.outputs[j]
        outs.values.append(init)
        outs.maps.append(_compose(_maps(p)[_n_inputs(p) + j], loops))
    return outs


def _reusable_inputs(pair: _Pair, inputs: _Operands) -> list[tuple[ir.Value, ir.AffineMap]]:
    """Inputs produced in this block and read by nothing but the merged pair."""
    mine = {pair.producer, pair.consumer}
    found = []
    for value, amap in zip(inputs.values, inputs.maps, strict=True):
        owner = value.owner
        if isinstance(owner, ir.Block) or owner.operation.block != pair.consumer.block:
            continue
        if _may_merge_later(owner.operation):
            continue  # as an init it could no longer be merged into this op
        if all(use.owner.operation in mine for use in value.uses):
            found.append((value, amap))
    return found


def _may_merge_later(op: ir.Operation) -> bool:
    if op.name in GENERALIZABLE:
        return True
    return op.name == "linalg.generic" and _all_parallel(op)


def _merge(pair: _Pair) -> ir.Operation:
    p, c = pair.producer, pair.consumer
    loops = ir.AffineMap.get(_maps(c)[0].n_dims, 0, _loop_exprs(pair))
    ins = _inputs(pair, loops)
    outs = _outputs(pair, loops, ins)
    kept = _kept_results(pair)
    init_values = list(c.opview.outputs) + list(p.opview.outputs)
    with c.location:
        fused = linalg.GenericOp(
            [r.type for r in c.results] + [p.results[j].type for j in kept],
            ins.values,
            outs.values,
            ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in ins.maps + outs.maps]),
            c.attributes["iterator_types"],
            ip=ir.InsertionPoint(c),
        )
        body = fused.regions[0].blocks.append(*[_element_type(v) for v in ins.values + outs.values])
        _build_body(pair, body, ins, len(ins.values), kept, _loop_exprs(pair))
    n_c = len(c.results)
    for j, value in enumerate(c.results):
        value.replace_all_uses_with(fused.results[j])
    for t, j in enumerate(kept):
        p.results[j].replace_all_uses_with(fused.results[n_c + t])
    c.erase()
    p.erase()
    for value in init_values:
        erase_if_dead(value)
    return fused.operation


def _build_body(
    pair: _Pair,
    body: ir.Block,
    ins: _Operands,
    n_ins: int,
    kept: list[int],
    loop_exprs: list[ir.AffineExpr],
) -> None:
    p, c = pair.producer, pair.consumer
    args = list(body.arguments)
    p_block, c_block = p.regions[0].blocks[0], c.regions[0].blocks[0]
    mapping: dict[ir.Value, ir.Value] = {}
    for i, arg in enumerate(list(p_block.arguments)[: _n_inputs(p)]):
        if ("p", i) in ins.slot:
            mapping[arg] = args[ins.slot[("p", i)]]
    ip = ir.InsertionPoint(body)
    p_yield = _clone_body(p_block, mapping, ip, loop_exprs)
    for k, arg in enumerate(list(c_block.arguments)):
        if k < _n_inputs(c):
            if k in pair.positions:
                mapping[arg] = p_yield[pair.result]
            elif ("c", k) in ins.slot:
                mapping[arg] = args[ins.slot[("c", k)]]
        else:
            mapping[arg] = args[n_ins + k - _n_inputs(c)]
    c_yield = _clone_body(c_block, mapping, ip, None)
    linalg.YieldOp(c_yield + [p_yield[j] for j in kept], ip=ip)


def _clone_body(
    block: ir.Block,
    mapping: dict[ir.Value, ir.Value],
    ip: ir.InsertionPoint,
    loop_exprs: list[ir.AffineExpr] | None,
) -> list[ir.Value]:
    """Clone `block`'s ops (not its yield) at `ip`; return the yielded values."""
    ops = [o.operation for o in block.operations]
    for op in ops[:-1]:
        if op.name == "linalg.index" and loop_exprs is not None:
            dim = ir.IntegerAttr(op.attributes["dim"]).value
            mapping[op.results[0]] = _index_value(loop_exprs[dim], ip)
            continue
        clone = op.clone(ip=ip)
        remap_operands(clone, mapping)
        mapping.update(zip(op.results, clone.results, strict=True))
    return [mapping.get(v, v) for v in ops[-1].operands]


def _index_value(expr: ir.AffineExpr, ip: ir.InsertionPoint) -> ir.Value:
    if isinstance(expr, ir.AffineDimExpr):
        return linalg.IndexOp(expr.position, ip=ip).result
    value = ir.IntegerAttr.get(ir.IndexType.get(), expr.value)
    return arith.ConstantOp(ir.IndexType.get(), value, ip=ip).result
