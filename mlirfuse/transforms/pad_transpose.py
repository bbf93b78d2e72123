"""A convolution's pad of a transpose pads the transpose's source instead.

Linalg from TOSA computes in NHWC: a PyTorch NCHW convolution is
`transpose(x, [0, 2, 3, 1])`, then `tensor.pad` of the spatial dims, then
`linalg.conv_2d_nhwc_fhwc`. A convolution's kernel absorbs a pad of what it
reads (the pad's reads become bounds checks of its window), but a pad of a
transpose gathers from the transpose's result: the transpose was a kernel
of its own, the whole activation written and read back (`gpu-gather-
intermediate`). Padding commutes with a transpose, the pad amounts moved
with the dims: `pad(transpose(x)) = transpose(pad'(x))`. Rewritten so, the
pad reads the source (an argument, or a kernel's result) and the transpose
between it and the convolution is a copy the convolution's kernel reads
through (ResNet's basic block through TOSA: 3 launched kernels to 2).

Only where the transpose has no other reader, every reader of the pad is a
convolution, the shapes are static and the padding value does not depend
on the position. Nothing is computed differently.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg, tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import is_static_tensor, producer_of, users_of

_CONVOLUTIONS = ("linalg.conv_", "linalg.depthwise_conv_")


def _convolution(op: ir.Operation) -> bool:
    return op.name.startswith(_CONVOLUTIONS)


def _position_free(pad: ir.Operation) -> bool:
    """The pad's body only yields a value defined outside it."""
    body = pad.regions[0].blocks[0]
    ops = list(body.operations)
    if len(ops) != 1:
        return False
    yielded = ops[0].operation.operands[0]
    return not (isinstance(yielded.owner, ir.Block) and yielded.owner == body)


def _swappable(pad: ir.Operation) -> ir.Operation | None:
    """The transpose `pad` pads, where the pad can move before it."""
    if pad.name != "tensor.pad" or len(pad.operands) != 1:  # no dynamic low/high
        return None
    transpose = producer_of(pad.operands[0])
    if transpose is None or transpose.name != "linalg.transpose":
        return None
    if len(users_of(transpose.results[0])) != 1 or not is_static_tensor(transpose.operands[0]):
        return None
    readers = users_of(pad.results[0])
    if not readers or not all(_convolution(r) for r in readers):
        return None
    return transpose if _position_free(pad) else None


def _swap(pad: ir.Operation, transpose: ir.Operation) -> None:
    perm = list(ir.DenseI64ArrayAttr(transpose.attributes["permutation"]))
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(pad.attributes["static_high"]))
    source = transpose.operands[0]
    source_type = ir.RankedTensorType(source.type)
    # Result dim i is source dim perm[i]: its padding moves there.
    new_low, new_high = [0] * len(perm), [0] * len(perm)
    for i, p in enumerate(perm):
        new_low[p], new_high[p] = low[i], high[i]
    padded_shape = [n + a + b for n, a, b in zip(source_type.shape, new_low, new_high, strict=True)]
    element = source_type.element_type
    with ir.InsertionPoint(pad), pad.location:
        new_pad = pad.clone(ip=ir.InsertionPoint(pad))  # its body: the padding value
        new_pad.operands[0] = source
        new_pad.attributes["static_low"] = ir.DenseI64ArrayAttr.get(new_low)
        new_pad.attributes["static_high"] = ir.DenseI64ArrayAttr.get(new_high)
        new_pad.results[0].set_type(ir.RankedTensorType.get(padded_shape, element))
        out_type = ir.RankedTensorType(pad.results[0].type)
        empty = tensor.EmptyOp(list(out_type.shape), element)
        moved = linalg.transpose(new_pad.results[0], outs=[empty.result], permutation=perm)
    with Rewrite("a convolution's pad moved before the transpose it padded", pad) as rw:
        rw.replace_op(pad, [moved.results[0]])
        rw.erase(transpose)
        rw.erase_if_dead(transpose.operands[1])


def pads_before_transposes(func_op: ir.Operation) -> int:
    """Rewrite every convolution input `pad(transpose(x))` of `func_op`'s
    body; returns how many."""
    found = []
    for op_view in func_op.regions[0].blocks[0].operations:
        transpose = _swappable(op_view.operation)
        if transpose is not None:
            found.append((op_view.operation, transpose))
    with func_op.context:
        for pad, transpose in found:
            _swap(pad, transpose)
    return len(found)
