#!/usr/bin/env python3
"""Compile time: plan and fuse by stage, and the whole path to PTX.

Cases: generated graphs of N linalg ops (transformer stacks from
bench/transformer.py, small shapes: the sizes do not change the compile work,
cut to whole blocks of 30 ops) and model files (default: the GPT-2 block and
the 12-layer stack from models/ where present). Per case, in a child process
with a time limit: parse, plan (`make_plan`, search auto) and fuse
(`mlirfuse-fuse{search=auto}`) in CPU seconds; then `mlirfuse compile FILE
-o OUT.ptx --jobs J` end to end (parse, fuse, split into kernels, lowering of
the distinct kernels in J child processes, PTX merge, manifest) in wall
seconds and in CPU seconds summed over its processes. The growth between the
last two generated sizes is the exponent b of t ~ n^b.

Usage: bench/compile_time.py [--sizes 1000 3000] [--models FILE ...] [--jobs 2] [--limit 600] [--no-doc]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, markdown_table, write_section

STAGES = ("parse", "plan", "fuse")
OPS_PER_LAYER = 30  # linalg ops (not fills) in one generated transformer block
DEFAULT_MODELS = ("gpt2_block", "gpt2_stack12")


def graph_text(ops: int) -> str:
    from transformer import transformer_stack

    layers = max(1, math.ceil(ops / OPS_PER_LAYER))
    return transformer_stack(layers, seq=32, dim=32, hidden=64)


def child(path: Path) -> None:
    """Parse, plan and fuse `path` in this process: one JSON line per stage."""
    from mlir import ir

    from mlirfuse.context import make_context, parse_module
    from mlirfuse.pipeline import run_pipeline
    from mlirfuse.policy.planner import make_plan

    text = path.read_text()
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        module = None
        for stage in STAGES:
            began = time.process_time()
            if stage == "parse":
                module = parse_module(text, ctx, str(path))
            elif stage == "plan":
                make_plan(module, search="auto")
            else:
                run_pipeline(module, "builtin.module(mlirfuse-fuse{search=auto})")
            print(json.dumps({"stage": stage, "seconds": time.process_time() - began}), flush=True)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def stages(path: Path, limit: float) -> dict[str, str | float]:
    command = [sys.executable, __file__, "--child", str(path)]
    results: dict[str, str | float] = {}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
        lines = done.stdout.splitlines()
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout or ""
        lines = (out.decode() if isinstance(out, bytes) else out).splitlines()
    for line in lines:
        record = json.loads(line)
        results[record["stage"]] = record["seconds"]
    for stage in STAGES:
        results.setdefault(stage, "failed or timed out")
    return results


def compile_path(path: Path, jobs: int, limit: float) -> dict[str, str | float | int]:
    """`mlirfuse compile` end to end: wall and CPU seconds, kernels."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "mlirfuse.cli", "compile", str(path), "--jobs", str(jobs)]
        command += ["-o", str(Path(tmp) / "out.ptx")]
        cpu, began = _children_cpu(), time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return {"wall": f"timed out ({limit:.0f} s)", "cpu": "", "kernels": ""}
        wall, cpu = time.perf_counter() - began, _children_cpu() - cpu
    if done.returncode == 1:  # refused kernels are lowered (and timed) like the others
        refused = len(re.findall(r": error: ", done.stderr))
        return {"wall": wall, "cpu": cpu, "kernels": f"{refused} distinct refused"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[:1] or [""]
        return {"wall": f"failed: {tail[0][:100]}", "cpu": "", "kernels": ""}
    found = re.search(r"kernels: (\d+) \((\d+) distinct\)", done.stdout)
    kernels = f"{found.group(1)} ({found.group(2)} distinct)" if found else "?"
    return {"wall": wall, "cpu": cpu, "kernels": kernels}


def linalg_ops(path: Path) -> int:
    text = path.read_text()
    return len(re.findall(r"=\s*linalg\.(?!fill|yield|index)\w+", text))


def growth(points: list[tuple[object, object]]) -> str:
    numbers = [(n, t) for n, t in points if isinstance(n, int) and isinstance(t, float)]
    if len(numbers) < 2:
        return "n/a"
    (n0, t0), (n1, t1) = numbers[-2], numbers[-1]
    return f"n^{math.log(max(t1, 1e-6) / max(t0, 1e-6)) / math.log(n1 / n0):.2f}"


def measure(name: str, path: Path, args: argparse.Namespace) -> list[object]:
    by_stage = stages(path, args.limit)
    whole = compile_path(path, args.jobs, args.limit)
    row: list[object] = [name, linalg_ops(path), *[by_stage[s] for s in STAGES]]
    row += [whole["wall"], whole["cpu"], whole["kernels"]]
    print(row, flush=True)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 3000])
    parser.add_argument("--models", type=Path, nargs="*", help="model files (default: GPT-2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per command")
    parser.add_argument("--no-doc", action="store_true")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    models = args.models
    if models is None:
        models = [ROOT / "models" / f"{m}.mlir" for m in DEFAULT_MODELS]
        models = [m for m in models if m.is_file()]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            path = Path(tmp) / f"graph{n}.mlir"
            path.write_text(graph_text(n))
            rows.append(measure(f"generated {n}", path, args))
    rows += [measure(m.stem, m, args) for m in models]
    generated = rows[: len(args.sizes)]
    columns = range(2, 7)
    rows.append(
        [
            "growth (last two sizes)",
            "",
            *[growth([(r[1], r[c]) for r in generated]) for c in columns],
            "",
        ]
    )
    headers = ["case", "linalg ops", *[f"{s} (CPU s)" for s in STAGES]]
    headers += [f"compile --jobs {args.jobs} (wall s)", "compile (CPU s, all processes)", "kernels"]
    text = markdown_table(headers, rows)
    print(text)
    notes = (
        "parse/plan/fuse: CPU seconds of one child process (time.process_time). compile: "
        "`mlirfuse compile FILE -o OUT.ptx --jobs J`, the whole path to PTX and its manifest "
        "(it fuses again), wall seconds and the CPU seconds of all its processes "
        "(getrusage of children). Kernels: launches, and in brackets the distinct kernels "
        "actually lowered (structurally identical ones are compiled once). Generated graphs: "
        "transformer blocks (seq 32, model 32, MLP 64), 30 linalg ops per block; growth is "
        "the exponent b of t ~ n^b between the last two generated sizes."
    )
    if not args.no_doc:
        write_section("compile-time", "Compile time", f"{text}\n\n{notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
