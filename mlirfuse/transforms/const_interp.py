"""Evaluate a static op whose operands are known arrays (`const_eval.py`).

A `linalg.generic` runs its body once per reduction point (none: once),
vectorized over every parallel point: each loop dim is an index array over
the parallel grid, each operand is gathered through its indexing map, the
body's arith/math ops apply to whole arrays (`const_scalar.py`), the yields
are scattered through the output maps. Tensor ops (reshapes, static slices,
concat, static pads, transpose, broadcast, fill) are their numpy
counterparts. Anything else, a dynamic shape, an index out of bounds, a
failing `cf.assert` or more than `MAX_POINTS` iterations raise `Unsupported`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from mlir import ir

from mlirfuse.analysis.dense_values import dense_array
from mlirfuse.transforms.const_scalar import (
    BINARY,
    CASTS,
    UNARY,
    Array,
    Unsupported,
    cast,
    compare_floats,
    compare_integers,
    dtype_of,
    rounded,
)
from mlirfuse.transforms.ir_access import indexing_maps, iterator_names

MAX_POINTS = 1 << 22  # iterations of one op: tables, not activations
MAX_REDUCTION_POINTS = 1 << 12  # the body runs once per reduction point

Lookup = Callable[[ir.Value], Array]


def static_type(value: ir.Value) -> ir.RankedTensorType:
    t = value.type
    if not isinstance(t, ir.RankedTensorType) or not t.has_static_shape:
        raise Unsupported(f"not a static tensor: {t}")
    return t


def evaluate(op: ir.Operation, lookup: Lookup) -> list[Array]:
    """The results of `op`, its operands' (and captured values') arrays
    given by `lookup`."""
    name = op.name
    if name == "linalg.generic":
        return _generic(op, lookup)
    if name in _TENSOR_OPS:
        t = static_type(op.results[0])
        out = _TENSOR_OPS[name](op, [lookup(v) for v in op.operands], t)
        return [rounded(np.asarray(out).reshape(t.shape), t.element_type)]
    raise Unsupported(f"'{name}'")


def constant_value(op: ir.Operation) -> Array:
    """An `arith.constant`'s value: a 0-d array for a scalar."""
    attr = op.attributes["value"]
    t = op.results[0].type
    if isinstance(attr, ir.DenseElementsAttr):
        tt = static_type(op.results[0])
        if attr.is_splat:
            return np.full(tt.shape, _scalar(attr.get_splat_value(), tt.element_type))
        return rounded(dense_array(attr), tt.element_type)
    return np.asarray(_scalar(attr, t))


def _scalar(attr: ir.Attribute, t: ir.Type) -> Array:
    if isinstance(attr, ir.FloatAttr):
        return rounded(np.asarray(attr.value), t)
    if isinstance(attr, ir.BoolAttr):
        return np.asarray(attr.value)
    if isinstance(attr, ir.IntegerAttr):
        value = attr.value
        if isinstance(t, ir.IntegerType) and t.width == 1:
            return np.asarray(bool(value & 1))
        return rounded(np.asarray(value), t)
    raise Unsupported(f"constant {attr}")


# -- tensor ops ---------------------------------------------------------------------


def _i64s(op: ir.Operation, name: str) -> list[int]:
    return list(ir.DenseI64ArrayAttr(op.attributes[name]))


def _slice_index(op: ir.Operation) -> tuple[slice, ...]:
    dynamic = ir.ShapedType.get_dynamic_size()
    offsets, sizes, strides = (_i64s(op, f"static_{n}") for n in ("offsets", "sizes", "strides"))
    if any(v == dynamic for v in [*offsets, *sizes, *strides]) or any(s <= 0 for s in strides):
        raise Unsupported("a dynamic slice")
    return tuple(
        slice(o, o + (n - 1) * s + 1, s) for o, n, s in zip(offsets, sizes, strides, strict=True)
    )


def _insert_slice(op: ir.Operation, args: list[Array], t: ir.RankedTensorType) -> Array:
    out = args[1].copy()
    index = _slice_index(op)
    out[index] = args[0].reshape(out[index].shape)
    return out


