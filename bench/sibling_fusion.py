"""Kernel counts before and after each sibling pass, on the shared workloads
and examples/attention_qkv.mlir, with the CPU error of each fused function.

Kernels = top-level linalg ops other than fills, plus fusion.groups (the
convention of docs/sibling-fusion.md). Run: .venv/bin/python bench/sibling_fusion.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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


def main() -> None:
    folder = Path(os.environ.get("MLIRFUSE_WORKLOADS") or ROOT.parent / "shared" / "workloads")
    files = [*sorted(folder.glob("*.mlir")), ROOT / "examples" / "attention_qkv.mlir"]
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


if __name__ == "__main__":
    main()
