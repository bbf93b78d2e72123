"""A partitioned kernel's block loops, merged into one (`schedule_parts.py`).

On buffers, after bufferization (so the CPU check runs the same loop), the
block loops of one kernel's parts (`scf.forall`s marked `mlirfuse.kernel_part
= K`, no results) become one `scf.forall` over the sum of their iterations,
mapped to `#gpu.block<x>` and marked as kernel K's block loop: block b runs
part i when offset_i <= b < offset_i + blocks_i, with part i's loop indices
delinearised from b - offset_i (row-major). The merged loop takes the place
of the last part's loop, where everything each part reads is defined.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf

from mlirfuse.gpu.kernels import LOOP_ATTR, PART_ATTR
from mlirfuse.mutation import Rewrite


def _static(loop: ir.Operation, name: str) -> list[int]:
    return list(ir.DenseI64ArrayAttr(loop.attributes[name]))


def _trips(loop: ir.Operation) -> list[int]:
    if len(loop.operands) or len(loop.results):
        raise ValueError(f"{loop.location}: a part's block loop with dynamic bounds or results")
    lows, highs = _static(loop, "staticLowerBound"), _static(loop, "staticUpperBound")
    steps = _static(loop, "staticStep")
    return [-(-(h - lo) // s) for lo, h, s in zip(lows, highs, steps, strict=True)]


def _index(value: int) -> ir.Value:
    return arith.ConstantOp(ir.IndexType.get(), value).result


def _indices(loop: ir.Operation, local: ir.Value) -> list[ir.Value]:
    """The part loop's induction values for its linear block number `local`."""
    trips = _trips(loop)
    lows, steps = _static(loop, "staticLowerBound"), _static(loop, "staticStep")
    values: list[ir.Value] = [local] * len(trips)
    rest = local
    for d in reversed(range(len(trips))):
        k = rest if d == 0 else arith.RemUIOp(rest, _index(trips[d])).result
        if d > 0:
            rest = arith.DivUIOp(rest, _index(trips[d])).result
        scaled = arith.MulIOp(k, _index(steps[d])).result if steps[d] != 1 else k
        values[d] = arith.AddIOp(scaled, _index(lows[d])).result if lows[d] else scaled
    return values


def _count(loop: ir.Operation) -> int:
    total = 1
    for t in _trips(loop):
        total *= t
    return total


def _merge(loops: list[ir.Operation], kernel_id: int) -> None:
    last = loops[-1]
    total = sum(_count(loop) for loop in loops)
    block_x = ir.ArrayAttr.get([ir.Attribute.parse("#gpu.block<x>")])
    with last.location, ir.InsertionPoint(last):
        merged = scf.ForallOp([0], [total], [1], mapping=block_x)
        merged.attributes[LOOP_ATTR] = ir.IntegerAttr.get(
            ir.IntegerType.get_signless(64), kernel_id
        )
    block = merged.regions[0].blocks[0]
    bid = block.arguments[0]
    offset = 0
    with Rewrite("merge a partitioned kernel's block loops", merged) as rw:
        for loop in loops:
            count = _count(loop)
            with loop.location, ir.InsertionPoint(block):
                above = arith.CmpIOp(arith.CmpIPredicate.uge, bid, _index(offset)).result
                below = arith.CmpIOp(arith.CmpIPredicate.ult, bid, _index(offset + count)).result
                branch = scf.IfOp(arith.AndIOp(above, below).result)
            with loop.location, ir.InsertionPoint(branch.then_block):
                local = arith.SubIOp(bid, _index(offset)).result
                ivs = _indices(loop, local)
                end = scf.YieldOp([])
            body = loop.regions[0].blocks[0]
            for op in list(body.operations)[:-1]:
                op.operation.move_before(end)
            for arg, value in zip(body.arguments, ivs, strict=True):
                rw.replace_uses(arg, value)
            rw.erase(loop)
            offset += count
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
