"""Kernel formation, step 1: turn fusion groups into marked ops.

One-shot bufferization does not know `fusion.group`, so before any transform
runs each group is inlined into its function and its ops are marked instead:
`mlirfuse.kernel = K` on every op of kernel K, `mlirfuse.op = I` (program
order inside the kernel, used by the transform scripts to match one op) and
`mlirfuse.root` on the op that produces the kernel's result. A linalg op left
outside any group (not a fill) becomes a kernel of its own. A fill is cloned
for each kernel that consumes it, so every kernel owns its producers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.analysis.structured import structured_view
from mlirfuse.context import GROUP_ID_ATTR, GROUP_OP, PATTERN_ATTR
from mlirfuse.gpu.irutil import defining_op, identity_copy
from mlirfuse.mutation import Rewrite, erase, has_uses
from mlirfuse.transforms.ir_utils import held_sizes_of

KERNEL_ATTR = "mlirfuse.kernel"
OP_ATTR = "mlirfuse.op"
ROOT_ATTR = "mlirfuse.root"
PAD_ATTR = "mlirfuse.pad"
INIT_COPY_ATTR = "mlirfuse.init_copy"  # a kernel's copy of a read-only init (destinations.py)
DESTINATION_ATTR = "mlirfuse.destination"  # a kernel op's own tensor.empty (kept from CSE)
LOOP_ATTR = "mlirfuse.kernel_loop"  # on each kernel's block-level scf.forall
PART_ATTR = "mlirfuse.kernel_part"  # on each part's block loop (partitioned kernels)

FILL = "linalg.fill"
GENERIC = "linalg.generic"


class KernelFormationError(Exception):
    """A group this lowering cannot make one kernel of; carries a location."""

    def __init__(self, message: str, location: ir.Location) -> None:
        super().__init__(message)
        self.location = location


@dataclass
class Kernel:
    """The ops of one future GPU kernel, in program order."""

    kernel_id: int
    pattern: str
    ops: list[ir.Operation] = field(default_factory=list)
    root: ir.Operation | None = None
    group_id: int | None = None  # the group's `fusion.id`; None for a loose op
    roots: list[ir.Operation] = field(default_factory=list)  # several for sibling groups


def is_linalg(op: ir.Operation) -> bool:
    return op.name.startswith("linalg.")


def _i64(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)


def _linalg_source(op: ir.Operation, group: ir.Operation) -> ir.Operation | None:
    """`op`, or the linalg op inside `group` a chain of reshapes/slices of its
    first operand leads to (a group may yield a reshaped result)."""
    while not is_linalg(op) and not _is_loop_kernel(op):
        if not op.operands:
            return None
        producer = defining_op(op.operands[0])
        if producer is None or producer.parent != group:
            return None
        op = producer
    return op


def _is_loop_kernel(op: ir.Operation) -> bool:
    """A kernel already written as mapped loops (`attention_kernel.py`)."""
    return op.name == "scf.forall" and "mapping" in op.attributes


def _yielded_producers(group: ir.Operation) -> list[ir.Operation]:
    """The ops of `group` whose results it yields (values from outside skipped)."""
    terminator = list(group.regions[0].blocks[0].operations)[-1]
    producers = [defining_op(value) for value in terminator.operands]
    return [p for p in producers if p is not None and p.parent == group]


def _group_roots(group: ir.Operation) -> list[ir.Operation]:
    """The linalg ops whose results the group yields and that no other yielded
    op consumes, in program order: one for a vertical group, several for
    sibling / horizontal groups (lowered as one loop nest with fused sibling
    loops); none for a group without linalg ops."""
    inside: list[ir.Operation] = []
    for producer in _yielded_producers(group):
        source = _linalg_source(producer, group)
        if source is None:
            raise KernelFormationError(
                f"group yields the result of '{producer.name}', not computed by a linalg op",
                producer.location,
            )
        if not any(source == q for q in inside):
            inside.append(source)
    roots = [p for p in inside if not any(p != q and _feeds(p, q) for q in inside)]
    return sorted(roots, key=_position)


def kept_named_ops(group: ir.Operation) -> list[ir.Operation]:
    """Named linalg ops (matmul, transpose, ...) of `group` whose result the
    group yields and another of its linalg ops reads: kept intermediates.
    Tile-and-fuse yields a fused producer's result from the loop only for a
    `linalg.generic`; a named one would stay outside the kernel's loops,
    computed a second time there, and the thread level could not fuse it
    (`prepare.generalize_kept_named_ops` makes them generics)."""
    block = group.regions[0].blocks[0]
    linalg_ops = [op.operation for op in block.operations if is_linalg(op.operation)]
    kept: list[ir.Operation] = []
    for producer in _yielded_producers(group):
        source = _linalg_source(producer, group)
        if source is None or source.name in (GENERIC, FILL) or _is_loop_kernel(source):
            continue
        if any(source == k for k in kept):
            continue
        if any(source != other and _feeds(source, other) for other in linalg_ops):
            kept.append(source)
    return kept


def _position(op: ir.Operation) -> int:
    return [o.operation for o in op.block.operations].index(op.operation)


def _feeds(producer: ir.Operation, consumer: ir.Operation) -> bool:
    """Whether `producer` reaches `consumer` through def-use chains in its block."""
    todo = [producer]
    seen: list[ir.Operation] = []
    while todo:
        op = todo.pop()
        for result in op.results:
            for use in result.uses:
                user = use.owner.operation
                if user == consumer:
                    return True
                if user.block == producer.block and not any(user == s for s in seen):
                    seen.append(user)
                    todo.append(user)
    return False


def inline_group(group: ir.Operation, kernel: Kernel) -> None:
    """Move the group's ops before it, mark them, and replace its results."""
    block = group.regions[0].blocks[0]
    ops = list(block.operations)
    terminator = ops[-1]
    kernel.roots = _group_roots(group)
    kernel.root = kernel.roots[-1] if kernel.roots else None
    body = [op.operation for op in ops[:-1]]
    computed = [op for op in body if is_linalg(op) or _is_loop_kernel(op)]
    after = _result_views(body, computed, ops[-1].operation)
    with Rewrite("a fusion.group becomes a kernel's ops", group) as rw:
        for op in [op for op in body if op not in after] + after:
            op.move_before(group)
            if op in computed:
                kernel.ops.append(op)
        rw.replace_op(group, list(terminator.operands))


