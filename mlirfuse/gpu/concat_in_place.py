"""A concat its producers write in place: the function's result assembled in memory.

A static `tensor.concat` between kernels is otherwise a gather kernel
(`concat_kernel.py`): it reads every operand and writes the whole result,
which pays off where a consumer kernel absorbs the gather (the planner may
fuse it there). A concat whose result the function returns has no such
consumer. When its slices are contiguous (every dim before the concat dim
has size 1: the channels of a batch-1 NCHW tensor, DenseNet's concat of a
layer's input and its new features), each operand's kernel can store its
result straight into its slice of the result buffer instead:

- an operand computed by a linalg op whose result only the concat reads is
  placed: its kernel's result buffer is its slice (the manifest's `within`);
- any other operand (a function argument, a value with other readers, a
  view) is copied by an identity generic, which is placed; the planner
  prices that copy like any elementwise op and may fuse it with kernels
  reading the same tensor (siblings).

The concat stays a `tensor.concat`, marked IN_PLACE_ATTR (no kernel: the
planner sees no compute op, only the operands' writes);
`isolate.split_function` allocates its buffer and places the operands. At
least one operand must be a kernel's result, else the gather is as cheap.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg, math, tensor

from mlirfuse.gpu.irutil import defining_op

IN_PLACE_ATTR = "mlirfuse.in_place"


def is_in_place(op: ir.Operation) -> bool:
    return op.name == "tensor.concat" and IN_PLACE_ATTR in op.attributes


def concat_dim(concat: ir.Operation) -> int:
    return int(ir.IntegerAttr(concat.attributes["dim"]).value)


def contiguous(concat: ir.Operation) -> bool:
    """Every operand's slice of the result is one contiguous run of it."""
    result = ir.RankedTensorType(concat.results[0].type)
    if not result.has_static_shape:
        return False
    if not all(ir.RankedTensorType(v.type).has_static_shape for v in concat.operands):
        return False
    return all(d == 1 for d in result.shape[: concat_dim(concat)])


def _returned(concat: ir.Operation) -> bool:
    users = [use.owner for use in concat.results[0].uses]
    return bool(users) and all(u.operation.name == "func.return" for u in users)


def placeable(value: ir.Value, concat: ir.Operation) -> bool:
    """A kernel's result that only the concat reads, once."""
    producer = defining_op(value)
    if (
        producer is None
        or not producer.name.startswith("linalg.")
        or producer.name == "linalg.fill"
    ):
        return False
    users = [use.owner.operation for use in value.uses]
    return len(users) == 1 and users[0] == concat and list(concat.operands).count(value) == 1


def _after_definition(value: ir.Value) -> ir.InsertionPoint:
    """Right after `value` is defined (a block's start for an argument): a
    copy there comes first among the ops reading the value, so a kernel
    fusing it with them tiles theirs (the last root of a group) and fuses
    the copy's loop into it."""
    producer = defining_op(value)
    if producer is None:
        return ir.InsertionPoint.at_block_begin(value.owner)
    ops = [op.operation for op in producer.block.operations]
    position = ops.index(producer)
    return ir.InsertionPoint(ops[position + 1])  # a terminator follows any producer


def _copy(value: ir.Value, concat: ir.Operation) -> ir.Value:
    """An identity generic copying `value` (a kernel the plan counts)."""
    t = ir.RankedTensorType(value.type)
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(t.rank))
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with _after_definition(value), concat.location:
        empty = tensor.EmptyOp(t.shape, t.element_type)
        copy = linalg.GenericOp(
            [t],
            [value],
            [empty.result],
            ir.ArrayAttr.get([identity] * 2),
            ir.ArrayAttr.get([parallel] * t.rank),
        )
        block = copy.regions[0].blocks.append(t.element_type, t.element_type)
        with ir.InsertionPoint(block):
            # copysign(x, x) is x for every x (NaN, signed zeros): a copy that
            # canonicalization cannot erase, as it erases an identity generic
            # while the kernel is tiled (its slice would be no op to fuse).
            same = math.CopySignOp(block.arguments[0], block.arguments[0]).result
            linalg.YieldOp([same])
    return copy.results[0]


def make_in_place(concat: ir.Operation) -> None:
    """Copy every operand that cannot be placed, then mark the concat."""
    for index, value in enumerate(list(concat.operands)):
        if not placeable(value, concat):
            concat.operands[index] = _copy(value, concat)
    concat.attributes[IN_PLACE_ATTR] = ir.UnitAttr.get()


def in_place_concats(func: ir.Operation) -> int:
    """Make every returned, contiguous concat with a placeable operand one
    written in place; returns how many."""
    block = func.regions[0].blocks[0]
    found = [
        op.operation
        for op in block.operations
        if op.operation.name == "tensor.concat"
        and contiguous(op.operation)
        and _returned(op.operation)
        and any(placeable(v, op.operation) for v in op.operation.operands)
    ]
    for concat in found:
        make_in_place(concat)
    return len(found)
