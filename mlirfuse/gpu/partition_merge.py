"""A partitioned kernel's block loops, merged into one (`schedule_parts.py`).

On buffers, after bufferization (so the CPU check runs the same loop), the
block loops of one kernel's parts (`scf.forall`s marked `mlirfuse.kernel_part
= K`, no results) become one `scf.forall` over the sum of their iterations,
mapped to `#gpu.block<x>` and marked as kernel K's block loop: block b runs
part i when offset_i <= b < offset_i + blocks_i, with part i's loop indices
delinearised from b - offset_i (row-major). A part's dynamic bounds make
its trip counts, and so the offsets and the merged loop's bound, host
values (computed before the merged loop; the launch's grid is their sum,
`dynamic_grid.py`). The merged loop takes the place of the last part's
loop, where everything each part reads is defined.
"""

from __future__ import annotations

from typing import TypeAlias

from mlir import ir
from mlir.dialects import arith, scf

from mlirfuse.gpu.kernels import LOOP_ATTR, PART_ATTR
from mlirfuse.mutation import Rewrite

_DYNAMIC = ir.ShapedType.get_dynamic_size()
Bound: TypeAlias = int | ir.Value  # static, or a host value (a dynamic extent's loop)


def _bounds(loop: ir.Operation) -> tuple[list[Bound], list[Bound], list[Bound]]:
    """The part loop's lower bounds, upper bounds and steps; a dynamic one
    is its operand (in that order: the forall's dynamic operands)."""
    if len(loop.results):
        raise ValueError(f"{loop.location}: a part's block loop with results")
    dynamic = iter(loop.operands)
    lists = []
    for name in ("staticLowerBound", "staticUpperBound", "staticStep"):
        static = list(ir.DenseI64ArrayAttr(loop.attributes[name]))
        lists.append([next(dynamic) if v == _DYNAMIC else v for v in static])
    return lists[0], lists[1], lists[2]


def _is(bound: Bound, number: int) -> bool:
    """`bound` is the static `number` (a host value is never taken for one)."""
    return isinstance(bound, int) and bound == number


def _value(bound: Bound) -> ir.Value:
    return bound if isinstance(bound, ir.Value) else _index(bound)


def _trips(loop: ir.Operation) -> list[Bound]:
    """Each dim's trip count: an int, or a host value computed before the
    merged loop (where every part's bounds are defined)."""
    trips: list[Bound] = []
    for lo, hi, step in zip(*_bounds(loop), strict=True):
        if isinstance(lo, int) and isinstance(hi, int) and isinstance(step, int):
            trips.append(-(-(hi - lo) // step))
            continue
        span = arith.SubIOp(_value(hi), _value(lo)).result if not _is(lo, 0) else _value(hi)
        trips.append(arith.CeilDivUIOp(span, _value(step)).result if not _is(step, 1) else span)
    return trips


def _index(value: int) -> ir.Value:
    return arith.ConstantOp(ir.IndexType.get(), value).result


def _indices(loop: ir.Operation, trips: list[Bound], local: ir.Value) -> list[ir.Value]:
    """The part loop's induction values for its linear block number `local`."""
    lows, _, steps = _bounds(loop)
    values: list[ir.Value] = [local] * len(trips)
    rest = local
    for d in reversed(range(len(trips))):
        k = rest if d == 0 else arith.RemUIOp(rest, _value(trips[d])).result
        if d > 0:
            rest = arith.DivUIOp(rest, _value(trips[d])).result
        scaled = arith.MulIOp(k, _value(steps[d])).result if not _is(steps[d], 1) else k
        values[d] = arith.AddIOp(scaled, _value(lows[d])).result if not _is(lows[d], 0) else scaled
    return values


def _count(trips: list[Bound]) -> Bound:
    """The product of `trips`: an int while all are static."""
    total: Bound = 1
    for t in trips:
        if isinstance(total, int) and isinstance(t, int):
            total *= t
        else:
            total = (
                arith.MulIOp(_value(total), _value(t)).result if not _is(total, 1) else _value(t)
            )
    return total


def _add(a: Bound, b: Bound) -> Bound:
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    return arith.AddIOp(_value(a), _value(b)).result if not _is(a, 0) else _value(b)


def _merge(loops: list[ir.Operation], kernel_id: int) -> None:
    last = loops[-1]
    block_x = ir.ArrayAttr.get([ir.Attribute.parse("#gpu.block<x>")])
    with last.location, ir.InsertionPoint(last):
        trips = [_trips(loop) for loop in loops]
        counts = [_count(t) for t in trips]
        offsets: list[Bound] = [0]
        for count in counts:
            offsets.append(_add(offsets[-1], count))
        merged = scf.ForallOp([0], [offsets[-1]], [1], mapping=block_x)
        merged.attributes[LOOP_ATTR] = ir.IntegerAttr.get(
            ir.IntegerType.get_signless(64), kernel_id
        )
    block = merged.regions[0].blocks[0]
    bid = block.arguments[0]
    with Rewrite("merge a partitioned kernel's block loops", merged) as rw:
        for loop, trip, offset, end_offset in zip(
            loops, trips, offsets[:-1], offsets[1:], strict=True
        ):
            with loop.location, ir.InsertionPoint(block):
                above = arith.CmpIOp(arith.CmpIPredicate.uge, bid, _value(offset)).result
                below = arith.CmpIOp(arith.CmpIPredicate.ult, bid, _value(end_offset)).result
                branch = scf.IfOp(arith.AndIOp(above, below).result)
            with loop.location, ir.InsertionPoint(branch.then_block):
                local = arith.SubIOp(bid, _value(offset)).result if not _is(offset, 0) else bid
                ivs = _indices(loop, trip, local)
                end = scf.YieldOp([])
            body = loop.regions[0].blocks[0]
            for op in list(body.operations)[:-1]:
                op.operation.move_before(end)
            for arg, value in zip(body.arguments, ivs, strict=True):
                rw.replace_uses(arg, value)
            rw.erase(loop)
        with last.location, ir.InsertionPoint(block):
            scf.InParallelOp()


def merge_part_loops(module: ir.Module) -> int:
    """Merge every partitioned kernel's part loops; returns how many kernels."""
    merged = 0
    for func in module.body.operations:
        if func.operation.name != "func.func" or not func.operation.regions[0].blocks:
            continue
        groups: dict[int, list[ir.Operation]] = {}
        for op in func.operation.regions[0].blocks[0].operations:
            op = op.operation
            if op.name == "scf.forall" and PART_ATTR in op.attributes:
                groups.setdefault(ir.IntegerAttr(op.attributes[PART_ATTR]).value, []).append(op)
        for kernel_id, loops in groups.items():
            _merge(loops, kernel_id)
            merged += 1
    return merged
