"""Time `mlirfuse-opt` per invocation: isolated (default) vs --no-isolation,
on a trivial file and on each shared workload with `canonicalize`.

Start-up cost matters because lit runs the driver once per RUN line. Prints
a table and writes its section of docs/benchmarks.md; not a test.

    .venv/bin/python bench/driver_startup.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from common import best_of, markdown_table, workload_files, write_section

OPT = [sys.executable, "-m", "mlirfuse.tools.mlirfuse_opt"]
PIPELINE = "--pass-pipeline=builtin.module(canonicalize)"


def time_driver(path: Path, isolated: bool, repeats: int) -> float:
    args = [*OPT, str(path), PIPELINE] + ([] if isolated else ["--no-isolation"])

    def once() -> None:
        subprocess.run(args, check=True, capture_output=True)

    return best_of(repeats, once)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="best of N runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        tiny = Path(scratch) / "tiny.mlir"
        tiny.write_text("func.func @f() {\n  return\n}\n")
        rows = []
        for path in [tiny, *workload_files()]:
            isolated = time_driver(path, True, args.repeats)
            direct = time_driver(path, False, args.repeats)
            rows.append(
                [path.name, f"{isolated:.3f}", f"{direct:.3f}", f"{isolated - direct:+.3f}"]
            )
    headers = ["input", "isolated s", "--no-isolation s", "isolation cost s"]
    table = markdown_table(headers, rows)
    print(table)
    write_section("driver-startup", "mlirfuse-opt start-up (best of repeats)", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
