#!/usr/bin/env python3
"""Zoo acceptance of the GPU schedule on the CPU (issue 14): for every model of
models/, `mlirfuse verify models/M.mlir --schedule gpu --inputs models/M.npz`
fused (the plan `mlirfuse compile` builds) and `--no-fuse`.

Each cell runs the verify command in a child process with a timeout (the
models run `--jobs` at a time). Prints one line per model:

    MODEL  fused ok|err|timeout (kernels, seconds)  unfused ...  seconds

and, for a cell that is not ok, its first error line beneath. Exits 1 when
some cell is not ok.

Usage: bench/verify_gpu_zoo.py [--models NAME ...] [--jobs 1] [--limit 600]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = (("fused", ()), ("unfused", ("--no-fuse",)))
MLIRFUSE = [sys.executable, "-m", "mlirfuse.cli"]
KERNELS = re.compile(r"kernels: (\d+) before, (\d+) after")


@dataclass
class Cell:
    verdict: str  # ok, err or timeout
    seconds: float
    kernels: str = ""
    error: str = ""

    def text(self) -> str:
        kernels = f"{self.kernels} k, " if self.kernels else ""
        return f"{self.verdict} ({kernels}{self.seconds:.0f} s)"


def first_error(output: str) -> str:
    for line in output.splitlines():
        if "error" in line or "FAIL" in line or "Traceback" in line:
            return line.strip()
    lines = output.strip().splitlines()
    return lines[-1] if lines else ""


def verify_cell(model: str, flags: tuple[str, ...], limit: int) -> Cell:
    mlir, npz = ROOT / "models" / f"{model}.mlir", ROOT / "models" / f"{model}.npz"
    command = [*MLIRFUSE, "verify", str(mlir), "--schedule", "gpu", "--inputs", str(npz), *flags]
    start = time.monotonic()
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=limit, cwd=ROOT, check=False
        )
    except subprocess.TimeoutExpired:
        return Cell("timeout", time.monotonic() - start, error=f"over {limit} s")
    seconds = time.monotonic() - start
    output = done.stdout + done.stderr
    found = KERNELS.search(output)
    kernels = found.group(2) if found else ""
    if done.returncode == 0 and "verify: ok" in output:
        return Cell("ok", seconds, kernels)
    return Cell("err", seconds, kernels, first_error(output))


def run_model(model: str, limit: int) -> tuple[str, list[Cell]]:
    return model, [verify_cell(model, flags, limit) for _, flags in MODES]


def models(names: list[str] | None) -> list[str]:
    if names:
        return names
    return sorted(p.stem for p in (ROOT / "models").glob("*.mlir"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="+", metavar="NAME")
    parser.add_argument("--jobs", type=int, default=1, help="models at a time (default 1)")
    parser.add_argument("--limit", type=int, default=600, help="seconds per cell (default 600)")
    args = parser.parse_args(argv)
    names = models(args.models)
    width = max(len(n) for n in names)
    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for model, cells in pool.map(lambda m: run_model(m, args.limit), names):
            row = "  ".join(
                f"{mode} {c.text():<24}" for (mode, _), c in zip(MODES, cells, strict=True)
            )
            total = sum(c.seconds for c in cells)
            print(f"{model:<{width}}  {row}  {total:.0f} s", flush=True)
            for (mode, _), cell in zip(MODES, cells, strict=True):
                if cell.verdict != "ok":
                    failed += 1
                    print(f"{'':<{width}}    {mode}: {cell.error[:300]}", flush=True)
    print(f"{len(names)} models, {2 * len(names) - failed} of {2 * len(names)} cells ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
