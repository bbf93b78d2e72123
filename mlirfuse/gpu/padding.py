"""Padding as a gather the kernel computes itself.

`tensor.pad` with a constant value becomes a `linalg.generic` (marked
`mlirfuse.pad` by prepare) that reads its source with a bounds check, so a
convolution kernel computes its padded window itself (and stages it in
shared memory). A pad read through a reshape is `reshaped_pads.py`'s
(tile and fuse cannot move a producer through the reshape). A dynamic dim
(a dynamic batch) may be kept as long as it is not padded: it takes the
source's size and needs no check.
"""

from __future__ import annotations

from collections.abc import Callable

from mlir import ir
from mlir.dialects import arith, tensor

from mlirfuse.gpu.concat_kernel import index_generic
from mlirfuse.gpu.gather_compose import extract_reads
from mlirfuse.gpu.irutil import defining_op, splat_element
from mlirfuse.gpu.opshape import ScheduleError
from mlirfuse.mutation import Rewrite, erase, has_uses, replace_op
from mlirfuse.transforms.ir_access import users_of
from mlirfuse.transforms.view_coords import through_view


def padded_read(
    source: ir.Value,
    low: list[int],
    result_type: ir.RankedTensorType,
    pad_value: ir.Value,
    at: list[ir.Value],
) -> ir.Value:
    """The padded tensor's element at `at`: `source` shifted by `low` read with
    a bounds check, `pad_value` outside it (built at the current insertion
    point). A dynamic dim is not padded (`_pads_static_dims`)."""
    inside, coords = _shifted_inside(ir.RankedTensorType(source.type).shape, low, result_type, at)
    loaded = tensor.ExtractOp(source, coords).result
    return arith.SelectOp(inside, loaded, pad_value).result


def _shifted_inside(
    source_shape: list[int], low: list[int], result_type: ir.RankedTensorType, at: list[ir.Value]
) -> tuple[ir.Value, list[ir.Value]]:
    """Whether `at` shifted back by `low` lies in the source, and the source
    coordinates it reads (0 where it does not: a safe read)."""
    index = ir.IndexType.get()
    inside: ir.Value | None = None
    zero = arith.ConstantOp(index, 0).result
    coords = []
    for d, position in enumerate(at):
        if result_type.is_dynamic_dim(d):  # unpadded: always inside
            coords.append(position)
            continue
        shifted = arith.SubIOp(position, arith.ConstantOp(index, low[d]).result).result
        bound = arith.ConstantOp(index, source_shape[d]).result
        ok = arith.CmpIOp(arith.CmpIPredicate.ult, shifted, bound).result
        coords.append(arith.SelectOp(ok, shifted, zero).result)
        inside = ok if inside is None else arith.AndIOp(inside, ok).result
    assert inside is not None
    return inside, coords


def padded_splats_to_generators(func: ir.Operation) -> int:
    """A static `tensor.pad` of a splat constant (Funnel's attention mask:
    ones padded by a row and a column of zeros) -> a generic that reads no
    tensor: the splat inside, the padding outside. A generator, it is
    computed in the kernels that read it through their maps, or launched;
    left a pad, a concat's kernel read it and it stayed a loop on the host.
    Returns how many."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        pad = op_view.operation
        if pad.name != "tensor.pad" or not constant_padding(pad) or not static_pad(pad):
            continue
        element = splat_element(pad.operands[0])
        if element is None:
            continue
        _splat_pad_to_generator(pad, element)
        done += 1
    return done


def _splat_pad_to_generator(pad: ir.Operation, element: ir.Attribute) -> None:
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    result_type = ir.RankedTensorType(pad.results[0].type)
    source_shape = ir.RankedTensorType(pad.operands[0].type).shape

    def read(at: list[ir.Value]) -> ir.Value:
        inside, _ = _shifted_inside(source_shape, low, result_type, at)
        splat = arith.ConstantOp(element.type, element).result
        return arith.SelectOp(inside, splat, padding_value(pad)).result

    with ir.InsertionPoint(pad), pad.location:
        new = index_generic(result_type, read)
    replace_op(pad, [new.results[0]], "a pad of a splat becomes a generator")


def padding_generic(
    source: ir.Value, low: list[int], result_type: ir.RankedTensorType, pad_value: ir.Value
) -> ir.Operation:
    """A generic of `result_type` reading `source` shifted by `low`, and
    `pad_value` outside it (built at the current insertion point). A dynamic
    dim is not padded (`_pads_static_dims`): it takes the source's size."""

    def read(at: list[ir.Value]) -> ir.Value:
        return padded_read(source, low, result_type, pad_value, at)

    return index_generic(result_type, read, source)


