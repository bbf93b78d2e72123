"""Lower kernel units to PTX, one after the other, in a child process.

`python -m mlirfuse.gpu.kernel_job JOB --chip sm_90 KEY...` reads each
`JOB/KEY.mlir` (one unit: `@mlirfuse_kernel`, see `isolate.py`), runs the
whole GPU lowering on it and writes `KEY.ptx`, `KEY.gpu.mlir` and
`KEY.json` (its schedule and its launch: `launch_info.unit_launch`). A
reported failure writes `KEY.error.json` (a located message) and goes on
with the next unit, so that one compile reports every failing kernel; a
crash (the bindings abort on some failures) leaves the unit without output,
which the parent reports.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mlir import ir

from mlirfuse.child_process import die_with_parent
from mlirfuse.context import make_context
from mlirfuse.gpu import lower, ptx
from mlirfuse.gpu.launch_info import HostCodeError, unit_launch
from mlirfuse.gpu.schedule_parts import part_kinds
from mlirfuse.mutation import MutationError


def location_text(location: ir.Location | str | None, fallback: str) -> str:
    """`FILE:LINE:COL` of a file location (or its printed form), else `fallback`."""
    text = str(location) if location is not None else ""
    if text.startswith('loc("') and '":' in text:
        name, _, rest = text[5:].partition('":')
        return f"{name}:{rest.rstrip(')')}"
    return fallback


def lower_unit(text: str, chip: str, ctx: ir.Context) -> tuple[dict[str, Any], str, str]:
    """(summary, gpu-dialect IR, PTX) of one unit module."""
    module = ir.Module.parse(text, ctx)
    lowered = lower.lower_to_gpu_dialect(module)
    gpu_text = str(module)
    launch = unit_launch(module)
    lower.lower_outlined_to_ptx(module, chip)
    objects = ptx.extract_ptx(module)
    entries = [name for _, t in objects for name in ptx.entry_names(t)]
    (schedule,) = lowered.schedules
    summary = {
        "kind": f"partitioned({part_kinds(schedule)})" if schedule.parts else schedule.kind,
        "block_dims": list(schedule.block_dims),
        "dropped_asserts": lowered.dropped_asserts,
        "entry": entries[0],
        "launch": launch,
    }
    return summary, gpu_text, "\n".join(t for _, t in objects)


def run(job: Path, chip: str, keys: list[str]) -> int:
    status = 0
    ctx = make_context()
    with ctx:
        for key in keys:
            text = (job / f"{key}.mlir").read_text()
            try:
                summary, gpu_text, ptx_text = lower_unit(text, chip, ctx)
            except (lower.LoweringError, HostCodeError, MutationError) as error:
                # A rewrite that left invalid IR (MLIRFUSE_CHECK_IR) is this
                # unit's failure, reported like the others, not a crash.
                prefix = "rewrite: " if isinstance(error, MutationError) else "host: "
                message = (
                    str(error) if isinstance(error, lower.LoweringError) else prefix + str(error)
                )
                where = location_text(error.location, "")
                (job / f"{key}.error.json").write_text(
                    json.dumps({"where": where, "message": message})
                )
                status = 1
                continue
            (job / f"{key}.gpu.mlir").write_text(gpu_text)
            (job / f"{key}.ptx").write_text(ptx_text)
            (job / f"{key}.json").write_text(json.dumps(summary))
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mlirfuse.gpu.kernel_job")
    parser.add_argument("job", type=Path)
    parser.add_argument("keys", nargs="+")
    parser.add_argument("--chip", default=lower.DEFAULT_CHIP)
    args = parser.parse_args(argv)
    return run(args.job, args.chip, args.keys)


if __name__ == "__main__":
    die_with_parent()
    sys.exit(main())
