"""Split a fused function into kernel units, each its own small module.

Lowering the whole module at once applies one transform script with a
matcher per kernel to every op, which grows with (kernels x ops). Instead each
kernel unit — a `fusion.group`, or a linalg op outside any group — is cloned
into a function of its own, `@mlirfuse_kernel`, together with the cheap
producers it reads (fills, pads, `tensor.empty`, scalar constants, reshapes
and slices), and lowered alone. Its arguments are the values it reads from
outside: the function's arguments or other units' results (read-only:
`bufferization.writable = false`, so a kernel never writes into a buffer
another kernel reads). Its results are the unit's values used later.

Units whose text (printed without locations, group ids cleared) is the same
are compiled once: `Unit.key`.

A concat written in place (`concat_in_place.py`) is no unit: it becomes a
buffer of its own (`Concat`) in which each operand's unit result is placed.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field
from typing import Any

from mlir import ir
from mlir.dialects import func as func_d

from mlirfuse.context import GROUP_ID_ATTR, GROUP_OP
from mlirfuse.gpu.concat_in_place import concat_dim, is_in_place
from mlirfuse.gpu.concat_kernel import concats_to_generics
from mlirfuse.gpu.host_reshapes import reshapes_to_views
from mlirfuse.gpu.host_sizes import SIZE_OPS, SizeTracer
from mlirfuse.gpu.inner_reshapes import sink_group_reshapes
from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.sizes import UnknownSize
from mlirfuse.transforms.yielded_views import rebuild_all_yielded_views

KERNEL_FUNC = "mlirfuse_kernel"
# Ops a unit clones from its function instead of reading their results.
CLONED = {
    "arith.constant",
    "linalg.fill",
    "tensor.empty",
    "tensor.pad",
    "tensor.expand_shape",
    "tensor.collapse_shape",
    "tensor.extract_slice",
    "tensor.cast",
    "tensor.dim",
}
# Views a function result may be of a unit result (same bytes, new shape).
RESULT_VIEWS = {"tensor.expand_shape", "tensor.collapse_shape", "tensor.cast"}


class SplitError(Exception):
    """The function holds something that is neither a kernel nor clonable."""

    def __init__(self, message: str, location: ir.Location) -> None:
        super().__init__(message)
        self.location = location


@dataclass
class Source:
    """Where a unit's argument or a function's result comes from: argument
    `index` of the function (unit None), or result `index` of unit `unit`;
    or, for a size computed on the host (an index argument of the unit),
    `size`: its expression in the function's argument dims (`sizes.py`)."""

    unit: int | None
    index: int
    size: Any = None
    concat: int | None = None  # the buffer of in-place concat `concat` (unit None)


@dataclass
class Unit:
    number: int  # program order over the module
    func: str
    text: str  # the unit module, locations kept
    key: str  # hash of the text without locations
    inputs: list[Source] = field(default_factory=list)
    group: int | None = None
    pattern: str = "single"
    location: str = ""  # the location of the kernel's first op, printed


@dataclass
class Concat:
    """An in-place concat's buffer: its number, shape and element type, and
    per operand the unit result stored in it and the element offset there."""

    number: int
    shape: list[int]
    dtype: str
    parts: list[tuple[Source, int]]


@dataclass
class SplitFunction:
    name: str
    units: list[Unit]
    results: list[tuple[Source, list[Any]]]  # source, shape of the result
    arguments: list[tuple[list[Any], str]]  # shape, element type in memory
    # (shapes are size expressions: ints, or how a dynamic dim is computed)
    # Host checks on the argument dims (`cf.assert` of an equality of sizes):
    # {"equal": [a, b], "message": text}, a and b size expressions.
    checks: list[dict[str, Any]] = field(default_factory=list)
    concats: list[Concat] = field(default_factory=list)


def _is_unit(op: ir.Operation) -> bool:
    if op.name == GROUP_OP:
        return any(o.name.startswith("linalg.") for o in walk(op) if o != op)
    return op.name.startswith("linalg.") and op.name != "linalg.fill"


def _free_values(op: ir.Operation) -> list[ir.Value]:
    """Values `op` (its regions included) uses that are defined outside it."""
    nested_ops = walk(op)
    inside: set[ir.Value] = set()
    for nested in nested_ops:
        inside.update(nested.results)
        for region in nested.regions:
            for block in region.blocks:
                inside.update(block.arguments)
    free: list[ir.Value] = []
    for nested in nested_ops:
        for value in nested.operands:
            if value not in inside and value not in free:
                free.append(value)
    return free


def _collect(
    op: ir.Operation, outside: dict[ir.Value, Source]
) -> tuple[list[ir.Operation], list[ir.Value]]:
    """The cloned producers `op` needs (in program order) and the values it
    reads from outside (arguments, other units' results)."""
    producers: list[ir.Operation] = []
    inputs: list[ir.Value] = []
    todo = _free_values(op)
    while todo:
        value = todo.pop()
        if value in outside or _host_size(value):
            if value not in inputs:
                inputs.append(value)
            continue
        producer = defining_op(value)
        if producer is None or producer.name not in CLONED:
            where = producer.location if producer is not None else op.location
            name = producer.name if producer is not None else "a block argument"
            raise SplitError(
                f"'{name}' between kernels is not supported by the GPU lowering", where
            )
        if not any(producer == p for p in producers):
            producers.append(producer)
            todo.extend(_free_values(producer))
    producers.sort(key=functools.cmp_to_key(_program_order))
    return producers, inputs