def strided_generic(
    source: ir.Value,
    offsets: list[int],
    strides: list[int],
    result_type: ir.RankedTensorType,
    fill: ir.Value | Callable[[list[ir.Value]], ir.Value],
) -> ir.Operation:
    """A generic of `result_type` (static) holding `source` at `offsets` every
    `strides` elements per dim and `fill` elsewhere (a value, or the value at
    a point): a strided insert_slice into a splat (a transposed convolution's
    zero-stuffed input), or into any tensor, as a gather."""
    shape = ir.RankedTensorType(source.type).shape

    def read(at: list[ir.Value]) -> ir.Value:
        index = ir.IndexType.get()
        zero = arith.ConstantOp(index, 0).result
        inside: ir.Value | None = None
        coords = []
        for d, position in enumerate(at):
            step = arith.ConstantOp(index, strides[d]).result
            shifted = arith.SubIOp(position, arith.ConstantOp(index, offsets[d]).result).result
            span = arith.ConstantOp(index, (shape[d] - 1) * strides[d] + 1).result
            ok = arith.CmpIOp(arith.CmpIPredicate.ult, shifted, span).result
            on_grid = arith.CmpIOp(
                arith.CmpIPredicate.eq, arith.RemUIOp(shifted, step).result, zero
            ).result
            ok = arith.AndIOp(ok, on_grid).result
            coords.append(arith.SelectOp(ok, arith.DivUIOp(shifted, step).result, zero).result)
            inside = ok if inside is None else arith.AndIOp(inside, ok).result
        assert inside is not None
        otherwise = fill(at) if callable(fill) else fill
        return arith.SelectOp(inside, tensor.ExtractOp(source, coords).result, otherwise).result

    return index_generic(result_type, read)


def reads_through_pads(func: ir.Operation) -> int:
    """A `tensor.pad` read only by `tensor.extract`s, directly or through
    static views (torch's unfold: a gather whose body reads the padded input
    at computed indices; LongT5's local attention: a concat's gather reads
    blocks i-1, i and i+1 as slices of the blocks padded by one) -> each
    read a bounds-checked read of the pad's source where the views put it,
    and the pad and its views go. Left as it was, the pad would be cloned
    beside the gather's kernel but read by no operand of it (the read is in
    the body), so it stayed on the host as a loop outside every kernel.
    Returns how many pads went."""
    gone = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        pad = op_view.operation
        if pad.name != "tensor.pad" or not constant_padding(pad):
            continue
        reads = extract_reads(pad.results[0])
        if not reads:
            continue
        low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
        result_type = ir.RankedTensorType(pad.results[0].type)
        with Rewrite("a read of a pad reads its source with a bounds check", pad) as rw:
            for read, views in reads:
                with ir.InsertionPoint(read), read.location:
                    at = list(read.operands)[1:]
                    for view in views:
                        at = through_view(view, at)
                    value = padded_read(pad.operands[0], low, result_type, padding_value(pad), at)
                rw.replace_op(read, [value])
                for view in views:
                    rw.erase(view)
            rw.erase(pad)
        gone += 1
    return gone


