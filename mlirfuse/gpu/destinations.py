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
becomes a fill of its value, for the same reason. No host copy, no extra launch, and the
launch manifest is unchanged (the argument is one more buffer read).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.gpu.irutil import defining_op, splat_element, walk
from mlirfuse.gpu.kernels import INIT_COPY_ATTR
from mlirfuse.transforms.ir_utils import sizes_of

# Views through which an init still is (a view of) the argument's buffer.
VIEWS = {"tensor.expand_shape", "tensor.collapse_shape", "tensor.extract_slice", "tensor.cast"}
BODY_OPS = {"linalg.yield", "linalg.index"}
# Named ops that always read their init (accumulate into it).
ACCUMULATING = {"linalg.matmul", "linalg.batch_matmul", "linalg.conv_2d_nchw_fchw"}


def _is_argument_of(value: ir.Value, func: ir.Operation) -> bool:
    """Whether `value` is (a view of) an argument of `func`."""
    while True:
        if isinstance(value, ir.BlockArgument):
            parent = value.owner.owner
            return parent is not None and parent.operation == func
        producer = defining_op(value)
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
    init = op.operands[n_in + index]
    t = ir.RankedTensorType(init.type)
    identity = ir.AffineMap.get_identity(t.rank)
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint(op), op.location:
        empty = tensor.EmptyOp(sizes_of(init, t), t.element_type)
        copy = linalg.GenericOp(
            [t],
            [init],
            [empty.result],
            ir.ArrayAttr.get([ir.AffineMapAttr.get(identity)] * 2),
            ir.ArrayAttr.get([parallel] * t.rank),
        )
        block = copy.regions[0].blocks.append(t.element_type, t.element_type)
        with ir.InsertionPoint(block):
            linalg.YieldOp([block.arguments[0]])
    copy.operation.attributes[INIT_COPY_ATTR] = ir.UnitAttr.get()
    op.operands[n_in + index] = copy.results[0]
    return copy.operation


def copy_argument_inits(func: ir.Operation) -> int:
    """Every linalg op of `func` (groups included) that reads an init which
    is one of `func`'s arguments accumulates into a kernel-made copy of it;
    returns how many copies were made."""
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
            if _is_argument_of(init, func):
                copy_init(op, index)
                copies += 1
            elif splat_element(init) is not None:
                fill_init(op, index)
                copies += 1
    return copies


def fill_init(op: ir.Operation, index: int) -> ir.Operation:
    """Accumulate into a fill of the splat constant init `index` (a scatter's
    zeros, `tm_tensor_scatter.py`): bufferized, the constant was copied into
    a fresh buffer on the host; a fill is made in the kernel like any other."""
    n_in = len(op.operands) - len(op.results)
    init = op.operands[n_in + index]
    t = ir.RankedTensorType(init.type)
    element = splat_element(init)
    with ir.InsertionPoint(op), op.location:
        scalar = arith.ConstantOp(t.element_type, element).result
        empty = tensor.EmptyOp(list(t.shape), t.element_type)
        fill = linalg.fill(scalar, outs=[empty.result])
    op.operands[n_in + index] = fill
    return defining_op(fill) or op
