"""The static slices a value is read through, reading them again from a
smaller value, and the inits a smaller op starts from: what
`sliced_producers.py` and `sliced_views.py` share."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.mutation import erase, replace_op
from mlirfuse.transforms.const_eval import is_splat, scalar_attr
from mlirfuse.transforms.const_interp import evaluate
from mlirfuse.transforms.const_scalar import Array, Unsupported, dtype_of
from mlirfuse.transforms.ir_access import is_static_tensor, producer_of, users_of

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


Part = tuple[list[int], list[int]]  # offsets, sizes


def unread_inits(op: ir.Operation) -> list[bool]:
    """Per result, whether the body never reads its init's element."""
    block = op.regions[0].blocks[0]
    n_in = len(op.operands) - len(op.results)
    return [not list(arg.uses) for arg in list(block.arguments)[n_in:]]


def is_fresh(init: ir.Value, part: Part | None) -> bool:
    """Whether the part of `init` is itself built anew, not sliced: a slice
    of an init is a copy into the kernel's output, which the back end has
    no kernel for (a sort's pick starting from its unsorted values)."""
    if part is None or is_whole(init, part):
        return True
    producer = producer_of(init)
    if producer is None:
        return False
    if producer.name in ("tensor.empty", "linalg.fill"):
        return True
    return is_generator(producer)


def is_generator(op: ir.Operation) -> bool:
    """A generic that reads no tensor, of one result (an iota)."""
    return op.name == "linalg.generic" and len(op.operands) == 1 and len(op.results) == 1


def is_whole(operand: ir.Value, part: Part) -> bool:
    offsets, sizes = part
    shape = list(ir.RankedTensorType(operand.type).shape)
    return offsets == [0] * len(sizes) and sizes == shape


def fresh_init(operand: ir.Value, sliced: ir.RankedTensorType) -> ir.Value | None:
    """A `tensor.empty`, or a fill of one, of the sliced shape where
    `operand` is one: every element of it is the same, so no slice is needed."""
    producer = producer_of(operand)
    if producer is None or producer.name not in ("tensor.empty", "linalg.fill"):
        return None
    if producer.name == "tensor.empty":
        return tensor.empty(sliced.shape, sliced.element_type)
    value, destination = producer.operands
    empty = producer_of(destination)
    if empty is None or empty.name != "tensor.empty":
        return None
    fresh = tensor.empty(sliced.shape, sliced.element_type)
    return linalg.fill(value, outs=[fresh])


def as_fill(generator: ir.Operation) -> ir.Value | None:
    """A fill in place of `generator` where its every element is the same (an
    iota over a unit part: the init of a top-1 pick): the back end copies a
    fill into each kernel that reads it, where a generator is a launch."""
    init = list(generator.operands)[-1]
    try:
        (array,) = evaluate(generator, lambda value: _unread_init(value, init))
    except (Unsupported, FloatingPointError, IndexError, ValueError):
        return None
    if not is_splat(array):
        return None
    t = ir.RankedTensorType(generator.results[0].type)
    with ir.InsertionPoint(generator), generator.location:
        value = arith.constant(t.element_type, scalar_attr(array.reshape(-1)[0], t.element_type))
        filled = linalg.fill(value, outs=[tensor.empty(t.shape, t.element_type)])
    erase(generator, "a generator of one value, built as a fill")
    return filled


def _unread_init(value: ir.Value, init: ir.Value) -> Array:
    """The generator's init (its body does not read it); nothing else (a
    concat's generic reads its operands, computed values of any type)."""
    if value != init:
        raise Unsupported("a generator reading a captured value")
    t = ir.RankedTensorType(value.type)
    return np.zeros(t.shape, dtype_of(t.element_type))
