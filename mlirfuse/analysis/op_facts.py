"""What sibling fusion reads from the IR: loops, inputs, captured values.

Sibling fusion asks the same few questions of every structured op: its loop
ranges and iterator types, which operands it reads (inputs, not inits), which
values defined above its body it captures, and whether its body has side
effects. These helpers answer them from the linalg structure (indexing maps),
so named ops (`linalg.matmul`) and generics are treated alike. They only read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mlir import ir

# Ops whose bodies may be merged or moved freely: pure arithmetic.
_PURE_BODY_PREFIXES = ("arith.", "math.", "complex.")
_PURE_BODY_OPS = frozenset({"linalg.index", "linalg.yield", "tensor.extract"})
PARALLEL = "parallel"
REDUCTION = "reduction"


@dataclass(frozen=True)
class LoopFacts:
    """The iteration space of a structured op."""

    ranges: tuple[int | None, ...]  # None: dynamic or unknown
    iterators: tuple[str, ...]  # "parallel" | "reduction"
    maps: tuple[ir.AffineMap, ...]  # one per operand (inputs then inits)

    @property
    def reduction_dims(self) -> tuple[int, ...]:
        return tuple(i for i, it in enumerate(self.iterators) if it == REDUCTION)

    @property
    def static(self) -> bool:
        return all(r is not None for r in self.ranges)


def op_name(op: ir.Operation | ir.OpView) -> str:
    return str(op.operation.name)


def segment_sizes(op: ir.Operation) -> tuple[int, int]:
    """(inputs, inits) of a destination-style linalg op."""
    attrs = op.operation.attributes
    if "operandSegmentSizes" in attrs:
        sizes = list(ir.DenseI32ArrayAttr(attrs["operandSegmentSizes"]))
        return sizes[0], sizes[1]
    n_results = len(op.operation.results)
    return len(op.operation.operands) - n_results, n_results


def input_values(op: ir.Operation) -> list[ir.Value]:
    """Operands an op reads as data (a linalg op's `ins`; every operand otherwise)."""
    if op_name(op).startswith("linalg."):
        n_in, _ = segment_sizes(op)
        return list(op.operation.operands)[:n_in]
    return list(op.operation.operands)


def init_values(op: ir.Operation) -> list[ir.Value]:
    if not op_name(op).startswith("linalg."):
        return []
    n_in, _ = segment_sizes(op)
    return list(op.operation.operands)[n_in:]


def nested_ops(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.operation.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner.operation
                yield from nested_ops(inner.operation)


def captured_values(op: ir.Operation) -> list[ir.Value]:
    """Values defined outside `op` that ops in its regions use."""
    inside: set[ir.Operation] = set()
    inner_ops = list(nested_ops(op))
    inside.update(inner_ops)
    seen: list[ir.Value] = []
    for inner in inner_ops:
        for value in inner.operands:
            owner = value.owner
            if isinstance(owner, ir.Block):
                if owner.owner is not None and owner.owner in inside | {op.operation}:
                    continue
            elif owner in inside:
                continue
            if value not in seen:
                seen.append(value)
    return seen


def all_used_values(op: ir.Operation) -> list[ir.Value]:
    """Operands plus captured values: what must dominate the op."""
    values = list(op.operation.operands)
    values += [v for v in captured_values(op) if v not in values]
    return values


# Ops whose tensor result holds no data of its own: reading it reads nothing.
_GENERATORS = frozenset(
    {"tensor.empty", "linalg.fill", "tensor.splat", "bufferization.alloc_tensor"}
)


def is_stored_constant(op: ir.Operation) -> bool:
    """A tensor `arith.constant` whose elements are not all one value (an
    index table, a mask): an array in memory, unlike a splat."""
    if op.name != "arith.constant":
        return False
    attr = op.attributes["value"]
    if not isinstance(attr.type, ir.RankedTensorType):
        return False
    return not (isinstance(attr, ir.DenseElementsAttr) and attr.is_splat)


def holds_no_data(value: ir.Value) -> bool:
    """A tensor made without reading memory (empty, fill, splat constant):
    two ops reading it share no input. Arguments, results of computing ops
    and stored constants hold data."""
    if not isinstance(value, ir.OpResult):
        return False
    op = value.owner.operation
    return op.name in _GENERATORS or (op.name == "arith.constant" and not is_stored_constant(op))


def has_side_effects(op: ir.Operation) -> bool:
    """True when a body op is not pure arithmetic (e.g. `cf.assert`)."""
    for inner in nested_ops(op):
        name = op_name(inner)
        if name in _PURE_BODY_OPS or name.startswith(_PURE_BODY_PREFIXES):
            continue
        return True
    return False


def is_structured(op: ir.Operation) -> bool:
    return op_name(op).startswith("linalg.") and "indexing_maps" in op.operation.attributes


def loop_facts(op: ir.Operation) -> LoopFacts | None:
    """Ranges, iterators and maps of a structured linalg op; None otherwise."""
    if not is_structured(op):
        return None
    attrs = op.operation.attributes
    maps = tuple(ir.AffineMapAttr(a).value for a in ir.ArrayAttr(attrs["indexing_maps"]))
    n_dims = maps[0].n_dims if maps else 0
    if "iterator_types" in attrs:
        iterators = tuple(_iterator_name(a) for a in ir.ArrayAttr(attrs["iterator_types"]))
    else:
        iterators = _derive_iterators(op, maps, n_dims)
    ranges: list[int | None] = [None] * n_dims
    for value, amap in zip(op.operation.operands, maps, strict=False):
        shape = _static_shape(value.type)
        for pos, expr in enumerate(amap.results):
            if shape is None or pos >= len(shape) or not isinstance(expr, ir.AffineDimExpr):
                continue
            dim = ir.AffineDimExpr(expr).position
            if ranges[dim] is None and shape[pos] is not None:
                ranges[dim] = shape[pos]
    return LoopFacts(tuple(ranges), iterators, maps)


def _iterator_name(attr: ir.Attribute) -> str:
    return REDUCTION if "reduction" in str(attr) else PARALLEL


def _derive_iterators(
    op: ir.Operation, maps: tuple[ir.AffineMap, ...], n_dims: int
) -> tuple[str, ...]:
    # Named ops carry no iterator_types: a dim absent from every init map is reduced.
    n_in, _ = segment_sizes(op)
    in_outputs: set[int] = set()
    for amap in maps[n_in:]:
        for expr in amap.results:
            if isinstance(expr, ir.AffineDimExpr):
                in_outputs.add(ir.AffineDimExpr(expr).position)
    return tuple(PARALLEL if d in in_outputs else REDUCTION for d in range(n_dims))


def _static_shape(type_: ir.Type) -> tuple[int | None, ...] | None:
    if not isinstance(type_, ir.ShapedType):
        return None
    shaped = ir.ShapedType(type_)
    if not shaped.has_rank:
        return None
    return tuple(
        None if shaped.is_dynamic_dim(i) else shaped.get_dim_size(i) for i in range(shaped.rank)
    )


def location_text(op: ir.Operation) -> str:
    """`file:line:col` of an op when its location is a file location."""
    text = str(op.operation.location)
    if text.startswith("loc(") and text.endswith(")"):
        text = text[4:-1]
    return text.replace('"', "")


def recomputable_prologue(op: ir.Operation) -> bool:
    """An elementwise generic whose body can be copied into a consumer."""
    facts = loop_facts(op)
    if (
        facts is None
        or op_name(op) != "linalg.generic"
        or facts.reduction_dims
        or len(op.results) != 1
    ):
        return False
    if not all(_is_identity(m) for m in facts.maps):
        return False
    body = op.regions[0].blocks[0]
    if any(inner.operation.name == "linalg.index" for inner in body.operations):
        return False
    init_arg = body.arguments[len(input_values(op))]
    return not any(True for _ in init_arg.uses) and not has_side_effects(op)


def _is_identity(amap: ir.AffineMap) -> bool:
    results = list(amap.results)
    if len(results) != amap.n_dims:
        return False
    return all(isinstance(e, ir.AffineDimExpr) and e.position == i for i, e in enumerate(results))


def body_size(op: ir.Operation) -> int:
    """Ops in the body besides the yield: the cost of recomputing it per element."""
    return len(list(op.regions[0].blocks[0].operations)) - 1
