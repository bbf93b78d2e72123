"""Tables computed from constants alone are computed once, here (before planning).

Exported models compute index tables from constants and loop indices alone:
a bilinear upsampling's source coordinates and weights (`arange`, scale,
clamp, floor), Deformable-DETR's reference grid (`meshgrid`, divide,
concat), relative-position buckets. What `generators.py` could not give to
its readers (a gather reads it through `tensor.extract`, an attention kernel
or the return reads it, or its chain is past the copy bound) stays one or
more kernels of its own, launched on every call for the same values. As
IREE's constant evaluation does, such a value is computed at compile time
(`const_interp.py`, numpy) and becomes an `arith.constant`: its readers read
a table from memory, which they read anyway; the kernels that wrote it go.

Only values at the frontier are folded (read by an op that is not computed
from constants alone; not as an init: the iota a sort's index output starts
from is written in place; not a function result: a kernel writes it into the
caller's buffer), of at most `MAX_ELEMENTS` elements, where
something is computed (a `linalg.fill` or a reshape of a constant stays: the
planners read fills as inits). An index-only generator that a generic still
reads (`generators.py` did not copy it in: past its copy bound) is folded
only up to `MAX_GENERATOR_ELEMENTS`: the plan may fuse a big one into its
reader, computed there for free.
Nothing is computed differently but for the last bit of a transcendental.
"""

from __future__ import annotations

import math

import numpy as np
from mlir import ir
from mlir.dialects import arith

from mlirfuse.analysis.escaping import top_level_ancestor
from mlirfuse.analysis.op_facts import all_used_values
from mlirfuse.mutation import Rewrite
from mlirfuse.transforms.const_interp import (
    MAX_POINTS,
    Unsupported,
    constant_value,
    evaluate,
    static_type,
)
from mlirfuse.transforms.const_scalar import Array, bf16_round
from mlirfuse.transforms.generators import is_generator
from mlirfuse.transforms.ir_access import producer_of, users_of

MAX_ELEMENTS = 1 << 14  # per folded value: a table of the launch manifest
MAX_GENERATOR_ELEMENTS = 1 << 12  # an index-only generator a generic reads
_FREE = ("arith.constant", "tensor.empty", "linalg.fill")
_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast")
_IN_PLACE = ("linalg.", "tm_tensor.")  # destination-style: the trailing operands are inits


class _Known:
    """The arrays of the function's values computed from constants alone
    (handles compared with `==`: an ir.Value is no dict key). A constant's
    array is read when first needed: most constants (weights) never are."""

    def __init__(self) -> None:
        # value, array (None: not read yet), computed, its arith.constant
        self.values: list[tuple[ir.Value, Array | None, bool, ir.Operation | None]] = []

    def find(self, value: ir.Value) -> int | None:
        for i, entry in enumerate(self.values):
            if entry[0] == value:
                return i
        return None

    def computed(self, value: ir.Value) -> bool:
        i = self.find(value)
        return i is not None and self.values[i][2]

    def array(self, value: ir.Value) -> Array:
        i = self.find(value)
        if i is None:
            raise Unsupported("a value not computed from constants")
        known, array, computed, constant = self.values[i]
        if array is None and constant is not None:
            array = constant_value(constant)
            self.values[i] = (known, array, computed, constant)
        assert array is not None
        return array


def fold_constant_tables(func_op: ir.Operation) -> int:
    """Fold the function's constant-only tables; returns how many."""
    with func_op.context:
        return _fold_tables(func_op)


def _fold_tables(func_op: ir.Operation) -> int:
    ops = [o.operation for o in func_op.regions[0].blocks[0].operations]
    known = _Known()
    for op in ops:
        _learn(op, known)
    frontier = [
        (value, array)
        for value, array, computed, _ in known.values
        if computed and array is not None and _worth_folding(value, array, func_op, known)
    ]
    for value, array in frontier:
        _fold(value, array)
    if frontier:
        _erase_dead([op for op in ops if _derived(op, known)], func_op)
    return len(frontier)


def _learn(op: ir.Operation, known: _Known) -> None:
    """Evaluate `op` when everything it reads is known and it is small."""
    if op.name == "arith.constant":
        if _readable_constant(op):
            known.values.append((op.results[0], None, False, op))
        return
    if not op.results or any(known.find(v) is None for v in all_used_values(op)):
        return
    try:
        if any(math.prod(static_type(r).shape) > MAX_ELEMENTS * 16 for r in op.results):
            return
        arrays = evaluate(op, known.array)
    except (Unsupported, FloatingPointError, IndexError, ValueError):
        return
    computed = op.name not in _FREE and not (
        op.name in _VIEWS and not known.computed(op.operands[0])
    )
    for result, array in zip(op.results, arrays, strict=True):
        known.values.append((result, array, computed, None))


