"""The risky half of `mlirfuse compile`, run in a child process.

The bindings abort the whole process on some failures (LLVM ERROR), so the
parent runs `python -m mlirfuse.gpu.compile_job` and only reads what this
writes into the job folder: `kernels.ptx`, `manifest.json`, `gpu.mlir` and
`summary.json` on success, `error.json` (a located message) on a reported
failure. A crash writes nothing; the parent then reports an internal error
with a reproducer.

Here: parse, check, fuse, split into kernel units (`isolate.py`); the units
(structurally identical ones once) are lowered by `--jobs` grandchildren
(`kernel_job.py`); their PTX is merged into one module with one `.entry`
per kernel, `<func>_k<N>`, and their launches into the manifest.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from mlir import ir

from mlirfuse.child_process import die_with_parent
from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import isolate, lower, lowerability, manifest, ptx, resources
from mlirfuse.gpu.before_fusion import before_fusion, host_ops_to_kernels
from mlirfuse.gpu.kernel_job import location_text
from mlirfuse.gpu.prepare import functions
from mlirfuse.pipeline import run_pipeline
from mlirfuse.source import SourceError, read_source
from mlirfuse.targets import get_target
from mlirfuse.tm_tensor_scan import explain_unknown_dialect

FUSE_PIPELINE = "mlirfuse-fuse{{target={target} search=auto{extra}}}"
UNIT_KERNEL = "kernel k0"  # how stage errors name a unit's only kernel


def _fail(job: Path, where: str, message: str) -> int:
    return _fail_all(job, [{"where": where, "message": message}])


def _fail_mlir(job: Path, source: Path, error: ir.MLIRError) -> int:
    """The first diagnostic of `error` at its location; a TMTensor op the
    importer does not take is named with what is taken, as every other entry
    point says it."""
    diag = error.error_diagnostics[0] if error.error_diagnostics else None
    where = location_text(diag.location if diag else None, str(source))
    return _fail(job, where, explain_unknown_dialect(diag.message) if diag else str(error))


def _fail_all(job: Path, errors: list[dict[str, str]]) -> int:
    (job / "error.json").write_text(json.dumps({"errors": errors}))
    return 1


def check_groups(module: ir.Module) -> None:
    """Groups written by hand are checked like the fusion passes' (IRDL
    verifies only counts): `mlirfuse-verify-groups`."""
    run_pipeline(module, "builtin.module(mlirfuse-verify-groups)")


def fuse(module: ir.Module, target: str, attention: str = "auto") -> None:
    lowerability.register()  # plan only groups this back end can build
    before_fusion(module)  # f16 matmuls for tensor cores, concats as kernels

    extra = f" attention={attention}"  # auto | on | off (FusionOptions.attention)
    run_pipeline(module, FUSE_PIPELINE.format(target=target, extra=extra))


def split_module(module: ir.Module) -> list[isolate.SplitFunction]:
    splits: list[isolate.SplitFunction] = []
    for func in functions(module):
        first = sum(len(s.units) for s in splits)
        splits.append(isolate.split_function(func, first))
    return splits


def lower_units(units: Path, keys: list[str], chip: str, jobs: int) -> list[str]:
    """Lower every unit in `jobs` child processes (round robin); returns the
    stderr tails of the children that did not succeed (an abort, or a Python
    exception, which exits 1 like a reported failure)."""
    batches = [keys[i::jobs] for i in range(min(jobs, len(keys)))]
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "mlirfuse.gpu.kernel_job", str(units), *batch, "--chip", chip],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for batch in batches
    ]
    crashed = []
    for child in children:
        _, err = child.communicate()
        if child.returncode != 0:
            crashed.append("\n".join(err.strip().splitlines()[-8:]))
    return crashed


def run_job(
    source: Path,
    job: Path,
    chip: str,
    target: str,
    do_fuse: bool,
    jobs: int,
    attention: str = "auto",
) -> int:
    ctx = make_context()
    with ctx:
        try:
            module = parse_module(read_source(str(source))[0], ctx, str(source))
        except SourceError as error:
            return _fail(job, str(source), str(error))
        except ir.MLIRError as error:
            return _fail_mlir(job, source, error)
        try:
            # The manifest carries constants' values: read resource blobs now.
            resources.inline_dense_resources(module)
        except resources.ResourceError as error:
            return _fail(job, location_text(error.location, str(source)), f"parse: {error}")
        try:
            check_groups(module)
        except ir.MLIRError as error:
            return _fail_mlir(job, source, error)
        if do_fuse:
            try:
                fuse(module, target, attention)
            except (ir.MLIRError, ValueError) as error:
                return _fail(job, str(source), f"fusion failed: {error}")
        else:
            host_ops_to_kernels(module)
        try:
            splits = split_module(module)
        except isolate.SplitError as error:
            return _fail(job, location_text(error.location, str(source)), f"split: {error}")
    registers = get_target(target).registers_per_thread
    return _lower_and_write(source, job, chip, jobs, splits, registers)


def _lower_and_write(
    source: Path,
    job: Path,
    chip: str,
    jobs: int,
    splits: list[isolate.SplitFunction],
    registers: int,
) -> int:
    units = [u for s in splits for u in s.units]
    first: dict[str, isolate.Unit] = {}
    for unit in units:
        first.setdefault(unit.key, unit)
    folder = job / "units"
    folder.mkdir()
    for key, unit in first.items():
        (folder / f"{key}.mlir").write_text(unit.text)
    crashed = lower_units(folder, list(first), chip, jobs)
    summaries: dict[str, dict[str, Any]] = {}
    errors = []
    for key in first:
        if (folder / f"{key}.error.json").is_file():
            error = json.loads((folder / f"{key}.error.json").read_text())
            first_op = location_text(first[key].location, str(source))
            message = _name_kernel(error["message"], manifest.entry_name(first[key]), first_op)
            errors.append({"where": error["where"] or first_op, "message": message})
        elif not (folder / f"{key}.json").is_file():
            where = location_text(first[key].location, str(source))
            print(
                f"{where}: kernel {manifest.entry_name(first[key])} (unit {key}) was not lowered:\n"
                + "\n".join(crashed),
                file=sys.stderr,
            )
            return 2
        else:
            summaries[key] = json.loads((folder / f"{key}.json").read_text())
    if errors:
        return _fail_all(job, errors)
    texts = {key: (folder / f"{key}.ptx").read_text() for key in first}
    texts = _without_occupancy_spills(texts, first, chip, registers)
    merged = ptx.merge_units([(texts[u.key], manifest.entry_name(u)) for u in units])
    (job / "kernels.ptx").write_text(merged)
    # ptxas reports on the distinct kernels only (the same PTX assembles alike).
    distinct = [(texts[key], manifest.entry_name(unit)) for key, unit in first.items()]
    (job / "distinct.ptx").write_text(ptx.merge_units(distinct))
    (job / "manifest.json").write_text(
        json.dumps(manifest.build_manifest(splits, summaries, "kernels.ptx", chip), indent=1)
    )
    gpu_texts = [
        f"// kernel {manifest.entry_name(u)}\n"
        + _renamed_gpu_text((folder / f"{u.key}.gpu.mlir").read_text(), u)
        for u in units
    ]
    (job / "gpu.mlir").write_text("\n// -----\n".join(gpu_texts))
    (job / "summary.json").write_text(json.dumps(_summary(units, summaries, merged)))
    return 0


def _without_occupancy_spills(
    texts: dict[str, str], first: dict[str, isolate.Unit], chip: str, registers: int
) -> dict[str, str]:
    """Each distinct kernel's PTX, with the target's register budget written
    into those that ptxas spills without it and does not with it
    (`ptx.with_register_budget`). Unchanged where ptxas is missing."""
    if ptx.find_ptxas() is None:
        return texts
    before = _spills(texts, first, chip)
    spilled = [key for key, count in before.items() if count]
    if not spilled:
        return texts
    trial = {**texts, **{key: ptx.with_register_budget(texts[key], registers) for key in spilled}}
    after = _spills(trial, first, chip)
    better = {key for key in spilled if after.get(key, before[key]) < before[key]}
    return {key: trial[key] if key in better else text for key, text in texts.items()}


def _spills(texts: dict[str, str], first: dict[str, isolate.Unit], chip: str) -> dict[str, int]:
    """Bytes spilled per distinct kernel, by `ptxas -v` ({} when it rejects the PTX)."""
    keys = {manifest.entry_name(unit): key for key, unit in first.items()}
    merged = ptx.merge_units([(texts[key], entry) for entry, key in keys.items()])
    try:
        rows = ptx.run_ptxas(merged, chip)
    except ptx.PtxasError:
        return {}
    return {keys[r.name]: r.spills for r in rows if r.name in keys}


def _name_kernel(message: str, entry: str, first_op: str) -> str:
    """A unit's error naming its kernel (`<func>_k<N>`, not the unit-local
    `k0`) and where the kernel's first op is."""
    if UNIT_KERNEL in message:
        return message.replace(UNIT_KERNEL, f"kernel {entry}", 1) + f" (first op {first_op})"
    return f"{message} (kernel {entry}, first op {first_op})"


