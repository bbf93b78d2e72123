"""Run the GPU schedule on the CPU, before GPU mapping, and compare.

The same stage-1 transform script the GPU path uses tiles every kernel into
`scf.forall` loops (blocks, then threads, reductions split into per-thread
partials and a combine). Here those loops are bufferized and turned into
sequential `scf.for` loops instead of being mapped to a `gpu.launch`, then
lowered to LLVM and run with the execution engine. Shared-memory placement is
skipped (it changes where buffers live, not what is computed).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from mlir import ir
from mlir.execution_engine import ExecutionEngine
from mlir.runtime import get_ranked_memref_descriptor

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import lower
from mlirfuse.gpu.prepare import functions

CPU_TAIL = (
    "buffer-results-to-out-params{hoist-static-allocs=true modify-public-functions=true},"
    "scf-forall-to-for,func.func(convert-linalg-to-loops),"
    # bf16 arithmetic in f32 (exact for a product; each result rounded back
    # as the scalar code does): LLVM 22's x86 back end aborts on the vector
    # bf16 `fmul` its loop vectorizer makes of them ("Unexpected illegal type").
    "func.func(arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},"
    "arith-expand{include-bf16=true}),"
    # Booleans as bytes (LLVM 22 aborts on memref loads/stores of i1).
    "mlirfuse-widen-i1-memrefs,mlirfuse-dynamic-expands,expand-strided-metadata,lower-affine,"
    "convert-vector-to-scf,convert-scf-to-cf,convert-math-to-funcs{convert-ctlz=false},"
    "convert-math-to-llvm,convert-vector-to-llvm,"
    "convert-math-to-libm,finalize-memref-to-llvm,convert-to-llvm,reconcile-unrealized-casts"
)


@dataclass(frozen=True)
class CheckResult:
    matches: bool
    max_abs_error: float
    kernels: int


def _result_types(func: ir.Operation) -> list[tuple[list[int], np.dtype]]:
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    found = []
    for t in ftype.results:
        rt = ir.RankedTensorType(t)
        found.append((list(rt.shape), _dtype(rt.element_type)))
    return found


def _dtype(element: ir.Type) -> np.dtype:
    text = str(element)
    table = {
        "f16": np.float16,
        "bf16": np.uint16,  # raw bits, as the runner binds and returns bf16
        "f32": np.float32,
        "f64": np.float64,
        "i1": np.bool_,  # memrefs of i1 hold one byte per element
        "i8": np.int8,
        "i16": np.int16,
        "i32": np.int32,
        "i64": np.int64,
    }
    return np.dtype(table[text])


def _function(module: ir.Module, name: str | None) -> ir.Operation:
    found = functions(module)
    for func in found:
        if name is None or ir.StringAttr(func.attributes["sym_name"]).value == name:
            return func
    raise ValueError(f"no function @{name}")


# The execution engine's LLVM optimisation level. Not -O0: the schedules'
# buffers inside block and thread loops are `alloca`s that only LLVM's
# optimisations hoist out of the loops (at -O0 the stack overflows, e.g.
# bert_layer's staged contraction). Kernel units are small (`cpu_units.py`).
OPT_LEVEL = 2


class CompiledSchedule:
    """A module's function tiled as for the GPU (stage 1), bufferized, its
    `scf.forall` loops made sequential, JIT-compiled for the CPU. `pipeline`
    (e.g. `builtin.module(mlirfuse-fuse)`) or `fuse` (compile's fusion step)
    transforms the module first. Call it on input arrays; `close()` frees it."""

    def __init__(
        self,
        text: str,
        source_name: str = "<input>",
        fuse: bool = False,
        pipeline: str | None = None,
        func_name: str | None = None,
    ) -> None:
        from mlirfuse.gpu.compile_job import fuse as run_fuse
        from mlirfuse.pipeline import run_pipeline
        from mlirfuse.runner import runtime_libraries

        self.source_name = source_name
        self.ctx = make_context()
        with self.ctx, ir.Location.unknown():
            module = parse_module(text, self.ctx, source_name)
            if pipeline is not None:
                run_pipeline(module, pipeline)
            elif fuse:
                run_fuse(module, "h200")
            func = _function(module, func_name)
            self.name = ir.StringAttr(func.attributes["sym_name"]).value
            self.types = _result_types(func)
            self.kernels = len(lower.tile_kernels(module).schedules)
            lower.bufferize(module)
            _function(module, self.name).attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
            run_pipeline(module, f"builtin.module({CPU_TAIL})")
            self.engine: ExecutionEngine | None = ExecutionEngine(
                module, opt_level=OPT_LEVEL, shared_libs=runtime_libraries()
            )
        self.module: ir.Module | None = module

    def __call__(
        self, arrays: Sequence[np.ndarray], result_shapes: Sequence[Sequence[int]] | None = None
    ) -> list[np.ndarray]:
        assert self.engine is not None, "closed"
        types = self.types
        shapes = [list(s) for s in result_shapes] if result_shapes else [t[0] for t in types]
        if any(d < 0 for shape in shapes for d in shape):
            raise ValueError(f"{self.source_name}: dynamic result dims need result_shapes")
        outputs = [poisoned(shape, t[1]) for shape, t in zip(shapes, types, strict=True)]
        inputs = [np.ascontiguousarray(a) for a in arrays]
        pointers = [
            ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(a)))
            for a in inputs + outputs
        ]
        self.engine.invoke(self.name, *pointers)
        return outputs

    def close(self) -> None:
        self.engine = None  # the engine before the module and its context
        self.module = None


def poisoned(shape: Sequence[int], dtype: np.dtype) -> np.ndarray:
    """A result buffer that shows a read before any write: NaN for floats,
    a large odd pattern for integers (a GPU's fresh memory is not zeroed, so
    a kernel that accumulates into its output without zeroing it first must
    fail here too, not pass on zeros)."""
    if np.issubdtype(dtype, np.floating):
        return np.full(shape, np.nan, dtype)
    if np.issubdtype(dtype, np.integer):
        return np.full(shape, np.iinfo(dtype).max // 3, dtype)
    return np.zeros(shape, dtype)


def run_schedule_on_cpu(
    text: str,
    arrays: Sequence[np.ndarray],
    source_name: str = "<input>",
    fuse: bool = True,
    pipeline: str | None = None,
    func_name: str | None = None,
    result_shapes: Sequence[Sequence[int]] | None = None,
) -> tuple[list[np.ndarray], int]:
    """Tile as for the GPU, run sequentially; returns (results, kernel count).
    `pipeline` (e.g. `builtin.module(mlirfuse-fuse)`) replaces the default
    fusion step when given. `result_shapes` is needed when results have
    dynamic dims (the caller's buffers are allocated here)."""
    compiled = CompiledSchedule(text, source_name, fuse, pipeline, func_name)
    try:
        return compiled(arrays, result_shapes), compiled.kernels
    finally:
        compiled.close()


def cpu_check(
    text: str,
    arrays: Sequence[np.ndarray],
    reference: Sequence[np.ndarray],
    source_name: str = "<input>",
    fuse: bool = True,
    atol: float = 1e-4,
    rtol: float = 1e-4,
) -> CheckResult:
    """Does the GPU schedule (run on the CPU) reproduce `reference`?"""
    results, kernels = run_schedule_on_cpu(text, arrays, source_name, fuse)
    worst = 0.0
    matches = len(results) == len(reference)
    for got, want in zip(results, reference, strict=False):
        worst = max(worst, float(np.max(np.abs(got.astype(np.float64) - want))))
        matches = matches and bool(np.allclose(got, want, atol=atol, rtol=rtol))
    return CheckResult(matches, worst, kernels)


def workload_inputs(path: Path) -> tuple[list[np.ndarray], np.ndarray]:
    """`arg0..` and `ref` from the `.npz` beside a workload."""
    data = np.load(path.with_suffix(".npz"))
    count = sum(1 for name in data.files if name.startswith("arg"))
    return [data[f"arg{i}"] for i in range(count)], data["ref"]


def check_workload(path: Path, fuse: bool = True) -> CheckResult:
    """cpu_check of a workload file against its `.npz` reference."""
    arrays, ref = workload_inputs(path)
    return cpu_check(path.read_text(), arrays, [ref], source_name=str(path), fuse=fuse)


def schedule_kinds(path: Path, fuse: bool = True) -> list[str]:
    """The schedule kind of each kernel the GPU lowering forms for `path`."""
    from mlirfuse.gpu.compile_job import fuse as run_fuse
    from mlirfuse.gpu.prepare import prepare_module
    from mlirfuse.gpu.schedule_parts import choose_schedule

    ctx = make_context()
    with ctx, ir.Location.unknown():
        module = parse_module(path.read_text(), ctx, str(path))
        if fuse:
            run_fuse(module, "h200")
        kernels, _ = prepare_module(module)
        return [choose_schedule(k).kind for k in kernels]