def constant_padding(pad: ir.Operation) -> bool:
    """Static padding (`_pads_static_dims`) by a value defined above the pad."""
    if not _pads_static_dims(pad):
        return False
    body = pad.regions[0].blocks[0]
    value = padding_value(pad)
    return len(list(body.operations)) == 1 and not isinstance(value, ir.BlockArgument)


def padding_value(pad: ir.Operation) -> ir.Value:
    return list(pad.regions[0].blocks[0].operations)[-1].operands[0]


def static_pad(pad: ir.Operation) -> bool:
    return len(pad.operands) == 1 and ir.RankedTensorType(pad.results[0].type).has_static_shape


def _pads_static_dims(pad: ir.Operation) -> bool:
    """Static padding amounts, and none on a dynamic dim of the source or result."""
    if len(pad.operands) != 1:
        return False
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    high = list(ir.DenseI64ArrayAttr(pad.attributes["static_high"]))
    source = ir.RankedTensorType(pad.operands[0].type)
    result = ir.RankedTensorType(pad.results[0].type)
    return all(
        source.is_dynamic_dim(d) == result.is_dynamic_dim(d)
        and not (result.is_dynamic_dim(d) and (low[d] or high[d]))
        for d in range(result.rank)
    )


def pad_to_generic(pad: ir.Operation) -> ir.Operation:
    """tensor.pad with a constant value -> generic with bounds-checked reads."""
    result_type = ir.RankedTensorType(pad.results[0].type)
    if not _pads_static_dims(pad):
        raise ScheduleError("tensor.pad of a dynamic dim or by a dynamic amount", pad.location)
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    with ir.InsertionPoint(pad), pad.location:
        new = padding_generic(pad.operands[0], low, result_type, padding_value(pad))
    replace_op(pad, [new.results[0]], "a tensor.pad becomes a gather")
    return new


# Views a function may return of a computed value (`isolate.RESULT_VIEWS`).
_RESULT_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast")