def _renamed_gpu_text(text: str, unit: isolate.Unit) -> str:
    """A unit's gpu-dialect IR with its host function named after the input
    function and its kernel after its entry."""
    text = text.replace(f"@{ptx.UNIT_ENTRY}", f"@{manifest.entry_name(unit)}")
    return text.replace(f"@{isolate.KERNEL_FUNC}(", f"@{unit.func}(")


def _summary(
    units: list[isolate.Unit], summaries: dict[str, dict[str, Any]], merged: str
) -> dict[str, Any]:
    first: dict[str, isolate.Unit] = {}
    for unit in units:
        first.setdefault(unit.key, unit)
    kernels = [
        {
            "id": u.number,
            "kind": summaries[u.key]["kind"],
            "block_dims": summaries[u.key]["block_dims"],
            "group": u.group,
            "pattern": u.pattern,
            "entry": manifest.entry_name(u),
            "same_as": manifest.entry_name(first[u.key]),
        }
        for u in units
    ]
    return {
        "kernels": kernels,
        "compiled": len(summaries),
        "entries": ptx.entry_names(merged),
        "dropped_asserts": sum(summaries[u.key]["dropped_asserts"] for u in units),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mlirfuse.gpu.compile_job")
    parser.add_argument("source", type=Path)
    parser.add_argument("job", type=Path)
    parser.add_argument("--chip", default=lower.DEFAULT_CHIP)
    parser.add_argument("--target", default="h200")
    parser.add_argument("--no-fuse", action="store_true")
    parser.add_argument("--attention", choices=("auto", "on", "off"), default="auto")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    jobs = max(1, args.jobs)
    return run_job(
        args.source, args.job, args.chip, args.target, not args.no_fuse, jobs, args.attention
    )


if __name__ == "__main__":
    die_with_parent()
    sys.exit(main())
