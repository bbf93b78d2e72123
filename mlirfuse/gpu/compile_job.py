"""The risky half of `mlirfuse compile`, run in a child process.

The bindings abort the whole process on some failures (LLVM ERROR), so the
parent runs `python -m mlirfuse.gpu.compile_job` and only reads what this
writes into the job folder: `kernels.ptx` and `summary.json` on success,
`error.json` (a located message) on a reported failure. A crash writes
nothing; the parent then reports an internal error with a reproducer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import lower, lowerability, ptx
from mlirfuse.source import SourceError, read_source

FUSE_PIPELINE = "mlirfuse-fuse{{target={target} search=auto}}"


def _location_text(location: ir.Location | None, fallback: str) -> str:
    text = str(location) if location is not None else ""
    if text.startswith('loc("') and '":' in text:
        name, _, rest = text[5:].partition('":')
        return f"{name}:{rest.rstrip(')')}"
    return fallback


def _fail(job: Path, where: str, message: str) -> int:
    (job / "error.json").write_text(json.dumps({"where": where, "message": message}))
    return 1


def check_groups(module: ir.Module) -> None:
    """Groups written by hand are checked like the fusion passes' (IRDL
    verifies only counts): `mlirfuse-verify-groups`."""
    from mlirfuse.pipeline import run_pipeline

    run_pipeline(module, "builtin.module(mlirfuse-verify-groups)")


def fuse(module: ir.Module, target: str) -> None:
    from mlirfuse.pipeline import run_pipeline

    lowerability.register()  # plan only groups this back end can build

    run_pipeline(module, FUSE_PIPELINE.format(target=target))


def run_job(source: Path, job: Path, chip: str, target: str, do_fuse: bool) -> int:
    ctx = make_context()
    with ctx:
        try:
            module = parse_module(read_source(str(source))[0], ctx, str(source))
        except SourceError as error:
            return _fail(job, str(source), str(error))
        except ir.MLIRError as error:
            diag = error.error_diagnostics[0] if error.error_diagnostics else None
            where = _location_text(diag.location if diag else None, str(source))
            return _fail(job, where, diag.message if diag else str(error))
        try:
            check_groups(module)
        except ir.MLIRError as error:
            diag = error.error_diagnostics[0] if error.error_diagnostics else None
            where = _location_text(diag.location if diag else None, str(source))
            return _fail(job, where, diag.message if diag else str(error))
        if do_fuse:
            try:
                fuse(module, target)
            except (ir.MLIRError, ValueError) as error:
                return _fail(job, str(source), f"fusion failed: {error}")
        try:
            lowered = lower.lower_to_gpu_dialect(module)
            (job / "gpu.mlir").write_text(str(module))
            lower.lower_outlined_to_ptx(module, chip)
        except lower.LoweringError as error:
            return _fail(job, _location_text(error.location, str(source)), str(error))
        objects = ptx.extract_ptx(module)
        kernels = [
            {
                "id": s.kernel_id,
                "kind": s.kind,
                "block_dims": list(s.block_dims),
                "group": k.group_id,
                "pattern": k.pattern,
            }
            for s, k in zip(lowered.schedules, lowered.kernels, strict=True)
        ]
        summary = {
            "kernels": kernels,
            "entries": [name for _, text in objects for name in ptx.entry_names(text)],
            "dropped_asserts": lowered.dropped_asserts,
        }
    (job / "kernels.ptx").write_text("\n".join(text for _, text in objects))
    (job / "summary.json").write_text(json.dumps(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mlirfuse.gpu.compile_job")
    parser.add_argument("source", type=Path)
    parser.add_argument("job", type=Path)
    parser.add_argument("--chip", default=lower.DEFAULT_CHIP)
    parser.add_argument("--target", default="h200")
    parser.add_argument("--no-fuse", action="store_true")
    args = parser.parse_args(argv)
    return run_job(args.source, args.job, args.chip, args.target, not args.no_fuse)


if __name__ == "__main__":
    sys.exit(main())
