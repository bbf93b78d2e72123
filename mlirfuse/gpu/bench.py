"""The GPU benchmark's cases, references and one measured run.

Cases: the four workloads (inputs and PyTorch's reference from their .npz)
and memory-bound elementwise chains of N ops over 16M floats (numpy
reference). Each runs unfused (one kernel per op) and fused (the planner's
groups). `measure_case` builds, runs through the MLIR CUDA runtime and times
one case; bench/gpu/bench_gpu.py runs each in its own process and prints
the table. Everything but `measure_case` works without a GPU.
"""

from __future__ import annotations

import ctypes
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from mlir import ir

CHAIN_LENGTHS = (2, 4, 8)
CHAIN_SHAPE = (4096, 4096)
REPEATS = 10


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    inputs: list[np.ndarray]
    reference: np.ndarray


def chain_text(n_ops: int, shape: tuple[int, int] = CHAIN_SHAPE) -> str:
    """An n-op elementwise chain: y = ((x * 1.0001 + 0.5) * 1.0001 + 0.5)...
    alternating mulf/addf with constants, so values stay bounded."""
    ty = f"tensor<{shape[0]}x{shape[1]}xf32>"
    lines = [
        "#id = affine_map<(d0, d1) -> (d0, d1)>",
        f"func.func @chain{n_ops}(%x: {ty}) -> {ty} {{",
        "  %k = arith.constant 1.0001 : f32",
        "  %c = arith.constant 0.5 : f32",
        f"  %e = tensor.empty() : {ty}",
    ]
    value = "%x"
    for i in range(n_ops):
        op = "arith.mulf" if i % 2 == 0 else "arith.addf"
        operand = "%k" if i % 2 == 0 else "%c"
        lines += [
            f"  %v{i} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = "
            f'["parallel", "parallel"]}} ins({value} : {ty}) outs(%e : {ty}) {{',
            "  ^bb0(%a: f32, %o: f32):",
            f"    %r = {op} %a, {operand} : f32",
            "    linalg.yield %r : f32",
            f"  }} -> {ty}",
        ]
        value = f"%v{i}"
    lines += [f"  return {value} : {ty}", "}"]
    return "\n".join(lines)


def chain_reference(x: np.ndarray, n_ops: int) -> np.ndarray:
    y = x.astype(np.float32)
    for i in range(n_ops):
        y = y * np.float32(1.0001) if i % 2 == 0 else y + np.float32(0.5)
    return y


def chain_case(n_ops: int, shape: tuple[int, int] = CHAIN_SHAPE) -> Case:
    x = np.random.default_rng(n_ops).standard_normal(shape, dtype=np.float32)
    return Case(f"chain{n_ops}", chain_text(n_ops, shape), [x], chain_reference(x, n_ops))


def workload_case(path: Path) -> Case:
    from mlirfuse.gpu.cpu_check import workload_inputs

    arrays, ref = workload_inputs(path)
    return Case(path.stem, path.read_text(), arrays, ref)


def all_case_names(workloads: Path) -> list[str]:
    names = sorted(p.stem for p in workloads.glob("*.mlir"))
    return names + [f"chain{n}" for n in CHAIN_LENGTHS]


def load_case(name: str, workloads: Path) -> Case:
    if name.startswith("chain"):
        return chain_case(int(name.removeprefix("chain")))
    return workload_case(workloads / f"{name}.mlir")


@dataclass(frozen=True)
class Timing:
    """One timed unit: the whole function, or one of its kernels alone."""

    name: str
    bytes: int  # memref operands of the launches, each once per launch
    time_us: float  # (t_N - t_1) / (N - 1)

    @property
    def gb_per_s(self) -> float:
        return self.bytes / (self.time_us * 1e-6) / 1e9 if self.time_us > 0 else 0.0


@dataclass(frozen=True)
class Measurement:
    case: str
    variant: str
    total: Timing
    kernels: list[Timing]
    max_abs_error: float

    def as_dict(self) -> dict[str, object]:
        def row(t: Timing) -> dict[str, object]:
            return {**asdict(t), "gb_per_s": t.gb_per_s}

        return {
            "case": self.case,
            "variant": self.variant,
            "total": row(self.total),
            "kernels": [row(k) for k in self.kernels],
            "max_abs_error": self.max_abs_error,
        }


def cuda_available() -> bool:
    """The MLIR CUDA runtime aborts the process without libcuda: probe first."""
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class Built:
    module: ir.Module
    name: str  # the function; its bench wrappers are <name>_bench_<n>
    kernels: list[str]  # per launch, a function <k>_bench_<n> runs only it
    traffic: list[int]  # bytes per launch


