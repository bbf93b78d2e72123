"""`mlirfuse verify --schedule gpu`: the GPU schedule, run on the CPU, against
the untransformed function.

The reference is the original function through the CPU runner; the checked
version is the module after `pipeline` (default `mlirfuse-fuse`), tiled by the
GPU lowering's stage-1 script (blocks, fusion, threads, split reductions) and
run with its `scf.forall` loops made sequential (`cpu_check`). The report is
the runner engineer's `VerifyReport`, so the command prints it the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from mlir import ir

from mlirfuse.context import make_context
from mlirfuse.runner.compare import default_tolerance, error_stats
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.errors import RunnerError
from mlirfuse.runner.isolated import call_isolated
from mlirfuse.runner.lowering import load_module, location_of, select_function
from mlirfuse.runner.signature import function_signature, random_inputs
from mlirfuse.verify import ResultCheck, VerifyReport


def _check(
    index: int, type_text: str, got: np.ndarray, want: np.ndarray, rtol: float | None
) -> ResultCheck:
    stats = error_stats(got, want)
    tolerance = (
        rtol if rtol is not None and want.dtype.kind == "f" else default_tolerance(want.dtype)
    )
    return ResultCheck(index, type_text, stats.max_abs, stats.max_rel, tolerance)


def verify_gpu_schedule(
    module_text: str,
    pipeline: str,
    inputs: Sequence[np.ndarray] | None = None,
    seed: int = 0,
    rtol: float | None = None,
    *,
    func_name: str | None = None,
    source_name: str = "<input>",
    isolated: bool = False,
) -> VerifyReport:
    """Original function vs its GPU schedule (on the CPU), same inputs."""
    if isolated:
        return call_isolated(
            verify_gpu_schedule, module_text, pipeline, inputs, seed, rtol,
            func_name=func_name, source_name=source_name,
        )  # fmt: skip
    from mlirfuse.gpu.cpu_check import run_schedule_on_cpu

    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        original = load_module(module_text, ctx, source_name)
        func = select_function(original, func_name, source_name)
        signature = function_signature(func, location_of(func))
    arrays = list(inputs) if inputs is not None else random_inputs(signature, seed)
    with CompiledFunction(module_text, signature.name, source_name=source_name) as before:
        expected = before(*arrays)
    try:
        actual, kernels = run_schedule_on_cpu(
            module_text, arrays, source_name, pipeline=pipeline, func_name=signature.name
        )
    except Exception as error:  # a located LoweringError or a pipeline error
        raise RunnerError(f"GPU schedule failed: {error}") from None
    checks = tuple(
        _check(i, spec.type_text, got, want, rtol)
        for i, (spec, got, want) in enumerate(zip(signature.results, actual, expected, strict=True))
    )
    origin = "given" if inputs is not None else f"seed {seed}"
    before_kernels = _count(module_text, signature.name, source_name)
    return VerifyReport(
        signature.name, f"{pipeline} + GPU schedule", origin, before_kernels, kernels, checks
    )


def _count(text: str, name: str, source_name: str) -> int:
    from mlirfuse.metrics import count_kernels

    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        return count_kernels(load_module(text, ctx, source_name), name)


def run_gpu_schedule(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[np.ndarray]:
    """A schedule runner for `mlirfuse.verify.SCHEDULES` ("gpu"): `text` is
    the transformed module (groups already formed); its GPU schedule runs on
    the CPU without fusing again."""
    results, _ = run_gpu_schedule_with_count(text, func_name, arrays, source_name)
    return results


def run_gpu_schedule_with_count(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> tuple[list[np.ndarray], int]:
    from mlirfuse.gpu.cpu_check import run_schedule_on_cpu

    return run_schedule_on_cpu(text, arrays, source_name, fuse=False, func_name=func_name)
