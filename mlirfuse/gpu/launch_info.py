"""What the host does for one lowered kernel unit, as plain data.

After `lower_to_gpu_dialect` the unit's function `@mlirfuse_kernel` holds
only host code: `memref.alloc` of its results (and of any scratch buffer a
launch needs), views, constants and one `gpu.launch_func`. This reads the
launch's grid, block, dynamic shared memory and its operands in ABI order,
each traced to the buffer it views — a unit argument, a result or a scratch
allocation — with the view's offset, sizes and strides (the memref
descriptor the kernel receives), or a scalar constant. Dynamic sizes (the
unit's buffers allocated from its arguments' dims, its grid, its views'
sizes and strides, index scalars passed to the kernel) are size expressions
(`sizes.py`) in the unit's arguments: `{"arg": i, "dim": d}` for a dim of
memref argument i, `{"arg": i}` for index argument i; the manifest
rewrites them in the function's argument dims.
"""

from __future__ import annotations

import math
from typing import Any

from mlir import ir
from mlir.dialects import gpu

from mlirfuse.analysis.dense_values import dense_array
from mlirfuse.gpu.host_layout import memref_layout
from mlirfuse.gpu.host_sizes import SIZE_OPS, SizeTracer
from mlirfuse.gpu.irutil import defining_op
from mlirfuse.gpu.sizes import Expr, UnknownSize

VIEWS = {
    "memref.subview",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.cast",
    "memref.reinterpret_cast",
}
HOST_OPS = (
    VIEWS
    | SIZE_OPS
    | {
        "memref.alloc",
        "memref.get_global",
        "arith.constant",
        "gpu.launch_func",
        "func.return",
    }
)
MAX_CONSTANT_ELEMENTS = 1 << 16  # tensor constants travel in the manifest


class HostCodeError(Exception):
    """The unit computes something on the host (outside its launch)."""

    def __init__(self, message: str, location: ir.Location) -> None:
        super().__init__(message)
        self.location = location


def element_type(t: ir.Type) -> str:
    return str(ir.ShapedType(t).element_type)


def _size(tracer: SizeTracer, value: ir.Value, where: ir.Location) -> Expr:
    """A launch size or index operand: a constant or an expression of the
    unit's arguments."""
    try:
        return tracer.scalar(value)
    except UnknownSize as error:
        raise HostCodeError(f"a launch size the host cannot compute ({error})", where) from error


def _dims(tracer: SizeTracer, value: ir.Value, where: ir.Location) -> list[Expr]:
    try:
        return tracer.dims(value)
    except UnknownSize as error:
        raise HostCodeError(f"a buffer size the host cannot compute ({error})", where) from error


def _number(attr: ir.Attribute | float | int) -> float | int:
    if isinstance(attr, float | int):  # dense int/float elements index to numbers
        return attr
    if isinstance(attr, ir.FloatAttr):
        return float(attr.value)
    return int(ir.IntegerAttr(attr).value)


def _scalar(value: ir.Value, where: ir.Location, tracer: SizeTracer) -> dict[str, Any]:
    producer = defining_op(value)
    if isinstance(value.type, ir.IndexType | ir.IntegerType) and (
        producer is None or producer.name != "arith.constant"
    ):
        return {"kind": "scalar", "dtype": str(value.type), "value": _size(tracer, value, where)}
    if producer is None or producer.name != "arith.constant":
        raise HostCodeError("kernel scalar operand is not a constant", where)
    attr = producer.attributes["value"]
    number: float | int
    if isinstance(attr, ir.FloatAttr):
        number = ir.FloatAttr(attr).value
    else:
        number = ir.IntegerAttr(attr).value
    return {"kind": "scalar", "dtype": str(value.type), "value": number}


class _Buffers:
    """Names for the unit's buffers: `arg<i>`, `result<r>`, `scratch<s>`."""

    def __init__(
        self, func: ir.Operation, globals_: dict[str, ir.Operation], tracer: SizeTracer
    ) -> None:
        self.globals = globals_
        self.tracer = tracer
        self.constants: list[dict[str, Any]] = []
        block = func.regions[0].blocks[0]
        self.names: dict[ir.Value, str] = {a: f"arg{i}" for i, a in enumerate(block.arguments)}
        ret = list(block.operations)[-1].operation
        self.results = list(ret.operands)
        self.scratch: list[dict[str, Any]] = []
        for r, value in enumerate(self.results):
            root = _root(value)
            if root is None or root in self.names or not _same_elements(root, value):
                raise HostCodeError("a kernel result is not a fresh buffer", ret.location)
            self.names[root] = f"result{r}"

    def base(self, value: ir.Value, where: ir.Location) -> str:
        """The buffer `value` is a view of."""
        while value not in self.names:
            producer = defining_op(value)
            if producer is None:
                raise HostCodeError("kernel operand is not a buffer of the function", where)
            if producer.name in VIEWS:
                value = producer.operands[0]
            elif producer.name == "memref.alloc":
                self.names[value] = self._alloc_name(value)
            elif producer.name == "memref.get_global":
                self.names[value] = self._constant_name(producer, where)
            else:
                raise HostCodeError(f"kernel operand comes from '{producer.name}'", where)
        return self.names[value]

    def _constant_name(self, get: ir.Operation, where: ir.Location) -> str:
        """A tensor constant of the input (bufferized to a global): its values."""
        name = ir.FlatSymbolRefAttr(get.attributes["name"]).value
        init = self.globals[name].attributes["initial_value"]
        if not isinstance(init, ir.DenseElementsAttr):
            raise HostCodeError(f"global {name} has no dense initial value", where)
        t = ir.MemRefType(get.results[0].type)
        entry: dict[str, Any] = {"shape": list(t.shape), "dtype": element_type(t)}
        if init.is_splat:
            entry["splat"] = _number(init.get_splat_value())
        elif math.prod(t.shape) <= MAX_CONSTANT_ELEMENTS:
            entry["values"] = dense_array(init).reshape(-1).tolist()
        else:
            raise HostCodeError(f"constant {name} too large for the manifest", where)
        self.constants.append(entry)
        return f"const{len(self.constants) - 1}"

    def _alloc_name(self, value: ir.Value) -> str:
        t = ir.MemRefType(value.type)
        shape = _dims(self.tracer, value, value.location)
        self.scratch.append({"shape": shape, "dtype": element_type(t)})
        return f"scratch{len(self.scratch) - 1}"


