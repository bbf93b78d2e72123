"""Coordinates through a static view: where an element of a view lies in its source.

A `tensor.extract` of a view (a slice at static offsets, a cast, an
`expand_shape` or `collapse_shape`) reads its source at other coordinates;
the gathers that read through views (`gpu/gather_compose.py`) and the
producers computed at a gather's reads (`gather_inline.py`) compute those
coordinates with index arithmetic.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith

from mlirfuse.transforms.ir_access import reassociation_groups, static_shape


def index_constant(value: int) -> ir.Value:
    return arith.ConstantOp(ir.IndexType.get(), value).result


def through_view(view: ir.Operation, coords: list[ir.Value]) -> list[ir.Value]:
    """Indices into a static view's source for `coords` into the view."""
    if view.name == "tensor.cast":
        return coords
    if view.name == "tensor.extract_slice":
        offsets = list(ir.DenseI64ArrayAttr(view.attributes["static_offsets"]))
        return [
            c if o == 0 else arith.AddIOp(c, index_constant(o)).result
            for c, o in zip(coords, offsets, strict=True)
        ]
    groups = reassociation_groups(view)
    if view.name == "tensor.expand_shape":  # coords of the fine dims -> one per group
        fine = static_shape(view.results[0])
        return [_linear([coords[d] for d in g], [fine[d] for d in g]) for g in groups]
    fine = static_shape(view.operands[0])  # collapse: one coord per group -> the fine dims
    out: list[ir.Value] = []
    for g, coord in zip(groups, coords, strict=True):
        out += _delinear(coord, [fine[d] for d in g])
    return out


def _linear(coords: list[ir.Value], sizes: list[int]) -> ir.Value:
    total = coords[0]
    for coord, size in zip(coords[1:], sizes[1:], strict=True):
        total = arith.AddIOp(arith.MulIOp(total, index_constant(size)).result, coord).result
    return total


def _delinear(coord: ir.Value, sizes: list[int]) -> list[ir.Value]:
    parts: list[ir.Value] = []
    rest = coord
    for size in reversed(sizes[1:]):
        parts.append(arith.RemUIOp(rest, index_constant(size)).result)
        rest = arith.DivUIOp(rest, index_constant(size)).result
    return [rest, *reversed(parts)]
