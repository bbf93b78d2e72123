"""One model, one stage: the figures of a row of the zoo table.

Every stage parses the model afresh and returns a JSON-ready dict; the one
thing stages of a child share is the fuse pass's output per search
(`fused`), so numerics, deterministic and idempotent do not fuse again what
the fuse stage fused (deterministic's second run is always a fresh one); a failure is raised as `StageError` with one
located line (`FILE:LINE:COL: error: ...` where a location is known). Stages
run in a child process (`mlirfuse.zoo.child`): the bindings can abort.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

import numpy as np
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import ptx, sizes
from mlirfuse.gpu.manifest_check import check_manifest
from mlirfuse.locations import format_location
from mlirfuse.metrics import launched_traffic, module_traffic
from mlirfuse.passes.fuse import FusePass
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.compare import default_tolerance, error_stats, noise_floor
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.errors import RunnerError
from mlirfuse.runner.inputs import load_npz
from mlirfuse.source import SourceError, read_source

# As the team runs upstream fusion (bench/kernel_counts.py): named ops
# generalized first, so elementwise producers can fuse into contractions.
UPSTREAM = "builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops))"
SEARCHES = ("greedy", "dp", "auto")
# Relative error (to max |ref|) allowed against PyTorch: f32 as tests/test_workloads_run.py
# (PyTorch sums in another order); other types the runner's own (f16 1e-2, bf16 8e-2).
TOLERANCE = {"f64": 1e-10, "f32": 1e-4}
CHIP_TARGETS = {"sm_80": "a100", "sm_90": "h200"}
# `mlirfuse compile --no-fuse`: every linalg op its own kernel (stage -> chip).
UNFUSED_PTX = {f"{chip}-unfused": chip for chip in CHIP_TARGETS}
PTX_STAGES = (*CHIP_TARGETS, *UNFUSED_PTX)
COMPILE_TIMEOUT_S = 900

Result = dict[str, object]


class StageError(Exception):
    """A stage failed; the message is one located line."""


def located(error: BaseException, source: Path) -> str:
    """One `FILE:LINE:COL: error: ...` line for any failure of a stage."""
    if isinstance(error, StageError):
        return str(error)
    if isinstance(error, RunnerError):
        return error.diagnostic().splitlines()[0]
    if isinstance(error, ir.MLIRError) and error.error_diagnostics:
        first = error.error_diagnostics[0]
        where = format_location(first.location) or str(source)
        return f"{where}: error: {first.message.splitlines()[0]}"
    message = (str(error).strip().splitlines() or [""])[0]
    return f"{source}: error: {type(error).__name__}: {message}"


def load(source: Path, ctx: ir.Context) -> ir.Module:
    try:
        text, name = read_source(str(source))
    except SourceError as error:
        raise StageError(str(error)) from None
    return parse_module(text, ctx, name)


def _with_module(source: Path, body: Callable[[ir.Module], Result]) -> Result:
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        return body(load(source, ctx))


def _figures(module: ir.Module) -> Result:
    traffic = module_traffic(module)
    return {"kernels": traffic.kernels, "bytes": traffic.bytes}


def linalg_ops(module: ir.Module) -> int:
    """Linalg structured ops of the model as given (fills included)."""
    count = 0

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal count
        name = op.name
        count += name.startswith("linalg.") and name not in ("linalg.yield", "linalg.index")
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return count


def stage_unfused(source: Path) -> Result:
    def body(module: ir.Module) -> Result:
        traffic = module_traffic(module)
        return _figures(module) | {
            "linalg_ops": linalg_ops(module),
            "compulsory_bytes": traffic.compulsory_bytes,
            "dtype": element_type(module),
        }

    return _with_module(source, body)


def stage_upstream(source: Path) -> Result:
    def body(module: ir.Module) -> Result:
        run_pipeline(module, UPSTREAM)
        return _figures(module)

    return _with_module(source, body)


@dataclass(frozen=True)
class Fused:
    """One run of `mlirfuse-fuse{search=...}` on a model, printed."""

    located: str  # with its locations
    plain: str  # without
    figures: Result


def fuse_once(source: Path, search: str) -> Fused:
    """`mlirfuse-fuse{search=...}` on the model; its figures with the J of the
    plan the pass executed (None for greedy's, which a rewrite does not price)."""

    def body(module: ir.Module) -> Result:
        plan = FusePass.from_options({"search": search}).fuse(module.operation)
        return {
            "fused": Fused(
                module.operation.get_asm(enable_debug_info=True),
                module.operation.get_asm(enable_debug_info=False),
                _figures(module) | {"J": plan.cost() if plan else None},
            )
        }

    fused = _with_module(source, body)["fused"]
    assert isinstance(fused, Fused)
    return fused


# The stages of one child share each model's fuse per search.
fused = cache(fuse_once)


def fused_text(source: Path, search: str, locations: bool = True) -> str:
    """The model after `mlirfuse-fuse{search=...}`, printed (with its locations)."""
    run = fused(source, search)
    return run.located if locations else run.plain


def stage_fuse(source: Path, search: str) -> Result:
    return fused(source, search).figures


def stage_greedy_cost(source: Path) -> Result:
    """J of the rule heuristic's plan, priced by the cost model: what dp's and
    auto's plans may not exceed (they start from it as an upper bound)."""
    fuse_pass = FusePass.from_options({"search": "greedy"})
    return _with_module(source, lambda module: {"J": fuse_pass.plan(module.operation).cost()})


def element_type(module: ir.Module) -> str:
    """The element type of the model's (first) result, e.g. "f32"."""
    for op in module.body.operations:
        if op.operation.name == "func.func":
            function_type = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
            return str(ir.ShapedType(function_type.results[0]).element_type)
    raise StageError(f"{module.operation.location}: error: no function")


def stage_numerics(source: Path) -> Result:
    """The auto-fused model on the CPU runner against PyTorch's `ref`: every
    result with a reference (`ref`, `ref1`, ...: a training step's loss and
    gradients), the cell that of the result farthest out of its tolerance."""
    text = fused_text(source, "auto")
    dtype = _with_module(source, lambda m: {"dtype": element_type(m)})["dtype"]
    npz = load_npz(str(source.with_suffix(".npz")))
    if not npz.refs:
        raise StageError(f"{source.with_suffix('.npz')}: error: no `ref` array")
    with CompiledFunction(text, None, source_name=str(source)) as compiled:
        results = compiled(*npz.args)
    cells = []
    floor = noise_floor([np.asarray(ref) for ref in npz.refs.values()])
    for index, ref in sorted(npz.refs.items()):
        if index >= len(results):
            raise StageError(f"{source}: error: `ref{index}` but {len(results)} results")
        # Result 0 in the function's element type (its table); others by their own type.
        kind = str(dtype) if index == 0 else NUMPY_TYPES.get(results[index].dtype.name, "")
        cells.append(_numerics(results[index], np.asarray(ref), npz.exact.get(index), kind, floor))
    worst = max(cells, key=_badness)
    return worst | {"dtype": dtype, "results": len(cells)}


def _badness(cell: Result) -> tuple[bool, float]:
    """Failed first, then by error over tolerance."""
    error, tolerance = cell["max_rel"], cell["tolerance"]
    assert isinstance(error, float) and isinstance(tolerance, float)
    return not cell["ok"], error / (tolerance or 1.0)


NUMPY_TYPES = {"float32": "f32", "float64": "f64"}


def _numerics(
    got: np.ndarray, ref: np.ndarray, exact: np.ndarray | None, kind: str, floor: float
) -> Result:
    """One result against PyTorch's `ref` (and a 16-bit model's f32 `exact`),
    relative to no less than `floor` (`compare.noise_floor`: a zero gradient)."""
    stats = error_stats(got, ref, floor)
    tolerance = TOLERANCE.get(kind, default_tolerance(got.dtype))
    ok = stats.within(tolerance)
    found: Result = {"max_rel": stats.max_rel, "tolerance": tolerance, "ok": ok}
    if exact is not None:  # a 16-bit model: PyTorch's rounding is no law (`verify.ResultCheck.ok`)
        ours, theirs = (error_stats(r, exact, floor).max_rel for r in (got, ref))
        found |= {"exact_rel": ours, "ref_exact_rel": theirs, "ok": ok or ours <= theirs}
    return found


def stage_deterministic(source: Path) -> Result:
    """Fusing twice prints the same IR."""
    first = fused_text(source, "auto", locations=False)
    return {"deterministic": fuse_once(source, "auto").plain == first}


def stage_idempotent(source: Path) -> Result:
    """Fusing the fused IR again changes nothing."""
    first = fused_text(source, "auto", locations=False)
    with tempfile.TemporaryDirectory(prefix="mlirfuse-zoo-") as tmp:
        again = Path(tmp) / source.name
        again.write_text(first)
        return {"idempotent": fuse_once(again, "auto").plain == first}


_ASSERTION = re.compile(r"([\w.]+:\d+): .*?(Assertion `.*' failed)")


def crash_detail(stderr: str) -> str:
    """What a crashed process said last: a failed assertion (with its C++ file)
    or an LLVM ERROR; "" when it said neither."""
    for line in stderr.splitlines():
        if match := _ASSERTION.search(line):
            return f"{match[1]}: {match[2]}"
        if "LLVM ERROR" in line:
            return line[line.index("LLVM ERROR") :].strip()
    return ""


def first_error_line(stderr: str, fallback: str) -> str:
    """The first `error:` line; a crash's assertion appended when there is one."""
    line = next((ln.strip() for ln in stderr.splitlines() if "error:" in ln), fallback)
    detail = crash_detail(stderr)
    return f"{line}: {detail}" if detail and "internal error" in line else line


def _launched(manifest: dict[str, object], source: Path) -> Result:
    """Kernels and bytes of what launches; a dynamic model's bytes at the
    shapes of its example inputs (`NAME.npz`), marked `at_inputs`."""
    launched = launched_traffic(manifest)
    if launched.bytes is not None or not source.with_suffix(".npz").is_file():
        return {"kernels": launched.kernels, "bytes": launched.bytes}
    shapes = [a.shape for a in load_npz(str(source.with_suffix(".npz"))).args]

    def size_of(size: object) -> int | None:
        try:
            return sizes.evaluate(size, shapes)
        except (sizes.UnknownSize, IndexError, KeyError, TypeError):
            return None

    at_inputs = launched_traffic(manifest, size_of)
    return {"kernels": launched.kernels, "bytes": at_inputs.bytes, "at_inputs": True}


def stage_ptx(source: Path, chip: str, fuse: bool = True) -> Result:
    """`mlirfuse compile` for `chip` in a child (`--no-fuse` unless `fuse`):
    its `.entry` count, the kernels and bytes its manifest launches; ptxas's
    registers, smem, spills."""
    with tempfile.TemporaryDirectory(prefix="mlirfuse-zoo-") as tmp:
        output = Path(tmp) / "kernels.ptx"
        command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(source)]
        command += ["--chip", chip, "--target", CHIP_TARGETS[chip], "-o", str(output)]
        command += [] if fuse else ["--no-fuse"]
        command += ["--jobs", "1"]  # the zoo runs models in parallel already
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired:
            raise StageError(f"{source}: error: mlirfuse compile timed out") from None
        if done.returncode != 0 or not output.is_file():
            fallback = f"{source}: error: mlirfuse compile exited with status {done.returncode}"
            raise StageError(first_error_line(done.stderr, fallback))
        text = output.read_text()
        manifest = json.loads(output.with_suffix(".json").read_text())
    result: Result = {
        "rc": done.returncode,
        "kernels": len(ptx.entry_names(text)),
        # What launches, by the launch manifest (`mlirfuse.metrics.launched_traffic`).
        "launched": _launched(manifest, source),
        # The manifest against the PTX (`gpu/manifest_check.py`): each problem a line.
        "manifest_errors": check_manifest(manifest, text),
    }
    if ptx.find_ptxas() is None:
        return result | {"ptxas": "not found"}
    try:
        rows = ptx.run_ptxas(text, chip)
    except ptx.PtxasError as error:
        raise StageError(f"{source}: error: ptxas rejected the PTX: {str(error)[:200]}") from None
    return result | {
        "registers": max((r.registers for r in rows), default=0),
        "smem": max((r.shared for r in rows), default=0),
        "spills": sum(r.spills for r in rows),
    }