def _result_views(
    body: list[ir.Operation], computed: list[ir.Operation], terminator: ir.Operation
) -> list[ir.Operation]:
    """The views of the kernel's results that the group yields and no kernel
    op reads, in order: they go after the kernel's ops, where the kernel's
    loop will be, so that a kept result is yielded by the loop (tile-and-fuse
    yields a producer's result for uses after the loop, not before). Unused
    views (left by the folds) stay: a use after the loop would make it
    yield a result nobody reads."""
    views: list[ir.Operation] = []
    whole = [*body, terminator]
    for op in body:
        if op in computed or _reaches(op, computed, whole):
            continue
        if not _reaches(op, [terminator], whole):
            continue
        sources = [defining_op(v) for v in op.operands]
        if any(s is not None and (s in computed or s in views) for s in sources):
            views.append(op)
    return views


def _reaches(op: ir.Operation, targets: list[ir.Operation], body: list[ir.Operation]) -> bool:
    """Whether a result of `op` reaches one of `targets` (uses inside nested
    regions count as uses by the body op holding them)."""
    todo, seen = [op], [op]
    while todo:
        for result in todo.pop().results:
            for use in result.uses:
                user = _in_body(use.owner, body)
                if user is None or user in seen:
                    continue
                if user in targets:
                    return True
                seen.append(user)
                todo.append(user)
    return False


