#!/usr/bin/env python3
"""Zoo acceptance for the GPU back end (issue 14): every model of models/,
fused (default) and `--no-fuse`, for sm_90 and sm_80.

Each cell runs `mlirfuse compile MODEL --chip CHIP -o OUT.ptx --jobs 1` in a
child process (the models run in parallel, `--jobs` of them), then checks the
PTX: one `.entry` per kernel the compile reported, and `ptxas -arch=CHIP -v`
on the whole module exits 0; spills are summed from ptxas' report. Prints a
Markdown table (cell: rc, kernels, most registers of any kernel, spill bytes;
or the first error line).

Usage: bench/zoo_compile.py [--models NAME ...] [--jobs 2] [--limit 900]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHIPS = ("sm_90", "sm_80")
MODES = (("fused", ()), ("unfused", ("--no-fuse",)))
MLIRFUSE = [sys.executable, "-m", "mlirfuse.cli"]


@dataclass
class Cell:
    rc: int
    kernels: int = 0
    entries: int = 0
    regs: int = 0
    spill: int = 0
    ptxas_rc: int = 0
    error: str = ""

    def ok(self) -> bool:
        return (
            self.rc == 0 and self.ptxas_rc == 0 and self.kernels == self.entries and not self.spill
        )

    def text(self) -> str:
        if self.rc != 0:
            return f"rc {self.rc}: {self.error[:90]}".replace("|", "/")
        mark = "" if self.ok() else " **FAIL**"
        extra = "" if self.kernels == self.entries else f" ({self.entries} .entry)"
        ptxas = "" if self.ptxas_rc == 0 else f" ptxas rc {self.ptxas_rc}"
        return (
            f"rc 0, {self.kernels} k{extra}, ≤{self.regs} regs, {self.spill} B spill{ptxas}{mark}"
        )


def first_error(output: str) -> str:
    for line in output.splitlines():
        if "error" in line.lower():
            return line.split("error:", 1)[-1].strip()
    lines = output.strip().splitlines()
    return lines[-1] if lines else "no output"


def ptxas_report(ptx: Path, chip: str) -> tuple[int, int, int]:
    """(rc, most registers, spill-store bytes summed) of `ptxas -v` on the module."""
    done = subprocess.run(
        ["ptxas", f"-arch={chip}", "-v", str(ptx), "-o", str(ptx.with_suffix(".cubin"))],
        capture_output=True,
        text=True,
    )
    regs = [int(r) for r in re.findall(r"Used (\d+) registers", done.stderr)]
    spill = sum(int(s) for s in re.findall(r"(\d+) bytes spill stores", done.stderr))
    return done.returncode, max(regs, default=0), spill


def compile_cell(model: Path, chip: str, flags: tuple[str, ...], limit: float, work: Path) -> Cell:
    out = work / f"{model.stem}.{chip}.{'-'.join(flags) or 'fused'}.ptx"
    command = [*MLIRFUSE, "compile", str(model), "--chip", chip, "-o", str(out), "--jobs", "1"]
    try:
        done = subprocess.run([*command, *flags], capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return Cell(124, error=f"over {limit:.0f} s")
    if done.returncode != 0:
        return Cell(done.returncode, error=first_error(done.stderr + done.stdout))
    match = re.search(r"kernels: (\d+)", done.stdout)
    cell = Cell(0, kernels=int(match.group(1)) if match else -1)
    cell.entries = len(re.findall(r"^\.visible \.entry ", out.read_text(), re.MULTILINE))
    cell.ptxas_rc, cell.regs, cell.spill = ptxas_report(out, chip)
    return cell


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="*", help="model names (default: all of models/)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=float, default=900.0, help="seconds per compile")
    args = parser.parse_args()
    names = args.models or sorted(p.stem for p in (ROOT / "models").glob("*.mlir"))
    names.sort(key=lambda n: n == "gpt2_stack12")  # the slowest last: rows print as they finish
    if shutil.which("ptxas") is None:
        print("ptxas not on PATH", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="zoo_compile_"))
    columns = [(mode, flags, chip) for mode, flags in MODES for chip in CHIPS]
    tasks = [(name, column) for name in names for column in columns]
    print("| model | " + " | ".join(f"{m} {c}" for m, _, c in columns) + " |")
    print("|---" * (len(columns) + 1) + "|", flush=True)
    failed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = {
            (name, column): pool.submit(
                compile_cell,
                ROOT / "models" / f"{name}.mlir",
                column[2],
                column[1],
                args.limit,
                work,
            )
            for name, column in tasks
        }
        for name in names:  # rows in order, each as soon as it is complete
            cells = [futures[(name, column)].result() for column in columns]
            failed += sum(not c.ok() for c in cells)
            print(f"| {name} | " + " | ".join(c.text() for c in cells) + " |", flush=True)
    print(
        f"\n{len(tasks) - failed} of {len(tasks)} cells pass (rc 0, one .entry per kernel, "
        "ptxas accepts, 0 spill)"
    )
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