MAX_REL = re.compile(r"max_rel_err=(\S+)")
VERIFY_TIMEOUT_S = 900


def stage_gpu_verify(source: Path, fuse: bool = True) -> Result:
    """`mlirfuse verify --schedule gpu` with the model's inputs, in a child:
    the plan `mlirfuse compile` builds (or `--no-fuse`), each kernel run
    under its GPU schedule on the CPU against the model as exported."""
    command = [sys.executable, "-m", "mlirfuse.cli", "verify", str(source), "--schedule", "gpu"]
    command += ["--inputs", str(source.with_suffix(".npz"))] + ([] if fuse else ["--no-fuse"])
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=VERIFY_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired:
        raise StageError(f"{source}: error: mlirfuse verify timed out") from None
    if done.returncode != 0 or "verify: ok" not in done.stdout:
        fallback = f"{source}: error: mlirfuse verify exited with status {done.returncode}"
        raise StageError(first_error_line(done.stderr + done.stdout, fallback))
    errors = [float(m) for m in MAX_REL.findall(done.stdout)]
    return {"ok": True, "max_rel": max(errors, default=0.0)}


STAGES: dict[str, Callable[[Path], Result]] = {
    "unfused": stage_unfused,
    "upstream": stage_upstream,
    **{search: partial(stage_fuse, search=search) for search in SEARCHES},
    "greedy-cost": stage_greedy_cost,
    "numerics": stage_numerics,
    "deterministic": stage_deterministic,
    "idempotent": stage_idempotent,
    **{chip: partial(stage_ptx, chip=chip) for chip in CHIP_TARGETS},
    **{stage: partial(stage_ptx, chip=chip, fuse=False) for stage, chip in UNFUSED_PTX.items()},
    "gpu-verify": stage_gpu_verify,
    "gpu-verify-unfused": partial(stage_gpu_verify, fuse=False),
}
GPU_VERIFY_STAGES = ("gpu-verify", "gpu-verify-unfused")


def run_stage(name: str, source: Path) -> Result:
    """`STAGES[name](source)` with its time; a failure becomes {"error": line}."""
    began = time.perf_counter()
    try:
        result = STAGES[name](source)
    except Exception as error:  # every failure is that model's cell, never a traceback
        result = {"error": located(error, source)}
    return result | {"seconds": round(time.perf_counter() - began, 2)}
