"""Memref layouts (offset and strides) as expressions of a function's sizes.

`memref_layout(tracer, value)` gives a memref's offset and strides in
elements: the type's where they are static, otherwise traced through the
views that made it (casts, reshapes, subviews) to a dense buffer (an
argument of identity layout or an allocation), each size a `SizeTracer`
expression (`host_sizes.py`). The launch reader (`launch_info.py`) writes
them into the manifest for every kernel argument that is a view.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu.host_sizes import SizeTracer, reassociation
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.sizes import Expr, UnknownSize, binary, row_major_strides


def memref_layout(tracer: SizeTracer, value: ir.Value) -> tuple[Expr, list[Expr]]:
    """(offset, strides) of a memref in elements: the type's where static,
    otherwise traced through its views to a dense buffer (an argument of
    identity layout or an allocation)."""
    t = ir.MemRefType(value.type)
    strides, offset = t.get_strides_and_offset()
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    if offset != dynamic and dynamic not in strides:
        return offset, list(strides)
    traced_offset, traced = _traced_layout(tracer, value)
    return (
        traced_offset if offset == dynamic else offset,
        [x if s == dynamic else s for s, x in zip(strides, traced, strict=True)],
    )


def _traced_layout(tracer: SizeTracer, value: ir.Value) -> tuple[Expr, list[Expr]]:
    producer = defining_op(value)
    if producer is None or producer.name in ("memref.alloc", "memref.alloca"):
        return 0, row_major_strides(tracer.dims(value))
    source = producer.operands[0] if producer.operands else None
    if source is None:
        raise UnknownSize(f"the layout of a '{producer.name}' result")
    if producer.name == "memref.cast":
        return memref_layout(tracer, source)
    if producer.name in ("memref.collapse_shape", "memref.expand_shape"):
        offset, strides = memref_layout(tracer, source)
        if strides == row_major_strides(tracer.dims(source)):
            return offset, row_major_strides(tracer.dims(value))
        if producer.name == "memref.collapse_shape":
            raise UnknownSize("a collapse of a strided view")
        return offset, _expanded_strides(strides, tracer.dims(value), reassociation(producer))
    if producer.name == "memref.subview":
        offset, strides = memref_layout(tracer, source)
        view = producer.opview
        offsets = tracer._dynamic_operands(
            list(ir.DenseI64ArrayAttr(producer.attributes["static_offsets"])),
            list(view.offsets),  # type: ignore[attr-defined]
        )
        steps = tracer._dynamic_operands(
            list(ir.DenseI64ArrayAttr(producer.attributes["static_strides"])),
            list(view.strides),  # type: ignore[attr-defined]
        )
        if len(steps) != ir.MemRefType(value.type).rank:
            raise UnknownSize("the layout of a rank-reducing subview")
        for o, s in zip(offsets, strides, strict=True):
            offset = binary("add", offset, binary("mul", o, s))
        return offset, [binary("mul", s, k) for s, k in zip(strides, steps, strict=True)]
    raise UnknownSize(f"the layout of a '{producer.name}' result")


def _expanded_strides(source: list[Expr], sizes: list[Expr], groups: list[list[int]]) -> list[Expr]:
    """An expand of a strided view (a dynamic slice split into heads): each
    group's innermost dim keeps its source dim's stride, the others step over
    the dims inside them."""
    strides: list[Expr] = [0] * len(sizes)
    for stride, group in zip(source, groups, strict=True):
        for d in reversed(group):
            strides[d] = stride
            stride = binary("mul", stride, sizes[d])
    return strides
