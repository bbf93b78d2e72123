"""The input window a conv kernel stages in shared memory, and its size.

A conv kernel's block computes `bn x bf x bh x bw` outputs; its padded input
(the kernel's padding generic) is staged whole for that block: every input
channel of the window the block's outputs read. For a named
`linalg.conv_2d_nchw_fchw` the window is `(b - 1) * stride + (k - 1) *
dilation + 1` per spatial dim; for a windowed generic (pooling, depthwise or
grouped convolutions) each input dim's extent is read off its indexing
expression at the tile's last point. A gather the kernel stages as its
filter (`prepare._gather_into_convolution`: a ConvTranspose2d's flipped,
transposed weight) is staged at the block's output channels, every input
channel and tap. The size is computed by `mlirfuse.analysis.kernel_memory`,
the function the cost model uses too.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.kernel_memory import window_shared_bytes
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.kernels import PAD_ATTR, Kernel
from mlirfuse.gpu.opshape import generic_view, is_windowed, op_shape, shape_of


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


def _generic_slice(op: ir.Operation, amap: ir.AffineMap, out_tile: list[int]) -> list[int]:
    """The extent per dim of the operand `amap` reads for a block of
    `out_tile` outputs: read off each indexing expression at the tile's
    last point (a window where the expression adds loops, the tile's extent
    on a parallel loop, the whole extent on a reduction loop)."""
    tiles = loop_tiles(op, out_tile)
    last = [t - 1 for t in tiles]
    zero = [0] * amap.n_dims
    return [_evaluate(e, last) - _evaluate(e, zero) + 1 for e in amap.results]


def loop_tiles(op: ir.Operation, out_tile: list[int]) -> list[int]:
    """Per loop of `op`, what a block of `out_tile` (per dim of its output)
    covers: the output dim's tile where the output map names the loop, the
    whole extent elsewhere (reductions). By the output map, not by loop
    order: a depthwise NCHW convolution's loops are (n, oh, ow, c), and
    taking the tile in loop order gave its channel loop the width tile
    (PP-OCRv5's four 5x5 branches: 42,048 B counted, 49,920 B staged)."""
    extents = op_shape(op).extents
    maps = ir.ArrayAttr(op.attributes["indexing_maps"])
    output_map = ir.AffineMapAttr(maps[len(maps) - 1]).value
    tiles = list(extents)
    for position, expr in enumerate(output_map.results):
        if isinstance(expr, ir.AffineDimExpr) and position < len(out_tile):
            tiles[expr.position] = min(out_tile[position], extents[expr.position])
    return tiles


def output_tile(op: ir.Operation, block: list[int]) -> list[int]:
    """Per dim of `op`'s output, the block tile (`block`: per loop, 0 where
    untiled): the inverse of `loop_tiles`; a named op's loops start with its
    output dims."""
    extents = op_shape(op).extents
    covered = [b if b > 0 else e for b, e in zip(block, extents, strict=True)]
    if not generic_view(op):
        return covered[: len(shape_of(op.results[0].type))]
    maps = ir.ArrayAttr(op.attributes["indexing_maps"])
    output_map = ir.AffineMapAttr(maps[len(maps) - 1]).value
    return [
        covered[e.position] if isinstance(e, ir.AffineDimExpr) else 1 for e in output_map.results
    ]


def _staged_slice(op: ir.Operation, operand: int, out_tile: list[int]) -> list[int]:
    """What one block stages of input `operand` of a convolution: the
    input's window, or the filter's slice (a ConvTranspose2d's flipped,
    transposed weight is a gather the kernel stages too: every input
    channel and tap of the block's output channels)."""
    if op.name == "linalg.conv_2d_nchw_fchw":
        if operand == 0:
            return _named_window(op, out_tile)
        _, channels, kh, kw = shape_of(op.operands[1].type)
        return [out_tile[1], channels, kh, kw]
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    return _generic_slice(op, maps[operand], out_tile)


def staged_window_bytes(kernel: Kernel, out_tile: list[int]) -> int:
    """Shared bytes of what a block of `out_tile` outputs (n, f, h, w)
    stages: per convolution, each input made by a padding generic (or a
    gather) at its slice, summed (ASPP's dilated sibling convolutions each
    stage their own window: 51,200 B where the first alone was counted);
    0 when the kernel stages nothing. Only the windows were counted once,
    whichever operand was staged: a ConvTranspose2d's weight gather,
    staged at 16 output channels (65,536 B), was refused at placement."""
    total = 0
    for op in kernel.ops:
        if op.name != "linalg.conv_2d_nchw_fchw" and not is_windowed(op):
            continue
        inputs = len(op.operands) - len(op.results)
        for operand, value in enumerate(op.operands[:inputs]):
            if _is_staged_pad(value):
                window = _staged_slice(op, operand, out_tile)
                total += window_shared_bytes(window, _element_bytes(value))
    return total


def _is_staged_pad(value: ir.Value) -> bool:
    """Made by a padding generic (or a gather marked as one), which the
    conv schedule stages in shared memory."""
    producer = defining_op(value)
    return producer is not None and PAD_ATTR in producer.attributes
