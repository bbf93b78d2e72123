"""Figures about a module that reports, benches, `mlirfuse verify` and `mlirfuse zoo` share.

Kernel count (the team's convention, issue 4): every `fusion.group` is one
kernel, and so is every linalg structured op outside a group that is not a
fill (`linalg.fill`, or a fill generalized by `linalg-generalize-named-ops`:
a `linalg.generic` without tensor inputs whose body only yields a scalar);
fills are expected to fold into their consumer's init. Ops nested in
a group, and the `linalg.yield`/`linalg.index` inside bodies, are not counted.

HBM bytes at kernel boundaries (issue 11, the one ruler mlirfuse and IREE's
figures are compared with): for every kernel, the bytes of its tensor
operands and results, the values it uses from outside its body included (a
group's captured values, a generic's `tensor.extract` of a table); each
value once per kernel that reads or writes it, as IREE counts the operands
and results of a `flow.dispatch`. Values that are generated rather than
loaded (`tensor.empty`, fills, splat constants, and reshapes of them) cost
nothing: the kernel that reads them makes them. A tensor with a dynamic
dimension makes the bytes unknown (None). Compulsory bytes are the
function's arguments and results: what any schedule must move at least.

Launched kernels and bytes (issue 16, the same ruler on what launches):
from the launch manifest `mlirfuse compile -o X.ptx` writes beside the PTX
(`X.json`, docs/gpu-lowering.md), one kernel per launch, and per launch the
bytes of its memref arguments: each distinct view (buffer, offset, sizes,
strides) once, at most its buffer's bytes per buffer; scratch and constant
buffers included (the kernel reads or writes them in HBM). A size the host
computes from dynamic dims makes the bytes unknown (None), unless the caller
gives concrete argument shapes to evaluate it at (`size_of`: the zoo gives the
example inputs' shapes, so a dynamic model's bytes are those of that run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mlir import ir

from mlirfuse.analysis.types import is_kernel_name
from mlirfuse.context import GROUP_OP


@dataclass(frozen=True)
class Traffic:
    """Kernels of one function and the bytes they move (None: a dynamic shape)."""

    kernels: int
    bytes: int | None
    compulsory_bytes: int | None


def _is_generalized_fill(op: ir.Operation) -> bool:
    if op.name != "linalg.generic":
        return False
    if any(isinstance(v.type, ir.ShapedType) for v in op.opview.inputs):
        return False
    # The body only yields (no index, no arithmetic): a broadcast of scalars.
    return len(list(op.regions[0].blocks[0].operations)) == 1


def _is_kernel(op: ir.Operation) -> bool:
    """The one definition of a kernel (`is_kernel_name`), plus groups; a fill
    generalized to a `linalg.generic` is still a fill."""
    if op.name == GROUP_OP:
        return True
    return is_kernel_name(op.name) and not _is_generalized_fill(op)


def _kernels_under(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                inner = child.operation
                if _is_kernel(inner):
                    yield inner  # a kernel's body holds no further kernels
                else:
                    yield from _kernels_under(inner)


def _function_name(op: ir.Operation) -> str:
    return ir.StringAttr(op.attributes["sym_name"]).value


def _functions(module: ir.Module | ir.Operation) -> Iterator[ir.Operation]:
    """`func.func` ops with a body, in module order."""
    for op in module.operation.regions[0].blocks[0].operations:
        func = op.operation
        if func.name == "func.func" and len(func.regions[0].blocks) > 0:
            yield func


def kernels_by_function(module: ir.Module | ir.Operation) -> dict[str, int]:
    """Kernel count of each `func.func` with a body, in module order."""
    return {_function_name(f): sum(1 for _ in _kernels_under(f)) for f in _functions(module)}


def count_kernels(module: ir.Module | ir.Operation, func_name: str | None = None) -> int:
    """Kernels in the whole module, or in the function `func_name` only."""
    counts = kernels_by_function(module)
    if func_name is None:
        return sum(counts.values())
    if func_name not in counts:
        raise KeyError(f"no function @{func_name} (defined: {', '.join(counts) or 'none'})")
    return counts[func_name]


def type_bytes(type_: ir.Type) -> int | None:
    """Bytes of a ranked tensor type (0 for anything else, None when dynamic)."""
    if not isinstance(type_, ir.RankedTensorType):
        return 0
    if not type_.has_static_shape:
        return None
    element = type_.element_type
    bits = 64 if isinstance(element, ir.IndexType) else element.width
    count = 1
    for dim in type_.shape:
        count *= dim
    return count * max(1, (bits + 7) // 8)


def _sum(sizes: list[int | None]) -> int | None:
    return None if any(s is None for s in sizes) else sum(s for s in sizes if s is not None)


# Ops whose result is their first operand seen differently: a view of a
# generated value (an expanded `tensor.empty` as a grouped conv's init) is
# generated too.
_VIEWS = ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast")


def _is_generated(value: ir.Value) -> bool:
    owner = value.owner
    if not isinstance(owner, ir.OpView | ir.Operation):
        return False  # a block argument: loaded
    op = owner.operation
    if op.name in _VIEWS:
        return _is_generated(op.operands[0])
    if op.name == "tensor.empty" or op.name == "linalg.fill" or _is_generalized_fill(op):
        return True
    if op.name == "arith.constant":
        attr = op.attributes["value"]
        return isinstance(attr, ir.DenseElementsAttr) and attr.is_splat
    return False


def _defined_inside(op: ir.Operation) -> set[ir.Value]:
    """Every value defined inside `op`'s regions (results and block arguments)."""
    inside: set[ir.Value] = set()
    for region in op.regions:
        for block in region.blocks:
            inside.update(block.arguments)
            for child in block.operations:
                inside.update(child.operation.results)
                inside.update(_defined_inside(child.operation))
    return inside


