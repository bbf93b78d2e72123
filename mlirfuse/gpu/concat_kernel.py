"""A `tensor.concat` between kernels becomes a kernel of its own.

`isolate.split_function` runs this first: the GPU lowering has no host copy
for a concat, so `concat_to_generic` rewrites it as a `linalg.generic` that
reads each input where its slice lies (clamped reads, selected by range).
The inputs' extents along the concatenated dim must be static (they place
the slices); other dims may be dynamic (a rotary embedding's halves over a
dynamic batch), sized by the first input. Inputs made dynamic by a
`tensor.cast` of static values (torch's roll) are read before the cast.
"""

from __future__ import annotations

from collections.abc import Callable

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from mlirfuse.gpu.concat_in_place import IN_PLACE_ATTR
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.mutation import replace_op
from mlirfuse.transforms.ir_utils import sizes_of
from mlirfuse.transforms.view_coords import index_constant


def index_generic(
    result_type: ir.RankedTensorType,
    value_at: Callable[[list[ir.Value]], ir.Value],
    sized_like: ir.Value | None = None,
) -> ir.Operation:
    """A generic with no inputs over `result_type` (at the insertion point)
    yielding `value_at(its linalg.index values)`: a gather. Its dynamic
    sizes are `sized_like`'s (a tensor of the same rank) at the same dims."""
    rank = result_type.rank
    if sized_like is None:
        assert result_type.has_static_shape, "a dynamic gather needs a tensor to size it"
        sizes: list[int | ir.Value] = list(result_type.shape)
    else:
        sizes = sizes_of(sized_like, result_type)
    empty = tensor.EmptyOp(sizes, result_type.element_type)
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    new = linalg.GenericOp(
        [result_type],
        [],
        [empty.result],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))]),
        ir.ArrayAttr.get([parallel] * rank),
    )
    block = new.regions[0].blocks.append(result_type.element_type)
    with ir.InsertionPoint(block):
        i64 = ir.IntegerType.get_signless(64)
        at = [linalg.IndexOp(ir.IntegerAttr.get(i64, d)).result for d in range(rank)]
        linalg.YieldOp([value_at(at)])
    return new.operation


def concat_to_generic(concat: ir.Operation, sources: list[ir.Value] | None = None) -> None:
    """A static `tensor.concat` of `sources` (its operands, or the static
    values they are cast from) becomes a generic reading each input where its
    slice lies (clamped reads, selected by range): a kernel of its own."""
    sources = list(concat.operands) if sources is None else sources
    dim = ir.IntegerAttr(concat.attributes["dim"]).value
    result_type = ir.RankedTensorType(concat.results[0].type)

    def pick(at: list[ir.Value]) -> ir.Value:
        picks: list[tuple[ir.Value, ir.Value]] = []
        offset = 0
        for source in sources:
            extent = ir.RankedTensorType(source.type).shape[dim]
            local = arith.SubIOp(at[dim], index_constant(offset)).result
            ok = arith.CmpIOp(arith.CmpIPredicate.ult, local, index_constant(extent)).result
            clamped = arith.SelectOp(ok, local, index_constant(0)).result
            coords = [*at[:dim], clamped, *at[dim + 1 :]]
            picks.append((ok, tensor.ExtractOp(source, coords).result))
            offset += extent
        value = picks[-1][1]
        for ok, loaded in reversed(picks[:-1]):
            value = arith.SelectOp(ok, loaded, value).result
        return value

    with ir.InsertionPoint(concat), concat.location:
        new = index_generic(result_type, pick, sources[0])
    replace_op(concat, [new.results[0]], "gpu-concat-as-kernel")


def _placed_source(value: ir.Value, dim: int) -> ir.Value | None:
    """`value` if its extent along `dim` is static, or the static value a
    `tensor.cast` made dynamic (torch's roll exports its halves as
    `tensor<1x?x8x64xf32>`); None when neither places its slice."""
    if not ir.RankedTensorType(value.type).is_dynamic_dim(dim):
        return value
    producer = defining_op(value)
    if producer is not None and producer.name == "tensor.cast":
        source = producer.operands[0]
        if ir.RankedTensorType(source.type).has_static_shape:
            return source
    return None


def _placed_sources(concat: ir.Operation) -> list[ir.Value] | None:
    """The values `concat` gathers from, each with a static extent along the
    concatenated dim; None when they do not all have one."""
    if concat.name != "tensor.concat" or IN_PLACE_ATTR in concat.attributes:
        return None  # a concat written in place by its producers is no kernel
    dim = int(ir.IntegerAttr(concat.attributes["dim"]).value)
    if ir.RankedTensorType(concat.results[0].type).is_dynamic_dim(dim):
        return None  # the slices' offsets are known at run time only
    sources = [_placed_source(v, dim) for v in concat.operands]
    return [s for s in sources if s is not None] if all(s is not None for s in sources) else None


# Sources one concat's gather reads at most: each is a memref argument of
# its kernel (`vocab.options.MAX_KERNEL_TENSORS`); a weight gradient stacked
# from 49 kernel offsets (a training step's 7x7 depthwise conv) made a kernel
# ptxas rejected ("uses too much parameter space").
MAX_CONCAT_SOURCES = 16


def split_wide_concat(concat: ir.Operation) -> None:
    """A static concat of more than MAX_CONCAT_SOURCES values -> a concat of
    concats of at most that many each (each a gather of its own, which
    `gather_compose` inlines into the outer one as far as its limit lets)."""
    sources = list(concat.operands)
    result_type = ir.RankedTensorType(concat.results[0].type)
    if len(sources) <= MAX_CONCAT_SOURCES or not result_type.has_static_shape:
        return
    dim = ir.IntegerAttr(concat.attributes["dim"]).value
    parts: list[ir.Value] = []
    with ir.InsertionPoint(concat), concat.location:
        for start in range(0, len(sources), MAX_CONCAT_SOURCES):
            chunk = sources[start : start + MAX_CONCAT_SOURCES]
            shape = list(result_type.shape)
            shape[dim] = sum(ir.RankedTensorType(v.type).shape[dim] for v in chunk)
            part_type = ir.RankedTensorType.get(shape, result_type.element_type)
            parts.append(
                chunk[0] if len(chunk) == 1 else tensor.ConcatOp(part_type, dim, chunk).result
            )
        outer = tensor.ConcatOp(result_type, dim, parts)
    replace_op(concat, [outer.result], "gpu-concat-split")


def concats_to_generics(func: ir.Operation) -> None:
    """Every `tensor.concat` of `func`'s body a kernel (`concat_to_generic`)
    where its inputs' extents along the concatenated dim are static; a wide
    one first split (`split_wide_concat`).

    Each concat's sources are read just before it is rewritten: a concat of
    a concat (NeRF's skip input holds its positional encoding) reads the
    inner one's gather, and a `Value` taken from the inner concat before it
    was replaced would dangle (it read back as the outer gather itself)."""
    block = func.regions[0].blocks[0]
    for concat in [op.operation for op in block.operations if op.operation.name == "tensor.concat"]:
        if IN_PLACE_ATTR not in concat.attributes:
            split_wide_concat(concat)
    for concat in [op.operation for op in block.operations if op.operation.name == "tensor.concat"]:
        sources = _placed_sources(concat)
        if sources is not None:
            concat_to_generic(concat, sources)