def _in_body(owner: ir.Operation | ir.OpView, body: list[ir.Operation]) -> ir.Operation | None:
    """The op of `body` that is `owner` or holds it."""
    op: ir.Operation | None = owner.operation
    while op is not None and op not in body:
        parent = op.parent
        op = parent.operation if parent is not None else None
    return op


def form_kernels(func: ir.Operation, first_id: int = 0) -> list[Kernel]:
    """Inline every group of `func`, give loose linalg ops their own kernel,
    clone fills per consuming kernel and set the marking attributes."""
    kernels: list[Kernel] = []
    body = func.regions[0].blocks[0]
    for op in list(body.operations):
        op = op.operation
        if op.name == GROUP_OP:
            pattern = _str_attr(op, PATTERN_ATTR, "independent")
            kernel = Kernel(first_id + len(kernels), pattern, group_id=_int_attr(op, GROUP_ID_ATTR))
            inline_group(op, kernel)
            _copy_kept_accumulators(kernel)
            if kernel.root is not None:  # a group of tensor ops only is no kernel
                kernels.append(kernel)
        elif is_linalg(op) and not _is_cloned_producer(op):
            kernels.append(Kernel(first_id + len(kernels), "single", [op], op, roots=[op]))
    for kernel in kernels:
        _attach_fills(kernel)
    for kernel in kernels:
        _fresh_outs(kernel)
        _drop_unused_clones(kernel)
        _mark(kernel)
    _erase_dead_fills(body)
    return kernels


def _copy_kept_accumulators(kernel: Kernel) -> None:
    """An op that reads its destination (a reduction onto its fill) and
    whose result the kernel both keeps (read after it) and reads in more
    than one clone: what is kept, and what the kernel's last reader of it
    reads, become an identity copy of it. Tile and fuse yields a kept op
    from the kernel's loop through a shared output, whose slices then
    served as the init of every clone it made of the op (one per reader);
    the fill fused through that output initialised one slice only, and the
    other clones accumulated onto uninitialised memory (PE-Audio's masked
    GroupNorm: the mask count, kept, read by the variance and by the norm).
    A copy reads no destination, and the op, no longer kept, gets its own
    fill in each of its clones."""
    for op in list(kernel.ops):
        if not _reads_destination(op):
            continue
        for result in op.results:
            readers = _kernel_readers(result, kernel)
            # One clone per reader, and per result of a reader with several.
            cloned = len(readers) > 1 or any(len(r.results) > 1 for r in readers)
            if not cloned or all(_owned_by(u.owner, kernel) for u in result.uses):
                continue
            copy = identity_copy(result, op.block.operations[_position(op) + 1])
            for use in list(result.uses):
                owner = use.owner.operation
                if owner == copy or (_owned_by(owner, kernel) and owner != readers[-1]):
                    continue
                owner.operands[use.operand_number] = copy.results[0]
            kernel.ops.insert(kernel.ops.index(op) + 1, copy)


def _kernel_readers(value: ir.Value, kernel: Kernel) -> list[ir.Operation]:
    """The kernel's ops that read `value`, in program order."""
    return [op for op in kernel.ops if any(v == value for v in op.operands)]


def _reads_destination(op: ir.Operation) -> bool:
    view = structured_view(op)
    if view is None:
        return False
    inits = op.regions[0].blocks[0].arguments[view.num_inputs :]
    return "reduction" in view.iterators or any(list(arg.uses) for arg in inits)


def _owned_by(owner: ir.Operation | ir.OpView, kernel: Kernel) -> bool:
    op = owner.operation
    return any(op == mine for mine in kernel.ops)


def _int_attr(op: ir.Operation, name: str) -> int | None:
    return ir.IntegerAttr(op.attributes[name]).value if name in op.attributes else None


def _str_attr(op: ir.Operation, name: str, default: str) -> str:
    if name in op.attributes:
        return str(ir.StringAttr(op.attributes[name]).value)
    return default


def _is_cloned_producer(op: ir.Operation) -> bool:
    """Fills, padding generics and init copies: cheap producers each
    consumer recomputes."""
    return op.name == FILL or PAD_ATTR in op.attributes or INIT_COPY_ATTR in op.attributes


