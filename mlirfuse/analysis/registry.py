"""The op registry: what each op is for fusion (docs/registry.md).

Linalg structured ops are classified from their structure (iterators, maps,
body), so any `linalg.generic` gets a kind; named ops go through the same code
(their maps come from a generalized clone, see structured.py). Non-linalg ops
use the table below; users extend it with `register_op_kind`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir

from mlirfuse.analysis.body import (
    FLOP_WEIGHTS,
    body_op_names,
    flops_per_iteration,
    has_side_effects,
)
from mlirfuse.analysis.maps import classify_map, kind_from_structure
from mlirfuse.analysis.structured import (
    PARALLEL,
    REDUCTION,
    StructuredView,
    bounded,
    loop_ranges,
    shape_of,
    structured_view,
)
from mlirfuse.analysis.symbolic_eval import SizeEvaluator, loop_sizes
from mlirfuse.analysis.types import MapKind, OperandInfo, OpInfo, OpKind
from mlirfuse.locations import format_location as _file_position


@dataclass(frozen=True)
class _Registration:
    kind: OpKind
    side_effects: bool
    flops_per_iteration: float


_FILL_OPS = ("tensor.empty", "arith.constant", "tensor.splat", "bufferization.alloc_tensor")
_INJECTIVE_OPS = (
    "tensor.pad",
    "tensor.expand_shape",
    "tensor.collapse_shape",
    "tensor.reshape",
    "tensor.extract_slice",
    "tensor.insert_slice",
    "tensor.concat",
    "tensor.cast",
    "tensor.bitcast",
    "tensor.extract",
    "tensor.insert",
    "tensor.dim",
    "tensor.gather",
    "tensor.scatter",
    "tensor.from_elements",
    "tensor.generate",
)

# Index arithmetic on sizes (a dynamic dim's `s0 * 32`): no kernel, and no
# effect either, so it orders nothing (as an unknown op would).
_INDEX_OPS = ("affine.apply", "affine.min", "affine.max")

_REGISTRY: dict[str, _Registration] = {
    **{name: _Registration(OpKind.FILL, False, 0.0) for name in _FILL_OPS},
    **{name: _Registration(OpKind.OPAQUE, False, 0.0) for name in _INDEX_OPS},
    **{name: _Registration(OpKind.INJECTIVE, False, 0.0) for name in _INJECTIVE_OPS},
    "func.call": _Registration(OpKind.OPAQUE, True, 0.0),
    "func.call_indirect": _Registration(OpKind.OPAQUE, True, 0.0),
}

# Named linalg ops whose kind is fixed by name, whatever their body looks like.
_NAMED_KINDS: dict[str, OpKind] = {
    "linalg.fill": OpKind.FILL,
    "linalg.transpose": OpKind.INJECTIVE,
    "linalg.broadcast": OpKind.BROADCAST,
    "linalg.copy": OpKind.ELEMENTWISE,
}


def register_op_kind(
    op_name: str,
    kind: OpKind,
    *,
    side_effects: bool = False,
    flops_per_iteration: float = 0.0,
) -> None:
    """Declare how fusion should treat `op_name` (e.g. a custom dialect op).

    A registration overrides the built-in rules, linalg structure included.
    """
    _REGISTRY[op_name] = _Registration(OpKind(kind), side_effects, float(flops_per_iteration))


def unregister_op_kind(op_name: str) -> None:
    """Drop a registration made with `register_op_kind` (built-ins stay)."""
    _REGISTRY.pop(op_name, None)
    for builtin in (_FILL_OPS, _INJECTIVE_OPS):
        if op_name in builtin:
            kind = OpKind.FILL if builtin is _FILL_OPS else OpKind.INJECTIVE
            _REGISTRY[op_name] = _Registration(kind, False, 0.0)
    if op_name in _INDEX_OPS:
        _REGISTRY[op_name] = _Registration(OpKind.OPAQUE, False, 0.0)
    if op_name.startswith("func.call"):
        _REGISTRY[op_name] = _Registration(OpKind.OPAQUE, True, 0.0)


def _location(op: ir.Operation) -> str:
    found = _file_position(op.location)
    if found is not None:
        return found
    text = str(op.location)  # loc(unknown) or an opaque form
    return text[4:-1] if text.startswith("loc(") else text


_ELEMENT_INFO: dict[ir.Type, tuple[str, int | None]] = {}


def _element_info(t: ir.Type) -> tuple[str, int | None]:
    """Element type name and byte width (cached: types are uniqued per context)."""
    cached = _ELEMENT_INFO.get(t)
    if cached is None:
        cached = bounded(_ELEMENT_INFO)[t] = _compute_element_info(t)
    return cached


def _compute_element_info(t: ir.Type) -> tuple[str, int | None]:
    elem = ir.ShapedType(t).element_type if isinstance(t, ir.ShapedType) else t
    name = str(elem)
    if isinstance(elem, ir.IndexType):
        return name, 8
    width = getattr(elem, "width", None)
    if width is None:
        return name, None
    return name, max(1, (int(width) + 7) // 8)


def _byte_size(t: ir.Type, shape: tuple[int | None, ...]) -> int | None:
    _, elem_bytes = _element_info(t)
    if elem_bytes is None or any(d is None for d in shape):
        return None
    count = 1
    for d in shape:
        count *= int(d)  # type: ignore[arg-type]
    return count * elem_bytes


def _operand_info(index: int, value: ir.Value, map_kind: MapKind, is_init: bool) -> OperandInfo:
    shape = shape_of(value)
    elem, _ = _element_info(value.type)
    return OperandInfo(index, elem, shape, _byte_size(value.type, shape), map_kind, is_init)


def _result_bytes(op: ir.Operation) -> tuple[int | None, ...]:
    return tuple(_byte_size(r.type, shape_of(r)) for r in op.results)


def _iterations(ranges: tuple[int | None, ...]) -> int | None:
    total = 1
    for r in ranges:
        if r is None:
            return None
        total *= r
    return total


def _in_place(view: StructuredView, op: ir.Operation) -> bool:
    """Some output may be written into an input's buffer: same type, same map,
    and no reduction (each element is read before it is written, once)."""
    if REDUCTION in view.iterators:
        return False
    operands = list(op.operands)
    for out in range(view.num_inputs, len(operands)):
        for inp in range(view.num_inputs):
            same_type = operands[inp].type == operands[out].type
            if same_type and view.maps[inp] == view.maps[out]:
                return True
    return False


def _classify_structured(op: ir.Operation, view: StructuredView, op_id: int) -> OpInfo:
    operands = list(op.operands)
    ranges = loop_ranges(view, operands)
    kind = _NAMED_KINDS.get(op.name) or kind_from_structure(view)
    fpi = flops_per_iteration(view.body_ops)
    iterations = _iterations(ranges)
    return OpInfo(
        id=op_id,
        name=op.name,
        kind=kind,
        loc=_location(op),
        loop_ranges=ranges,
        parallel_dims=tuple(i for i, it in enumerate(view.iterators) if it == PARALLEL),
        reduction_dims=tuple(i for i, it in enumerate(view.iterators) if it == REDUCTION),
        operands=tuple(
            _operand_info(i, v, classify_map(view.maps[i]), i >= view.num_inputs)
            for i, v in enumerate(operands)
        ),
        result_bytes=_result_bytes(op),
        flops_per_iteration=fpi,
        flops=None if iterations is None else fpi * iterations,
        in_place=_in_place(view, op),
        side_effects=has_side_effects(view.body_ops),
        sizes=loop_sizes(view.maps, operands) if None in ranges else (),
        body_live_values=view.body_live_values,
    )


def _kind_of_other(op: ir.Operation) -> tuple[OpKind, bool, float]:
    reg = _REGISTRY.get(op.name)
    if reg is not None:
        return reg.kind, reg.side_effects, reg.flops_per_iteration
    dialect = op.name.split(".", 1)[0]
    if dialect in ("arith", "math", "complex") and not op.regions:
        # Scalar or whole-tensor arithmetic outside linalg: elementwise.
        return OpKind.ELEMENTWISE, False, FLOP_WEIGHTS.get(op.name, 1.0)
    # Unknown ops, region-holding ops (scf.for, fusion.group): opaque; their
    # side effects come from what they contain, unknown leaf ops are assumed impure.
    if op.regions:
        impure = any(has_side_effects(body_op_names(b)) for r in op.regions for b in r.blocks)
        return OpKind.OPAQUE, impure, 0.0
    return OpKind.OPAQUE, True, 0.0


def _classify_other(op: ir.Operation, op_id: int) -> OpInfo:
    kind, side_effects, fpi = _kind_of_other(op)
    ranges = shape_of(op.results[0]) if len(op.results) else ()
    iterations = _iterations(ranges)
    return OpInfo(
        id=op_id,
        name=op.name,
        kind=kind,
        loc=_location(op),
        loop_ranges=ranges,
        parallel_dims=tuple(range(len(ranges))),
        reduction_dims=(),
        operands=tuple(_operand_info(i, v, MapKind.NONE, False) for i, v in enumerate(op.operands)),
        result_bytes=_result_bytes(op),
        flops_per_iteration=fpi,
        flops=None if iterations is None else fpi * iterations,
        in_place=False,
        side_effects=side_effects,
        sizes=SizeEvaluator().shape(op.results[0]) if None in ranges else (),
    )


def classify_op(op: ir.Operation | ir.OpView, op_id: int = -1) -> OpInfo:
    """Classify one op (never mutates it). `op_id` is its node id in a graph."""
    return classify_with_view(op.operation, op_id)[0]


def classify_with_view(op: ir.Operation, op_id: int) -> tuple[OpInfo, StructuredView | None]:
    """`classify_op`, also returning the structured view it used (None if not linalg)."""
    if op.name not in _REGISTRY:
        view = structured_view(op)
        if view is not None:
            return _classify_structured(op, view, op_id), view
    return _classify_other(op, op_id), None
