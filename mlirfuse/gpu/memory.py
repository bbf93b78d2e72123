"""Where a kernel's temporary buffers live.

After bufferization every temporary is a `memref.alloc`. Inside a thread loop
it is private to the thread: a `memref.alloca` (registers once LLVM promotes
it). Inside a block loop but outside any thread loop it is shared by the
block's threads: a 16-byte aligned `memref.global` in workgroup memory, read
through a `memref.memory_space_cast` so its users keep their types (LLVM's
address-space inference turns the generic accesses back into `ld.shared`).
Allocations outside any loop are the host's buffers between kernels.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import memref

from mlirfuse.analysis.kernel_memory import STATIC_SHARED_BYTES, kernel_shared_bytes
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.kernels import LOOP_ATTR
from mlirfuse.mutation import replace_op

WORKGROUP = "#gpu.address_space<workgroup>"


def _mapping_level(op: ir.Operation) -> str:
    """'thread', 'block' or '' for the innermost mapped forall around `op`."""
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name == "scf.forall" and "mapping" in parent.attributes:
            text = str(parent.attributes["mapping"])
            if "#gpu.thread" in text or "#gpu.warp" in text:
                return "thread"
            if "#gpu.block" in text:
                return "block"
        parent = parent.parent
    return ""


def place_buffers(module: ir.Module) -> None:
    """Private or shared per buffer; a kernel whose shared buffers exceed the
    static limit is refused here, with its location, before ptxas sees it."""
    count = 0
    shared: dict[str, list[tuple[list[int], int]]] = {}
    for op in walk(module.operation):
        if op.name != "memref.alloc":
            continue
        level = _mapping_level(op)
        with op.location:
            if level == "thread":
                _to_alloca(op)
            elif level == "block":
                shared.setdefault(_kernel_of(op), []).append(_buffer(op))
                _check_budget(shared[_kernel_of(op)], op)
                _to_shared_global(module, op, f"__mlirfuse_shared_{count}")
                count += 1


def _kernel_of(op: ir.Operation) -> str:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if LOOP_ATTR in parent.attributes:
            return str(parent.attributes[LOOP_ATTR])
        parent = parent.parent
    return ""


def _buffer(alloc: ir.Operation) -> tuple[list[int], int]:
    t = ir.MemRefType(alloc.results[0].type)
    element = t.element_type
    width = element.width if isinstance(element, ir.FloatType | ir.IntegerType) else 32
    return list(t.shape), max(1, width // 8)


def _check_budget(buffers: list[tuple[list[int], int]], alloc: ir.Operation) -> None:
    total = kernel_shared_bytes(buffers)
    if total > STATIC_SHARED_BYTES:
        raise ValueError(
            f"{alloc.location}: kernel needs {total} B of static shared memory"
            f" (limit {STATIC_SHARED_BYTES} B)"
        )


def _to_alloca(alloc: ir.Operation) -> None:
    with ir.InsertionPoint(alloc), alloc.location:
        new = memref.AllocaOp(alloc.results[0].type, list(alloc.operands), [])
    replace_op(alloc, [new.result], "thread-private allocation on the stack")


def _to_shared_global(module: ir.Module, alloc: ir.Operation, name: str) -> None:
    generic_type = ir.MemRefType(alloc.results[0].type)
    if not generic_type.has_static_shape:
        raise ValueError(f"{alloc.location}: shared buffer needs a static shape")
    shared_type = ir.MemRefType.get(
        generic_type.shape, generic_type.element_type, memory_space=ir.Attribute.parse(WORKGROUP)
    )
    with ir.InsertionPoint.at_block_begin(module.body), alloc.location:
        memref.GlobalOp(
            name,
            ir.TypeAttr.get(shared_type),
            sym_visibility="private",
            initial_value=ir.UnitAttr.get(),
            alignment=16,
        )
    with ir.InsertionPoint(alloc), alloc.location:
        shared = memref.GetGlobalOp(shared_type, name)
        cast = memref.MemorySpaceCastOp(generic_type, shared.result)
    replace_op(alloc, [cast.result], "block-shared allocation in shared memory")


VECTOR_BYTES = 16


def _vector_bytes(t: ir.Type) -> int:
    vt = ir.VectorType(t)
    count = 1
    for d in vt.shape:
        count *= d
    return count * ir.FloatType(vt.element_type).width // 8 if "f" in str(vt.element_type) else 0


def align_vector_accesses(module: ir.Module) -> int:
    """`{alignment = 16}` on 128-bit vector.load/store (else LLVM emits scalar
    loads) where it holds: every stride of the accessed memref but the
    innermost is a multiple of 4 elements, and its base is a kernel argument
    (caller buffers: allocations or arrays, 16-byte aligned), a shared global
    (declared with alignment 16) or a private alloca (given alignment 16). The
    schedules only form 4-wide vectors at multiples of 4 of the innermost
    index."""
    count = 0
    for op in walk(module.operation):
        if op.name not in ("vector.load", "vector.store"):
            continue
        vector = op.results[0].type if op.name == "vector.load" else op.operands[0].type
        memref_value = op.operands[0] if op.name == "vector.load" else op.operands[1]
        if _vector_bytes(vector) != VECTOR_BYTES or not _aligned_base(memref_value):
            continue
        op.attributes["alignment"] = _i64(VECTOR_BYTES)
        count += 1
    return count


def _i64(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)


# Views of one buffer (`_aligned_base` reads alignment through them; the
# race check, `race_check.py`, finds the buffer a store writes through them).
MEMREF_VIEWS = (
    "memref.subview",
    "memref.memory_space_cast",
    "memref.cast",
    "memref.expand_shape",
    "memref.collapse_shape",
)


def _aligned_base(value: ir.Value) -> bool:
    strides, _ = ir.MemRefType(value.type).get_strides_and_offset()
    if strides[-1] != 1 or any(st % 4 for st in strides[:-1]):
        return False
    while True:
        producer = defining_op(value)
        if producer is None:  # a kernel argument: aligned if it starts its buffer
            _, offset = ir.MemRefType(value.type).get_strides_and_offset()
            return bool(offset == 0)
        if producer.name in MEMREF_VIEWS:
            value = producer.operands[0]
            continue
        if producer.name == "memref.get_global":
            return True
        if producer.name == "memref.alloca":
            producer.attributes["alignment"] = _i64(VECTOR_BYTES)
            return True
        return False
