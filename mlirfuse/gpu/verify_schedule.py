"""`mlirfuse verify --schedule gpu`: the GPU schedule, run on the CPU.

Registered as "gpu" in `mlirfuse.verify.SCHEDULES` (the runner's extension
point): `mlirfuse verify` runs the original function on the CPU runner,
transforms a copy (a given `--pass-pipeline`, else `plan_as_compile`: the plan
`mlirfuse compile` builds, or nothing with `--no-fuse`), and hands the
transformed module to `run_gpu_schedule`, which splits it into the kernel units compile lowers and
runs each under its GPU schedule (`cpu_units.py`: the stage-1 script's blocks,
fusion, threads and split reductions, `scf.forall` loops made sequential),
or, where the units cannot run one by one (dynamic shapes), tiles the whole
module at once (`cpu_check.run_schedule_on_cpu`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from mlir import ir

from mlirfuse.gpu import lowerability

# `verify --schedule gpu` loads this module before it runs the pipeline: the
# planning it checks is the GPU back end's (its lowerability joins legality).
lowerability.register()


def plan_as_compile(module: ir.Module, fuse: bool) -> str:
    """What `mlirfuse compile` does to `module` before lowering it (its
    default target, h200): hand-written groups checked, then with `fuse` its
    fusion step (`compile_job.fuse`: 16-bit contraction operands narrowed,
    `mlirfuse-fuse{target=h200 search=auto}` with this back end's
    lowerability); without (`--no-fuse`) only the rewrites that give an op
    with no lowering between kernels a kernel (`before_fusion.host_ops_to_kernels`).
    Returns what it did."""
    from mlirfuse.gpu import compile_job
    from mlirfuse.gpu.before_fusion import host_ops_to_kernels

    compile_job.check_groups(module)
    if not fuse:
        host_ops_to_kernels(module)
        return "none (--no-fuse, as mlirfuse compile --no-fuse)"
    compile_job.fuse(module, "h200")
    step = compile_job.FUSE_PIPELINE.format(target="h200", extra="")
    return f"builtin.module({step}) (as mlirfuse compile)"


def run_gpu_schedule(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[np.ndarray]:
    """Run `func_name` of the transformed module `text` (groups already
    formed: no fusion again) under its GPU schedule, on the CPU."""
    from mlirfuse.gpu.cpu_check import run_schedule_on_cpu
    from mlirfuse.gpu.cpu_units import run_units_on_cpu
    from mlirfuse.gpu.lower import LoweringError
    from mlirfuse.runner.errors import RunnerError

    try:
        # Kernel unit by kernel unit, as compile lowers them; the whole
        # module at once where the units cannot be run one by one here.
        results = run_units_on_cpu(text, func_name, arrays, source_name)
        if results is None:
            shapes = _result_shapes(text, func_name, arrays, source_name)
            results, _ = run_schedule_on_cpu(
                text, arrays, source_name, fuse=False, func_name=func_name, result_shapes=shapes
            )
    except LoweringError as error:  # a located refusal, not a traceback
        raise RunnerError(f"GPU schedule: {error}", _where(error.location)) from error
    return results


def _where(location: object) -> str | None:
    text = str(location) if location is not None else ""
    if text.startswith('loc("') and '":' in text:
        name, _, rest = text[5:].partition('":')
        return f"{name}:{rest.rstrip(')')}"
    return None


def _result_shapes(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[list[int]] | None:
    """The result shapes for these inputs when some are dynamic (from one run
    of the module on the CPU runner), else None (the types say them)."""
    if "?" not in _signature_line(text, func_name):
        return None
    from mlirfuse.runner.engine import CompiledFunction

    with CompiledFunction(text, func_name, source_name=source_name) as compiled:
        return [list(r.shape) for r in compiled(*arrays)]


def _signature_line(text: str, func_name: str) -> str:
    for line in text.splitlines():
        if f"func.func @{func_name}(" in line:
            return line.partition("->")[2]
    return ""
