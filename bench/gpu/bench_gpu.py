"""GPU benchmark: every workload and memory-bound chains, fused vs unfused.

Run through bench/gpu/run.sh on a machine with an NVIDIA GPU. Each case and
variant is built and run in its own process (a runtime failure cannot take the
others down) and prints one JSON line; this parent prints the table: kernels,
time per call ((t_N - t_1)/(N - 1) over straight-line chains of N calls),
achieved GB/s (bytes = each kernel's memref operands) and the max abs error
against numpy / PyTorch's reference; then the same per kernel (each kernel
launched alone N times).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mlirfuse.gpu import bench

REPO = Path(__file__).resolve().parents[2]
CHILD_TIMEOUT_S = 90


def workloads_dir() -> Path:
    return REPO / "models"


def run_one(name: str, variant: str, chip: str) -> None:
    case = bench.load_case(name, workloads_dir())
    result = bench.measure_case(case, variant == "fused", chip)
    print(json.dumps(result.as_dict()), flush=True)


def spawn(name: str, variant: str, chip: str) -> dict[str, Any]:
    command = [sys.executable, __file__, "--one", name, variant, "--chip", chip]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"case": name, "variant": variant, "error": f"timeout after {CHILD_TIMEOUT_S}s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = " | ".join(done.stderr.strip().splitlines()[-3:])
        return {"case": name, "variant": variant, "error": f"exit {done.returncode}: {tail}"}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chip", default="sm_90")
    parser.add_argument("--one", nargs=2, metavar=("CASE", "VARIANT"), help=argparse.SUPPRESS)
    parser.add_argument("--cases", nargs="*", help="subset of cases (default: all)")
    args = parser.parse_args()
    if not bench.cuda_available():
        print("libcuda.so.1 not found: no NVIDIA driver here, nothing to run", file=sys.stderr)
        return 2
    if args.one:
        run_one(args.one[0], args.one[1], args.chip)
        return 0
    start = time.perf_counter()
    names = args.cases or bench.all_case_names(workloads_dir())
    print(f"{'case':22} {'variant':8} {'kernels':>7} {'time_us':>10} {'GB/s':>8} {'max_err':>10}")
    failed = 0
    for name in names:
        for variant in ("unfused", "fused"):
            row = spawn(name, variant, args.chip)
            failed += "error" in row
            print("\n".join(bench.format_rows(row)), flush=True)
    print(f"total {time.perf_counter() - start:.0f} s, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
