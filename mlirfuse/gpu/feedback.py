"""Feedback to the cost model: its register estimate per group vs `ptxas -v`.

For each workload: plan it (`mlirfuse.policy.planner.make_plan`, the estimate
`GroupCost.registers_per_thread`), compile it as `mlirfuse compile` does (in a
child process), assemble the PTX with `ptxas -v` and join kernels to groups by
`fusion.id`. A kernel that spills is flagged, and so is an estimate that is
off by more than 2x either way.

    python -m mlirfuse.gpu.feedback WORKLOAD.mlir ... [--chip sm_90]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from mlirfuse.gpu import ptx


@dataclass(frozen=True)
class FeedbackRow:
    workload: str
    kernel: str
    group: int | None
    pattern: str
    estimated: int | None
    measured: int
    spills: int
    stack: int

    @property
    def flags(self) -> str:
        notes = []
        if self.spills:
            notes.append("SPILLS")
        if self.estimated and not 0.5 <= self.measured / self.estimated <= 2.0:
            notes.append("estimate off >2x")
        return ", ".join(notes)


def compile_in_child(path: Path, chip: str, fuse: bool = True) -> tuple[dict[str, object], str]:
    """Run `mlirfuse.gpu.compile_job` on `path`; (summary, PTX) or RuntimeError."""
    with tempfile.TemporaryDirectory(prefix="mlirfuse-feedback-") as tmp:
        command = [sys.executable, "-m", "mlirfuse.gpu.compile_job", str(path), tmp, "--chip", chip]
        done = subprocess.run(
            command + ([] if fuse else ["--no-fuse"]), capture_output=True, text=True
        )
        job = Path(tmp)
        if done.returncode != 0 or not (job / "kernels.ptx").is_file():
            raise RuntimeError(f"{path}: compile failed: {done.stderr.strip()[-2000:]}")
        return json.loads((job / "summary.json").read_text()), (job / "kernels.ptx").read_text()


def estimates(path: Path, target: str = "h200") -> dict[int, int]:
    """The planner's register estimate per group id."""
    from mlirfuse.context import make_context, parse_module
    from mlirfuse.policy.planner import make_plan

    ctx = make_context()
    module = parse_module(path.read_text(), ctx, str(path))
    plan = make_plan(module, target=target, search="auto")
    found: dict[int, int] = {}
    for function in plan.functions.values():
        for group in function.groups:
            if group.cost is not None:
                found[group.id] = group.cost.registers_per_thread
    return found


def feedback(path: Path, chip: str = "sm_90") -> list[FeedbackRow]:
    summary, text = compile_in_child(path, chip)
    measured = {r.name: r for r in ptx.run_ptxas(text, chip)}
    guess = estimates(path)
    entries = summary["entries"]
    kernels = summary["kernels"]
    assert isinstance(entries, list) and isinstance(kernels, list)
    rows = []
    for number, kernel in enumerate(kernels):
        name = next(e for e in entries if e.endswith(f"_k{number}"))
        resources = measured[name]
        group = kernel["group"]
        rows.append(
            FeedbackRow(
                path.stem,
                name,
                group,
                kernel["pattern"],
                guess.get(group) if group is not None else None,
                resources.registers,
                resources.spills,
                resources.stack,
            )
        )
    return rows


def format_rows(rows: list[FeedbackRow]) -> str:
    head = f"{'kernel':28} {'group':>5} {'pattern':22} {'est':>5} {'ptxas':>5} {'spill':>5} {'stack':>5}  flags"
    lines = [head]
    for r in rows:
        group = "-" if r.group is None else str(r.group)
        est = "-" if r.estimated is None else str(r.estimated)
        lines.append(
            f"{r.kernel:28} {group:>5} {r.pattern:22} {est:>5} {r.measured:5d} {r.spills:5d} {r.stack:5d}  {r.flags}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mlirfuse.gpu.feedback", description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--chip", default="sm_90")
    args = parser.parse_args(argv)
    if ptx.find_ptxas() is None:
        print("ptxas not found on PATH: nothing to compare", file=sys.stderr)
        return 1
    rows = [row for path in args.files for row in feedback(path, args.chip)]
    print(format_rows(rows))
    return 1 if any(r.spills for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
