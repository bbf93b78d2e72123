"""Differential check: fuse each function under each configuration, verify it,
run it on the CPU and compare with the unfused original.

Everything here runs in one process; `mlirfuse.fuzz.worker` wraps it in a
subprocess so that an abort inside MLIR (the bindings are built with
assertions) kills a worker, not the campaign.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.fuzz.execute import CompiledModule
from mlirfuse.fuzz.program import NUMPY_DTYPES, Program
from mlirfuse.fuzz.render import render_module

# Each configuration is one pipeline: every search, and each pattern switch off.
DEFAULT_CONFIGS = (
    "builtin.module(mlirfuse-fuse{search=greedy})",
    "builtin.module(mlirfuse-fuse{search=dp})",
    "builtin.module(mlirfuse-fuse{search=auto})",
    "builtin.module(mlirfuse-fuse{search=greedy elementwise=false})",
    "builtin.module(mlirfuse-fuse{search=auto siblings=false horizontal-contraction=false})",
    "builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})",
    "builtin.module(mlirfuse-fuse{search=greedy contraction-epilogue=false recompute=always})",
    "builtin.module(mlirfuse-fuse{search=greedy recompute=never max-operands=3})",
    "builtin.module(mlirfuse-fuse{search=greedy independent=true})",
    "builtin.module(mlirfuse-fuse{search=dp max-operands=4})",
    "builtin.module(mlirfuse-fuse{search=auto keep-intermediates=all})",
)
QUICK_CONFIGS = DEFAULT_CONFIGS[:3]
# Which configurations' output is fused again (the idempotence check): True,
# every one but keep-intermediates (its kept values become new results, which
# a second run keeps again); a sequence, those it names; False, none.
Idempotence = bool | Sequence[str]
# The finer passes alone, and fusing fused IR again (--extended).
EXTENDED_CONFIGS = (
    *DEFAULT_CONFIGS,
    "builtin.module(mlirfuse-fuse-elementwise)",
    "builtin.module(mlirfuse-fuse-siblings)",
    "builtin.module(mlirfuse-form-groups)",
    "builtin.module(mlirfuse-horizontal-contraction)",
    "builtin.module(mlirfuse-group-independent)",
    "builtin.module(mlirfuse-fuse{search=auto},mlirfuse-fuse{search=greedy})",
)

# Statuses that are bugs; "ok", "rejected" (a clean diagnostic on a dynamic
# shape) and "unavailable" (the build lacks that pass or option) are not.
FAILURES = (
    "mismatch",
    "not-idempotent",
    "side-effects",
    "fuse-error",
    "exception",
    "verify-error",
    "signature",
    "lower-error",
    "crash",
)
Shape = tuple[tuple[int, ...], str]  # (shape, numpy dtype name)
Variant = tuple[Program, int, str, list[Shape]]  # program, config index, function, extra results
TOLERANCE = {"f32": 1e-5, "f64": 1e-12, "i32": 0.0}


@dataclass
class Outcome:
    program: str
    config: str
    status: str
    detail: str = ""

    def to_json(self) -> dict[str, str]:
        return asdict(self)


def make_inputs(program: Program) -> list[np.ndarray]:
    """Deterministic inputs: a function of the program's name and argument."""
    arrays = []
    for arg in program.args:
        rng = np.random.default_rng(
            [zlib.crc32(program.name.encode()), zlib.crc32(arg.name.encode())]
        )
        if arg.elem == "i32":
            arrays.append(rng.integers(-8, 9, size=arg.shape).astype(np.int32))
        else:
            arrays.append(rng.uniform(-1.0, 1.0, size=arg.shape).astype(NUMPY_DTYPES[arg.elem]))
    return arrays


