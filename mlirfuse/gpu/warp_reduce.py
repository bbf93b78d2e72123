"""Row reductions combined with warp shuffles (`gpu.all_reduce`).

A row kernel splits each reduction into one partial per thread
(`tile_reduction_using_forall`); the partials land in shared memory and a
merge (`linalg.reduce`, marked `mlirfuse.combine` by the transform script)
combines them. On buffers, before the thread mapping, that merge is rewritten
here: every thread of the block loads its own partial and takes part in one
`gpu.all_reduce`, which the NVVM lowering (`convert-gpu-to-nvvm`'s in-dialect
all-reduce patterns) turns into a butterfly of `gpu.shuffle xor` over offsets
16, 8, 4, 2, 1 inside each warp, one shared-memory step across the warps and a
second butterfly (`shfl.sync.bfly` in the PTX); thread 0 then folds the result
into the reduction's output. The CPU check runs the merge as it is (one
thread combines the partials), since `gpu.all_reduce` has no sequential form.

Eligible reductions (`warp_combiner`): one result of a 32- or 64-bit int or
float type (`gpu.shuffle` splits 64-bit values in two) whose body combines
with one arith op that `gpu.all_reduce` knows.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, gpu, memref, scf

from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.kernels import LOOP_ATTR
from mlirfuse.mutation import Rewrite, erase

COMBINE_ATTR = "mlirfuse.combine"

# arith combiner -> gpu.all_reduce operation
ALL_REDUCE_OPS = {
    "arith.addf": "add",
    "arith.addi": "add",
    "arith.mulf": "mul",
    "arith.muli": "mul",
    "arith.maximumf": "maximumf",
    "arith.minimumf": "minimumf",
    "arith.maxnumf": "maxnumf",
    "arith.minnumf": "minnumf",
    "arith.maxsi": "maxsi",
    "arith.minsi": "minsi",
    "arith.maxui": "maxui",
    "arith.minui": "minui",
    "arith.andi": "and",
    "arith.ori": "or",
    "arith.xori": "xor",
}
SHUFFLE_TYPES = ("f32", "f64", "i32", "i64")


def warp_combiner(op: ir.Operation) -> str | None:
    """The arith op combining `op`'s reduction (a linalg op with one result
    and one combining body op on a shuffleable type), else None."""
    if len(op.results) != 1 or not op.regions or not op.regions[0].blocks:
        return None
    element = ir.ShapedType(op.results[0].type).element_type
    if str(element) not in SHUFFLE_TYPES:
        return None
    block = op.regions[0].blocks[0]
    ops = list(block.operations)
    yielded = defining_op(ops[-1].operands[0]) if ops[-1].operands else None
    out = block.arguments[len(block.arguments) - 1]
    if yielded is None or yielded.name not in ALL_REDUCE_OPS:
        return None
    if not any(operand == out for operand in yielded.operands):
        return None
    return str(yielded.name)


def shuffle_combines(module: ir.Module, block_threads: dict[int, int]) -> int:
    """Rewrite every marked merge into a block-wide `gpu.all_reduce`;
    `block_threads` maps a kernel's block-loop id to its threads (x).
    Returns how many merges were rewritten."""
    count = 0
    for op in walk(module.operation):
        if op.name != "linalg.reduce" or COMBINE_ATTR not in op.attributes:
            continue
        forall = op.parent
        threads = block_threads.get(_kernel_loop_id(op), 0)
        if forall is None or not _rewritable(op, forall, threads):
            continue
        partials = op.operands[0]
        _rewrite(op, forall, threads)
        _merge_thread_local(forall, partials)
        count += 1
    return count


def _kernel_loop_id(op: ir.Operation) -> int:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if LOOP_ATTR in parent.attributes:
            return ir.IntegerAttr(parent.attributes[LOOP_ATTR]).value
        parent = parent.parent
    return -1


def _shape(value: ir.Value) -> list[int]:
    return list(ir.MemRefType(value.type).shape)


def _rewritable(op: ir.Operation, forall: ir.Operation, threads: int) -> bool:
    """A one-thread forall merging `threads` partials of one output (all
    other dims 1) along its reduced dims (the innermost one for a row
    kernel, several for a reduce kernel) with a combiner gpu.all_reduce knows."""
    if forall.name != "scf.forall" or list(_upper(forall)) != [1] or threads < 1:
        return False
    if len(op.operands) != 2:
        return False
    reduced = list(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
    partials, out = _shape(op.operands[0]), _shape(op.operands[1])
    count = 1
    for d in reduced:
        count *= partials[d]
    kept = [e for d, e in enumerate(partials) if d not in reduced]
    if count != threads or any(d != 1 for d in kept + out):
        return False
    body = list(op.regions[0].blocks[0].operations)
    return len(body) == 2 and body[0].name in ALL_REDUCE_OPS


def _upper(forall: ir.Operation) -> list[int]:
    return list(ir.DenseI64ArrayAttr(forall.attributes["staticUpperBound"]))


def _rewrite(op: ir.Operation, forall: ir.Operation, threads: int) -> None:
    """forall (1) {merge} -> forall (threads) {load own partial; all_reduce;
    thread 0: out = combine(result, out)}."""
    partials, out = op.operands[0], op.operands[1]
    combiner = next(iter(op.regions[0].blocks[0].operations))
    forall.attributes["staticUpperBound"] = ir.DenseI64ArrayAttr.get([threads])
    body = forall.regions[0].blocks[0]
    tid = body.arguments[0]
    with op.location, ir.InsertionPoint(op):
        zero = arith.ConstantOp(ir.IndexType.get(), 0).result
        index = _own_partial(tid, _shape(partials), op)
        value = memref.LoadOp(partials, index).result
        kind = ir.Attribute.parse(f"#gpu<all_reduce_op {ALL_REDUCE_OPS[combiner.name]}>")
        reduced = gpu.AllReduceOp(value, op=kind, uniform=True).result
        first = arith.CmpIOp(arith.CmpIPredicate.eq, tid, zero).result
        branch = scf.IfOp(first)
    with op.location, ir.InsertionPoint(branch.then_block):
        index = [zero] * len(_shape(out))
        old = memref.LoadOp(out, index).result
        merged = combiner.clone()
        merged.operands[0] = reduced
        merged.operands[1] = old
        memref.StoreOp(merged.results[0], out, index)
        scf.YieldOp([])
    erase(op, "warp-shuffle combine")


def _own_partial(tid: ir.Value, partials: list[int], op: ir.Operation) -> list[ir.Value]:
    """The thread's partial: `tid` delinearised over the reduced dims
    (row-major, innermost fastest, as the linear thread mapping numbers
    the partial loop), 0 on the others."""
    reduced = list(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
    zero = arith.ConstantOp(ir.IndexType.get(), 0).result
    index = [zero] * len(partials)
    rest = tid
    for d in reversed(reduced):
        if d == reduced[0]:
            index[d] = rest
            break
        size = arith.ConstantOp(ir.IndexType.get(), partials[d]).result
        index[d] = arith.RemUIOp(rest, size).result
        rest = arith.DivUIOp(rest, size).result
    return index


def _merge_thread_local(forall: ir.Operation, partials: ir.Value) -> None:
    """Pull the partials' fill and partial-reduction loops into the merge's
    loop: each thread there touches only its own partial (and reads other
    buffers, complete since the barrier before them), so the two barriers
    between the three loops are not needed and the partial stays in a
    register (LLVM forwards the store to the load)."""
    while (previous := _previous(forall)) is not None and _thread_local(previous, forall, partials):
        body = forall.regions[0].blocks[0]
        first = next(iter(body.operations))
        moved = list(previous.regions[0].blocks[0].operations)[:-1]
        for inner in moved:
            inner.move_before(first)
        with Rewrite("warp-shuffle combine: merge thread loops", forall) as rw:
            rw.replace_uses(previous.regions[0].blocks[0].arguments[0], body.arguments[0])
            rw.erase(previous)


def _previous(op: ir.Operation) -> ir.Operation | None:
    ops = [o.operation for o in op.block.operations]
    position = ops.index(op)
    return ops[position - 1] if position > 0 else None


def _thread_local(loop: ir.Operation, forall: ir.Operation, partials: ir.Value) -> bool:
    """`loop` is a thread loop like `forall` whose only writes are to its own
    thread's partial (a unit subview of `partials` at the thread id)."""
    if loop.name != "scf.forall" or _upper(loop) != _upper(forall):
        return False
    if str(loop.attributes["mapping"]) != str(forall.attributes["mapping"]):
        return False
    body = loop.regions[0].blocks[0]
    tid = body.arguments[0]
    own: list[ir.Value] = []
    for inner in list(body.operations)[:-1]:
        if inner.name == "memref.subview" and inner.operands[0] == partials:
            if not _unit_at(inner, tid):
                return False
            own.append(inner.results[0])
            continue
        if any(o == partials for o in inner.operands) or not _pure_or_access(inner):
            return False
        if not all(any(w == v for v in own) for w in _written(inner)):
            return False
    return True


