"""Host code for running lowered kernels through the MLIR CUDA runtime.

After `lower_to_gpu_dialect` a function launches its kernels with
`gpu.launch_func` but still allocates its buffers with host `memref.alloc`.
`make_runnable` turns those into `gpu.alloc host_shared` (managed memory the
host can also read) and adds `@<name>_bench_<n>`: it copies the inputs into
managed buffers, calls the function `n` times in straight-line code (so
(t_n - t_1) / (n - 1) is the device time of one call plus launch overhead)
and copies the last result into a caller-provided output. Everything here
builds IR; nothing touches a GPU (`run_bench` in bench/gpu does).
"""

from __future__ import annotations

from dataclasses import dataclass

from mlir import ir
from mlir.dialects import gpu

from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.prepare import functions

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
    width = ir.FloatType(mt.element_type).width if "f" in str(mt.element_type) else 64
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


def managed_allocations(module: ir.Module) -> int:
    """Host `memref.alloc` -> `gpu.alloc host_shared`; returns how many."""
    count = 0
    for func in functions(module):
        for op in walk(func):
            if op.name != "memref.alloc" or op.operands:
                continue
            with ir.InsertionPoint(op), op.location:
                new = gpu.AllocOp(op.results[0].type, None, [], [], [], hostShared=True)
            op.results[0].replace_all_uses_with(new.results[0])
            op.erase()
            count += 1
    return count


def _wrapper_text(name: str, ftype: ir.FunctionType, repeats: int) -> str:
    ins = [str(t) for t in ftype.inputs]
    outs = [str(t) for t in ftype.results]
    params = [f"%in{i}: {t}" for i, t in enumerate(ins)] + [
        f"%out{i}: {t}" for i, t in enumerate(outs)
    ]
    lines = [
        f"func.func @{name}_bench_{repeats}({', '.join(params)}) attributes {{llvm.emit_c_interface}} {{"
    ]
    for i, t in enumerate(ins):
        lines.append(f"  %d{i} = gpu.alloc host_shared () : {t}")
        lines.append(f"  memref.copy %in{i}, %d{i} : {t} to {t}")
    args = ", ".join(f"%d{i}" for i in range(len(ins)))
    result_types = ", ".join(outs)
    for r in range(repeats):
        lhs = f"%r{r}:{len(outs)}" if len(outs) > 1 else f"%r{r}"
        lines.append(
            f"  {lhs} = func.call @{name}({args}) : ({', '.join(ins)}) -> ({result_types})"
        )
    last = repeats - 1
    for i, t in enumerate(outs):
        value = f"%r{last}#{i}" if len(outs) > 1 else f"%r{last}"
        lines.append(f"  memref.copy {value}, %out{i} : {t} to {t}")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines)


def add_bench_wrappers(module: ir.Module, repeats: tuple[int, ...]) -> str:
    """Add `@<f>_bench_<n>` for each n; returns the function name `f`."""
    func = functions(module)[0]
    name = ir.StringAttr(func.attributes["sym_name"]).value
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    # The snippet declares the callee so that it verifies on its own; only
    # the wrappers move into the module.
    declaration = f"func.func private @{name}({', '.join(map(str, ftype.inputs))}) -> ({', '.join(map(str, ftype.results))})"
    text = "\n".join([declaration, *(_wrapper_text(name, ftype, n) for n in repeats)])
    snippet = ir.Module.parse(text, context=module.context)
    for op in list(snippet.body.operations)[1:]:
        op.operation.move_before(func)
    return name


def make_runnable(module: ir.Module, repeats: tuple[int, ...], chip: str, fmt: str = "isa") -> str:
    """Managed buffers, bench wrappers, host + device lowering (in place)."""
    from mlirfuse.gpu.lower import run_passes

    managed_allocations(module)
    name = add_bench_wrappers(module, repeats)
    run_passes(module, HOST_PIPELINE.format(chip=chip, fmt=fmt))
    return name
