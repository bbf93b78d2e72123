"""`mlirfuse compile FILE --target h200 [--chip sm_90|sm_80] -o OUT.ptx [--no-fuse] [--jobs N]`.

Fuses per plan, lowers every kernel through the GPU dialect to NVVM and
writes the PTX (one `.entry` per kernel) and, beside it, `OUT.json`: the
launch manifest (docs/gpu-lowering.md). The lowering runs in a child
process (the bindings can abort on failure); `-o` is written only on success.
Where `ptxas` is on PATH it prints registers, spills and shared memory per
kernel from `ptxas -v`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mlirfuse.gpu import ptx
from mlirfuse.source import SourceError, read_source

CHIPS = ("sm_80", "sm_90")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="Linalg-on-tensors input (.mlir)")
    parser.add_argument("--target", default="h200", help="GPU target of the cost model")
    parser.add_argument("--chip", default="sm_90", choices=CHIPS, help="PTX target chip")
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        help="write the PTX here, and its launch manifest beside it (.json)",
    )
    parser.add_argument("--no-fuse", action="store_true", help="one kernel per linalg op")
    parser.add_argument(
        "--attention",
        nargs="?",
        const="on",
        default="auto",
        choices=("auto", "on", "off"),
        help="attention chains as one online-softmax kernel: auto (default: where the cost"
        " model's J is lower), on (every one; also plain --attention), off",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="kernels lowered in parallel (child processes; default: CPUs)",
    )
    parser.add_argument(
        "--emit-gpu", type=Path, help="also write the gpu-dialect IR (gpu.func per kernel)"
    )


def manifest_path(ptx_path: Path) -> Path:
    """`OUT.ptx` -> `OUT.json`."""
    return ptx_path.with_suffix(".json")


def child_command(args: argparse.Namespace, job: Path) -> list[str]:
    command = [sys.executable, "-m", "mlirfuse.gpu.compile_job", str(args.file), str(job)]
    command += ["--chip", args.chip, "--target", args.target, "--jobs", str(args.jobs)]
    command += ["--attention", getattr(args, "attention", "auto")]
    return command + (["--no-fuse"] if args.no_fuse else [])


def main(args: argparse.Namespace) -> int:
    try:
        read_source(str(args.file))  # refused here, before a child is started
    except SourceError as unreadable:
        print(f"mlirfuse compile: error: {unreadable}", file=sys.stderr)
        return 1
    missing = _missing_directory(args.output, args.emit_gpu)
    if missing:  # refused before the compile, not after minutes of it
        print(f"mlirfuse compile: error: {missing}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="mlirfuse-compile-") as tmp:
        job = Path(tmp)
        command = child_command(args, job)
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if (job / "error.json").is_file():
            for error in json.loads((job / "error.json").read_text())["errors"]:
                print(f"{error['where']}: error: {error['message']}", file=sys.stderr)
            return 1
        if done.returncode != 0 or not (job / "kernels.ptx").is_file():
            return _internal_error(args, done)
        summary = json.loads((job / "summary.json").read_text())
        text = (job / "distinct.ptx").read_text()
        try:
            _write_outputs(args, job)
        except OSError as error:
            print(f"mlirfuse compile: error: cannot write: {error}", file=sys.stderr)
            return 1
    _report(summary, text, args.chip)
    return 0


def _missing_directory(*paths: Path | None) -> str:
    """Why an output cannot be written: its directory does not exist ('' if all can)."""
    for path in paths:
        if path is not None and not path.parent.is_dir():
            return f"cannot write {path}: no directory {path.parent}"
    return ""


def _write_outputs(args: argparse.Namespace, job: Path) -> None:
    """The PTX with its manifest, and the GPU IR; none of them when one fails."""
    written: list[Path] = []
    try:
        if args.output:
            written.append(args.output)
            shutil.copyfile(job / "kernels.ptx", args.output)
            launch = json.loads((job / "manifest.json").read_text())
            launch["ptx"] = args.output.name
            written.append(manifest_path(args.output))
            manifest_path(args.output).write_text(json.dumps(launch, indent=1) + "\n")
        if args.emit_gpu:
            written.append(args.emit_gpu)
            shutil.copyfile(job / "gpu.mlir", args.emit_gpu)
    except OSError:
        for path in written:
            path.unlink(missing_ok=True)
        raise


def _internal_error(args: argparse.Namespace, done: subprocess.CompletedProcess[str]) -> int:
    tail = "\n".join(done.stderr.strip().splitlines()[-8:])
    repro = " ".join(child_command(args, Path("JOBDIR")))
    print(
        f"{args.file}: error: internal error while lowering to PTX (exit {done.returncode})\n"
        f"{tail}\nreproduce with: mkdir JOBDIR && {repro}",
        file=sys.stderr,
    )
    return 2


def _report(summary: dict[str, Any], text: str, chip: str) -> None:
    """Schedules, then `ptxas -v` of the distinct kernels, one row per kernel."""
    kernels = summary["kernels"]
    assert isinstance(kernels, list)
    print(f"kernels: {len(kernels)} ({summary.get('compiled', len(kernels))} distinct)")
    for k in kernels:
        print(f"  k{k['id']}: {k['kind']} schedule, block {tuple(k['block_dims'])}")
    dropped = summary.get("dropped_asserts", 0)
    if dropped:
        print(f"note: {dropped} cf.assert dropped from kernel bodies (GPU kernels cannot abort)")
    if not kernels:
        return
    if ptx.find_ptxas() is None:
        print("ptxas not found: no register/spill report")
        return
    try:
        rows = ptx.run_ptxas(text, chip)
    except ptx.PtxasError as error:
        print(f"ptxas rejected the PTX: {error}", file=sys.stderr)
        return
    by_name = {r.name: r for r in rows}
    table = [
        dataclasses.replace(by_name[k["same_as"]], name=k["entry"])
        for k in kernels
        if k["same_as"] in by_name
    ]
    print(ptx.format_table(table, chip))
