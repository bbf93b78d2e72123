#!/usr/bin/env python3
"""CPU runtime, fused vs unfused, through the runner (`mlirfuse.runner`).

Cases: an 8-op elementwise chain at 4096x4096 f32 (goal: fused >= 2x faster),
and each shared workload fed its .npz. Each function is compiled once
(`CompiledFunction`, opt level 3) and timed as the best of --repeats calls;
fused = after `mlirfuse-fuse{search=auto}`, upstream = after
`linalg-fuse-elementwise-ops`. numpy's time for the same chain and a plain
64 MiB copy are printed to show the memory-bandwidth bound.

Usage: bench/cpu_runtime.py [--size 4096] [--repeats 5] [--no-doc]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import best_of, markdown_table, workload_files, write_section

from mlirfuse.context import make_context, parse_module
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.engine import CompiledFunction

CHAIN_BODIES = [
    ("a, b", "%r = arith.addf %x0, %x1 : f32"),
    ("t, a", "%r = arith.mulf %x0, %x1 : f32"),
    ("t, b", "%r = arith.subf %x0, %x1 : f32"),
    ("t", "%c = arith.constant 0.0 : f32\n    %r = arith.maximumf %x0, %c : f32"),
    ("t", "%c = arith.constant 0.5 : f32\n    %r = arith.mulf %x0, %c : f32"),
    ("t, a", "%r = arith.addf %x0, %x1 : f32"),
    ("t", "%r = arith.negf %x0 : f32"),
    ("t, b", "%r = arith.maximumf %x0, %x1 : f32"),
]


def chain_text(n: int) -> str:
    ty = f"tensor<{n}x{n}xf32>"
    lines = [f"func.func @chain(%a: {ty}, %b: {ty}) -> {ty} {{", f"  %e = tensor.empty() : {ty}"]
    previous = ""
    for i, (operands, body) in enumerate(CHAIN_BODIES):
        names = [previous if o == "t" else f"%{o}" for o in operands.split(", ")]
        maps = ", ".join(["affine_map<(d0, d1) -> (d0, d1)>"] * (len(names) + 1))
        args = ", ".join(f"%x{j}: f32" for j in range(len(names)))
        lines += [
            f'  %t{i} = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel", "parallel"]}} '
            f"ins({', '.join(names)} : {', '.join([ty] * len(names))}) outs(%e : {ty}) {{",
            f"  ^bb0({args}, %o: f32):",
            f"    {body}",
            "    linalg.yield %r : f32",
            f"  }} -> {ty}",
        ]
        previous = f"%t{i}"
    lines += [f"  return {previous} : {ty}", "}"]
    return "\n".join(lines) + "\n"


def numpy_chain(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    t = a + b
    t = t * a
    t = t - b
    t = np.maximum(t, 0)
    t = t * np.float32(0.5)
    t = t + a
    t = -t
    return np.maximum(t, b)


def transformed(text: str, pipeline: str | None) -> str:
    if pipeline is None:
        return text
    ctx = make_context()
    module = parse_module(text, ctx, "bench.mlir")
    run_pipeline(module, pipeline)
    return str(module)


def time_variant(
    text: str, inputs: list[np.ndarray], repeats: int
) -> tuple[float, list[np.ndarray]]:
    with CompiledFunction(text, opt_level=3) as compiled:
        results = compiled(*inputs)
        return best_of(repeats, lambda: compiled(*inputs)), results


def measure_case(name: str, text: str, inputs: list[np.ndarray], repeats: int) -> list[Any]:
    variants = {
        "unfused": None,
        "upstream": "builtin.module(linalg-fuse-elementwise-ops)",
        "mlirfuse": "builtin.module(mlirfuse-fuse{search=auto})",
    }
    times: dict[str, Any] = {}
    reference: list[np.ndarray] | None = None
    for label, pipeline in variants.items():
        try:
            seconds, results = time_variant(transformed(text, pipeline), inputs, repeats)
        except Exception as failure:
            first = str(failure).splitlines()[0][:80] if str(failure) else ""
            times[label] = f"error: {type(failure).__name__}: {first}"
            continue
        times[label] = seconds * 1e3
        if reference is None:
            reference = results
        else:
            scale = max(float(np.max(np.abs(r))) for r in reference) or 1.0
            worst = max(
                float(np.max(np.abs(r - g))) for r, g in zip(reference, results, strict=True)
            )
            if worst > 1e-5 * scale:
                times[label] = f"WRONG (max error {worst:.2e})"
    speedup = "n/a"
    if isinstance(times.get("unfused"), float) and isinstance(times.get("mlirfuse"), float):
        speedup = f"{times['unfused'] / times['mlirfuse']:.2f}x"
    return [name, times["unfused"], times["upstream"], times["mlirfuse"], speedup]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    n = args.size
    a, b = (rng.uniform(-1, 1, (n, n)).astype(np.float32) for _ in range(2))
    rows = [
        measure_case(f"8-op elementwise chain {n}x{n} f32", chain_text(n), [a, b], args.repeats)
    ]
    print(rows[-1], flush=True)
    numpy_ms = best_of(args.repeats, lambda: numpy_chain(a, b)) * 1e3
    copy_ms = best_of(args.repeats, lambda: a.copy()) * 1e3
    for path in workload_files():
        data = np.load(path.with_suffix(".npz"))
        inputs = [
            data[f"arg{i}"] for i in range(len([k for k in data.files if k.startswith("arg")]))
        ]
        rows.append(measure_case(path.stem, path.read_text(), inputs, args.repeats))
        print(rows[-1], flush=True)
    table = markdown_table(
        ["case", "unfused ms", "upstream ms", "mlirfuse ms", "speedup (unfused / mlirfuse)"], rows
    )
    chain = rows[0]
    array_mb = n * n * 4 / 1e6
    bandwidth = ""
    if isinstance(chain[1], float) and isinstance(chain[3], float):
        bandwidth = (
            f" Measured: unfused moves 21 arrays ({21 * array_mb:.0f} MB: 13 reads, 8 writes) at "
            f"{21 * array_mb / chain[1]:.1f} GB/s, fused moves 3 ({3 * array_mb:.0f} MB) at "
            f"{3 * array_mb / chain[3]:.1f} GB/s, so the ideal speedup is 7x."
        )
    notes = (
        f"Best of {args.repeats} calls after one warm-up, single thread, `CompiledFunction` at opt "
        f"level 3 (compile time excluded), on a shared 2-core machine. For scale: numpy runs the "
        f"same chain in {numpy_ms:.1f} ms and copies one {n}x{n} f32 array (into fresh memory) in "
        f"{copy_ms:.1f} ms.{bandwidth} What limits the fused kernel: the CPU lowering emits scalar "
        "loops (no vectorization, one thread), so it is bound by scalar issue rate rather than by "
        "memory bandwidth; the runner also allocates and zero-fills a fresh result array on every "
        "call (included). On the workloads fusion barely changes CPU time: their shapes are small "
        "(L2-resident) and their time is in the matmuls and convolutions, which fusion does not "
        "speed up on the CPU. WRONG marks a result differing from the unfused one by more than "
        "1e-5 of its largest magnitude."
    )
    print(table)
    print(notes)
    if not args.no_doc:
        write_section("cpu-runtime", "CPU runtime: fused vs unfused", f"{table}\n\n{notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