def _root(value: ir.Value) -> ir.Value | None:
    """The `memref.alloc` a chain of views of `value` starts from."""
    while True:
        producer = defining_op(value)
        if producer is None:
            return None
        if producer.name == "memref.alloc":
            return value
        if producer.name not in VIEWS:
            return None
        value = producer.operands[0]


def _same_elements(a: ir.Value, b: ir.Value) -> bool:
    """As many elements (views of a dynamic buffer: assumed, the view's
    sizes are traced from the buffer's)."""
    ta, tb = ir.MemRefType(a.type), ir.MemRefType(b.type)
    if not (ta.has_static_shape and tb.has_static_shape):
        return True
    count_a, count_b = 1, 1
    for d in ta.shape:
        count_a *= d
    for d in tb.shape:
        count_b *= d
    return count_a == count_b


def _unused(op: ir.Operation) -> bool:
    return all(not list(result.uses) for result in op.results)


def _memref_param(value: ir.Value, buffers: _Buffers, where: ir.Location) -> dict[str, Any]:
    t = ir.MemRefType(value.type)
    try:
        offset, strides = memref_layout(buffers.tracer, value)
    except UnknownSize as error:
        raise HostCodeError(
            f"kernel operand has a layout the host cannot compute ({error})", where
        ) from error
    return {
        "kind": "memref",
        "buffer": buffers.base(value, where),
        "dtype": element_type(t),
        "offset": offset,
        "sizes": _dims(buffers.tracer, value, where),
        "strides": strides,
    }


def unit_launch(module: ir.Module) -> dict[str, Any]:
    """The launch of the module's kernel function, in unit-local names."""
    func = next(op.operation for op in module.body.operations if op.operation.name == "func.func")
    block = func.regions[0].blocks[0]
    launches = []
    for op in block.operations:
        op = op.operation
        if op.name == "ub.poison" and _unused(op):
            continue  # left behind, as constants are, by outlining sinking its copy
        if op.name not in HOST_OPS:
            raise HostCodeError(f"'{op.name}' runs on the host, outside the kernel", op.location)
        if op.name == "gpu.launch_func":
            launches.append(op)
    if len(launches) != 1:
        raise HostCodeError(f"{len(launches)} launches in one kernel unit", func.location)
    globals_ = {
        ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation
        for op in module.body.operations
        if op.operation.name == "memref.global"
    }
    tracer = SizeTracer(func)
    buffers = _Buffers(func, globals_, tracer)
    launch = launches[0].opview
    assert isinstance(launch, gpu.LaunchFuncOp)
    where = launches[0].location
    params = []
    for value in launch.kernelOperands:
        if isinstance(value.type, ir.MemRefType):
            params.append(_memref_param(value, buffers, where))
        else:
            params.append(_scalar(value, where, tracer))
    smem = launch.dynamicSharedMemorySize
    results = []
    for value in buffers.results:
        t = ir.MemRefType(value.type)
        results.append({"shape": _dims(tracer, value, where), "dtype": element_type(t)})
    arguments = [
        {"shape": _dims(tracer, a, where), "dtype": element_type(a.type)}
        if isinstance(a.type, ir.MemRefType)
        else {"shape": [], "dtype": str(a.type), "scalar": True}
        for a in block.arguments
    ]
    return {
        "arguments": arguments,
        "grid": [
            _size(tracer, v, where) for v in (launch.gridSizeX, launch.gridSizeY, launch.gridSizeZ)
        ],
        "block": [
            _size(tracer, v, where)
            for v in (launch.blockSizeX, launch.blockSizeY, launch.blockSizeZ)
        ],
        "dynamic_shared_bytes": _size(tracer, smem, where) if smem is not None else 0,
        "params": params,
        "results": results,
        "scratch": buffers.scratch,
        "constants": buffers.constants,
    }
