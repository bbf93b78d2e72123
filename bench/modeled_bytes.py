"""Modeled bytes after fusion: unfused vs upstream linalg-fuse-elementwise-ops vs mlirfuse.

    .venv/bin/python bench/modeled_bytes.py [--target h200] [--search auto] [DIR]

For every workload (<repo>/models): the
cost model's bytes and kernels for the IR as given (every op its own kernel),
for the IR after upstream `linalg-fuse-elementwise-ops` (each remaining op its
own kernel), for mlirfuse's rule heuristic, and for mlirfuse's search. The
goal: ours <= upstream's.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.context import make_context, parse_module
from mlirfuse.policy.planner import make_plan
from mlirfuse.vocab.options import FusionOptions

# As the workloads' README counts it: named ops generalized first, so that
# elementwise producers can fuse into matmuls (recomputed per output column).
UPSTREAM = "builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops))"


def workloads_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "models"


Row = tuple[int, int, float]  # kernels, bytes, J


def modeled(
    text: str, name: str, target: str, search: str, fuse: bool, upstream: bool = False
) -> tuple[Row, Row]:
    """(kernels, bytes, J) of the best plan (of the unfused plan when not
    `fuse`), and of the rule heuristic's plan."""
    ctx = make_context()
    with ctx, ir.Location.unknown(ctx):
        module = parse_module(text, ctx, name)
        if upstream:
            PassManager.parse(UPSTREAM, ctx).run(module.operation)
        plan = make_plan(
            module.operation, target=target, search=search, options=FusionOptions(enabled=fuse)
        )
    row = plan.summaries[-1] if fuse else plan.summaries[0]
    ref = plan.extra["reference"][0]
    return (row.kernels, row.bytes, row.cost), (ref["kernels"], ref["bytes"], ref["cost"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=workloads_dir())
    parser.add_argument("--target", default="h200")
    parser.add_argument("--search", default="auto")
    args = parser.parse_args()
    columns = ["unfused", "upstream", "heuristic", f"mlirfuse {args.search}"]
    print(f"{'workload':<20} " + " ".join(f"{c + ' k/bytes':>22}" for c in columns) + "  ours<=up")
    for path in sorted(args.dir.glob("*.mlir")):
        text = path.read_text()
        base, _ = modeled(text, path.name, args.target, args.search, fuse=False)
        upstream, _ = modeled(text, path.name, args.target, args.search, fuse=False, upstream=True)
        ours, heuristic = modeled(text, path.name, args.target, args.search, fuse=True)
        cells = [f"{k} / {b:,}" for k, b, _ in (base, upstream, heuristic, ours)]
        ok = "yes" if ours[1] <= upstream[1] else "NO"
        print(f"{path.stem:<20} " + " ".join(f"{c:>22}" for c in cells) + f"  {ok}")


if __name__ == "__main__":
    main()