def _pad(op: ir.Operation, args: list[Array], t: ir.RankedTensorType) -> Array:
    low, high = _i64s(op, "static_low"), _i64s(op, "static_high")
    dynamic = ir.ShapedType.get_dynamic_size()
    if any(v == dynamic or v < 0 for v in [*low, *high]) or len(op.operands) != 1:
        raise Unsupported("a dynamic or negative pad")
    body = op.regions[0].blocks[0]
    yielded = body.operations[len(body.operations) - 1].operands[0]
    producer = yielded.owner
    if not isinstance(producer, ir.OpView) or producer.operation.name != "arith.constant":
        raise Unsupported("a pad value that is no constant")
    fill = constant_value(producer.operation)
    return np.pad(args[0], list(zip(low, high, strict=True)), constant_values=fill)


def _broadcast(op: ir.Operation, args: list[Array], t: ir.RankedTensorType) -> Array:
    added = _i64s(op, "dimensions")
    return np.broadcast_to(np.expand_dims(args[0], tuple(added)), t.shape)


_TENSOR_OPS: dict[str, Callable[[ir.Operation, list[Array], ir.RankedTensorType], Array]] = {
    "tensor.empty": lambda op, args, t: np.zeros(t.shape, dtype_of(t.element_type)),
    "linalg.fill": lambda op, args, t: np.full(t.shape, args[0]),
    "linalg.copy": lambda op, args, t: args[0],
    "linalg.transpose": lambda op, args, t: np.transpose(args[0], _i64s(op, "permutation")),
    "linalg.broadcast": _broadcast,
    "tensor.expand_shape": lambda op, args, t: args[0],
    "tensor.collapse_shape": lambda op, args, t: args[0],
    "tensor.cast": lambda op, args, t: args[0],
    "tensor.extract_slice": lambda op, args, t: args[0][_slice_index(op)],
    "tensor.insert_slice": _insert_slice,
    "tensor.concat": lambda op, args, t: np.concatenate(
        args, axis=ir.IntegerAttr(op.attributes["dim"]).value
    ),
    "tensor.pad": _pad,
}


# -- linalg.generic -----------------------------------------------------------------


def _loop_ranges(op: ir.Operation, maps: list[ir.AffineMap]) -> list[int]:
    ranges: list[int | None] = [None] * maps[0].n_dims
    for value, amap in zip(op.operands, maps, strict=True):
        shape = static_type(value).shape if isinstance(value.type, ir.ShapedType) else []
        for extent, expr in zip(shape, amap.results, strict=True):
            if isinstance(expr, ir.AffineDimExpr):
                ranges[expr.position] = extent
    if any(r is None for r in ranges):
        raise Unsupported("a loop no operand bounds")
    return [int(r) for r in ranges if r is not None]