def _attach_fills(kernel: Kernel) -> None:
    """Give each kernel op a private clone of every fill (or padding) it uses.
    A member fill stays its only reader's; one several members read (the
    zero init of Q/K/V projections in one group) is cloned per reader too:
    tile-and-fuse moves a producer into one consumer's loop only, and the
    others would accumulate into its buffer, never zeroed."""
    for op in list(kernel.ops):
        for index, value in enumerate(op.operands):
            producer = defining_op(value)
            if producer is None or not _is_cloned_producer(producer):
                continue
            member = any(producer == mine for mine in kernel.ops)
            if member and len({use.owner for use in value.uses}) == 1:
                continue
            clone = producer.clone(ip=ir.InsertionPoint(op))
            op.operands[index] = clone.results[0]
            kernel.ops.insert(kernel.ops.index(op), clone.operation)


def _fresh_outs(kernel: Kernel) -> None:
    """Give every generic whose outs it never reads its own tensor.empty:
    sharing another op's destination (or writing into a producer's result)
    makes scratch buffers alias results, costs copies of uninitialised data
    and hides the producer from thread-level fusion."""
    for op in kernel.ops:
        if op.name != "linalg.generic":
            continue
        n_out = len(op.results)
        n_in = len(op.operands) - n_out
        args = op.regions[0].blocks[0].arguments
        for i in range(n_out):
            if list(args[n_in + i].uses):
                continue
            old = op.operands[n_in + i]
            out_type = ir.RankedTensorType(old.type)
            with ir.InsertionPoint(op), op.location:
                empty = tensor.EmptyOp(held_sizes_of(old, out_type), out_type.element_type)
            op.operands[n_in + i] = empty.result


def _drop_unused_clones(kernel: Kernel) -> None:
    """A fill clone whose user took a fresh destination is unused: it leaves
    the kernel's op list, since `_erase_dead_fills` erases it and a handle
    kept to an erased op dangles (reading it later crashed now and then)."""
    kernel.ops[:] = [op for op in kernel.ops if not (_is_cloned_producer(op) and not has_uses(op))]


def _mark(kernel: Kernel) -> None:
    for index, op in enumerate(kernel.ops):
        op.attributes[KERNEL_ATTR] = _i64(kernel.kernel_id)
        op.attributes[OP_ATTR] = _i64(index)
        _own_empties(op, f"{kernel.kernel_id}.{index}")
    for root in kernel.roots:
        root.attributes[ROOT_ATTR] = ir.UnitAttr.get()
        if _is_loop_kernel(root):  # stage 2 maps it as the kernel's block loop
            root.attributes[LOOP_ATTR] = _i64(kernel.kernel_id)


def _own_empties(op: ir.Operation, key: str) -> None:
    """Each `tensor.empty` destination of `op` becomes its own, marked with
    `key`. The tiling script's CSE merges identical empties: an
    intermediate's destination (a fill's, the reduction every block
    recomputes) then was the kernel's output buffer, which one-shot
    bufferization copied into shared memory with a loop every thread ran
    over the whole buffer, racing with the threads that wrote their slots
    (`race_check.py`)."""
    view = structured_view(op)
    if view is None:
        return
    for number in range(view.num_inputs, len(op.operands)):
        empty = defining_op(op.operands[number])
        if empty is None or empty.name != "tensor.empty":
            continue
        mine = empty.clone(ip=ir.InsertionPoint(op))
        mine.attributes[DESTINATION_ATTR] = ir.StringAttr.get(f"{key}.{number}")
        op.operands[number] = mine.results[0]


def _erase_dead_fills(body: ir.Block) -> None:
    """Originals of the fills (and padding generics) every kernel cloned.
    Only ops unused already (a kernel's unused clones left its op list first)."""
    for op in [o.operation for o in body.operations]:
        if _is_cloned_producer(op) and not has_uses(op):
            erase(op, "drop a cloned producer left unused")
