"""The static slices a value is read through, and reading them again from
a smaller value: what `sliced_producers.py` and `sliced_views.py` share."""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.mutation import replace_op
from mlirfuse.transforms.ir_access import is_static_tensor, users_of

_DYNAMIC = ir.ShapedType.get_dynamic_size()


@dataclass(frozen=True)
class SliceRead:
    """A static `extract_slice`'s offsets, sizes and strides."""

    op: ir.Operation
    offsets: list[int]
    sizes: list[int]
    strides: list[int]

    @staticmethod
    def of(op: ir.Operation) -> SliceRead | None:
        if op.name != "tensor.extract_slice" or len(op.operands) != 1:
            return None
        numbers = [
            list(ir.DenseI64ArrayAttr(op.attributes[f"static_{name}"]))
            for name in ("offsets", "sizes", "strides")
        ]
        if any(_DYNAMIC in values or min(values, default=0) < 0 for values in numbers):
            return None
        return SliceRead(op, *numbers)

    def span(self, dim: int) -> tuple[int, int]:
        """The source positions of `dim` it reads, as [first, last + 1)."""
        first = self.offsets[dim]
        return first, first + (self.sizes[dim] - 1) * self.strides[dim] + 1


def slice_readers(generic: ir.Operation) -> list[list[SliceRead]] | None:
    """Per result, its readers as slices; None unless every reader is a
    static slice, the generic's shapes are static and some result is read."""
    values = (*generic.operands, *generic.results)
    if not all(is_static_tensor(v) for v in values if isinstance(v.type, ir.ShapedType)):
        return None
    readers: list[list[SliceRead]] = []
    for result in generic.results:
        slices = [SliceRead.of(user) for user in users_of(result)]
        if any(s is None for s in slices):
            return None
        readers.append([s for s in slices if s is not None])
    return readers if any(readers) else None


def slice_op(
    result: ir.Type, source: ir.Value, offsets: list[int], sizes: list[int], strides: list[int]
) -> ir.Value:
    return tensor.extract_slice(
        result,
        source,
        [],
        [],
        [],
        ir.DenseI64ArrayAttr.get(offsets),
        ir.DenseI64ArrayAttr.get(sizes),
        ir.DenseI64ArrayAttr.get(strides),
    )


def reread_at(read: SliceRead, result: ir.Value, starts: list[int]) -> None:
    """The slice `read`, taken from `result`, whose position 0 of each dim
    was position `starts` of the slice's source."""
    offsets = [offset - start for offset, start in zip(read.offsets, starts, strict=True)]
    shape = list(ir.RankedTensorType(result.type).shape)
    whole = offsets == [0] * len(shape) and read.sizes == shape and read.strides == [1] * len(shape)
    if whole and read.op.results[0].type == result.type:
        replace_op(read.op, [result], "a slice of a shrunk result is all of it")
        return
    with ir.InsertionPoint(read.op), read.op.location:
        again = slice_op(read.op.results[0].type, result, offsets, read.sizes, read.strides)
    replace_op(read.op, [again], "read a slice of the shrunk result")