def _expr(expr: ir.AffineExpr, dims: list[Array]) -> Array:
    if isinstance(expr, ir.AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return np.asarray(expr.value)
    if isinstance(expr, ir.AffineBinaryExpr):
        lhs, rhs = _expr(expr.lhs, dims), _expr(expr.rhs, dims)
        if isinstance(expr, ir.AffineAddExpr):
            return lhs + rhs
        if isinstance(expr, ir.AffineMulExpr):
            return lhs * rhs
        if isinstance(expr, ir.AffineModExpr):
            return np.mod(lhs, rhs)
        if isinstance(expr, ir.AffineFloorDivExpr):
            return np.floor_divide(lhs, rhs)
        if isinstance(expr, ir.AffineCeilDivExpr):
            return -np.floor_divide(-lhs, rhs)
    raise Unsupported(f"affine expression {expr}")


def _at(amap: ir.AffineMap, dims: list[Array], shape: tuple[int, ...]) -> tuple[Array, ...]:
    index = tuple(np.broadcast_to(_expr(e, dims), shape) for e in amap.results)
    return index


def _generic(op: ir.Operation, lookup: Lookup) -> list[Array]:
    maps = indexing_maps(op)
    ranges = _loop_ranges(op, maps)
    if math.prod(ranges) > MAX_POINTS:
        raise Unsupported(f"{math.prod(ranges)} iterations")
    iterators = iterator_names(op)
    parallel = [d for d, it in enumerate(iterators) if "parallel" in it]
    reduced = [d for d, it in enumerate(iterators) if "parallel" not in it]
    if math.prod(ranges[d] for d in reduced) > MAX_REDUCTION_POINTS:
        raise Unsupported("too many reduction points")
    inputs = len(op.operands) - len(op.results)
    arrays = [np.asarray(lookup(v)) for v in op.operands]
    outs = [a.copy() for a in arrays[inputs:]]
    grid = tuple(ranges[d] for d in parallel)
    axes = np.indices(grid, dtype=np.int64) if grid else np.zeros((0,), np.int64)
    for point in np.ndindex(*(ranges[d] for d in reduced)):
        dims: list[Array] = [np.zeros(grid, np.int64)] * len(ranges)
        for k, d in enumerate(parallel):
            dims[d] = axes[k]
        for k, d in enumerate(reduced):
            dims[d] = np.full(grid, point[k], np.int64)
        reads = [a[_at(m, dims, grid)] for a, m in zip(arrays[:inputs], maps, strict=False)]
        reads += [o[_at(m, dims, grid)] for o, m in zip(outs, maps[inputs:], strict=True)]
        yielded = _body(op, reads, dims, grid, lookup)
        for o, m, y in zip(outs, maps[inputs:], yielded, strict=True):
            o[_at(m, dims, grid)] = y
    return outs


def _body(
    op: ir.Operation, args: list[Array], dims: list[Array], grid: tuple[int, ...], outer: Lookup
) -> list[Array]:
    block = op.regions[0].blocks[0]
    env: list[tuple[ir.Value, Array]] = list(zip(block.arguments, args, strict=True))

    def read(value: ir.Value) -> Array:
        for known, array in env:
            if known == value:
                return array
        return np.asarray(outer(value))

    for inner in block.operations:
        inner_op = inner.operation
        if inner_op.name == "linalg.yield":
            return [np.broadcast_to(read(v), grid) for v in inner_op.operands]
        results = _body_op(inner_op, [read(v) for v in inner_op.operands], dims, outer)
        env.extend(zip(inner_op.results, results, strict=True))
    raise Unsupported("a body without linalg.yield")


def _body_op(op: ir.Operation, args: list[Array], dims: list[Array], outer: Lookup) -> list[Array]:
    name = op.name
    if name == "cf.assert":
        if not np.all(args[0]):
            raise Unsupported("a failing cf.assert")
        return []
    if name == "linalg.index":
        return [dims[ir.IntegerAttr(op.attributes["dim"]).value]]
    if name == "arith.constant":
        return [constant_value(op)]
    out_type = op.results[0].type
    if name == "tensor.extract":
        return [_extract(outer(op.operands[0]), args[1:])]
    if name == "arith.select":
        value = np.where(args[0], args[1], args[2])
    elif name in ("arith.cmpf", "arith.cmpi"):
        predicate = ir.IntegerAttr(op.attributes["predicate"]).value
        compare = compare_floats if name == "arith.cmpf" else compare_integers
        return [compare(predicate, args[0], args[1])]
    elif name in CASTS:
        return [cast(name, args[0], out_type)]
    elif name in BINARY:
        with np.errstate(all="ignore"):
            value = BINARY[name](args[0], args[1])
    elif name in UNARY:
        with np.errstate(all="ignore"):
            value = UNARY[name](args[0])
    else:
        raise Unsupported(f"'{name}' in a body")
    return [rounded(value, out_type)]


def _extract(source: Array, indices: list[Array]) -> Array:
    if len(indices) != source.ndim:
        raise Unsupported("a tensor.extract of another rank")
    for index, extent in zip(indices, source.shape, strict=True):
        if np.any(index < 0) or np.any(index >= extent):
            raise Unsupported("a tensor.extract out of bounds")
    return source[tuple(indices)]
