"""Host code for running lowered kernels through the MLIR CUDA runtime.

After `lower_to_gpu_dialect` a function launches its kernels with
`gpu.launch_func` but allocates its result and intermediate buffers with host
`memref.alloc`. For timing, allocation must not be inside the timed calls, so
`scratch_arguments` turns each of those allocations into an extra argument of
the function (the caller provides the buffers; results are returned in them).
`add_bench_wrappers` adds `@<f>_bench_<n>(inputs..., outputs...)`: it
allocates device buffers once (`gpu.alloc async`), copies the inputs in
(`gpu.memcpy async`), calls `@<f>` n times in straight-line code (so
(t_n - t_1) / (n - 1) is one call: its launches, each synchronised), copies
the last results out and frees everything. Nothing here touches a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import func as func_d

from mlirfuse.gpu.irutil import defining_op, walk
from mlirfuse.gpu.prepare import functions
from mlirfuse.mutation import Rewrite

HOST_PIPELINE = (
    "func.func(convert-linalg-to-loops),gpu-lower-to-nvvm-pipeline{{cubin-chip={chip} "
    "cubin-features=+ptx80 cubin-format={fmt} opt-level=3}}"
)


@dataclass(frozen=True)
class KernelTraffic:
    """Bytes one kernel launch touches: each memref argument once."""

    kernel: str
    bytes: int


def _memref_bytes(t: ir.Type) -> int:
    mt = ir.MemRefType(t)
    count = 1
    for d in mt.shape:
        count *= d
    element = str(mt.element_type)
    width = int(element[1:]) if element[0] in "fi" and element[1:].isdigit() else 64
    return count * width // 8


def kernel_traffic(module: ir.Module) -> list[KernelTraffic]:
    """Per gpu.launch_func (program order), the bytes of its memref operands."""
    rows = []
    for op in walk(module.operation):
        if op.name != "gpu.launch_func":
            continue
        seen: list[ir.Value] = []
        total = 0
        for value in op.operands:
            try:
                size = _memref_bytes(value.type)
            except ValueError:
                continue
            if not any(value == s for s in seen):
                seen.append(value)
                total += size
        rows.append(KernelTraffic(str(op.attributes["kernel"]), total))
    return rows


HOST_OPS = {
    "arith.constant",
    "func.return",
    "gpu.launch_func",
    "memref.alloc",
    "memref.subview",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.cast",
}


class HostCodeError(Exception):
    """The function computes something outside its kernels (on host memory)."""


def check_host_code(module: ir.Module) -> None:
    """Device buffers are not host-readable: outside its launches, a function
    may only allocate buffers and take views of them."""
    for func in functions(module):
        for op in func.regions[0].blocks[0].operations:
            if op.operation.name not in HOST_OPS:
                raise HostCodeError(
                    f"{op.operation.location}: '{op.operation.name}' runs on the host"
                )


def scratch_arguments(func: ir.Operation) -> list[ir.Type]:
    """Each top-level static `memref.alloc` of `func` -> a new trailing
    argument; returns the added argument types."""
    block = func.regions[0].blocks[0]
    added: list[ir.Type] = []
    with Rewrite("static allocations become scratch arguments", func) as rw:
        for op in list(block.operations):
            op = op.operation
            if op.name != "memref.alloc" or list(op.operands):
                continue
            argument = block.add_argument(op.results[0].type, op.location)
            rw.replace_op(op, [argument])
            added.append(argument.type)
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        new_type = ir.FunctionType.get([*ftype.inputs, *added], list(ftype.results))
        func.attributes["function_type"] = ir.TypeAttr.get(new_type)
    return added


@dataclass(frozen=True)
class _Signature:
    inputs: list[str]
    scratch: list[str]
    results: list[str]


def _wrapper_text(bench: str, callee: str, sig: _Signature, returns: bool, n: int) -> str:
    """`@<bench>(inputs..., outputs...)`: device buffers, n calls of `callee`
    (which returns the results when `returns`), results copied out, freed."""
    params = [f"%in{i}: {t}" for i, t in enumerate(sig.inputs)]
    params += [f"%out{i}: {t}" for i, t in enumerate(sig.results)]
    lines = [f"func.func @{bench}({', '.join(params)}) attributes {{llvm.emit_c_interface}} {{"]
    lines.append("  %t0 = gpu.wait async")
    token = "%t0"
    buffers = [(f"%d{i}", t) for i, t in enumerate(sig.inputs)]
    buffers += [(f"%s{i}", t) for i, t in enumerate(sig.scratch)]
    for k, (buffer, t) in enumerate(buffers):
        lines.append(f"  {buffer}, %ta{k} = gpu.alloc async [{token}] () : {t}")
        token = f"%ta{k}"
    for i, t in enumerate(sig.inputs):
        lines.append(f"  %tc{i} = gpu.memcpy async [{token}] %d{i}, %in{i} : {t}, {t}")
        token = f"%tc{i}"
    lines.append(f"  gpu.wait [{token}]")
    args = ", ".join(b for b, _ in buffers)
    results = sig.results if returns else []
    signature = f"({', '.join(t for _, t in buffers)}) -> ({', '.join(results)})"
    for r in range(n):
        lhs = (
            "" if not results else (f"%r{r}:{len(results)} = " if len(results) > 1 else f"%r{r} = ")
        )
        lines.append(f"  {lhs}func.call @{callee}({args}) : {signature}")
    lines.append("  %tw = gpu.wait async")
    token = "%tw"
    for i, t in enumerate(results):
        value = f"%r{n - 1}#{i}" if len(results) > 1 else f"%r{n - 1}"
        lines.append(f"  %to{i} = gpu.memcpy async [{token}] %out{i}, {value} : {t}, {t}")
        token = f"%to{i}"
    for k, (buffer, t) in enumerate(buffers):
        lines.append(f"  %tf{k} = gpu.dealloc async [{token}] {buffer} : {t}")
        token = f"%tf{k}"
    lines += [f"  gpu.wait [{token}]", "  return", "}"]
    return "\n".join(lines)


def _clone_with_producers(op: ir.Operation, mapping: list[tuple[ir.Value, ir.Value]]) -> None:
    """Clone `op` at the current insertion point, first cloning the ops that
    define its operands (constants, views) unless `mapping` has them."""

    def value_for(value: ir.Value) -> ir.Value:
        for old, new in mapping:
            if old == value:
                return new
        producer = defining_op(value)
        assert producer is not None, "kernel operand not defined in the function"
        _clone_with_producers(producer, mapping)
        return value_for(value)

    operands = [value_for(v) for v in op.operands]
    clone = op.clone()
    for i, v in enumerate(operands):
        clone.operands[i] = v
    mapping.extend(zip(op.results, clone.results, strict=True))


def kernel_functions(func: ir.Operation) -> list[str]:
    """For each gpu.launch_func of `func` (after `scratch_arguments`), a
    function `@<f>_k<i>` with the same arguments running only that launch."""
    name = ir.StringAttr(func.attributes["sym_name"]).value
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    block = func.regions[0].blocks[0]
    launches = [op.operation for op in block.operations if op.operation.name == "gpu.launch_func"]
    names = []
    for i, launch in enumerate(launches):
        kernel_name = f"{name}_k{i}"
        with ir.InsertionPoint(func), func.location:
            kernel = func_d.FuncOp(kernel_name, ir.FunctionType.get(list(ftype.inputs), []))
        body = kernel.add_entry_block()
        with ir.InsertionPoint(body), func.location:
            _clone_with_producers(launch, list(zip(block.arguments, body.arguments, strict=True)))
            func_d.ReturnOp([])
        names.append(kernel_name)
    return names


def add_bench_wrappers(module: ir.Module, repeats: tuple[int, ...]) -> tuple[str, list[str]]:
    """Scratch arguments for the module's first function `f`, then
    `@f_bench_<n>` and, per kernel i, `@f_k<i>_bench_<n>` for each n;
    returns `f` and the kernel function names."""
    func = functions(module)[0]
    name = ir.StringAttr(func.attributes["sym_name"]).value
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    inputs = [str(t) for t in ftype.inputs]
    sig = _Signature(
        inputs, [str(t) for t in scratch_arguments(func)], [str(t) for t in ftype.results]
    )
    kernels = kernel_functions(func)
    # The snippet declares the callees so that it verifies on its own; only
    # the wrappers move into the module.
    args = ", ".join(sig.inputs + sig.scratch)
    declarations = [f"func.func private @{name}({args}) -> ({', '.join(sig.results)})"]
    declarations += [f"func.func private @{k}({args})" for k in kernels]
    wrappers = [_wrapper_text(f"{name}_bench_{n}", name, sig, True, n) for n in repeats]
    wrappers += [
        _wrapper_text(f"{k}_bench_{n}", k, sig, False, n) for k in kernels for n in repeats
    ]
    snippet = ir.Module.parse("\n".join(declarations + wrappers), context=module.context)
    for op in list(snippet.body.operations)[len(declarations) :]:
        op.operation.move_before(func)
    return name, kernels


def make_runnable(
    module: ir.Module, repeats: tuple[int, ...], chip: str, fmt: str = "isa"
) -> tuple[str, list[str]]:
    """Scratch arguments, bench wrappers, host + device lowering (in place)."""
    from mlirfuse.gpu.lower import run_passes

    name, kernels = add_bench_wrappers(module, repeats)
    run_passes(module, HOST_PIPELINE.format(chip=chip, fmt=fmt))
    return name, kernels
