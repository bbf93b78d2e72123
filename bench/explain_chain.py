"""Time `explain` on a generated N-op elementwise chain (default 10,000 ops).

Goal (issue 3): <= 5 s on a 2-core machine. Prints figures; not a test.

    .venv/bin/python bench/explain_chain.py [--ops 10000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mlirfuse.analysis import DataflowGraph, explain
from mlirfuse.context import make_context, parse_module

_STEP = """    %{dst} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}}
        ins(%{src} : tensor<1024xf32>) outs(%init : tensor<1024xf32>) {{
    ^bb0(%in: f32, %out: f32):
      %r = arith.{op} %in, %in : f32
      linalg.yield %r : f32
    }} -> tensor<1024xf32>
"""


def chain_source(num_ops: int) -> str:
    """A function of `num_ops` linalg ops (plus one tensor.empty), each using the last."""
    lines = [
        "#id = affine_map<(d0) -> (d0)>",
        "func.func @chain(%arg0: tensor<1024xf32>) -> tensor<1024xf32> {",
        "  %init = tensor.empty() : tensor<1024xf32>",
    ]
    src = "arg0"
    for i in range(num_ops):
        dst = f"v{i}"
        lines.append(_STEP.format(dst=dst, src=src, op=("addf", "mulf")[i % 2]))
        src = dst
    lines += [f"  return %{src} : tensor<1024xf32>", "}"]
    return "\n".join(lines)


def fanout_source(num_ops: int) -> str:
    """One elementwise op whose result (and the argument) `num_ops` ops read."""
    step = _STEP.replace("ins(%{src} : tensor<1024xf32>)", "ins(%p : tensor<1024xf32>)")
    lines = [
        "#id = affine_map<(d0) -> (d0)>",
        "func.func @fan(%arg0: tensor<1024xf32>) -> tensor<1024xf32> {",
        "  %init = tensor.empty() : tensor<1024xf32>",
        _STEP.format(dst="p", src="arg0", op="mulf"),
    ]
    for i in range(num_ops):
        lines.append(step.format(dst=f"v{i}", src="p", op="addf"))
    lines += [f"  return %v{num_ops - 1} : tensor<1024xf32>", "}"]
    return "\n".join(lines)


def time_fanout(num_ops: int) -> None:
    ctx = make_context()
    module = parse_module(fanout_source(num_ops), ctx, "fan.mlir")
    start = time.perf_counter()
    report = explain(module.operation)
    seconds = time.perf_counter() - start
    print(
        f"fan-out of {num_ops}:       explain {seconds:.2f} s, {len(report['edges'])} edges, "
        f"{len(report['siblings'])} sibling pairs (neighbours only beyond 16 readers)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=10_000)
    args = parser.parse_args()
    ctx = make_context()
    text = chain_source(args.ops)
    t0 = time.perf_counter()
    module = parse_module(text, ctx, "chain.mlir")
    t1 = time.perf_counter()
    fn = module.body.operations[0]
    graph = DataflowGraph.build(fn)
    t2 = time.perf_counter()
    reach = graph.reachable(0, len(graph) - 1)
    t3 = time.perf_counter()
    report = explain(module.operation)
    t4 = time.perf_counter()
    print(f"ops in chain:          {args.ops} (+1 tensor.empty)")
    print(f"parse:                 {t1 - t0:.2f} s")
    print(f"graph build:           {t2 - t1:.2f} s")
    print(f"reachable(0, last):    {reach} in {t3 - t2:.3f} s (bitsets built)")
    print(f"explain:               {t4 - t3:.2f} s  (goal <= 5 s)")
    print(
        f"report:                {len(report['ops'])} ops, {len(report['edges'])} edges, "
        f"{len(report['siblings'])} sibling pairs"
    )
    print(f"mlirfuse explain (CLI, process start to JSON written): {cli_seconds(text):.2f} s")
    time_fanout(args.ops // 2)


def cli_seconds(text: str) -> float:
    """Wall time of `mlirfuse explain FILE --format json` in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "chain.mlir"
        path.write_text(text)
        cmd = [sys.executable, "-m", "mlirfuse.cli", "explain", str(path), "--format", "json"]
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


if __name__ == "__main__":
    main()
