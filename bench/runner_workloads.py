#!/usr/bin/env python3
"""The CPU runner on the shared workloads: error vs PyTorch's ref, and cost.

Per workload: compile time (parse + cpu-llvm pipeline + JIT, in process), run
time (best of --repeats calls), max absolute and relative (to max|ref|) error
against the `.npz` ref, and the wall time of `mlirfuse run --inputs` (child
process, start-up included). Then `mlirfuse verify` (default pipeline) error.

Usage: bench/runner_workloads.py [--repeats 3] [--no-doc]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of, markdown_table, workload_files, write_section

from mlirfuse.runner.compare import error_stats
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.inputs import load_npz
from mlirfuse.verify import verify

HEADERS = [
    "workload",
    "compile s",
    "run s",
    "max abs err vs ref",
    "max rel err vs ref",
    "`mlirfuse run` s",
    "verify (fuse) max rel err",
    "kernels before/after",
]


def measure(path: Path, repeats: int) -> list[object]:
    data = load_npz(str(path.with_suffix(".npz")))
    began = time.perf_counter()
    with CompiledFunction(path.read_text(), path.stem, source_name=str(path)) as compiled:
        compile_s = time.perf_counter() - began
        (result,) = compiled(*data.args)
        run_s = best_of(repeats, lambda: compiled(*data.args))
    stats = error_stats(result, data.refs[0])
    npz = str(path.with_suffix(".npz"))
    began = time.perf_counter()
    command = [sys.executable, "-m", "mlirfuse.cli", "run", str(path), "--inputs", npz]
    subprocess.run(command, check=True, capture_output=True)
    cli_s = time.perf_counter() - began
    report = verify(path.read_text(), inputs=data.args, source_name=str(path))
    worst = max(r.max_rel_error for r in report.results)
    kernels = f"{report.kernels_before}/{report.kernels_after}"
    return [path.stem, compile_s, run_s, stats.max_abs, stats.max_rel, cli_s, worst, kernels]


def _sci(value: object) -> object:
    return f"{value:.2e}" if isinstance(value, float) and value < 1e-2 else value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-doc", action="store_true", help="print only")
    args = parser.parse_args()
    rows = [[_sci(v) for v in measure(p, args.repeats)] for p in workload_files()]
    table = markdown_table(HEADERS, rows)
    print(table)
    if not args.no_doc:
        write_section("runner-workloads", "CPU runner on the shared workloads", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
