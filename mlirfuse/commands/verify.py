"""`mlirfuse verify FILE`: run a function before and after a pipeline, compare.

The transformation is `--pass-pipeline` (default `mlirfuse-fuse`; with
`--schedule gpu` the plan `mlirfuse compile` builds), or nothing with
`--no-fuse`. Both versions run on the CPU with the same inputs (`--inputs X.npz` or random
with `--seed`); per result it prints max absolute and relative error (relative
to max|reference|) and exits 1 beyond tolerance (default 1e-5 relative for
f32, 1e-12 for f64, exact for integers). Where the inputs also hold `exact`
(a 16-bit model's results computed in f32, `models/export.py`), a result
beyond tolerance passes when it is no farther from them than the original's.
Kernel counts before/after too.
"""

from __future__ import annotations

import argparse
import sys

from mlirfuse.driver.split import OUTPUT_SEPARATOR, split_input
from mlirfuse.runner.errors import NoFunctionError, RunnerError
from mlirfuse.runner.inputs import NpzInputs, load_npz, read_source
from mlirfuse.verify import DEFAULT_PIPELINE, DEFAULT_SCHEDULE, SCHEDULES, verify


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="MLIR file of Linalg-on-tensors ('-' for stdin)")
    transform = parser.add_mutually_exclusive_group()
    transform.add_argument(
        "--pass-pipeline",
        default=None,
        metavar="P",
        help=f"transformation to check (default {DEFAULT_PIPELINE}; with --schedule gpu the "
        "plan `mlirfuse compile` builds; @name for a named pipeline)",
    )
    transform.add_argument(
        "--no-fuse",
        action="store_true",
        help="transform nothing: every op its own kernel (as `mlirfuse compile --no-fuse`)",
    )
    parser.add_argument("--func", help="function to compare (default: the only public one)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--inputs", metavar="X.npz", help="arrays arg0, arg1, ...")
    source.add_argument("--seed", type=int, default=0, help="seed of random inputs (default 0)")
    parser.add_argument(
        "--rtol",
        type=float,
        help="relative tolerance of float results (default 1e-5 f32, 1e-12 f64; ints exact)",
    )
    parser.add_argument(
        "--schedule",
        default=DEFAULT_SCHEDULE,
        choices=sorted(SCHEDULES),
        help="how the transformed function runs (default cpu: the plain CPU lowering)",
    )
    parser.add_argument(
        "--split-input-file",
        action="store_true",
        help="verify each `// -----` chunk on its own (line numbers stay the file's)",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="compile and run in this process (faster; an LLVM crash then ends mlirfuse)",
    )


def _verify_one(
    text: str, source_name: str, inputs: NpzInputs | None, args: argparse.Namespace
) -> bool:
    """Verify one buffer (a file or a chunk); print the report or the error."""
    try:
        report = verify(
            text,
            args.pass_pipeline,
            inputs.args if inputs else None,
            args.seed,
            args.rtol,
            func_name=args.func,
            source_name=source_name,
            isolated=not args.in_process,
            schedule=args.schedule,
            fuse=not args.no_fuse,
            exact=inputs.exact if inputs else None,
        )
    except NoFunctionError:
        if not args.split_input_file:
            raise
        print("(no function in this chunk)")
        return True
    print("\n".join(report.lines()))
    return report.ok


def main(args: argparse.Namespace) -> int:
    try:
        text, source_name = read_source(args.file)
        inputs = load_npz(args.inputs) if args.inputs else None
    except RunnerError as error:
        print(error.diagnostic(), file=sys.stderr)
        return 1
    ok = True
    for index, chunk in enumerate(split_input(text, args.split_input_file)):
        if index:
            print(OUTPUT_SEPARATOR, end="", flush=True)
        try:
            ok = _verify_one(chunk.text, source_name, inputs, args) and ok
        except RunnerError as error:
            sys.stdout.flush()
            print(error.diagnostic(), file=sys.stderr, flush=True)
            ok = False
    return 0 if ok else 1
