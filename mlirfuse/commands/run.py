"""`mlirfuse run FILE`: compile a function for the CPU, run it, print checksums.

Inputs come from `--inputs X.npz` (`arg0`, `arg1`, ...) or are random from the
signature (`--seed`, default 0). Each result is printed with its type and
checksums; `--output` writes them as `result0`, ...; when the .npz holds `ref`
(or `ref0`, ...), the error against it is printed too, and `--rtol` turns it
into a pass/fail exit code. Compilation runs in a child process unless
`--in-process`, so an `LLVM ERROR` is reported instead of killing the tool.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from mlirfuse.driver.split import OUTPUT_SEPARATOR, split_input
from mlirfuse.runner.compare import error_stats
from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.errors import NoFunctionError, RunnerError
from mlirfuse.runner.inputs import NpzInputs, checksum_line, load_npz, read_source, save_results
from mlirfuse.runner.isolated import call_isolated
from mlirfuse.runner.signature import FunctionSignature, random_inputs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="MLIR file of Linalg-on-tensors ('-' for stdin)")
    parser.add_argument("--func", help="function to run (default: the only public one)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--inputs", metavar="X.npz", help="arrays arg0, arg1, ... (and ref)")
    source.add_argument("--seed", type=int, default=0, help="seed of random inputs (default 0)")
    parser.add_argument("--output", metavar="OUT.npz", help="write results as result0, ...")
    parser.add_argument(
        "--rtol",
        type=float,
        help="with a ref in --inputs: exit 1 when the max error relative to max|ref| exceeds this",
    )
    parser.add_argument(
        "--split-input-file",
        action="store_true",
        help="run each `// -----` chunk on its own (line numbers stay the file's)",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="compile and run in this process (faster; an LLVM crash then ends mlirfuse)",
    )


def compile_and_run(
    text: str,
    source_name: str,
    func_name: str | None,
    arrays: list[np.ndarray] | None,
    seed: int,
) -> tuple[FunctionSignature, list[np.ndarray]]:
    """Compile, make random inputs when none are given, run; (signature, results)."""
    with CompiledFunction(text, func_name, source_name=source_name) as compiled:
        if arrays is None:
            arrays = random_inputs(compiled.signature, seed)
        return compiled.signature, compiled(*arrays)


def _report_refs(
    refs: dict[int, np.ndarray], results: list[np.ndarray], rtol: float | None
) -> bool:
    ok = True
    for index, ref in sorted(refs.items()):
        if index >= len(results):
            raise RunnerError(
                f"the inputs hold ref{index} but the function has {len(results)} result(s)"
            )
        stats = error_stats(results[index], np.asarray(ref))
        verdict = ""
        if rtol is not None:
            verdict = " ok" if stats.within(rtol) else f" FAIL (rtol {rtol:g})"
            ok = ok and stats.within(rtol)
        print(
            f"result{index} vs ref: max_abs_err={stats.max_abs:.3e} "
            f"max_rel_err={stats.max_rel:.3e}{verdict}"
        )
    return ok


def _run_one(text: str, source_name: str, npz: NpzInputs | None, args: argparse.Namespace) -> bool:
    """Run one buffer (a file or a chunk) and print its results."""
    call = (compile_and_run, text, source_name, args.func, npz.args if npz else None, args.seed)
    signature, results = call[0](*call[1:]) if args.in_process else call_isolated(*call)
    origin = f"from {npz.path}" if npz else f"random (seed {args.seed})"
    print(f"@{signature.name}: {len(signature.args)} argument(s) {origin}")
    for index, (spec, result) in enumerate(zip(signature.results, results, strict=True)):
        print(checksum_line(index, spec.type_text, result))
    ok = _report_refs(npz.refs, results, args.rtol) if npz else True
    if args.output:
        save_results(args.output, results)
    return ok


def _run_chunks(
    text: str, source_name: str, npz: NpzInputs | None, args: argparse.Namespace
) -> bool:
    ok = True
    for index, chunk in enumerate(split_input(text)):
        if index:
            print(OUTPUT_SEPARATOR, end="", flush=True)
        try:
            ok = _run_one(chunk.text, source_name, npz, args) and ok
        except NoFunctionError:
            print("(no function in this chunk)")
        except RunnerError as error:
            sys.stdout.flush()
            print(error.diagnostic(), file=sys.stderr, flush=True)
            ok = False
    return ok


def main(args: argparse.Namespace) -> int:
    try:
        if args.split_input_file and args.output:
            raise RunnerError("--output cannot be combined with --split-input-file")
        text, source_name = read_source(args.file)
        npz = load_npz(args.inputs) if args.inputs else None
        if args.split_input_file:
            return 0 if _run_chunks(text, source_name, npz, args) else 1
        return 0 if _run_one(text, source_name, npz, args) else 1
    except RunnerError as error:
        sys.stdout.flush()
        print(error.diagnostic(), file=sys.stderr)
        return 1