def returned_pads_to_gathers(func: ir.Operation) -> int:
    """Each pad the function returns (directly or through views) -> the
    gather a pad becomes (`padding_generic`), a kernel of its own, for its
    returned uses: a pad between kernels is cloned into the units that read
    it, so a returned one was computed by none ("split: function result
    not computed by a kernel": SEW-D pads its upsampled sequence by one
    frame). Its other readers keep the pad. Returns how many."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        pad = op_view.operation
        if pad.name != "tensor.pad" or not constant_padding(pad):
            continue
        returned = [
            (use.owner.operation, use.operand_number)
            for use in pad.results[0].uses
            if _reaches_return(use.owner.operation)
        ]
        if returned:
            _gather_for(pad, returned, "a returned pad became a gather")
            done += 1
    return done


def sliced_pads_to_gathers(func: ir.Operation) -> int:
    """A pad read through `tensor.extract_slice`s -> the gather a pad becomes
    (`padding_generic`) for those reads, a producer the slices' readers fuse
    (`sliced_producers.py`) or a kernel of its own; its other readers (a
    convolution's window) keep the pad. A training step reads a depthwise
    conv's padded input at each kernel offset for the weight's gradient:
    cloned into each reading unit, the pad stayed a loop on the host
    ("host: 'scf.for' runs on the host"). Returns how many pads."""
    done = 0
    for op_view in list(func.regions[0].blocks[0].operations):
        pad = op_view.operation
        if pad.name != "tensor.pad" or not constant_padding(pad) or not static_pad(pad):
            continue
        sliced = [
            (use.owner.operation, use.operand_number)
            for use in pad.results[0].uses
            if use.owner.operation.name == "tensor.extract_slice"
            and use.operand_number == 0
            # A slice only gathers read (a concat's, by extract) is read
            # through later (`reads_through_pads`): no kernel for the pad.
            and extract_reads(use.owner.operation.results[0]) is None
        ]
        if sliced:
            _gather_for(pad, sliced, "a sliced pad became a gather")
            done += 1
    return done


def _gather_for(pad: ir.Operation, uses: list[tuple[ir.Operation, int]], step: str) -> None:
    """The gather `pad` lowers to (`padding_generic`), read by `uses`
    (user, operand number) instead of the pad, which goes once unread."""
    low = list(ir.DenseI64ArrayAttr(pad.attributes["static_low"]))
    result_type = ir.RankedTensorType(pad.results[0].type)
    with ir.InsertionPoint(pad), pad.location:
        new = padding_generic(pad.operands[0], low, result_type, padding_value(pad))
    for user, number in uses:
        user.operands[number] = new.results[0]
    if not has_uses(pad):
        erase(pad, step)


def _reaches_return(op: ir.Operation) -> bool:
    if op.name == "func.return":
        return True
    return op.name in _RESULT_VIEWS and any(_reaches_return(u) for u in users_of(op.results[0]))


def _splat_value(value: ir.Value) -> ir.Value | None:
    """The scalar a splat constant or a fill holds, built or found before its
    users; None for any other tensor."""
    op = defining_op(value)
    if op is None:
        return None
    if op.name == "linalg.fill":
        return op.operands[0]
    element = splat_element(value)
    if element is None:
        return None
    with ir.InsertionPoint(op), op.location:
        return arith.ConstantOp(element.type, element).result


def _absorbs_pads(op: ir.Operation) -> bool:
    """A reader that takes a pad as it is: a bounds-checked gather read, a
    convolution or pooling window (its kernel computes its padded input)."""
    name = op.name
    return name == "tensor.extract" or name.startswith(("linalg.conv", "linalg.pooling"))


def insert_slices_as_pads(func: ir.Operation) -> int:
    """`tensor.insert_slice %src into %splat` (static offsets and sizes, same
    rank; the destination a splat constant or a fill) is %src padded by the
    splat: a `tensor.pad` where its readers take pads (`_absorbs_pads`), else
    the gather a pad becomes (`padding_generic`), a kernel of its own; with
    strides (the zero-stuffed input of a transposed convolution) always that
    gather (`strided_generic`). BEiT's relative position index is built so
    (`new_zeros` then a slice assignment); an insert_slice between kernels
    had no lowering at all. Readers first, so that an insert_slice read by
    one made a gather is read through (`reads_through_pads`)."""
    done = 0
    for op_view in reversed(list(func.regions[0].blocks[0].operations)):
        insert = op_view.operation
        if insert.name != "tensor.insert_slice" or len(insert.operands) != 2:
            continue
        source, dest = (ir.RankedTensorType(v.type) for v in insert.operands)
        offsets = list(ir.DenseI64ArrayAttr(insert.attributes["static_offsets"]))
        strides = list(ir.DenseI64ArrayAttr(insert.attributes["static_strides"]))
        if not (source.has_static_shape and dest.has_static_shape) or source.rank != dest.rank:
            continue
        if any(s < 1 for s in strides) or any(o < 0 for o in offsets):
            continue
        value = _splat_value(insert.operands[1])
        if value is None:
            continue
        high = [d - o - n for d, o, n in zip(dest.shape, offsets, source.shape, strict=True)]
        with ir.InsertionPoint(insert), insert.location:
            if any(s != 1 for s in strides):
                new = strided_generic(insert.operands[0], offsets, strides, dest, value)
                new_value = new.results[0]
            elif all(_absorbs_pads(u) for u in users_of(insert.results[0])):
                pad = tensor.PadOp(dest, insert.operands[0], [], [], offsets, high)
                block = pad.regions[0].blocks.append(*([ir.IndexType.get()] * dest.rank))
                with ir.InsertionPoint(block):
                    tensor.YieldOp(value)
                new_value = pad.result
            else:
                new_value = padding_generic(insert.operands[0], offsets, dest, value).results[0]
        replace_op(insert, [new_value], "an insert_slice into a splat is a pad")
        done += 1
    return done