def _readable_constant(op: ir.Operation) -> bool:
    """A scalar, or a dense tensor of at most MAX_POINTS elements (not a
    `dense_resource`, whose bytes the bindings do not expose)."""
    value = op.attributes["value"]
    if not isinstance(op.results[0].type, ir.RankedTensorType):
        return isinstance(value, ir.FloatAttr | ir.IntegerAttr | ir.BoolAttr)
    t = ir.RankedTensorType(op.results[0].type)
    return (
        isinstance(value, ir.DenseElementsAttr)
        and t.has_static_shape
        and math.prod(t.shape) <= MAX_POINTS
    )


def _derived(op: ir.Operation, known: _Known) -> bool:
    """Every result of `op` is known (an op without results is not)."""
    return bool(op.results) and all(known.find(r) is not None for r in op.results)


def _readers(value: ir.Value, func_op: ir.Operation) -> list[ir.Operation]:
    """The ops of the function's body that read `value` (or hold its reader)."""
    block = func_op.regions[0].blocks[0]
    found = [top_level_ancestor(u, block) for u in users_of(value)]
    return [r for r in found if r is not None]


def _worth_folding(value: ir.Value, array: Array, func_op: ir.Operation, known: _Known) -> bool:
    """A frontier value (some reader is not computed from constants alone),
    small, and not an index-only generator a generic could compute itself."""
    readers = _readers(value, func_op)
    if array.size > MAX_ELEMENTS or all(_derived(r, known) for r in readers):
        return False
    if _written(value):
        return False  # a buffer written in place (a sort's indices), not a table
    if any(r.name == "func.return" for r in readers):
        return False  # a result: a kernel computes it into the caller's buffer
    producer = value.owner
    if isinstance(producer, ir.OpView) and is_generator(producer.operation):
        # Left by `generators.py` (past its copy bound): a generic reader may
        # still take it as a fused producer, computing a large one for free.
        generic = any(r.name == "linalg.generic" for r in readers)
        return not generic or array.size <= MAX_GENERATOR_ELEMENTS
    return True


def _written(value: ir.Value) -> bool:
    """Some destination-style op (linalg, tm_tensor) takes `value` as an
    init: its result's buffer, written in place."""
    for use in value.uses:
        owner = use.owner.operation
        inits = len(owner.operands) - len(owner.results)
        if owner.name.startswith(_IN_PLACE) and use.operand_number >= inits:
            return True
    return False


def _erase_dead(derived: list[ir.Operation], func_op: ir.Operation) -> None:
    """Erase the ops computed from constants that nothing reads any more
    (users first; each op decided once every later op was)."""
    dead: list[ir.Operation] = []
    for op in reversed(derived):
        readers = [reader for r in op.results for reader in _readers(r, func_op)]
        if all(any(r == d for d in dead) for r in readers):
            dead.append(op)
    if dead:
        with Rewrite("the ops of folded tables", func_op) as rw:
            for op in dead:
                rw.erase(op)


def _fold(value: ir.Value, array: Array) -> None:
    t = static_type(value)
    anchor = producer_of(value)
    if anchor is None:
        return
    with ir.InsertionPoint(anchor), anchor.location:
        folded = arith.ConstantOp(t, _attribute(array, t)).result
    with Rewrite("a table computed from constants, folded", anchor) as rw:
        rw.replace_uses(value, folded)


def _attribute(array: Array, t: ir.RankedTensorType) -> ir.DenseElementsAttr:
    element = t.element_type
    flat = np.ascontiguousarray(array.reshape(t.shape))
    if is_splat(flat):
        scalar = flat.reshape(-1)[0]
        return ir.DenseElementsAttr.get_splat(t, scalar_attr(scalar, element))
    if isinstance(element, ir.IntegerType) and element.width == 1:
        bits = np.packbits(flat.astype(np.bool_).reshape(-1), bitorder="little")
        return ir.DenseElementsAttr.get(bits, type=t)
    if str(element) == "bf16":
        bits = (bf16_round(flat).view(np.uint32) >> 16).astype(np.uint16)
        return ir.DenseElementsAttr.get(bits.reshape(t.shape), type=t)
    return ir.DenseElementsAttr.get(flat, type=t)


def is_splat(array: Array) -> bool:
    """Every element the same (and no NaN, which equals nothing)."""
    flat = array.reshape(-1)
    return bool(flat.size) and bool(np.all(flat == flat[0]))


def scalar_attr(value: np.generic, element: ir.Type) -> ir.Attribute:
    if isinstance(element, ir.IntegerType | ir.IndexType):
        if isinstance(element, ir.IntegerType) and element.width == 1:
            return ir.IntegerAttr.get(element, int(bool(value)))
        return ir.IntegerAttr.get(element, int(value))
    return ir.FloatAttr.get(element, float(value))
