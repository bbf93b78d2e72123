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

The legality of a pair is in merge_pairs.py; a multi-result producer the
consumer reads in several results is first split per result (merge_split.py). P is always erased, so a
side-effecting body (cf.assert) is moved, never copied. Recomputation is the
plan's business (groups.py clones the op).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.generalize import GENERALIZABLE, generalize
from mlirfuse.transforms.ir_access import has_uses
from mlirfuse.transforms.ir_utils import remap_operands
from mlirfuse.transforms.merge_pairs import (
    Pair,
    all_parallel,
    candidates,
    kept_results,
    loop_exprs,
    maps,
    mergeable,
    n_inputs,
)
from mlirfuse.transforms.merge_split import drop_repeated_ops, split_producer_of


def merge_block(block: ir.Block) -> int:
    """Merge every mergeable producer/consumer pair in `block`; count them.

    One walk in program order: each consumer absorbs its producers until none
    is left (a merge replaces the consumer in place and erases an earlier op,
    so ops not yet visited are unaffected)."""
    merged = 0
    op = _first(block)
    while op is not None:
        split = False
        while op.name == "linalg.generic":
            plan = _plan_for(op, block)
            if plan is None and split_producer_of(op, block):
                split = True  # each part is now a pair of its own
                continue
            if plan is None:
                break
            op = _merge(plan)
            merged += 1
        if split:
            drop_repeated_ops(op.regions[0].blocks[0])
        op = _next(op)
    return merged


def merge_pair(pair: Pair) -> ir.Operation | None:
    """Merge one pair outside a group (`generators.py`); the fused op, or
    None (nothing changed) where the pair cannot be one op. No input becomes
    an init there: outside a kernel a dying input may be a constant."""
    if mergeable(pair) and (plan := _Plan(pair, reuse=False)).bounds_known():
        return _merge(plan)
    return None


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


class _Plan:
    """A mergeable pair with the fused op's loops and operands."""

    def __init__(self, pair: Pair, *, reuse: bool = True) -> None:
        self.pair = pair
        self.loops = ir.AffineMap.get(maps(pair.consumer)[0].n_dims, 0, loop_exprs(pair))
        self.ins = _inputs(pair, self.loops)
        self.outs = _outputs(pair, self.loops, self.ins, reuse)

    def bounds_known(self) -> bool:
        """Every loop dim is read by some operand map, so the fused op's loop
        bounds come from its operands' shapes. Not so when nothing but the
        merged intermediate carried them (a result-less consumer of a producer
        without inputs): that op would not verify or parse again."""
        dims = {
            e.position
            for m in self.ins.maps + self.outs.maps
            for e in m.results
            if isinstance(e, ir.AffineDimExpr)
        }
        return dims == set(range(self.loops.n_dims))


def _plan_for(consumer: ir.Operation, block: ir.Block) -> _Plan | None:
    for pair in candidates(consumer, block):
        if pair.producer.name != "linalg.generic":
            pair.producer = generalize(pair.producer)
        if mergeable(pair) and (plan := _Plan(pair)).bounds_known():
            return plan
    return None


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


def _inputs(pair: Pair, loops: ir.AffineMap) -> _Operands:
    p, c = pair.producer, pair.consumer
    p_maps, c_maps = maps(p), maps(c)
    p_args = list(p.regions[0].blocks[0].arguments)
    c_args = list(c.regions[0].blocks[0].arguments)
    live, dead = _Operands(), []
    for k, value in enumerate(c.opview.inputs):
        if k == pair.positions[0]:
            for i, pv in enumerate(p.opview.inputs):
                entry = (("p", i), pv, _compose(p_maps[i], loops))
                (live.add(*entry) if has_uses(p_args[i]) else dead.append(entry))
        elif k not in pair.positions:
            entry = (("c", k), value, c_maps[k])
            (live.add(*entry) if has_uses(c_args[k]) else dead.append(entry))
    covered = {
        e.position
        for m in live.maps + c_maps[n_inputs(c) :]
        for e in m.results
        if isinstance(e, ir.AffineDimExpr)
    }
    for source, value, amap in dead:
        dims = {e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)}
        if dims - covered:
            live.add(source, value, amap)
            covered |= dims
    return live


def _outputs(pair: Pair, loops: ir.AffineMap, inputs: _Operands, reuse: bool) -> _Operands:
    p, c = pair.producer, pair.consumer
    c_maps, outs = maps(c), _Operands()
    c_args = list(c.regions[0].blocks[0].arguments)
    reusable = _reusable_inputs(pair, inputs) if reuse and all_parallel(c) else []
    for o, value in enumerate(c.opview.outputs):
        amap = c_maps[n_inputs(c) + o]
        if not has_uses(c_args[n_inputs(c) + o]):
            match = next((v for v, m in reusable if v.type == value.type and m == amap), None)
            if match is not None:
                reusable = [(v, m) for v, m in reusable if v != match]
                value = match
        outs.values.append(value)
        outs.maps.append(amap)
    for j in kept_results(pair):
        init = p.opview.outputs[j]
        outs.values.append(init)
        outs.maps.append(_compose(maps(p)[n_inputs(p) + j], loops))
    return outs


def _reusable_inputs(pair: Pair, inputs: _Operands) -> list[tuple[ir.Value, ir.AffineMap]]:
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
    return op.name == "linalg.generic" and all_parallel(op)


def _merge(plan: _Plan) -> ir.Operation:
    pair, ins, outs = plan.pair, plan.ins, plan.outs
    p, c = pair.producer, pair.consumer
    kept = kept_results(pair)
    with Rewrite("merge producer into consumer", c) as rw, c.location:
        for value in list(c.opview.outputs) + list(p.opview.outputs):
            rw.erase_if_dead(value)
        fused = linalg.GenericOp(
            [r.type for r in c.results] + [p.results[j].type for j in kept],
            ins.values,
            outs.values,
            ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in ins.maps + outs.maps]),
            c.attributes["iterator_types"],
            ip=ir.InsertionPoint(c),
        )
        body = fused.regions[0].blocks.append(*[_element_type(v) for v in ins.values + outs.values])
        _build_body(pair, body, ins, len(ins.values), kept, loop_exprs(pair))
        n_c = len(c.results)
        rw.replace_op(c, list(fused.results)[:n_c])
        for t, j in enumerate(kept):
            rw.replace_uses(p.results[j], fused.results[n_c + t])
        rw.erase(p)
    return fused.operation


def _build_body(
    pair: Pair,
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
    for i, arg in enumerate(list(p_block.arguments)[: n_inputs(p)]):
        if ("p", i) in ins.slot:
            mapping[arg] = args[ins.slot[("p", i)]]
    ip = ir.InsertionPoint(body)
    p_yield = _clone_body(p_block, mapping, ip, loop_exprs)
    for k, arg in enumerate(list(c_block.arguments)):
        if k < n_inputs(c):
            if k in pair.positions:
                mapping[arg] = p_yield[pair.result]
            elif ("c", k) in ins.slot:
                mapping[arg] = args[ins.slot[("c", k)]]
        else:
            mapping[arg] = args[n_ins + k - n_inputs(c)]
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