def build(case: Case, fuse: bool, chip: str, ctx: ir.Context) -> Built:
    """The case lowered for the engine, with its bench wrappers."""
    from mlirfuse.context import parse_module
    from mlirfuse.gpu import host, lower
    from mlirfuse.gpu.compile_job import fuse as run_fuse

    module = parse_module(case.text, ctx, case.name)
    if fuse:
        run_fuse(module, "h200")
    lower.lower_to_gpu_dialect(module)
    host.check_host_code(module)
    traffic = [t.bytes for t in host.kernel_traffic(module)]
    name, kernels = host.make_runnable(module, (1, REPEATS), chip)
    return Built(module, name, kernels, traffic)


def _runtime_libraries() -> list[str]:
    import mlir

    folder = Path(next(iter(mlir.__path__))) / "lib"
    return [str(folder / "libmlir_cuda_runtime.so"), str(folder / "libmlir_c_runner_utils.so")]


def measure_case(case: Case, fuse: bool, chip: str) -> Measurement:
    from mlirfuse.context import make_context

    ctx = make_context()
    with ctx, ir.Location.unknown():
        return _measure(case, fuse, chip, ctx)


def _per_call_us(engine: Any, function: str, pointers: list[Any]) -> float:
    """(t_N - t_1) / (N - 1) in microseconds, best of 3 for each."""

    def call(repeats: int) -> float:
        start = time.perf_counter()
        engine.invoke(f"{function}_bench_{repeats}", *pointers)
        return time.perf_counter() - start

    t1 = min(call(1) for _ in range(3))
    tn = min(call(REPEATS) for _ in range(3))
    return max(tn - t1, 0.0) / (REPEATS - 1) * 1e6


def _measure(case: Case, fuse: bool, chip: str, ctx: ir.Context) -> Measurement:
    from mlir.execution_engine import ExecutionEngine
    from mlir.runtime import get_ranked_memref_descriptor

    built = build(case, fuse, chip, ctx)
    engine = ExecutionEngine(built.module, opt_level=3, shared_libs=_runtime_libraries())
    engine.initialize()
    inputs = [np.ascontiguousarray(a) for a in case.inputs]
    output = np.zeros(case.reference.shape, case.reference.dtype)
    arrays = [*inputs, output]
    pointers = [ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(a))) for a in arrays]

    engine.invoke(f"{built.name}_bench_1", *pointers)  # warm up: module load
    error = float(np.max(np.abs(output.astype(np.float64) - case.reference)))
    total = Timing(built.name, sum(built.traffic), _per_call_us(engine, built.name, pointers))
    kernels = [
        Timing(k, b, _per_call_us(engine, k, pointers))
        for k, b in zip(built.kernels, built.traffic, strict=True)
    ]
    del engine  # before the context goes: the engine must not outlive it
    return Measurement(case.name, "fused" if fuse else "unfused", total, kernels, error)


def build_summary(case: Case, fuse: bool, chip: str) -> dict[str, object]:
    """What `build` produced, as plain data (for tests without a GPU)."""
    from mlirfuse.context import make_context

    ctx = make_context()
    with ctx, ir.Location.unknown():
        built = build(case, fuse, chip, ctx)
        text = str(built.module)
    names = [built.name, *built.kernels]
    wrappers = [f"_mlir_ciface_{f}_bench_{n}" for f in names for n in (1, REPEATS)]
    return {
        "name": built.name,
        "kernels": len(built.kernels),
        "bytes": sum(built.traffic),
        "wrappers": all(w in text for w in wrappers),
        "device_buffers": "mgpuMemAlloc" in text and "mgpuMemcpy" in text,
        "ptx_embedded": ".entry" in text,
    }


def format_rows(row: dict[str, Any]) -> list[str]:
    """The function's line, then one indented line per kernel."""
    if "error" in row:
        return [f"{row['case']:22} {row['variant']:8} FAILED: {row['error']}"]
    total, kernels = row["total"], row["kernels"]
    lines = [
        f"{row['case']:22} {row['variant']:8} {len(kernels):>7} {total['time_us']:>10.1f} "
        f"{total['gb_per_s']:>8.1f} {row['max_abs_error']:>10.2e}"
    ]
    for k in kernels:
        lines.append(f"  {k['name']:28} {'':>7} {k['time_us']:>10.1f} {k['gb_per_s']:>8.1f}")
    return lines
