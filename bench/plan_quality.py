#!/usr/bin/env python3
"""Plan quality: kernels and modeled bytes per model, for five strategies.

- unfused: every linalg op (not fills) its own kernel (the plan's P0);
- upstream: `linalg-fuse-elementwise-ops` applied, then each remaining op one kernel;
- mlirfuse greedy / auto: the chosen plan of `make_plan(search=...)`;
- compulsory: each graph input read once and each output written once (a
  lower bound on bytes; 1 kernel).
Bytes come from the cost model (`mlirfuse.policy.planner.make_plan`, target
h200). The "IR" column counts kernels in the IR that `mlirfuse-fuse{search=auto}`
actually produces (top-level non-fill linalg ops plus groups), to check that
the rewrite realises the plan.

Usage: bench/plan_quality.py [--layers 1 12 24] [--no-doc]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import markdown_table, workload_files, write_section
from transformer import transformer_stack

from mlirfuse.context import make_context, parse_module
from mlirfuse.metrics import count_kernels, module_traffic
from mlirfuse.pipeline import run_pipeline
from mlirfuse.policy.planner import make_plan
from mlirfuse.vocab.options import FusionOptions

HEADERS = [
    "model",
    "linalg ops",
    "unfused k / MB",
    "upstream k / MB",
    "greedy k / MB",
    "auto k / MB",
    "compulsory MB",
    "auto / unfused bytes",
    "auto IR kernels",
    "plan s (auto)",
]


def _mb(n: float) -> str:
    return f"{n / 1e6:.2f}"


def measure(name: str, text: str) -> list[object]:
    ctx = make_context()
    module = parse_module(text, ctx, name)
    linalg_ops = count_kernels(module)  # linalg ops, not fills (issue 4 convention)
    greedy = make_plan(module, search="greedy").summaries
    began = time.perf_counter()
    auto = make_plan(module, search="auto").summaries
    plan_seconds = time.perf_counter() - began
    upstream = parse_module(text, ctx, name)
    run_pipeline(upstream, "builtin.module(linalg-fuse-elementwise-ops)")
    up = make_plan(upstream, options=FusionOptions(enabled=False)).summaries[0]
    fused = parse_module(text, ctx, name)
    try:
        run_pipeline(fused, "builtin.module(mlirfuse-fuse{search=auto})")
        fused_kernels: object = count_kernels(fused)
    except Exception as error:  # report, don't hide: the table shows the failure
        fused_kernels = f"error: {type(error).__name__}"
    p0, best_g, best_a = auto[0], greedy[-1], auto[-1]
    return [
        name,
        linalg_ops,
        f"{p0.kernels} / {_mb(p0.bytes)}",
        f"{up.kernels} / {_mb(up.bytes)}",
        f"{best_g.kernels} / {_mb(best_g.bytes)}",
        f"{best_a.kernels} / {_mb(best_a.bytes)}",
        _mb(module_traffic(module).compulsory_bytes or 0),
        f"{best_a.bytes / p0.bytes:.0%}",
        fused_kernels,
        f"{plan_seconds:.2f}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, nargs="*", default=[1, 12, 24])
    parser.add_argument("--no-doc", action="store_true", help="print only")
    args = parser.parse_args()
    models = [(p.stem, p.read_text()) for p in workload_files()]
    models += [(f"transformer x{n}", transformer_stack(n)) for n in args.layers]
    rows = []
    for name, text in models:
        rows.append(measure(name, text))
        print(" | ".join(str(c) for c in rows[-1]), flush=True)
    table = markdown_table(HEADERS, rows)
    print(table)
    notes = (
        "k = kernels, MB = modeled bytes moved through HBM (10^6 bytes), target h200. "
        "Transformer: seq 128, model 256, MLP 1024, f32, single-head attention, weights as "
        "arguments (bench/transformer.py). Compulsory = bytes of all function arguments and "
        "results (each read or written once), the floor no fusion can go below. Upstream here is "
        "the plain pass on the IR as given (named matmuls and transposes stay separate kernels), "
        "costed by the same model; bench/kernel_counts.py counts upstream after generalizing named "
        "ops, hence its lower counts. 'auto IR kernels' counts the IR that mlirfuse-fuse produces "
        "(it equals the plan's kernel count when the rewrite realises every planned group)."
    )
    if not args.no_doc:
        write_section(
            "plan-quality", "Plan quality: kernels and modeled bytes", f"{table}\n\n{notes}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
