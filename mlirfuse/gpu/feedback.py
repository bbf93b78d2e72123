"""Feedback to the cost model: its register and shared-memory estimates per group vs `ptxas -v`.

For each workload: plan it (`mlirfuse.policy.planner.make_plan`, the estimates
`GroupCost.registers_per_thread` and `GroupCost.shared_bytes`), compile it as
`mlirfuse compile` does (in a child process), assemble the PTX with `ptxas -v`
and join kernels to groups by `fusion.id`. A kernel that spills is flagged,
so is a register estimate off by more than 2x either way, and a kernel using
more shared memory than estimated. A model that does not compile is reported
and the others still run.

    python -m mlirfuse.gpu.feedback models/*.mlir [--chip sm_90]
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
    estimated_shared: int | None = None
    shared: int = 0

    @property
    def flags(self) -> str:
        notes = []
        if self.spills:
            notes.append("SPILLS")
        if self.estimated and not 0.5 <= self.measured / self.estimated <= 2.0:
            notes.append("estimate off >2x")
        if self.estimated_shared is not None and self.shared > self.estimated_shared:
            notes.append("shared above estimate")
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


def estimates(path: Path, target: str = "h200") -> dict[int, tuple[int, int]]:
    """The planner's (registers, shared bytes) estimate per group id, from
    the plan `mlirfuse compile` fuses by: the GPU back end's lowerability
    registered, its pre-fusion rewrites, the fusion pass's defaults (search
    auto, attention auto), so group ids are the kernels' `fusion.id`s."""
    from mlirfuse.gpu import lowerability

    lowerability.register()
    from mlirfuse.context import make_context, parse_module
    from mlirfuse.gpu.before_fusion import before_fusion
    from mlirfuse.passes.fusion_driver import plan_module
    from mlirfuse.vocab.options import FusionOptions

    ctx = make_context()
    module = parse_module(path.read_text(), ctx, str(path))
    with ctx:
        before_fusion(module)  # the IR compile plans
        options = FusionOptions(attention="auto")
        plan = plan_module(module.operation, options, target=target, search="auto")
    found: dict[int, tuple[int, int]] = {}
    for function in plan.functions.values():
        for group in function.groups:
            if group.cost is not None:
                found[group.id] = (group.cost.registers_per_thread, group.cost.shared_bytes)
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
        estimate = guess.get(group) if group is not None else None
        rows.append(
            FeedbackRow(
                path.stem,
                name,
                group,
                kernel["pattern"],
                estimate[0] if estimate else None,
                resources.registers,
                resources.spills,
                resources.stack,
                estimate[1] if estimate else None,
                resources.shared,
            )
        )
    return rows


def format_rows(rows: list[FeedbackRow]) -> str:
    head = (
        f"{'kernel':28} {'group':>5} {'pattern':22} {'est':>5} {'ptxas':>5} {'spill':>5} "
        f"{'stack':>5} {'est_smem':>8} {'smem':>6}  flags"
    )
    lines = [head]
    for r in rows:
        group = "-" if r.group is None else str(r.group)
        est = "-" if r.estimated is None else str(r.estimated)
        est_smem = "-" if r.estimated_shared is None else str(r.estimated_shared)
        lines.append(
            f"{r.kernel:28} {group:>5} {r.pattern:22} {est:>5} {r.measured:5d} {r.spills:5d} "
            f"{r.stack:5d} {est_smem:>8} {r.shared:6d}  {r.flags}"
        )
    return "\n".join(lines)


def _off_by(measured: int, estimated: int | None) -> float | None:
    """How far an estimate is from ptxas, as a factor >= 1 (None: nothing to compare)."""
    if not estimated or not measured:
        return None
    return max(measured / estimated, estimated / measured)


def worst_ratios(rows: list[FeedbackRow]) -> str:
    """The worst register and shared-memory estimate over all rows, as
    'x<factor> (kernel: estimate vs ptxas)'."""
    lines = []
    for label, pairs in (
        ("registers", [(r, r.measured, r.estimated) for r in rows]),
        ("shared memory", [(r, r.shared, r.estimated_shared) for r in rows]),
    ):
        ratios = [(f, r, m, e) for r, m, e in pairs if (f := _off_by(m, e)) is not None]
        if not ratios:
            continue
        f, r, m, e = max(ratios, key=lambda x: x[0])
        lines.append(f"worst {label} estimate: x{f:.2f} ({r.kernel}: {e} estimated vs {m} ptxas)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mlirfuse.gpu.feedback", description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--chip", default="sm_90")
    args = parser.parse_args(argv)
    if ptx.find_ptxas() is None:
        print("ptxas not found on PATH: nothing to compare", file=sys.stderr)
        return 1
    rows: list[FeedbackRow] = []
    failed = 0
    for path in args.files:
        try:
            rows.extend(feedback(path, args.chip))
        except RuntimeError as error:
            failed += 1
            print(str(error).splitlines()[0], file=sys.stderr)
    print(format_rows(rows))
    print(worst_ratios(rows))
    return 1 if failed or any(r.spills for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
