"""The input window a conv kernel stages in shared memory, and its size.

A conv kernel's block computes `bn x bf x bh x bw` outputs; its padded input
(the kernel's padding generic) is staged whole for that block: every input
channel of the window the block's outputs read. For a named
`linalg.conv_2d_nchw_fchw` the window is `(b - 1) * stride + (k - 1) *
dilation + 1` per spatial dim; for a windowed generic (pooling, depthwise or
grouped convolutions) each input dim's extent is read off its indexing
expression at the tile's last point. The size is computed by
`mlirfuse.analysis.kernel_memory`, the function the cost model uses too.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.kernel_memory import window_shared_bytes
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import PAD_ATTR, Kernel
from mlirfuse.gpu.opshape import is_windowed, op_shape, shape_of


def _element_bytes(value: ir.Value) -> int:
    element = ir.ShapedType(value.type).element_type
    if isinstance(element, ir.FloatType):
        return max(1, element.width // 8)
    if isinstance(element, ir.IntegerType):
        return max(1, element.width // 8)
    return 4


def _vector_attr(op: ir.Operation, name: str) -> list[int]:
    if name not in op.attributes:
        return [1, 1]
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _named_window(op: ir.Operation, out_tile: list[int]) -> list[int]:
    """[n, c, h, w] of the staged window of a conv_2d_nchw_fchw block."""
    _, channels, _, _ = shape_of(op.operands[0].type)
    _, _, kh, kw = shape_of(op.operands[1].type)
    sh, sw = _vector_attr(op, "strides")
    dh, dw = _vector_attr(op, "dilations")
    bn, _, bh, bw = out_tile
    return [bn, channels, (bh - 1) * sh + (kh - 1) * dh + 1, (bw - 1) * sw + (kw - 1) * dw + 1]


def _evaluate(expr: ir.AffineExpr, point: list[int]) -> int:
    constants = ir.AffineMap.get(0, 0, [ir.AffineConstantExpr.get(v) for v in point])
    return int(ir.AffineConstantExpr(expr.compose(constants)).value)


def _generic_window(op: ir.Operation, out_tile: list[int]) -> list[int] | None:
    """The windowed input's extent per dim for a block of `out_tile` outputs."""
    shape = op_shape(op)
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    tiles = iter(out_tile)
    last = [
        e - 1 if red else next(tiles, e) - 1
        for e, red in zip(shape.extents, shape.reduction, strict=True)
    ]
    for amap in maps[: len(op.operands) - len(op.results)]:
        if all(isinstance(e, ir.AffineDimExpr | ir.AffineConstantExpr) for e in amap.results):
            continue
        zero = [0] * amap.n_dims
        return [_evaluate(e, last) - _evaluate(e, zero) + 1 for e in amap.results]
    return None


def staged_window_bytes(kernel: Kernel, out_tile: list[int]) -> int:
    """Shared bytes of the windows staged for a block of `out_tile` outputs
    (n, f, h, w): one per convolution reading a padding generic, summed (ASPP's
    dilated sibling convolutions each stage their own: 51,200 B where the
    first alone was counted); 0 when the kernel stages nothing."""
    total = 0
    for op in kernel.ops:
        if not _reads_staged_pad(op):
            continue
        if op.name == "linalg.conv_2d_nchw_fchw":
            window = _named_window(op, out_tile)
        elif is_windowed(op):
            found = _generic_window(op, out_tile)
            if found is None:
                continue
            window = found
        else:
            continue
        total += window_shared_bytes(window, _element_bytes(op.operands[0]))
    return total


def _reads_staged_pad(op: ir.Operation) -> bool:
    """An op of the kernel with an input made by a padding generic."""
    for value in op.operands:
        producer = defining_op(value)
        if producer is not None and PAD_ATTR in producer.attributes:
            return True
    return False
