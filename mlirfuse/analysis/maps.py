"""Classifying indexing maps and deriving an op kind from linalg structure."""

from __future__ import annotations

from mlir import ir

from mlirfuse.analysis.structured import REDUCTION, StructuredView, bounded, dim_position
from mlirfuse.analysis.types import MapKind, OpKind


def is_zero(expr: ir.AffineExpr) -> bool:
    return isinstance(expr, ir.AffineConstantExpr) and int(expr.value) == 0


def map_dims(amap: ir.AffineMap) -> list[int] | None:
    """Loop dims read by a map whose results are plain dims or the constant 0
    (a size-1 dim, as torch-mlir writes `(d1, 0, 0)`); None for anything else."""
    dims = []
    for expr in amap.results:
        dim = dim_position(expr)
        if dim is not None:
            dims.append(dim)
        elif not is_zero(expr):
            return None
    return dims if len(set(dims)) == len(dims) else None


_MAP_KINDS: dict[ir.AffineMap, MapKind] = {}


def classify_map(amap: ir.AffineMap) -> MapKind:
    """Identity, permutation, broadcast (drops loop dims) or other (cached)."""
    kind = _MAP_KINDS.get(amap)
    if kind is None:
        kind = bounded(_MAP_KINDS)[amap] = _classify_map(amap)
    return kind


def _classify_map(amap: ir.AffineMap) -> MapKind:
    dims = map_dims(amap)
    if dims is None:
        return MapKind.OTHER
    if len(dims) < amap.n_dims:
        return MapKind.BROADCAST
    if dims == list(range(amap.n_dims)) and len(dims) == len(amap.results):
        return MapKind.IDENTITY
    return MapKind.PERMUTATION


def is_invertible(amap: ir.AffineMap) -> bool:
    """A permutation (identity included): the loop index can be recovered from it."""
    dims = map_dims(amap)
    return dims is not None and len(dims) == amap.n_dims == len(amap.results)


def is_contraction_body(names: tuple[str, ...]) -> bool:
    """A multiply and an add (the accumulation), casts allowed between."""
    has_mul = any(n in ("arith.mulf", "arith.muli", "complex.mul") for n in names)
    has_add = any(n in ("arith.addf", "arith.addi", "complex.add") for n in names)
    return has_mul and has_add


def _is_contraction(view: StructuredView) -> bool:
    inputs = view.maps[: view.num_inputs]
    if len(inputs) < 2 or not is_contraction_body(view.body_ops):
        return False
    reduction_dims = {i for i, it in enumerate(view.iterators) if it == REDUCTION}
    readers = 0
    for amap in inputs:
        dims = map_dims(amap)
        if dims is None:
            return False
        readers += bool(reduction_dims & set(dims))
    return readers >= 2


def _is_fill_body(view: StructuredView) -> bool:
    """Only scalars (rank-0 maps) are read and yielded unchanged: a fill."""
    if any(len(m.results) for m in view.maps[: view.num_inputs]):
        return False
    return all(name in ("linalg.yield", "arith.constant") for name in view.body_ops)


def kind_from_structure(view: StructuredView) -> OpKind:
    """Elementwise / broadcast / injective / reduction / contraction / convolution / fill."""
    map_kinds = [classify_map(m) for m in view.maps]
    inits = map_kinds[view.num_inputs :]
    if REDUCTION in view.iterators:
        if any(k is MapKind.OTHER for k in map_kinds[: view.num_inputs]):
            return OpKind.CONVOLUTION
        return OpKind.CONTRACTION if _is_contraction(view) else OpKind.REDUCTION
    if _is_fill_body(view):
        return OpKind.FILL
    if any(k is not MapKind.IDENTITY for k in inits):
        return OpKind.INJECTIVE
    inputs = map_kinds[: view.num_inputs]
    if any(k in (MapKind.PERMUTATION, MapKind.OTHER) for k in inputs):
        return OpKind.INJECTIVE
    if any(k is MapKind.BROADCAST for k in inputs):
        return OpKind.BROADCAST
    return OpKind.ELEMENTWISE