def _host_size(value: ir.Value) -> bool:
    """An integer computed on the host (not cloned): the unit takes it as an
    argument, its value an expression of the function's argument dims."""
    if isinstance(value.type, ir.ShapedType):
        return False
    producer = defining_op(value)
    return producer is None or producer.name not in CLONED


def _program_order(a: ir.Operation, b: ir.Operation) -> int:
    """Order of two ops of one block (MLIR caches positions: O(1) amortized)."""
    if a == b:
        return 0
    return -1 if a.is_before_in_block(b) else 1


def _used_outside(op: ir.Operation) -> list[int]:
    return [i for i, r in enumerate(op.results) if list(r.uses)]


def _unit_module(
    ctx: ir.Context, op: ir.Operation, producers: list[ir.Operation], inputs: list[ir.Value]
) -> tuple[ir.Module, list[int]]:
    """`@mlirfuse_kernel(inputs...) -> (op's used results)` in a new module."""
    kept = _used_outside(op)
    module = ir.Module.create(op.location)
    types = [v.type for v in inputs]
    results = [op.results[i].type for i in kept]
    with ir.InsertionPoint(module.body), op.location:
        func = func_d.FuncOp(KERNEL_FUNC, ir.FunctionType.get(types, results))
        readonly = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(False)})
        plain = ir.DictAttr.get({})
        func.arg_attrs = ir.ArrayAttr.get(
            [readonly if isinstance(t, ir.ShapedType) else plain for t in types]
        )
        body = func.add_entry_block()
    mapping: dict[ir.Value, ir.Value] = dict(zip(inputs, body.arguments, strict=True))
    with ir.InsertionPoint(body):
        clones = [p.clone() for p in producers] + [op.clone()]
        for original, clone in zip([*producers, op], clones, strict=True):
            for nested in walk(clone.operation):
                for i, value in enumerate(nested.operands):
                    if value in mapping:
                        nested.operands[i] = mapping[value]
            mapping.update(zip(original.results, clone.results, strict=True))
        with op.location:
            func_d.ReturnOp([clones[-1].results[i] for i in kept])
    unit_op = clones[-1].operation
    if GROUP_ID_ATTR in unit_op.attributes:
        unit_op.attributes[GROUP_ID_ATTR] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 0)
    return module, kept


def _first_op(op: ir.Operation) -> ir.Operation:
    """The kernel's first op: a group's first linalg op (not a fill)."""
    if op.name != GROUP_OP:
        return op
    for inner in op.regions[0].blocks[0].operations:
        inner = inner.operation
        if inner.name.startswith("linalg.") and inner.name != "linalg.fill":
            return inner
    return op


def _group_info(op: ir.Operation) -> tuple[int | None, str]:
    if op.name != GROUP_OP:
        return None, "single"
    group = (
        ir.IntegerAttr(op.attributes[GROUP_ID_ATTR]).value
        if GROUP_ID_ATTR in op.attributes
        else None
    )
    pattern = (
        str(ir.StringAttr(op.attributes["fusion.pattern"]).value)
        if "fusion.pattern" in op.attributes
        else "independent"
    )
    return group, pattern


def split_function(func: ir.Operation, first_number: int) -> SplitFunction:
    name = ir.StringAttr(func.attributes["sym_name"]).value
    for index, argument in enumerate(func.regions[0].blocks[0].arguments):
        if not isinstance(argument.type, ir.RankedTensorType):  # a manifest buffer each
            message = f"argument {index} of @{name} is '{argument.type}': the GPU lowering takes tensor arguments only"
            raise SplitError(message, func.location)
    concats_to_generics(func)  # none left when `before_fusion` ran
    # While the function still proves its dynamic sizes (a unit sees only
    # its own arguments): the reshapes the predicate let inside a group.
    sink_group_reshapes(func)
    # A group yielding a value and a view of it (a group written by hand):
    # two results in one buffer, which a launch cannot return.
    rebuild_all_yielded_views(func)
    reshapes_to_views(func)
    block = func.regions[0].blocks[0]
    tracer = SizeTracer(func)
    # Before anything else: every dynamic size must be known on the host.
    for op in block.operations:
        if _is_unit(op.operation):
            _refuse_unknown(op.operation, tracer)
    outside: dict[ir.Value, Source] = {a: Source(None, i) for i, a in enumerate(block.arguments)}
    units: list[Unit] = []
    concats: list[Concat] = []
    results: list[tuple[Source, list[int]]] = []
    for op in block.operations:
        op = op.operation
        if is_in_place(op):
            concats.append(_placed(op, outside, len(concats)))
            outside[op.results[0]] = Source(None, -1, concat=concats[-1].number)
        elif op.name == "func.return":
            results = [(_result_source(v, outside, op), tracer.dims(v)) for v in op.operands]
        elif _is_unit(op):
            producers, inputs = _collect(op, outside)
            module, kept = _unit_module(func.context, op, producers, inputs)
            number = first_number + len(units)
            for index, result in enumerate(kept):
                outside[op.results[result]] = Source(number, index)
            text = module.operation.get_asm(enable_debug_info=True)
            plain = module.operation.get_asm(enable_debug_info=False)
            group, pattern = _group_info(op)
            unit = Unit(number, name, text, hashlib.sha256(plain.encode()).hexdigest()[:16])
            sources = [outside.get(v) or Source(None, -1, tracer.scalar(v)) for v in inputs]
            unit.inputs, unit.group, unit.pattern = sources, group, pattern
            unit.location = str(_first_op(op).location)
            units.append(unit)
        elif op.name not in CLONED and not _host_size_op(op, tracer):
            raise SplitError(
                f"'{op.name}' outside any kernel is not supported by the GPU lowering", op.location
            )
    arguments = [(tracer.dims(a), memory_dtype(a.type)) for a in block.arguments]
    checks = [_check(op.operation, tracer) for op in block.operations if op.name == "cf.assert"]
    split = SplitFunction(name, units, results, arguments, [c for c in checks if c is not None])
    split.concats = concats
    return split