_STORES = ("memref.store", "vector.store", "vector.transfer_write")


def _pure_or_access(op: ir.Operation) -> bool:
    """Arithmetic, views, loads, stores and linalg ops on buffers: what a
    thread's partial reduction holds."""
    dialect = op.name.split(".")[0]
    return (
        dialect in ("arith", "math", "linalg", "vector")
        or op.name in ("memref.subview", "memref.load", "affine.apply")
        or op.name in _STORES
    )


def _written(op: ir.Operation) -> list[ir.Value]:
    """The buffers `op` writes."""
    if op.name in _STORES:
        return [op.operands[1]]
    if op.name.startswith("linalg."):
        return _inits(op)
    return []


def _inits(op: ir.Operation) -> list[ir.Value]:
    """The outs operands of a linalg op on buffers (its output segment)."""
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    return list(op.operands)[sizes[0] : sizes[0] + sizes[1]]


def _unit_at(subview: ir.Operation, tid: ir.Value) -> bool:
    """A subview of one element whose only dynamic offset is `tid`, last."""
    offsets = list(ir.DenseI64ArrayAttr(subview.attributes["static_offsets"]))
    sizes = list(ir.DenseI64ArrayAttr(subview.attributes["static_sizes"]))
    dynamic = list(subview.operands)[1:]
    return (
        len(dynamic) == 1
        and dynamic[0] == tid
        and all(o == 0 for o in offsets[:-1])
        and sizes[-1] == 1
    )
