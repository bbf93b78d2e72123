"""A static check of the lowered kernels for the races the CPU check cannot see.

`verify --schedule gpu` runs a kernel's threads one after another, so a store
that every thread of a block makes to the same address gives the right
values there and the wrong ones on a GPU, where the threads interleave. Two
such patterns reached the GPU dialect before this check existed:

- every thread accumulates into one shared or global address (a reduction
  the fallback schedule keeps, computed whole in each thread into its
  output): a load and a store of the same buffer by all threads, with no
  barrier between them, loses updates;
- every thread copies a whole buffer (a bufferization copy) while other
  threads already write their own slots of it: the copy overwrites them.

Between two barriers of the kernel body (the only order threads keep), a
store that every thread executes (no branch on the thread id around it) at
an address no thread id reaches, into memory that is not the thread's own
(`memref.alloca`), is a *uniform* store. It races when its value reads the
buffer it writes (the first pattern) or when another store of that interval
writes the same buffer at a per-thread address (the second). Both are
refused with the store's location: a kernel that would race is not built.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mlir import ir

from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.memory import MEMREF_VIEWS
from mlirfuse.gpu.opshape import ScheduleError

_THREAD_IDS = frozenset({"gpu.thread_id", "gpu.lane_id", "gpu.subgroup_id"})
# A reinterpret_cast also moves the view, through operands a thread id may reach.
_VIEWS = frozenset({*MEMREF_VIEWS, "memref.reinterpret_cast"})
# Stores and loads: operand 0 is the stored value, then the buffer, then indices.
_STORES = frozenset({"memref.store", "vector.store", "vector.transfer_write"})
_LOADS = frozenset({"memref.load", "vector.load", "vector.transfer_read"})
# Ops every thread of the block waits at: a block-wide all_reduce lowers
# through shared memory with barriers.
_BARRIERS = frozenset({"gpu.barrier", "gpu.all_reduce"})


@dataclass
class _Store:
    op: ir.Operation
    buffer: ir.Value  # the root buffer, through views
    uniform: bool  # every thread writes the same address


class _Threads:
    """Which values a thread id reaches (memoised per operation)."""

    def __init__(self) -> None:
        self._known: dict[ir.Operation, bool] = {}  # operations hash by identity

    def reaches(self, value: ir.Value) -> bool:
        op = defining_op(value)
        if op is None:
            return self._loop_index(value)
        if op not in self._known:
            self._known[op] = False  # a cycle cannot occur; this would end one
            self._known[op] = op.name in _THREAD_IDS or any(self.reaches(v) for v in op.operands)
        return self._known[op]

    def _loop_index(self, value: ir.Value) -> bool:
        """A loop's index reaches a thread id when its bounds do."""
        block = ir.BlockArgument(value).owner
        parent = block.owner.operation if block.owner is not None else None
        if parent is None or parent.name != "scf.for":
            return False
        return any(self.reaches(v) for v in parent.operands[:3])

    def guarded(self, op: ir.Operation) -> bool:
        """Inside a branch or a loop whose condition or bounds a thread id reaches."""
        parent = op.parent
        while parent is not None and parent.name != "gpu.func":
            if parent.name == "scf.if" and self.reaches(parent.operands[0]):
                return True
            if parent.name == "scf.for" and any(self.reaches(v) for v in parent.operands[:3]):
                return True
            parent = parent.parent
        return False

    def address(self, buffer: ir.Value, indices: list[ir.Value]) -> tuple[ir.Value, bool]:
        """(root buffer, whether a thread id reaches the address)."""
        reached = any(self.reaches(i) for i in indices)
        op = defining_op(buffer)
        while op is not None and op.name in _VIEWS:
            reached = reached or any(self.reaches(v) for v in list(op.operands)[1:])
            buffer = op.operands[0]
            op = defining_op(buffer)
        return buffer, reached


def check_block_races(module: ir.Module) -> None:
    """Raise ScheduleError at the first racing store of any gpu.func."""
    for op in walk(module.operation):
        if op.name == "gpu.func":
            _check_kernel(op)


def _check_kernel(func: ir.Operation) -> None:
    if _block_threads(func) == 1:
        return  # one thread per block: nothing to race with
    threads = _Threads()
    for interval in _intervals(func):
        stores = [_store(op, threads) for op in interval if op.name in _STORES]
        for store in stores:
            if store is None or not store.uniform:
                continue
            if _reads(store.op.operands[0], store.buffer, threads):
                _refuse(func, store.op, "accumulates into one address with every thread")
            if any(s is not None and not s.uniform and s.buffer == store.buffer for s in stores):
                _refuse(func, store.op, "writes the whole buffer while threads write their slots")


def _block_threads(func: ir.Operation) -> int | None:
    """The block's thread count from `known_block_size` (None: not known)."""
    if "known_block_size" not in func.attributes:
        return None
    sizes = ir.DenseI32ArrayAttr(func.attributes["known_block_size"])
    return math.prod(sizes[i] for i in range(len(sizes)))


def _intervals(func: ir.Operation) -> list[list[ir.Operation]]:
    """The kernel body's ops (nested ones included) between its top-level
    barriers (and block-wide all_reduces)."""
    intervals: list[list[ir.Operation]] = [[]]
    for top in func.regions[0].blocks[0].operations:
        if top.operation.name in _BARRIERS:
            intervals.append([])
        else:
            intervals[-1].extend(walk(top.operation))
    return intervals


def _store(op: ir.Operation, threads: _Threads) -> _Store | None:
    buffer, reached = threads.address(op.operands[1], list(op.operands)[2:])
    root = defining_op(buffer)
    if root is not None and root.name == "memref.alloca":
        return None  # the thread's own memory
    return _Store(op, buffer, not reached and not threads.guarded(op))


def _reads(value: ir.Value, buffer: ir.Value, threads: _Threads) -> bool:
    """Whether `value` is computed from a load of `buffer` (through views)."""
    todo, seen = [value], set()
    while todo:
        op = defining_op(todo.pop())
        if op is None or op in seen:
            continue
        seen.add(op)
        if op.name in _LOADS and threads.address(op.operands[0], [])[0] == buffer:
            return True
        todo.extend(op.operands)
    return False


def _refuse(func: ir.Operation, store: ir.Operation, what: str) -> None:
    name = ir.StringAttr(func.attributes["sym_name"]).value
    raise ScheduleError(
        f"{name}: a store {what} (a race between the block's threads)", store.location
    )