def _placed(concat: ir.Operation, outside: dict[ir.Value, Source], number: int) -> Concat:
    """The buffer of an in-place concat and where each operand's unit result
    lies in it (element offsets: the slices are contiguous)."""
    result = ir.RankedTensorType(concat.results[0].type)
    dim = concat_dim(concat)
    inner = 1
    for size in result.shape[dim + 1 :]:
        inner *= size
    parts: list[tuple[Source, int]] = []
    offset = 0
    for value in concat.operands:
        source = outside.get(value)
        if source is None or source.unit is None:
            raise SplitError(
                "an in-place concat's operand is not a kernel's result", concat.location
            )
        parts.append((source, offset * inner))
        offset += ir.RankedTensorType(value.type).shape[dim]
    return Concat(number, list(result.shape), memory_dtype(result), parts)


def _check(op: ir.Operation, tracer: SizeTracer) -> dict[str, Any] | None:
    """The host check of an assertion on sizes; None when it always holds."""
    try:
        if tracer.scalar(op.operands[0]) == 1:
            return None
    except UnknownSize:
        pass
    check = size_check(op, tracer)
    return None if check is None or check["equal"][0] == check["equal"][1] else check


def _host_size_op(op: ir.Operation, tracer: SizeTracer) -> bool:
    """Host arithmetic on sizes (its values reach units as size arguments),
    a reshape's shape, or an assertion the sizes decide to hold."""
    if op.name == "cf.assert":
        try:
            return size_check(op, tracer) is not None or tracer.scalar(op.operands[0]) == 1
        except UnknownSize:
            return False
    if op.name == "tensor.from_elements":
        return True
    return op.name in SIZE_OPS and not any(isinstance(r.type, ir.ShapedType) for r in op.results)


def size_check(op: ir.Operation, tracer: SizeTracer) -> dict[str, Any] | None:
    """A `cf.assert` of two sizes being equal, as a host check, else None."""
    cond = defining_op(op.operands[0])
    if cond is None or cond.name != "arith.cmpi":
        return None
    if str(cond.attributes["predicate"]).split(":")[0].strip() not in ("0", "eq"):
        return None
    a, b = (tracer.scalar(v) for v in cond.operands)
    message = str(ir.StringAttr(op.attributes["msg"]).value) if "msg" in op.attributes else ""
    return {"equal": [a, b], "message": message}


def _refuse_unknown(op: ir.Operation, tracer: SizeTracer) -> None:
    """Dynamic sizes travel from the host: a unit's buffers are allocated,
    and its grid computed, from expressions of the function's argument dims
    (`host_sizes.py`). A kernel touching a size that is no such expression
    is refused here."""
    for value in [*_free_values(op), *op.results]:
        if not isinstance(value.type, ir.ShapedType):
            continue
        try:
            tracer.dims(value)
        except UnknownSize as error:
            raise SplitError(
                f"dynamic shape: the kernel uses {value.type}, whose sizes are not expressions"
                f" of the function's argument dims ({error})",
                op.location,
            ) from error


def memory_dtype(t: ir.Type) -> str:
    """The element type a buffer holds: booleans are stored as bytes."""
    element = str(ir.ShapedType(t).element_type)
    return "i8" if element == "i1" else element


def _result_source(value: ir.Value, outside: dict[ir.Value, Source], ret: ir.Operation) -> Source:
    """A function result is a unit result or an argument, maybe reshaped."""
    while value not in outside:
        producer = defining_op(value)
        if producer is None or producer.name not in RESULT_VIEWS:
            where = producer.location if producer is not None else ret.location
            raise SplitError("function result not computed by a kernel", where)
        value = producer.operands[0]
    return outside[value]
