"""Kernels initialise the destinations they accumulate into themselves.

A kernel unit's arguments are read-only (`bufferization.writable = false`:
another launch may read the same buffer). A linalg op whose `outs` is such an
argument and whose body reads it — a depthwise or grouped convolution
accumulating into a broadcast bias, computed by an earlier kernel — made
one-shot bufferization copy the argument into a fresh buffer on the host
(a `memref.copy`, then loops outside the launch). Instead the op accumulates
into a copy made inside the kernel: an identity `linalg.generic` from the
argument into a `tensor.empty`, marked `mlirfuse.init_copy`, which kernel
formation treats like a fill (each consuming kernel owns a clone; tile and
fuse moves it into the block and thread loops), so every thread first loads
its output tile's init values, then accumulates, and the kernel's result is
a fresh buffer like any other's. A splat constant init (a scatter's zeros)
becomes a fill of its value, for the same reason, and any other constant
init is copied like an argument (bufferized, it is a global no kernel may
write). No host copy, no extra launch, and the launch manifest is unchanged
(the argument or constant is one more buffer read).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.gpu.irutil import defining_op, identity_copy, named_copy, splat_element, walk
from mlirfuse.gpu.kernels import INIT_COPY_ATTR

# Views through which an init still is (a view of) the argument's buffer.
VIEWS = {"tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice", "tensor.cast"}
BODY_OPS = {"linalg.yield", "linalg.index"}
# Named ops that always read their init (accumulate into it).
ACCUMULATING = {"linalg.matmul", "linalg.batch_matmul", "linalg.conv_2d_nchw_fchw"}


def _is_read_only(value: ir.Value, func: ir.Operation) -> bool:
    """Whether `value` is (a view of) an argument of `func` or a tensor
    constant (bufferized to a global that no kernel may write)."""
    while True:
        if isinstance(value, ir.BlockArgument):
            parent = value.owner.owner
            return parent is not None and parent.operation == func
        producer = defining_op(value)
        if producer is not None and producer.name == "arith.constant":
            return True
        if producer is None or producer.name not in VIEWS:
            return False
        value = producer.operands[0]


def reads_init(op: ir.Operation, index: int) -> bool:
    """Whether the structured op `op` reads its init number `index`."""
    if op.name in ACCUMULATING:
        return True
    if not op.regions or not op.regions[0].blocks:
        return False
    n_in = len(op.operands) - len(op.results)
    args = op.regions[0].blocks[0].arguments
    return n_in + index < len(args) and bool(list(args[n_in + index].uses))


def copy_init(op: ir.Operation, index: int) -> ir.Operation:
    """Give `op` a destination copied from its init `index`, before `op`."""
    n_in = len(op.operands) - len(op.results)
    copy = named_copy(op.operands[n_in + index], op)
    copy.attributes[INIT_COPY_ATTR] = ir.UnitAttr.get()
    op.operands[n_in + index] = copy.results[0]
    return copy


def returned_constants_to_kernels(func: ir.Operation) -> int:
    """A function result that is (a view of) a tensor constant is computed
    by a kernel into the caller's buffer: a generator of a splat, else a
    copy (the split found no kernel writing it). Returns how many."""
    ret = list(func.regions[0].blocks[0].operations)[-1].operation
    made = 0
    for number, value in enumerate(ret.operands):
        if not isinstance(value.type, ir.RankedTensorType) or not _is_constant_view(value):
            continue
        element = splat_element(value)
        if element is None:
            ret.operands[number] = identity_copy(value, ret).results[0]
        else:
            ret.operands[number] = _splat_generator(value, element, ret)
        made += 1
    return made


def _is_constant_view(value: ir.Value) -> bool:
    producer = defining_op(value)
    while producer is not None and producer.name in VIEWS:
        producer = defining_op(producer.operands[0])
    return producer is not None and producer.name == "arith.constant"


def _splat_generator(value: ir.Value, element: ir.Attribute, before: ir.Operation) -> ir.Value:
    """A generic reading nothing and yielding `element` everywhere (a lone
    fill is no kernel: kernel formation reads fills as their readers' inits)."""
    t = ir.RankedTensorType(value.type)
    identity = ir.AffineMap.get_identity(t.rank)
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint(before), before.location:
        empty = tensor.EmptyOp(list(t.shape), t.element_type)
        generator = linalg.GenericOp(
            [t],
            [],
            [empty.result],
            ir.ArrayAttr.get([ir.AffineMapAttr.get(identity)]),
            ir.ArrayAttr.get([parallel] * t.rank),
        )
        block = generator.regions[0].blocks.append(t.element_type)
        with ir.InsertionPoint(block):
            linalg.YieldOp([arith.ConstantOp(t.element_type, element).result])
    return generator.results[0]


def _fill(value: ir.Value, element: ir.Attribute, before: ir.Operation) -> ir.Value:
    """A fill of `element` shaped as the static `value`, before `before`."""
    t = ir.RankedTensorType(value.type)
    with ir.InsertionPoint(before), before.location:
        scalar = arith.ConstantOp(t.element_type, element).result
        empty = tensor.EmptyOp(list(t.shape), t.element_type)
        return linalg.fill(scalar, outs=[empty.result])


def copy_argument_inits(func: ir.Operation) -> int:
    """Every linalg op of `func` (groups included) that reads an init which
    is one of `func`'s arguments or a tensor constant accumulates into a
    kernel-made copy of it (a fill of a splat); returns how many copies were
    made."""
    copies = 0
    for op in walk(func):
        if not op.name.startswith("linalg.") or op.name in BODY_OPS:
            continue
        if INIT_COPY_ATTR in op.attributes:
            continue
        n_in = len(op.operands) - len(op.results)
        for index in range(len(op.results)):
            init = op.operands[n_in + index]
            if not isinstance(init.type, ir.RankedTensorType) or not reads_init(op, index):
                continue
            if splat_element(init) is not None:
                fill_init(op, index)
                copies += 1
            elif _is_read_only(init, func):
                copy_init(op, index)
                copies += 1
    return copies


def fill_init(op: ir.Operation, index: int) -> ir.Operation:
    """Accumulate into a fill of the splat constant init `index` (a scatter's
    zeros, `tm_tensor_scatter.py`): bufferized, the constant was copied into
    a fresh buffer on the host; a fill is made in the kernel like any other."""
    n_in = len(op.operands) - len(op.results)
    init = op.operands[n_in + index]
    element = splat_element(init)
    assert element is not None
    fill = _fill(init, element, op)
    op.operands[n_in + index] = fill
    return defining_op(fill) or op
