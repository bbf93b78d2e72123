"""A generic's operand re-expressed on another shape (reshape propagation).

`reshape_propagation.reshape_through` moves an elementwise generic to the
other side of the reshape it reads; each of its other operands must then be
read on the new shape too (`operand_on`): itself, the source of its reshape,
a new reshape of a value no kernel fuses through anyway, or a small pure
elementwise chain recomputed on the new shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from mlir import ir

from mlirfuse.analysis.symbolic_eval import SizeEvaluator
from mlirfuse.transforms.ir_access import (
    indexing_maps,
    is_static_tensor,
    iterator_names,
    producer_of,
    set_parallel_loops,
    static_shape,
)
from mlirfuse.transforms.reshape_views import (
    at_boundary,
    behind_other_anchor,
    costs_no_fusion,
    is_reshape,
    reshape_root,
)
from mlirfuse.transforms.size_values import Dims, SizeValues, dims_of, tensor_type

_INDEXED = ("linalg.index", "tensor.extract")
_CHAIN = 8  # elementwise producers recomputed on another shape, at most
_SMALL = 4096  # elements: per-channel vectors, not activations


@dataclass(frozen=True)
class Reshaping:
    """How one generic's operands may be re-expressed."""

    sizes: SizeValues
    pivot_source: ir.Value  # the computed value the generic reads reshaped
    views: bool = False  # a computed value may be read as a new reshape (`costs_no_fusion`)


def operand_on(
    value: ir.Value, shape: Dims, how: Reshaping, *, build: bool, depth: int = 0
) -> ir.Value | None:
    """`value` as a tensor of `shape` (module docstring). Without `build`,
    only whether it can (`value` stands for the answer)."""
    sizes = how.sizes
    if dims_of(value, sizes.evaluate) == shape:
        return value
    reshape = computed_reshape(value)
    if reshape is not None and dims_of(reshape.operands[0], sizes.evaluate) == shape:
        return reshape.operands[0]
    if _read_as_view(value, shape, how):
        return _view(value, shape, how, build=build)
    producer = producer_of(reshape_root(value))
    rebuildable = producer is not None and depth < _CHAIN and _pure_elementwise(producer)
    if rebuildable and _checked(producer, shape, how, depth) is not None:
        return _rebuilt(producer, shape, how, depth) if build else value
    # The chain reads something it cannot be recomputed from: read its end.
    if behind_other_anchor(value, how.pivot_source, chain=True):
        return _view(value, shape, how, build=build)
    return None


def _view(value: ir.Value, shape: Dims, how: Reshaping, *, build: bool) -> ir.Value | None:
    """A new reshape of `value`'s root to `shape` (`value` without `build`)."""
    root = reshape_root(value)
    if dims_of(root, how.sizes.evaluate) is None:
        return None
    return how.sizes.reshaped(root, shape) if build else value


def _read_as_view(value: ir.Value, shape: Dims, how: Reshaping) -> bool:
    """A new reshape of `value`'s root costs no fusion: an argument or a
    constant; a value already read through reshapes no kernel fuses through
    (with `views`); or the result of a reduction or contraction behind
    another contraction before the pivot (a dequantisation's per-token
    scale after an int8 matmul): no kernel holds that anchor and the
    generic. (An elementwise chain from such an anchor is recomputed on the
    new shape where it can be, read at its end where it cannot.)"""
    if at_boundary(value) or (how.views and costs_no_fusion(value, shape, how.sizes)):
        return True
    return behind_other_anchor(value, how.pivot_source, chain=False)


def computed_reshape(value: ir.Value) -> ir.Operation | None:
    """The reshape making `value` from a statically shaped linalg result."""
    op = producer_of(value)
    if op is None or not is_reshape(op):
        return None
    source = producer_of(op.operands[0])
    if source is None or not source.name.startswith("linalg."):
        return None
    # Dynamic dims only where proven (`dynamic_sizes.py` said them once).
    evaluate = SizeEvaluator()
    proven = all(dims_of(v, evaluate) is not None for v in (op.operands[0], value))
    return op if proven else None


def shape_free_elementwise(generic: ir.Operation, *, dynamic: bool = False) -> bool:
    """All parallel, static (or, with `dynamic`, ranked tensors), identity
    outputs whose inits the body does not read, no index-dependent body."""
    if generic.name != "linalg.generic" or any(
        "parallel" not in it for it in iterator_names(generic)
    ):
        return False
    tensors = _ranked_tensor if dynamic else is_static_tensor
    if not all(tensors(v) for v in generic.operands):
        return False  # memrefs (bufferized input), scalars, dynamic shapes
    inputs = len(generic.operands) - len(generic.results)
    maps = indexing_maps(generic)
    if any(not is_identity(m) for m in maps[inputs:]):
        return False
    body = generic.regions[0].blocks[0]
    if any(len(list(arg.uses)) for arg in list(body.arguments)[inputs:]):
        return False
    return not any(inner.operation.name in _INDEXED for inner in body.operations)


def is_identity(amap: ir.AffineMap) -> bool:
    return amap == ir.AffineMap.get_identity(amap.n_dims)


def generic_inputs(op: ir.Operation) -> list[ir.Value]:
    return list(op.operands)[: len(op.operands) - len(op.results)]


def _ranked_tensor(value: ir.Value) -> bool:
    return isinstance(value.type, ir.RankedTensorType)


def _pure_elementwise(op: ir.Operation) -> bool:
    """A small one-result generic whose maps are all identities: any reshape
    of all its operands alike computes the same elements."""
    if not shape_free_elementwise(op) or len(op.results) != 1:
        return False  # static only: a dynamic one is never known to be small
    small = math.prod(static_shape(op.results[0])) <= _SMALL
    return small and all(is_identity(m) for m in indexing_maps(op))


def _checked(op: ir.Operation, shape: Dims, how: Reshaping, depth: int) -> ir.Value | None:
    inputs, inner = generic_inputs(op), _inside_chain(how)
    ok = all(operand_on(v, shape, inner, build=False, depth=depth + 1) is not None for v in inputs)
    return op.results[0] if ok else None


def _inside_chain(how: Reshaping) -> Reshaping:
    """A recomputed chain's own operands are never read as new views of
    computed values that only cost no fusion (`costs_no_fusion`): the chain
    would be computed twice (Swin's residual add)."""
    return replace(how, views=False)


def _rebuilt(op: ir.Operation, shape: Dims, how: Reshaping, depth: int) -> ir.Value:
    """A copy of the elementwise `op` (static: `_pure_elementwise`) computing
    its result as `shape`."""
    inputs, inner = generic_inputs(op), _inside_chain(how)
    values = [operand_on(v, shape, inner, build=True, depth=depth + 1) for v in inputs]
    element = ir.RankedTensorType(op.results[0].type).element_type
    init = how.sizes.empty(shape, element)
    new = op.clone(ir.InsertionPoint.current).operation
    for i, v in enumerate([*values, init]):
        assert v is not None  # checked first
        new.operands[i] = v
    set_parallel_loops(new, len(shape), len(values) + 1)
    new.results[0].set_type(tensor_type(shape, element))
    return new.results[0]
