"""Kernel counts before and after each sibling pass, on the shared workloads
and examples/attention_qkv.mlir, with the CPU error of each fused function.

Kernels = top-level linalg ops other than fills, plus fusion.groups (the
convention of docs/sibling-fusion.md). Then the time the sibling rule takes
on generated graphs of N ops (a chain, and a chain whose every op also reads
the function argument: N dependent readers of one value).

    .venv/bin/python bench/sibling_fusion.py [--scale 10000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import workload_files  # noqa: E402

from mlirfuse.context import make_context, parse_module  # noqa: E402
from mlirfuse.pipeline import run_pipeline  # noqa: E402
from mlirfuse.runner import run  # noqa: E402

PASSES = ["mlirfuse-fuse-siblings", "mlirfuse-horizontal-contraction", "mlirfuse-group-independent"]


def kernels(text: str) -> int:
    module = parse_module(text, make_context())
    count = 0
    for func in module.body.operations:
        for op in func.regions[0].blocks[0].operations:
            name = op.operation.name
            count += name == "fusion.group" or (
                name.startswith("linalg.") and name != "linalg.fill"
            )
    return count


def fused(text: str, name: str) -> str:
    module = parse_module(text, make_context())
    run_pipeline(module, f"builtin.module({name})")
    return str(module)


def inputs(path: Path, text: str) -> list[np.ndarray]:
    data = path.with_suffix(".npz")
    if data.is_file():
        arrays = np.load(data)
        names = sorted((k for k in arrays.files if k.startswith("arg")), key=lambda k: int(k[3:]))
        return [arrays[k] for k in names]
    module = parse_module(text, make_context())
    args = module.body.operations[0].regions[0].blocks[0].arguments
    rng = np.random.default_rng(0)
    return [rng.uniform(-1, 1, size=list(a.type.shape)).astype(np.float32) for a in args]


def max_relative_error(path: Path, text: str, other: str) -> float:
    arrays = inputs(path, text)
    expected = run(text, None, *[a.copy() for a in arrays])
    got = run(other, None, *[a.copy() for a in arrays])
    return max(
        float(np.abs(g - e).max() / max(np.abs(e).max(), 1e-30))
        for e, g in zip(expected, got, strict=True)
    )


_STEP = (
    '  %v{i} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}}'
    " ins(%{a}, %{b} : tensor<1024xf32>, tensor<1024xf32>) outs(%init : tensor<1024xf32>) {{\n"
    "  ^bb0(%x: f32, %y: f32, %o: f32):\n    %r = arith.addf %x, %y : f32\n    linalg.yield %r : f32\n"
    "  }} -> tensor<1024xf32>"
)


def generated(num_ops: int, fan_out: bool) -> str:
    lines = [
        "#id = affine_map<(d0) -> (d0)>",
        "func.func @f(%arg0: tensor<1024xf32>) -> tensor<1024xf32> {",
        "  %init = tensor.empty() : tensor<1024xf32>",
    ]
    previous = "arg0"
    for i in range(num_ops):
        lines.append(_STEP.format(i=i, a="arg0" if fan_out else previous, b=previous))
        previous = f"v{i}"
    lines.append(f"  return %{previous} : tensor<1024xf32>\n}}")
    return "\n".join(lines)


def time_rule(num_ops: int) -> None:
    from mlirfuse.analysis import DataflowGraph
    from mlirfuse.policy.sibling_rules import merge_siblings
    from mlirfuse.transforms.sibling_apply import singleton_groups
    from mlirfuse.vocab.options import FusionOptions

    for fan_out in (False, True):
        module = parse_module(generated(num_ops, fan_out), make_context())
        graph = DataflowGraph.build(module.body.operations[0])
        start = time.perf_counter()
        groups, refusals = merge_siblings(
            graph, singleton_groups(graph), FusionOptions(independent=True)
        )
        shape = "fan-out chain" if fan_out else "chain"
        print(
            f"merge_siblings on a {num_ops}-op {shape}: {time.perf_counter() - start:.2f} s "
            f"({len(groups)} groups, {len(refusals)} refusals)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=10000, help="ops of the generated graphs")
    args = parser.parse_args()
    files = [*workload_files(), ROOT / "examples" / "attention_qkv.mlir"]
    print(
        f"| file | unfused | {' | '.join(p.removeprefix('mlirfuse-') for p in PASSES)} | max rel. error |"
    )
    print("|---|---|" + "---|" * len(PASSES) + "---|")
    for path in files:
        text = path.read_text()
        cells, worst = [], 0.0
        for name in PASSES:
            out = fused(text, name)
            cells.append(str(kernels(out)))
            worst = max(worst, max_relative_error(path, text, out))
        print(f"| {path.stem} | {kernels(text)} | {' | '.join(cells)} | {worst:.1e} |")
    time_rule(args.scale)


if __name__ == "__main__":
    main()
