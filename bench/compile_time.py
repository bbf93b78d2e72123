#!/usr/bin/env python3
"""Compile time by stage on generated graphs of 100 / 1,000 / 3,000 / 10,000 ops.

Stages: parse, plan (`make_plan`, search auto), fuse (`mlirfuse-fuse{search=auto}`),
lower to the GPU dialect, lower to PTX (NVVM, sm_90). Graphs are transformer
stacks (bench/transformer.py, small shapes: the sizes do not change the
compile work) cut to the wanted number of linalg ops. Each size runs in a
child process with a time limit, so a stage that aborts or runs too long is
reported as such instead of stopping the bench; the growth rate between sizes
is the exponent b of t ~ n^b.

Usage: bench/compile_time.py [--sizes 100 1000 3000 10000] [--limit 600] [--no-doc]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, write_section

STAGES = ("parse", "plan", "fuse", "gpu", "ptx")
OPS_PER_LAYER = 30  # linalg ops (not fills) in one generated transformer block


def graph_text(ops: int) -> str:
    from transformer import transformer_stack

    layers = max(1, math.ceil(ops / OPS_PER_LAYER))
    return transformer_stack(layers, seq=32, dim=32, hidden=64)


def child(ops: int, stages: list[str]) -> None:
    """Run the stages in this process, printing one JSON line per stage."""
    from mlir import ir

    from mlirfuse.context import make_context, parse_module
    from mlirfuse.gpu import lower
    from mlirfuse.pipeline import run_pipeline
    from mlirfuse.policy.planner import make_plan

    text = graph_text(ops)
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        steps: dict[str, Any] = {
            "parse": lambda: parse_module(text, ctx, f"graph{ops}.mlir"),
            "plan": lambda m: make_plan(m, search="auto"),
            "fuse": lambda m: run_pipeline(m, "builtin.module(mlirfuse-fuse{search=auto})"),
            "gpu": lambda m: lower.lower_to_gpu_dialect(m),
            "ptx": lambda m: lower.lower_outlined_to_ptx(m, "sm_90"),
        }
        module = None
        for stage in stages:
            began, began_cpu = time.perf_counter(), time.process_time()
            try:
                result = steps[stage]() if stage == "parse" else steps[stage](module)
                module = result if stage == "parse" else module
                status = "ok"
            except Exception as error:
                status = f"{type(error).__name__}: {str(error).splitlines()[0][:120] if str(error) else ''}"
            record = {"stage": stage, "status": status, "wall": time.perf_counter() - began}
            print(json.dumps({**record, "seconds": time.process_time() - began_cpu}), flush=True)
            if status != "ok":
                break


def measure(ops: int, limit: float, gpu_max: int) -> dict[str, str | float]:
    stages = [s for s in STAGES if ops <= gpu_max or s not in ("gpu", "ptx")]
    command = [sys.executable, __file__, "--child", str(ops), "--stages", *stages]
    results: dict[str, str | float] = {}
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=limit)
        lines, died = proc.stdout.splitlines(), proc.returncode != 0
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout or ""
        lines, died = (out.decode() if isinstance(out, bytes) else out).splitlines(), True
    for line in lines:
        record = json.loads(line)
        results[record["stage"]] = (
            record["seconds"] if record["status"] == "ok" else f"failed ({record['status']})"
        )
    for stage in STAGES:
        if stage not in stages:
            results[stage] = f"not run (> {gpu_max} ops)"
    missing = [s for s in STAGES if s not in results]
    for i, stage in enumerate(missing):
        results[stage] = f"timed out (limit {limit:.0f} s)" if died and i == 0 else "not reached"
    return results


def growth(sizes: list[int], table: dict[int, dict[str, str | float]], stage: str) -> str:
    points = [(n, table[n][stage]) for n in sizes if isinstance(table[n].get(stage), float)]
    if len(points) < 2:
        return "n/a"
    (n0, t0), (n1, t1) = points[-2], points[-1]
    return f"n^{math.log(max(t1, 1e-6) / max(t0, 1e-6)) / math.log(n1 / n0):.2f}"  # type: ignore[operator]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 1000, 3000, 10000])
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per size (all stages)")
    parser.add_argument("--no-doc", action="store_true")
    parser.add_argument("--gpu-max", type=int, default=1000, help="largest size lowered to GPU/PTX")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--stages", nargs="*", default=list(STAGES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.stages)
        return 0
    table = {}
    for n in args.sizes:
        table[n] = measure(n, args.limit, args.gpu_max)
        print(n, table[n], flush=True)
    headers = ["linalg ops", *[f"{s} (CPU s)" for s in STAGES], "total CPU s"]
    rows = []
    for n in args.sizes:
        cells = [table[n].get(s, "") for s in STAGES]
        total = sum(c for c in cells if isinstance(c, float))
        rows.append([n, *cells, total])
    rows.append(["growth (last two sizes)", *[growth(args.sizes, table, s) for s in STAGES], ""])
    text = markdown_table(headers, rows)
    print(text)
    notes = (
        "Times are CPU seconds of the child process (time.process_time), so they hold on a shared "
        "machine; growth is the exponent b of t ~ n^b between the last two sizes measured. "
        f"GPU and PTX lowering run only up to {args.gpu_max} ops (see the growth of the gpu stage). "
        "Stages run in one child process per size, in order; a failed or timed-out stage stops that "
        "size (later stages are not reached). Graphs: transformer blocks (seq 32, model 32, MLP 64), "
        "30 linalg ops per block, so sizes are rounded up to whole blocks."
    )
    if not args.no_doc:
        write_section("compile-time", "Compile time by stage", f"{text}\n\n{notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
