"""Insert_slices that tile an empty tensor along one dim are a `tensor.concat`.

`tosa-to-tensor` lowers `tosa.concat` to a `tensor.empty` and one
`tensor.insert_slice` per operand, each into the result of the one before
(linalg from TOSA: Llama's rotary `cat(freqs, freqs)` and `rotate_half`'s
`cat(-x2, x1)`). torch-mlir's own linalg keeps the `tensor.concat`, which the
GPU back end makes one gather its readers fuse (`concat_kernel`); the chain of
insert_slices became a gather of strided pads per slice instead, too heavy to
fuse (a kernel each, and a write and read of the concatenated tensor).

Such a chain is the concat of its sources when the destination is a
`tensor.empty`, every slice is static with unit strides and of the
destination's rank, all slices span the destination but along one dim, and
along that dim they cover it exactly once (in any order of insertion: the
concat takes them by offset). Each link but the last must be read by the next
only; the empty tensor may have other readers. Nothing is computed: every
element is the source element it was.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import tensor

from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.ir_access import is_static_tensor, producer_of, static_shape, users_of

_DEST = 1  # an insert_slice's destination operand


def _static(op: ir.Operation, name: str) -> list[int]:
    return list(ir.DenseI64ArrayAttr(op.attributes[name]))


def _chain(first: ir.Operation) -> list[ir.Operation]:
    """`first` and the insert_slices after it, each writing into the one
    before's result, read only as the next one's destination."""
    links = [first]
    while True:
        value = links[-1].results[0]
        users = users_of(value)
        if len(users) != 1 or len(list(value.uses)) != 1:
            return links
        user = users[0]
        if user.name != "tensor.insert_slice" or user.operands[_DEST] != value:
            return links
        links.append(user)


def _placement(insert: ir.Operation, shape: list[int]) -> tuple[int, int, int] | None:
    """(dim, offset, extent) of a static unit-stride slice of the
    destination's rank spanning `shape` but along `dim`; None otherwise."""
    if len(insert.operands) != 2 or not is_static_tensor(insert.operands[0]):
        return None  # dynamic offsets, sizes or strides
    sizes, offsets = _static(insert, "static_sizes"), _static(insert, "static_offsets")
    if static_shape(insert.operands[0]) != sizes:
        return None  # rank-reducing
    if any(stride != 1 for stride in _static(insert, "static_strides")):
        return None
    spans = zip(offsets, sizes, shape, strict=True)
    partial = [d for d, (offset, size, full) in enumerate(spans) if (offset, size) != (0, full)]
    if len(partial) != 1:
        return None  # a slice of the whole, or partial along two dims
    dim = partial[0]
    return dim, offsets[dim], sizes[dim]


def _concat_dim(links: list[ir.Operation], shape: list[int]) -> tuple[int, list[ir.Value]] | None:
    """The dim the slices tile and their sources in offset order; None when
    they do not tile the destination exactly once along one dim."""
    placed: list[tuple[int, int, int, ir.Value]] = []
    for link in links:
        placement = _placement(link, shape)
        if placement is None:
            return None
        placed.append((*placement, link.operands[0]))
    if len({dim for dim, *_ in placed}) != 1:
        return None
    dim = placed[0][0]
    end = 0
    for _, offset, size, _ in sorted(placed, key=lambda p: p[1]):
        if offset != end:
            return None  # a gap or an overlap
        end += size
    if end != shape[dim]:
        return None
    return dim, [source for *_, source in sorted(placed, key=lambda p: p[1])]


def inserted_concats(func_op: ir.Operation) -> int:
    """Rewrite every insert_slice chain of `func_op`'s body that tiles an
    empty tensor along one dim into a `tensor.concat`; returns how many."""
    done = 0
    with func_op.context:
        # Each chain's first link, found before any goes (the later links do).
        firsts = [
            op.operation
            for op in func_op.regions[0].blocks[0].operations
            if op.operation.name == "tensor.insert_slice" and _into_empty(op.operation)
        ]
        for first in firsts:
            links = _chain(first)
            shape = static_shape(first.results[0])
            found = _concat_dim(links, shape) if len(links) > 1 else None
            if found is None:
                continue
            dim, sources = found
            last = links[-1]
            empty = producer_of(first.operands[_DEST])
            with ir.InsertionPoint(last), last.location:
                concat = tensor.ConcatOp(last.results[0].type, dim, sources).result
            with Rewrite("insert_slices tiling an empty tensor -> a concat", last) as rw:
                rw.replace_uses(last.results[0], concat)
                for link in reversed(links):
                    rw.erase(link)
                if empty is not None:
                    rw.erase_if_unused(empty)
            done += 1
    return done


def _into_empty(insert: ir.Operation) -> bool:
    """`insert` writes into a static `tensor.empty` (its other readers, if
    any, do not see the writes: tensors are values)."""
    empty = producer_of(insert.operands[_DEST])
    return empty is not None and empty.name == "tensor.empty" and is_static_tensor(empty.results[0])