def compare(ref: np.ndarray, got: np.ndarray, elem: str) -> str:
    """'' when `got` matches `ref` under the tolerance of `elem`, else why not."""
    if ref.shape != got.shape:
        return f"shape {got.shape} != {ref.shape}"
    if elem == "i32":
        wrong = int(np.count_nonzero(ref != got))
        return f"{wrong} integer elements differ" if wrong else ""
    if not np.array_equal(np.isnan(ref), np.isnan(got)):
        return "NaN positions differ"
    finite = ~np.isnan(ref)
    scale = float(np.max(np.abs(ref[finite]), initial=0.0)) or 1.0
    error = float(np.max(np.abs(ref[finite] - got[finite]), initial=0.0))
    if error > TOLERANCE[elem] * scale or not np.isfinite(error):
        return f"max abs error {error:.3e} > {TOLERANCE[elem]:g} x max|ref| {scale:.3e}"
    return ""


def fuse_function(
    ctx: ir.Context, text: str, config: str, program: Program
) -> tuple[ir.Module, ir.Operation | None, Outcome | None]:
    """Parse one function, run `config` on it, verify. Returns the module (keep
    it alive until the function is moved out: the module owns it) and the fused
    func.func, or an Outcome saying why there is none."""
    from mlirfuse.pipeline import PipelineError, run_pipeline

    module = parse_module(text, ctx, f"{program.name}.mlir")
    try:
        run_pipeline(module, config)
    except PipelineError as error:
        return module, None, Outcome(program.name, config, "unavailable", str(error))
    except ir.MLIRError as error:
        status = "rejected" if program.is_dynamic else "fuse-error"
        return module, None, Outcome(program.name, config, status, _diagnostic_text(error))
    except Exception as error:  # a Python traceback out of a pass is a bug
        return (
            module,
            None,
            Outcome(program.name, config, "exception", f"{type(error).__name__}: {error}"),
        )
    if not module.operation.verify():
        return module, None, Outcome(program.name, config, "verify-error", "op.verify() failed")
    funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
    if len(funcs) != 1:
        return module, None, Outcome(program.name, config, "signature", f"{len(funcs)} functions")
    return module, funcs[0].operation, None


def _diagnostic_text(error: ir.MLIRError) -> str:
    lines = [str(d) for d in error.error_diagnostics] or [str(error)]
    return "; ".join(lines)[:500]


def _signature(func: ir.Operation) -> str:
    return str(ir.TypeAttr(func.attributes["function_type"]).value)


class _Unrunnable(Exception):
    """A fused variant that is valid but that the harness cannot call."""


def _extra_results(func: ir.Operation, ref: ir.Operation, config: str) -> list[Shape] | None:
    """Shapes of the results a fused function adds, or None when its signature
    is not the original's. Only `keep-intermediates` may add results (kept
    values are appended to the function's results, docs/dialect.md)."""
    fused_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    ref_type = ir.FunctionType(ir.TypeAttr(ref.attributes["function_type"]).value)
    fused_results, ref_results = list(fused_type.results), list(ref_type.results)
    if [str(t) for t in fused_type.inputs] != [str(t) for t in ref_type.inputs]:
        return None
    if [str(t) for t in fused_results[: len(ref_results)]] != [str(t) for t in ref_results]:
        return None
    extra = fused_results[len(ref_results) :]
    if extra and "keep-intermediates" not in config:
        return None
    shapes: list[Shape] = []
    for t in extra:
        tensor = ir.RankedTensorType(t)
        if not tensor.has_static_shape:
            raise _Unrunnable("kept results with dynamic shapes cannot be given buffers")
        dtype = NUMPY_DTYPES.get(str(tensor.element_type), "float32")
        shapes.append((tuple(tensor.shape), dtype))
    return shapes


def refuse_again(
    ctx: ir.Context, module: ir.Module, config: str, program: Program
) -> Outcome | None:
    """Run `config` on its own output: idempotent fusion changes nothing."""
    from mlirfuse.pipeline import run_pipeline

    once = str(module)
    again = parse_module(once, ctx, f"{program.name}.fused.mlir")
    try:
        run_pipeline(again, config)
    except Exception as error:
        return Outcome(
            program.name, config, "not-idempotent", f"fusing again failed: {error}"[:400]
        )
    if str(again) != once:
        return Outcome(program.name, config, "not-idempotent", "fusing the fused IR changed it")
    return None


