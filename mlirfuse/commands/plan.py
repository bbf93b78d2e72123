"""`mlirfuse plan FILE --target h200`: the P0..Pk report of the cost-model search."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mlir import ir

from mlirfuse.commands.backends import add_backend_argument, load_backend, prepare_for_backend
from mlirfuse.commands.baseline import BaselineError, baseline_path, beside_iree, load_baseline
from mlirfuse.commands.report import FORMATS, render
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.driver.diagnostics import from_mlir_error
from mlirfuse.passes.fusion_driver import plan_module
from mlirfuse.runner.measure import CpuMeasurer
from mlirfuse.search import DEFAULT_TIME_LIMIT, METHODS
from mlirfuse.source import read_source
from mlirfuse.targets import TargetError, get_target, known_targets
from mlirfuse.vocab.options import FusionOptions


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="MLIR file ('-' for stdin)")
    add_backend_argument(parser)
    parser.add_argument(
        "--target", default="h200", help=f"GPU: {', '.join(known_targets())}, or a .toml/.json file"
    )
    parser.add_argument(
        "--search", choices=METHODS, default="auto", help="grouping search (docs/search.md)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help="CP-SAT time per component (search exact, and auto beyond the DP)",
    )
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="IREE's figures per function (default: baseline.json beside the input)",
    )
    parser.add_argument("--format", choices=FORMATS, default="text")
    parser.add_argument("-o", "--output", help="write the report here instead of stdout")
    parser.add_argument(
        "--weights",
        default="",
        metavar="SPEC",
        help="override cost weights: bytes=...,launch=...,flops=...",
    )
    parser.add_argument(
        "--measure",
        choices=("none", "cpu"),
        default="none",
        help="time groups and split back slower ones",
    )
    parser.add_argument(
        "--no-fusion", action="store_true", help="plan every op alone (global switch)"
    )
    parser.add_argument(
        "--no-siblings", action="store_true", help="no horizontal (shared-input) groups"
    )
    parser.add_argument("--max-operands", type=int, default=32, help="external tensors per kernel")


def main(args: argparse.Namespace) -> int:
    load_backend(args)
    source = "<stdin>" if args.file == "-" else args.file
    try:
        target = get_target(args.target)
        weights = CostWeights.for_target(target).with_overrides(args.weights)
        text, _ = read_source(args.file)
        where = baseline_path(source, args.baseline)
        baseline = load_baseline(where) if where else {}
    except (TargetError, ValueError, BaselineError) as error:
        print(f"mlirfuse plan: error: {error}", file=sys.stderr)
        return 1
    ctx = make_context()
    try:
        module = parse_module(text, ctx, source)
    except ir.MLIRError as error:
        for diag in from_mlir_error(error):
            print(diag.format(source), file=sys.stderr)
        return 1
    with ctx:
        prepare_for_backend(args, module)  # as `mlirfuse compile` plans it
    options = FusionOptions(
        enabled=not args.no_fusion, siblings=not args.no_siblings, max_operands=args.max_operands
    )
    measurer = CpuMeasurer(text, source) if args.measure == "cpu" else None
    # What mlirfuse-fuse plans: the fusion driver's planning half.
    plan = plan_module(
        module.operation,
        options,
        target=target,
        search=args.search,
        weights=weights,
        measure=measurer,
        time_limit=args.time_limit,
    )
    plan.extra["baseline"] = beside_iree(plan, baseline)
    report = render(plan, args.format, source)
    if args.output:
        try:
            Path(args.output).write_text(report)
        except OSError as error:
            print(
                f"mlirfuse plan: error: cannot write {args.output}: {error.strerror}",
                file=sys.stderr,
            )
            return 1
    else:
        sys.stdout.write(report)
    return 0
