"""Modeled bytes after fusion: unfused vs upstream linalg-fuse-elementwise-ops vs mlirfuse.

    .venv/bin/python bench/modeled_bytes.py [--target h200] [--search auto] [DIR]

For every workload (MLIRFUSE_WORKLOADS or <repo>/../shared/workloads): the
cost model's bytes and kernels for the IR as given (every op its own kernel),
for the IR after upstream `linalg-fuse-elementwise-ops` (each remaining op its
own kernel), and for mlirfuse's best plan. The goal: ours <= upstream's.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.context import make_context, parse_module
from mlirfuse.plan.options import FusionOptions
from mlirfuse.plan.planner import make_plan

UPSTREAM = "builtin.module(func.func(linalg-fuse-elementwise-ops))"


def workloads_dir() -> Path:
    env = os.environ.get("MLIRFUSE_WORKLOADS")
    return (
        Path(env) if env else Path(__file__).resolve().parent.parent.parent / "shared" / "workloads"
    )


def modeled(
    text: str, name: str, target: str, search: str, fuse: bool, upstream: bool = False
) -> tuple[int, int, float]:
    """(kernels, bytes, J) of the best plan, or of the unfused plan when not `fuse`."""
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        module = parse_module(text, ctx, name)
        if upstream:
            PassManager.parse(UPSTREAM, ctx).run(module.operation)
        plan = make_plan(
            module.operation, target=target, search=search, options=FusionOptions(enabled=fuse)
        )
    row = plan.summaries[-1] if fuse else plan.summaries[0]
    return row.kernels, row.bytes, row.cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=workloads_dir())
    parser.add_argument("--target", default="h200")
    parser.add_argument("--search", default="auto")
    args = parser.parse_args()
    header = f"{'workload':<22} {'unfused k/bytes':>22} {'upstream k/bytes':>22} {'mlirfuse k/bytes':>22} {'ours<=up':>8}"
    print(header)
    for path in sorted(args.dir.glob("*.mlir")):
        text = path.read_text()
        base = modeled(text, path.name, args.target, args.search, fuse=False)
        upstream = modeled(text, path.name, args.target, args.search, fuse=False, upstream=True)
        ours = modeled(text, path.name, args.target, args.search, fuse=True)
        cells = [f"{k} / {b:,}" for k, b, _ in (base, upstream, ours)]
        ok = "yes" if ours[1] <= upstream[1] else "NO"
        print(f"{path.stem:<22} {cells[0]:>22} {cells[1]:>22} {cells[2]:>22} {ok:>8}")


if __name__ == "__main__":
    main()
