"""Kernels per workload: as given, after mlirfuse-fuse, after upstream fusion.

    .venv/bin/python bench/kernel_counts.py [--no-doc] [DIR]

For every workload (<repo>/models):
kernels before fusion and after `mlirfuse-fuse` (the team's convention:
top-level linalg ops outside groups that are not fills, plus groups), after
upstream `linalg-fuse-elementwise-ops` on the named ops generalized first (as
the workloads README counts it: linalg ops left, fills excluded), IREE's O3
dispatch count from models/baseline.json (`make zoo-baseline`), the cf.assert count before/after, and the ops the plan
recomputed. Prints a table and updates docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from common import markdown_table, workload_files, workloads_dir, write_section
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels
from mlirfuse.passes.fusion_driver import fuse_module
from mlirfuse.pipeline import run_pipeline
from mlirfuse.vocab.options import FusionOptions

UPSTREAM = "builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops))"


def iree_o3(name: str) -> object:
    """IREE's O3 flow.dispatch count for a model, from models/baseline.json."""
    peer = json.loads((workloads_dir() / "baseline.json").read_text()).get(name, {})
    return peer.get("O3", {}).get("dispatches", "-")


HEADERS = [
    "workload", "before", "mlirfuse", "upstream", "IREE O3",
    "asserts before -> mlirfuse / upstream", "upstream result-less ops left", "recomputed",
]  # fmt: skip


def _upstream(module: ir.Module) -> tuple[int, int, int]:
    """After upstream fusion: linalg ops with results (fills excluded, as the
    README counts), result-less ops left behind (side-effecting bodies it could
    not erase), and cf.assert ops."""
    run_pipeline(module, UPSTREAM)
    kernels = leftovers = 0
    for func in module.body.operations:
        for op in func.regions[0].blocks[0].operations if func.regions else []:
            name = op.operation.name
            if not name.startswith("linalg.") or name == "linalg.fill" or _is_fill(op):
                continue
            if len(op.operation.results) == 0:
                leftovers += 1
            else:
                kernels += 1
    return kernels, leftovers, str(module).count("cf.assert")


def _is_fill(op: ir.OpView) -> bool:
    """A generalized fill: no tensor input, body yields a captured scalar."""
    operation = op.operation
    if operation.name != "linalg.generic":
        return False
    inputs = list(operation.opview.inputs)
    return all(not isinstance(v.type, ir.ShapedType) for v in inputs)


def measure(path: Path) -> list[object]:
    ctx = make_context()
    text = path.read_text()
    with ctx, ir.Location.unknown(ctx):
        module = parse_module(text, ctx, str(path))
        before = count_kernels(module)
        plan = fuse_module(module.operation, FusionOptions())
        after = count_kernels(module)
        asserts_after = str(module).count("cf.assert")
        recomputed = sum(len(g.recomputed) for f in plan.functions.values() for g in f.groups)
        upstream, leftovers, upstream_asserts = _upstream(parse_module(text, ctx, str(path)))
    asserts = f"{text.count('cf.assert')} -> {asserts_after} / {upstream_asserts}"
    iree = iree_o3(path.stem)
    return [path.stem, before, after, upstream, iree, asserts, leftovers, recomputed]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=None)
    parser.add_argument("--no-doc", action="store_true", help="print only")
    args = parser.parse_args(argv)
    files = sorted(args.dir.glob("*.mlir")) if args.dir else workload_files()
    if not files:
        print(f"no workloads found in {args.dir or workloads_dir()}", file=sys.stderr)
        return 1
    table = markdown_table(HEADERS, [measure(f) for f in files])
    print(table)
    if not args.no_doc:
        write_section("kernel_counts", "Kernel counts: mlirfuse-fuse vs upstream vs IREE", table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