def fused_again(config: str, idempotence: Idempotence) -> bool:
    """Whether the idempotence check runs `config` on its own output."""
    if isinstance(idempotence, bool):
        return idempotence and "keep-intermediates" not in config
    return config in idempotence


def check_batch(
    programs: Sequence[Program], configs: Sequence[str], idempotence: Idempotence = False
) -> list[Outcome]:
    """Check every program under every config; one JIT compile per batch. The
    configurations `idempotence` selects (`fused_again`) also run on their own
    output."""
    # No `with ctx`: passes must run as the driver runs them, without a
    # default context or location (a pass relying on one is a bug to find).
    ctx = make_context()
    outcomes: list[Outcome] = []
    texts = {p.name: render_module([p]) for p in programs}
    combined = parse_module(render_module(list(programs)), ctx, "fuzz-batch.mlir")
    ref_funcs = {
        op.operation.attributes["sym_name"].value: op.operation for op in combined.body.operations
    }
    originals = {name: str(func) for name, func in ref_funcs.items()}
    variants: list[Variant] = []
    compiled_as: dict[str, str] = {}  # fused text -> the function compiled for it
    for j, config in enumerate(configs):
        for program in programs:
            holder, func, failed = fuse_function(ctx, texts[program.name], config, program)
            if failed is not None:
                outcomes.append(failed)
                continue
            assert func is not None
            repeat = None
            if fused_again(config, idempotence):
                repeat = refuse_again(ctx, holder, config, program)
            if repeat is not None:
                outcomes.append(repeat)
            try:
                extra = _extra_results(func, ref_funcs[program.name], config)
            except _Unrunnable as why:
                outcomes.append(Outcome(program.name, config, "unchecked", str(why)))
                continue
            if extra is None:
                outcomes.append(Outcome(program.name, config, "signature", _signature(func)))
                continue
            # Identical fused functions (configurations often agree) are compiled
            # once; JIT compilation is most of the cost of a case.
            text = str(func)
            asserts = (text.count("cf.assert"), originals[program.name].count("cf.assert"))
            if asserts[0] != asserts[1]:
                detail = f"{asserts[0]} cf.assert after fusion, {asserts[1]} before"
                outcomes.append(Outcome(program.name, config, "side-effects", detail))
                continue
            if text == originals[program.name]:
                outcomes.append(Outcome(program.name, config, "ok", "unchanged by fusion"))
                continue
            if text not in compiled_as:
                compiled_as[text] = f"{program.name}__c{j}"
                func.attributes["sym_name"] = ir.StringAttr.get(compiled_as[text], context=ctx)
                combined.body.append(func)
            del holder
            variants.append((program, j, compiled_as[text], extra))
    outcomes += _run_and_compare(combined, programs, configs, variants)
    return outcomes


def _run_and_compare(
    module: ir.Module,
    programs: Sequence[Program],
    configs: Sequence[str],
    variants: list[Variant],
) -> list[Outcome]:
    try:
        compiled = CompiledModule(module)
    except ir.MLIRError as error:
        if len(variants) == 0:
            raise
        # Attribute the failure: one program (all its variants) at a time.
        detail = _diagnostic_text(error)
        return [Outcome(p.name, configs[j], "lower-error", detail) for p, j, _, _ in variants]
    outcomes = []
    try:
        for program in programs:
            values = program.values()
            shapes = [(values[r].shape, NUMPY_DTYPES[values[r].elem]) for r in program.results]
            elems = [values[r].elem for r in program.results]
            inputs = make_inputs(program)
            reference = compiled.call(program.name, inputs, shapes)
            for prog, j, name, extra in variants:
                if prog is not program:
                    continue
                got = compiled.call(name, inputs, shapes + extra)[: len(shapes)]
                why = [compare(r, g, e) for r, g, e in zip(reference, got, elems, strict=True)]
                bad = [f"result {i}: {w}" for i, w in enumerate(why) if w]
                status = "mismatch" if bad else "ok"
                outcomes.append(Outcome(program.name, configs[j], status, "; ".join(bad)))
    finally:
        compiled.close()
    return outcomes
