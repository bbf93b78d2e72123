"""`mlirfuse demo`: the main job on the bundled examples, step by step.

For each example (examples/seed_chain.mlir: the seed document's
add -> relu -> sum -> norm graph; examples/mlp_gelu.mlir: a real torch-mlir
export) it prints the op kinds, the plans P0..Pk, the fused IR, the kernel
count before and after, and the CPU check of the fused IR against the
unfused IR and the reference in the example's .npz. A step whose module is
missing prints "(not available yet: ...)" instead of stopping the demo.
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from mlirfuse.analysis.explain import explain
from mlirfuse.api import plan
from mlirfuse.commands.report import render_text
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.metrics import count_kernels
from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner import random_inputs, run
from mlirfuse.runner.signature import function_signature

EXAMPLES_DIR = Path(__file__).resolve().parent.parent.parent / "examples"
DEFAULT_EXAMPLES = ("seed_chain", "mlp_gelu")
TOLERANCE = 1e-4  # relative to the largest |reference|


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "examples", nargs="*", default=list(DEFAULT_EXAMPLES), help="example names or .mlir files"
    )
    parser.add_argument("--target", default="h200", help="GPU target of the cost model")
    parser.add_argument("--no-ir", action="store_true", help="do not print the fused IR")


def main(args: argparse.Namespace) -> int:
    failures = 0
    for example in args.examples:
        path = _example_path(example)
        if not path.is_file():
            print(
                f"mlirfuse demo: error: no example '{example}' ({path} not found)", file=sys.stderr
            )
            failures += 1
            continue
        failures += Demo(path, args.target, print_ir=not args.no_ir).run()
    return 1 if failures else 0


def _example_path(name: str) -> Path:
    return Path(name) if name.endswith(".mlir") else EXAMPLES_DIR / f"{name}.mlir"


def _display_path(path: Path) -> Path:
    """`path` relative to the working directory when it lies below it."""
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


def heading(text: str) -> None:
    print(f"\n== {text} ==")


class Demo:
    """One example, walked through parse -> analyse -> plan -> rewrite -> run."""

    def __init__(self, path: Path, target: str, print_ir: bool) -> None:
        self.path = _display_path(path)
        self.target = target
        self.print_ir = print_ir
        self.text = path.read_text()
        self.plan: Any = None
        self.fused_text: str | None = None
        self.failures = 0

    def run(self) -> int:
        print(f"\n######## {self.path.name} ########")
        self.step("1. what the ops are (mlirfuse explain)", self.explain)
        self.step(f"2. fusion plans for {self.target} (mlirfuse plan)", self.make_plan)
        self.step("3. fused IR (pass mlirfuse-fuse{search=auto}: the plan above)", self.fuse)
        self.step("4. kernels before -> after", self.kernels)
        self.step("5. CPU check of the fused IR (mlirfuse.run)", self.verify)
        return self.failures

    def step(self, title: str, action: Callable[[], None]) -> None:
        heading(title)
        try:
            action()
        except (ImportError, AttributeError) as missing:
            print(f"(not available yet: {missing})")
        except Exception as failure:
            print(f"(failed: {type(failure).__name__}: {failure})")
            self.failures += 1

    def module(self) -> Any:
        return parse_module(self.text, make_context(), str(self.path))

    def explain(self) -> None:
        report = explain(self.module().operation)
        kinds = collections.Counter(
            op["kind"] for op in report["ops"] if op["op"].startswith("linalg.")
        )
        names = collections.Counter(
            op["op"] for op in report["ops"] if op["op"].startswith("linalg.")
        )
        print("linalg ops by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        print("linalg ops by name: " + ", ".join(f"{k} {n}" for k, n in names.most_common()))

    def make_plan(self) -> None:
        self.plan = plan(self.module(), target=self.target, search="auto")
        print(render_text(self.plan, str(self.path)).rstrip())

    def fuse(self) -> None:
        module = self.module()
        run_pipeline(module, f"builtin.module(mlirfuse-fuse{{target={self.target} search=auto}})")
        self.fused_text = str(module)
        if self.print_ir:
            print(self.fused_text.rstrip())
        else:
            print(f"({len(self.fused_text.splitlines())} lines; run without --no-ir to see them)")

    def kernels(self) -> None:
        if self.fused_text is None:
            print("(not available yet: no fused IR)")
            return
        before = count_kernels(self.module())
        after = count_kernels(parse_module(self.fused_text, make_context(), "fused"))
        print(f"kernels: {before} -> {after}")

    def verify(self) -> None:
        if self.fused_text is None:
            print("(not available yet: no fused IR)")
            return
        inputs, reference = self.inputs()
        unfused = run(self.text, None, *inputs, isolated=True)
        fused = run(self.fused_text, None, *inputs, isolated=True)
        for index, (u, f) in enumerate(zip(unfused, fused, strict=True)):
            line = f"result{index} {tuple(f.shape)}: fused vs unfused {relative_error(f, u):.2e}"
            if reference is not None and index == 0:
                error = relative_error(f, reference)
                verdict = "ok" if error <= TOLERANCE else "MISMATCH"
                line += f", vs reference {error:.2e} ({verdict}, tolerance {TOLERANCE:g})"
                self.failures += error > TOLERANCE
            print(line)

    def inputs(self) -> tuple[list[np.ndarray], np.ndarray | None]:
        """The example's .npz arrays (arg0, arg1, ...; ref), else seeded random ones."""
        npz = self.path.with_suffix(".npz")
        if npz.is_file():
            with np.load(npz) as data:
                count = sum(1 for key in data.files if key.startswith("arg"))
                arrays = [data[f"arg{i}"] for i in range(count)]
                return arrays, data["ref"] if "ref" in data.files else None

        print("(no .npz beside the example: random inputs, seed 0)")
        (func, *_) = function_ops(self.module().operation)
        return random_inputs(function_signature(func, str(self.path)), seed=0), None


def relative_error(got: np.ndarray, want: np.ndarray) -> float:
    """max |got - want| / max |want| (0 when both are zero)."""
    scale = float(np.max(np.abs(want))) if want.size else 0.0
    diff = float(np.max(np.abs(got.astype(np.float64) - want))) if want.size else 0.0
    return diff / scale if scale else diff