def _used_inside(op: ir.Operation) -> Iterator[ir.Value]:
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                yield from child.operation.operands
                yield from _used_inside(child.operation)


def kernel_values(kernel: ir.Operation) -> list[ir.Value]:
    """The tensors one kernel reads or writes at its boundary, each once."""
    values: list[ir.Value] = list(kernel.operands)
    # A group's captured values; a generic's body may read tensors too (the
    # GPU back end's concatenation reads its inputs with `tensor.extract`).
    inside = _defined_inside(kernel)
    values += [v for v in _used_inside(kernel) if v not in inside]
    values += list(kernel.results)
    unique = list(dict.fromkeys(values))
    return [v for v in unique if isinstance(v.type, ir.RankedTensorType) and not _is_generated(v)]


def _compulsory(func: ir.Operation) -> int | None:
    function_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    return _sum([type_bytes(t) for t in [*function_type.inputs, *function_type.results]])


def traffic_by_function(module: ir.Module | ir.Operation) -> dict[str, Traffic]:
    """Kernels, kernel-boundary bytes and compulsory bytes of each function."""
    table = {}
    for func in _functions(module):
        kernels = list(_kernels_under(func))
        sizes = [type_bytes(v.type) for k in kernels for v in kernel_values(k)]
        table[_function_name(func)] = Traffic(len(kernels), _sum(sizes), _compulsory(func))
    return table


def module_traffic(module: ir.Module | ir.Operation) -> Traffic:
    """`traffic_by_function` summed over the module's functions."""
    rows = list(traffic_by_function(module).values())
    return Traffic(
        sum(r.kernels for r in rows),
        _sum([r.bytes for r in rows]),
        _sum([r.compulsory_bytes for r in rows]),
    )


def dtype_bytes(dtype: str) -> int:
    """Bytes of one element of a manifest dtype ("f32", "bf16", "i1", "index")."""
    if dtype == "index":
        return 8
    bits = int("".join(c for c in dtype if c.isdigit()) or 8)
    return max(1, (bits + 7) // 8)


SizeOf = Callable[[object], int | None]


def literal_size(size: object) -> int | None:
    """A manifest size as it stands: an int, else None (a size expression)."""
    return size if isinstance(size, int) else None


def _count(sizes: list[object], size_of: SizeOf) -> int | None:
    """Elements of a shape (None: a size `size_of` cannot give)."""
    count = 1
    for size in sizes:
        value = size_of(size)
        if value is None:
            return None
        count *= value
    return count


def _shape_bytes(shape: list[object], dtype: str, size_of: SizeOf) -> int | None:
    count = _count(shape, size_of)
    return None if count is None else count * dtype_bytes(dtype)


def launch_bytes(
    launch: dict[str, Any], buffers: dict[str, int | None], size_of: SizeOf = literal_size
) -> int | None:
    """HBM bytes one launch moves: its distinct memref views, per buffer at
    most the buffer's bytes (`buffers`: name -> bytes, None when dynamic)."""
    views: dict[str, set[str]] = {}
    per_buffer: dict[str, list[int | None]] = {}
    for param in launch["params"]:
        if param["kind"] != "memref":
            continue
        key = repr((param["offset"], param["sizes"], param["strides"]))
        if key in views.setdefault(param["buffer"], set()):
            continue
        views[param["buffer"]].add(key)
        size = _shape_bytes(param["sizes"], param["dtype"], size_of)
        per_buffer.setdefault(param["buffer"], []).append(size)
    sizes = []
    for name, parts in per_buffer.items():
        total, whole = _sum(parts), buffers.get(name)
        sizes.append(total if total is None or whole is None else min(total, whole))
    return _sum(sizes)


def _manifest_buffers(function: dict[str, Any], size_of: SizeOf) -> dict[str, int | None]:
    entries = [*function["arguments"], *function["buffers"]]
    return {b["name"]: _shape_bytes(b["shape"], b["dtype"], size_of) for b in entries}


def launched_by_function(
    manifest: dict[str, Any], size_of: SizeOf = literal_size
) -> dict[str, Traffic]:
    """Launches, their bytes and compulsory bytes of each function of a launch
    manifest; `size_of` gives a dynamic size's value (the bytes at some
    concrete argument shapes), else dynamic bytes are None."""
    table = {}
    for function in manifest["functions"]:
        buffers = _manifest_buffers(function, size_of)
        launches = function["launches"]
        sizes = [launch_bytes(launch, buffers, size_of) for launch in launches]
        ends = [*function["arguments"], *function["results"]]
        compulsory = _sum([_shape_bytes(b["shape"], b["dtype"], size_of) for b in ends])
        table[function["name"]] = Traffic(len(launches), _sum(sizes), compulsory)
    return table


def launched_traffic(manifest: dict[str, Any], size_of: SizeOf = literal_size) -> Traffic:
    """`launched_by_function` summed: the kernels and HBM bytes of what launches."""
    rows = list(launched_by_function(manifest, size_of).values())
    return Traffic(
        sum(r.kernels for r in rows),
        _sum([r.bytes for r in rows]),
        _sum([r.compulsory_bytes for r in rows]),
    )
