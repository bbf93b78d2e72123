"""Indexing maps, iterator types and loop ranges of linalg structured ops.

`linalg.generic` and some named ops (matmul) carry `indexing_maps`; the others
(fill, transpose, conv, pooling, ...) do not, and the bindings expose no
`getStaticLoopRanges`. For those we generalize a *clone* of the op in a scratch
module with the upstream `linalg-generalize-named-ops` pass and read the maps of
the generic it becomes. The caller's IR is never touched; results are cached by
the op's name, attributes and operand types, so a model with many identical
named ops pays for one generalization.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mlir import ir
from mlir.dialects import func
from mlir.passmanager import PassManager

from mlirfuse.analysis.body import body_op_names, peak_live_values

PARALLEL = "parallel"
REDUCTION = "reduction"


@dataclass(frozen=True)
class StructuredView:
    """The structure of one linalg op, independent of its spelling."""

    maps: tuple[ir.AffineMap, ...]  # one per operand: inputs then inits
    iterators: tuple[str, ...]  # "parallel" / "reduction", one per loop
    num_inputs: int
    body_ops: tuple[str, ...]  # names of the body's ops, nested ones included
    input_args_used: tuple[bool, ...]  # per input: its block argument is read
    body_live_values: int = 1  # the body's temporaries alive at once (body.peak_live_values)


_CACHE: dict[tuple[Any, str], StructuredView | None] = {}


# linalg ops that are not structured (no ins/outs iteration space).
_NOT_STRUCTURED = frozenset({"linalg.yield", "linalg.index", "linalg.softmax"})


def is_structured(op: ir.Operation) -> bool:
    """A linalg op with ins/outs (the LinalgOp interface), not linalg.yield/index."""
    return op.name.startswith("linalg.") and op.name not in _NOT_STRUCTURED


# Caches keyed by uniqued attributes. A key keeps its context alive, so the
# caches are bounded: cleared when full rather than growing with every context.
CACHE_LIMIT = 4096
_ITERATORS: dict[ir.Attribute, tuple[str, ...]] = {}
_MAPS: dict[ir.Attribute, tuple[ir.AffineMap, ...]] = {}


def bounded(cache: dict[Any, Any]) -> dict[Any, Any]:
    """`cache`, emptied first if it holds CACHE_LIMIT entries."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    return cache


def _iterator_names(attr: ir.Attribute) -> tuple[str, ...]:
    """Iterator types of an `iterator_types` attribute (cached: attributes are uniqued)."""
    cached = _ITERATORS.get(attr)
    if cached is None:
        cached = bounded(_ITERATORS)[attr] = _compute_iterator_names(attr)
    return cached


def _maps_of(attr: ir.Attribute) -> tuple[ir.AffineMap, ...]:
    cached = _MAPS.get(attr)
    if cached is None:
        cached = bounded(_MAPS)[attr] = tuple(ir.AffineMapAttr(m).value for m in ir.ArrayAttr(attr))
    return cached


def _compute_iterator_names(attr: ir.Attribute) -> tuple[str, ...]:
    names = []
    for it in ir.ArrayAttr(attr):
        text = str(it)  # "#linalg.iterator_type<parallel>"
        names.append(REDUCTION if REDUCTION in text else PARALLEL)
    return tuple(names)


def _num_inputs(op: ir.Operation) -> int:
    if "operandSegmentSizes" in op.attributes:
        return int(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])[0])
    # transpose, reduce, map, broadcast: on tensors, one init per result.
    return len(op.operands) - len(op.results)


def _view_of_generic(op: ir.Operation) -> StructuredView:
    maps = _maps_of(op.attributes["indexing_maps"])
    body = op.regions[0].blocks[0] if len(op.regions) and len(op.regions[0].blocks) else None
    num_inputs = _num_inputs(op)
    used = tuple(
        body is not None and i < len(body.arguments) and len(list(body.arguments[i].uses)) > 0
        for i in range(num_inputs)
    )
    iterators = _iterator_names(op.attributes["iterator_types"])
    # The body is summarised now: for named ops it belongs to a scratch module
    # that is gone once generalization returns.
    return StructuredView(
        maps, iterators, num_inputs, body_op_names(body), used, peak_live_values(body)
    )


def _cache_key(op: ir.Operation) -> tuple[Any, str]:
    """Context (maps belong to one) and the op's spelling without operands."""
    attrs = ",".join(f"{name}={op.attributes[name]}" for name in op.attributes)
    types = ",".join(str(v.type) for v in op.operands)
    return op.context, f"{op.name}|{attrs}|{types}|{len(op.regions)}"


def _generalize_clone(op: ir.Operation) -> StructuredView | None:
    """Generalize a copy of `op` in a scratch module; None if upstream cannot."""
    ctx = op.context
    with ctx, ir.Location.unknown(ctx):
        scratch = ir.Module.create()
        arg_types = [v.type for v in op.operands]
        with ir.InsertionPoint(scratch.body):
            fn = func.FuncOp("scratch", (arg_types, [r.type for r in op.results]))
        block = fn.add_entry_block()
        with ir.InsertionPoint(block):
            clone = op.clone()
            for i, arg in enumerate(block.arguments):
                clone.operands[i] = arg
            func.ReturnOp(list(clone.results))
        try:
            PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))").run(
                scratch.operation
            )
        except ir.MLIRError:
            return None
        for inner in fn.regions[0].blocks[0].operations:
            if inner.operation.name == "linalg.generic":
                return _view_of_generic(inner.operation)
    return None


def structured_view(op: ir.Operation) -> StructuredView | None:
    """Maps and iterators of a structured linalg op; None for anything else."""
    if not is_structured(op):
        return None
    if "indexing_maps" in op.attributes and "iterator_types" in op.attributes:
        return _view_of_generic(op)
    key = _cache_key(op)
    if key not in _CACHE:
        bounded(_CACHE)[key] = _generalize_clone(op)
    return _CACHE[key]


def dim_position(expr: ir.AffineExpr) -> int | None:
    """The loop index of a plain `dN` expression, else None."""
    if isinstance(expr, ir.AffineDimExpr):
        return int(expr.position)
    return None


_SHAPES: dict[ir.Type, tuple[int | None, ...]] = {}


def element_name(value: ir.Value) -> str:
    """The element type of a shaped value, as text ("f32", "bf16", ...)."""
    return str(ir.ShapedType(value.type).element_type)


def shape_of(value: ir.Value) -> tuple[int | None, ...]:
    """Static shape with None for dynamic dims; () for scalars and unranked."""
    t = value.type
    cached = _SHAPES.get(t)
    if cached is None:
        cached = bounded(_SHAPES)[t] = _shape_of_type(t)
    return cached


def _shape_of_type(t: ir.Type) -> tuple[int | None, ...]:
    if not isinstance(t, ir.ShapedType):
        return ()
    st = ir.ShapedType(t)
    if not st.has_rank:
        return ()
    return tuple(None if st.is_dynamic_dim(i) else int(st.get_dim_size(i)) for i in range(st.rank))


def loop_ranges(view: StructuredView, operands: list[ir.Value]) -> tuple[int | None, ...]:
    """Each loop's trip count, read off operand shapes through pure-dim map results."""
    num_loops = len(view.iterators)
    ranges: list[int | None] = [None] * num_loops
    for value, amap in zip(operands, view.maps, strict=False):
        shape = shape_of(value)
        for pos, expr in enumerate(amap.results):
            dim = dim_position(expr)
            if dim is None or pos >= len(shape) or shape[pos] is None:
                continue
            if ranges[dim] is None:
                ranges[dim] = shape[pos]
    return tuple(ranges)
