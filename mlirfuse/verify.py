"""Numeric verification of a transformation: run before and after, compare.

`verify(text, pipeline)` parses the module twice in a fresh context, applies
`pipeline` (any mlirfuse/upstream pipeline, default `mlirfuse-fuse`, or the
schedule's own plan: `--schedule gpu` plans as `mlirfuse compile`) to one
copy, lowers both with the CPU runner, feeds them the same inputs (given or
seeded random) and compares every result of the chosen function. Kernel counts
before and after come from `mlirfuse.metrics.count_kernels`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from mlir import ir

from mlirfuse.context import make_context
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import PipelineError, run_pipeline
from mlirfuse.runner.bf16 import is_bf16
from mlirfuse.runner.compare import default_tolerance, error_stats, noise_floor
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.errors import RunnerError, from_mlir_error
from mlirfuse.runner.inputs import checksum_line
from mlirfuse.runner.isolated import call_isolated
from mlirfuse.runner.lowering import load_module, location_of, select_function
from mlirfuse.runner.signature import FunctionSignature, function_signature, random_inputs

DEFAULT_PIPELINE = "builtin.module(mlirfuse-fuse)"
DEFAULT_SCHEDULE = "cpu"
# LLVM optimisation level of the original's JIT (the reference): verify
# compares numbers on small inputs; -O3 takes minutes on a big model's one
# function (gpt2_stack12: about 300 s, against 18 s at -O0). The schedules
# keep their own levels (cpu_check.OPT_LEVEL: loop allocas need -O2).
OPT_LEVEL = 0

# How the transformed function is executed: name -> "module:function", where
# function(text, func_name, arrays, source_name) -> list[np.ndarray] runs the
# transformed module's `func_name` on `arrays` on this machine. "cpu" is the
# plain CPU runner; a schedule that first turns the kernels into e.g.
# GPU-style tiled loops registers itself here (one line) and becomes
# `mlirfuse verify --schedule NAME`. The original always runs on "cpu".
SCHEDULES: dict[str, str] = {
    "cpu": "mlirfuse.verify:run_on_cpu",
    "gpu": "mlirfuse.gpu.verify_schedule:run_gpu_schedule",
}

ScheduleRunner = Callable[[str, str, Sequence[np.ndarray], str], list[np.ndarray]]

# What a schedule's back end does to a module before lowering it, applied when
# no pipeline is given: name -> "module:function", function(module, fuse) ->
# a description of what it did. "gpu": the fusion step of `mlirfuse compile`
# (its plan, not the default pipeline's), nothing at all with `fuse=False`
# (`--no-fuse`). A schedule without one gets DEFAULT_PIPELINE (or nothing).
SCHEDULE_PLANS: dict[str, str] = {"gpu": "mlirfuse.gpu.verify_schedule:plan_as_compile"}
NO_FUSION = "none (--no-fuse)"

SchedulePlan = Callable[[ir.Module, bool], str]


def run_on_cpu(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[np.ndarray]:
    """The "cpu" schedule: the plain CPU runner (cpu-llvm pipeline)."""
    with CompiledFunction(text, func_name, source_name=source_name) as compiled:
        return compiled(*arrays)


def schedule_runner(name: str) -> ScheduleRunner:
    """The runner registered as `name` in SCHEDULES."""
    target = SCHEDULES.get(name)
    if target is None:
        known = ", ".join(sorted(SCHEDULES))
        raise RunnerError(f"unknown schedule '{name}' (known: {known})")
    runner: ScheduleRunner = _registered(SCHEDULES, name)  # type: ignore[assignment]
    return runner


def _registered(table: dict[str, str], name: str) -> object:
    module_name, _, function_name = table[name].partition(":")
    return getattr(importlib.import_module(module_name), function_name)


@dataclass(frozen=True)
class ResultCheck:
    """One result of the function: original (reference) vs transformed."""

    index: int
    type_text: str
    max_abs_error: float
    max_rel_error: float
    tolerance: float
    # Max relative errors of the original's and the transformed result against
    # the exact (f32) results a 16-bit model's inputs may carry.
    exact_errors: tuple[float, float] | None = None

    @property
    def within_tolerance(self) -> bool:
        return self.max_rel_error <= self.tolerance

    @property
    def ok(self) -> bool:
        """Within tolerance of the original, or no farther from the exact
        results than the original: in 16 bits a top-k router or a threshold
        may flip on rounding alone, and a fused kernel that rounds less (an
        attention kernel's probabilities kept in f32) differs more from the
        original than the tolerance while nearer the exact answer."""
        if self.within_tolerance:
            return True
        return self.exact_errors is not None and self.exact_errors[1] <= self.exact_errors[0]

    def line(self) -> str:
        verdict = "ok" if self.ok else "FAIL"
        text = (
            f"result{self.index}: {self.type_text} max_abs_err={self.max_abs_error:.3e} "
            f"max_rel_err={self.max_rel_error:.3e} tolerance={self.tolerance:.0e}"
        )
        if self.exact_errors is not None:
            before, after = self.exact_errors
            text += f" vs exact: {before:.3e} before, {after:.3e} after"
            if self.ok and not self.within_tolerance:
                verdict = "ok (no farther from exact)"
        return f"{text} {verdict}"


@dataclass(frozen=True)
class VerifyReport:
    func_name: str
    pipeline: str
    inputs: str  # where the inputs came from: "seed 0", "given", ...
    kernels_before: int
    kernels_after: int
    results: tuple[ResultCheck, ...]
    schedule: str = DEFAULT_SCHEDULE
    # Checksums of results only the transformed function has (kept
    # intermediates of keep-intermediates): nothing to compare them with.
    extras: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def lines(self) -> list[str]:
        schedule = "" if self.schedule == DEFAULT_SCHEDULE else f", schedule {self.schedule}"
        head = [
            f"verify @{self.func_name}: pipeline {self.pipeline}{schedule}, inputs {self.inputs}",
            f"kernels: {self.kernels_before} before, {self.kernels_after} after",
        ]
        tail = ["verify: ok" if self.ok else "verify: FAILED (beyond tolerance)"]
        return head + [r.line() for r in self.results] + list(self.extras) + tail


def _transform(
    text: str, pipeline: str | None, ctx: ir.Context, source_name: str, schedule: str, fuse: bool
) -> tuple[ir.Module, str]:
    """The transformed module and what was done to it: `pipeline`, else the
    schedule's own plan (SCHEDULE_PLANS), else DEFAULT_PIPELINE (or nothing
    when `fuse` is False)."""
    module = load_module(text, ctx, source_name)
    if pipeline is None and schedule in SCHEDULE_PLANS:
        plan: SchedulePlan = _registered(SCHEDULE_PLANS, schedule)  # type: ignore[assignment]
        try:
            return module, plan(module, fuse)
        except ir.MLIRError as error:
            raise from_mlir_error(error, f"schedule '{schedule}': planning failed") from None
        except ValueError as error:
            raise RunnerError(f"schedule '{schedule}': planning failed: {error}") from None
    if pipeline is None and not fuse:
        return module, NO_FUSION
    pipeline = pipeline or DEFAULT_PIPELINE
    try:
        run_pipeline(module, pipeline)
    except PipelineError as error:
        raise RunnerError(f"bad pass pipeline: {error}") from None
    except ir.MLIRError as error:
        raise from_mlir_error(error, f"pipeline '{pipeline}' failed") from None
    return module, pipeline


def verify(
    module_text: str,
    pipeline: str | None = None,
    inputs: Sequence[np.ndarray] | None = None,
    seed: int = 0,
    rtol: float | None = None,
    *,
    func_name: str | None = None,
    source_name: str = "<input>",
    isolated: bool = False,
    schedule: str = DEFAULT_SCHEDULE,
    fuse: bool = True,
    exact: Mapping[int, np.ndarray] | None = None,
) -> VerifyReport:
    """Run `func_name` before and after `pipeline` on the same inputs.

    Without `pipeline`: the schedule's own plan when it has one (SCHEDULE_PLANS:
    "gpu" plans as `mlirfuse compile`), else DEFAULT_PIPELINE; `fuse=False`
    then transforms nothing (`--no-fuse`: one kernel per op).
    `rtol` replaces the default relative tolerance of floating-point results
    (1e-5 f32, 1e-12 f64); integer and boolean results always compare exactly.
    `isolated=True` does all of it in a child process (see call_isolated).
    `schedule` names how the transformed function runs (see SCHEDULES).
    `exact` (result index -> array): a 16-bit model's results computed in
    f32; a result beyond tolerance passes if no farther from them than the
    original's (`ResultCheck.ok`).
    """
    if pipeline is not None and not fuse:
        raise RunnerError("a pass pipeline and no fusion (--no-fuse) exclude each other")
    if isolated:
        return call_isolated(
            verify, module_text, pipeline, inputs, seed, rtol,
            func_name=func_name, source_name=source_name, schedule=schedule, fuse=fuse,
            exact=exact,
        )  # fmt: skip
    run_after = schedule_runner(schedule)
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        original = load_module(module_text, ctx, source_name)
        func = select_function(original, func_name, source_name)
        signature = function_signature(func, location_of(func))
        transformed, done = _transform(module_text, pipeline, ctx, source_name, schedule, fuse)
        after = _after_transform(transformed, signature)
        kernels = (count_kernels(original, signature.name), count_kernels(transformed, after.name))
        transformed_text = transformed.operation.get_asm(enable_debug_info=True)
    arrays = list(inputs) if inputs is not None else random_inputs(signature, seed)
    with CompiledFunction(
        module_text, signature.name, source_name=source_name, opt_level=OPT_LEVEL
    ) as before:
        expected = before(*arrays)
    actual = run_after(transformed_text, signature.name, arrays, source_name)
    if len(actual) != len(after.results):
        raise RunnerError(
            f"schedule '{schedule}' returned {len(actual)} result(s) for {len(after.results)}",
            signature.location,
        )
    floor = noise_floor(expected)
    checks = tuple(
        _check(i, spec.type_text, got, want, rtol, (exact or {}).get(i), floor)
        for i, (spec, got, want) in enumerate(
            zip(signature.results, actual, expected, strict=False)
        )
    )
    extras = tuple(
        "extra " + checksum_line(i, spec.type_text, actual[i])
        for i, spec in enumerate(after.results)
        if i >= len(expected)
    )
    origin = "given" if inputs is not None else f"seed {seed}"
    return VerifyReport(signature.name, done, origin, *kernels, checks, schedule, extras)


def _after_transform(module: ir.Module, before: FunctionSignature) -> FunctionSignature:
    """The transformed function's signature, after checking that the pipeline
    kept the function, its arguments and its results (extra results after them
    are allowed: kept intermediates); else there is nothing to compare."""
    try:
        func = select_function(module, before.name, "the transformed module")
        after = function_signature(func, location_of(func))
    except RunnerError as error:
        raise RunnerError(
            f"the pipeline changed the signature of @{before.name}, cannot compare: {error.message}",
            before.location,
        ) from None
    kept_results = after.results[: len(before.results)]
    if (before.args, before.results) != (after.args, kept_results):
        raise RunnerError(
            f"the pipeline changed the signature of @{before.name}, cannot compare",
            before.location,
        )
    return after


def _check(
    index: int,
    type_text: str,
    actual: np.ndarray,
    expected: np.ndarray,
    rtol: float | None,
    exact: np.ndarray | None,
    floor: float = 0.0,
) -> ResultCheck:
    if not (expected.dtype.kind == "f" or is_bf16(expected)):
        floor = 0.0  # integers and booleans compare exactly
    stats = error_stats(actual, expected, floor)
    tolerance = default_tolerance(expected.dtype)
    if rtol is not None and (expected.dtype.kind == "f" or is_bf16(expected)):
        tolerance = rtol
    errors = None
    if exact is not None and np.shape(exact) == np.shape(expected):
        errors = (
            error_stats(expected, exact, floor).max_rel,
            error_stats(actual, exact, floor).max_rel,
        )
    return ResultCheck(index, type_text, stats.max_abs, stats.max_rel, tolerance, errors)


def verify_all(cases: Sequence[tuple[str, str]], seed: int = 0) -> list[VerifyReport]:
    """`verify(text, pipeline, seed=seed)` for each (text, pipeline), in this
    process: callers wrap it in `call_isolated`, so one compiler abort cannot
    end them, paying for one child process instead of one per case."""
    return [verify(text, pipeline, seed=seed) for text, pipeline in cases]
