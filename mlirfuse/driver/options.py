"""The command line of `mlirfuse-opt`.

Besides the flags declared here, every mlirfuse pass and every upstream MLIR
pass is a flag of its own, as in mlir-opt: `--mlirfuse-inline-groups`,
`--canonicalize`, with options as `--NAME='opt=value other=value'`. Pass flags
build the pipeline in command-line order; they cannot be mixed with
`--pass-pipeline` or `--pipeline-file`. Single-dash spellings of long flags
(`-split-input-file`) are accepted as mlir-opt accepts them.
"""

from __future__ import annotations

import argparse
import difflib
from dataclasses import dataclass, field
from pathlib import Path

from mlirfuse.upstream_passes import upstream_passes

# Any `--mlirfuse-*` flag is a pass flag; its name is checked (with "did you
# mean") when the pipeline is built. This keeps the MLIR bindings out of the
# parent process of an isolated run, which only parses the command line.
MLIRFUSE_PASS_PREFIX = "mlirfuse-"


class UsageError(Exception):
    """A command line the driver cannot act on (exit code 1)."""


@dataclass
class DriverOptions:
    input: str = "-"
    output: str | None = None
    pipeline: str = ""  # the composed pipeline text, "" for none
    split_input_file: bool = False
    verify_diagnostics: bool = False
    print_ir_before_all: bool = False
    print_ir_after_all: bool = False
    print_ir_after_failure: bool = False
    timing: bool = False
    dump_pass_pipeline: bool = False
    print_generic: bool = False
    print_debuginfo: bool = False
    print_local_scope: bool = False
    elide_elements_larger: int | None = None
    allow_unregistered_dialect: bool = False
    verify_each: bool = True
    verify_roundtrip: bool = False
    disable_threading: bool = False
    list_passes: bool = False
    no_isolation: bool = False
    crash_for_testing: str | None = None  # "abort" | "exit": simulate a crash
    pass_flags: list[str] = field(default_factory=list)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="mlirfuse-opt",
        description="Run mlirfuse and upstream MLIR passes on an MLIR file (like mlir-opt).",
        epilog="Pass flags: --mlirfuse-NAME[='opt=v ...'] and --UPSTREAM-PASS[='opt=v ...'] "
        "(see --list-passes). Exit codes: 0 success, 1 error in the input, pipeline or "
        "command line, 2 internal error (crash) of the compiler.",
        allow_abbrev=False,
    )
    add = p.add_argument
    add("input", nargs="?", default="-", help="input file, '-' for stdin (default)")
    add("-o", dest="output", metavar="FILE", help="output file (written only on success)")
    add("--pass-pipeline", metavar="PIPELINE", help="'builtin.module(...)' or '@name'")
    add("--pipeline-file", metavar="FILE", help="file holding a pipeline ('#' comments)")
    add("--split-input-file", action="store_true", help="process '// -----' chunks separately")
    add("--verify-diagnostics", action="store_true", help="check '// expected-*' comments")
    add("--mlir-print-ir-before-all", action="store_true", help="print IR before each pass")
    add("--mlir-print-ir-after-all", action="store_true", help="print IR after each pass")
    add("--mlir-print-ir-after-failure", action="store_true", help="print IR when a pass fails")
    add("--mlir-timing", action="store_true", help="report the time of each pass")
    add("--dump-pass-pipeline", action="store_true", help="print the pipeline to stderr")
    add("--mlir-print-op-generic", action="store_true", help="print ops in generic form")
    add("--mlir-print-debuginfo", action="store_true", help="print locations")
    add("--mlir-print-local-scope", action="store_true", help="print types/attrs inline")
    add(
        "--mlir-elide-elementsattrs-if-larger",
        type=int,
        metavar="N",
        help="print dense attributes of more than N elements elided",
    )
    add("--allow-unregistered-dialect", action="store_true", help="accept unknown ops")
    add("--no-verify-each", action="store_true", help="do not verify IR after each pass")
    add("--verify-roundtrip", action="store_true", help="check the output parses back the same")
    add("--mlir-disable-threading", action="store_true", help="run single-threaded")
    add("--list-passes", action="store_true", help="list mlirfuse passes and named pipelines")
    add("--no-isolation", action="store_true", help="compile in this process (no crash guard)")
    # Tests only: die after parsing like a failed assertion ("abort", SIGABRT)
    # or like `LLVM ERROR` (report_fatal_error: message and exit code 1).
    add(
        "--crash-for-testing",
        nargs="?",
        const="abort",
        choices=("abort", "exit"),
        help=argparse.SUPPRESS,
    )
    return p


def add_pass_flags_help(parser: argparse.ArgumentParser) -> None:
    """List every registered mlirfuse pass as a flag in --help (the flags
    themselves are recognised by prefix; only help needs the registry)."""
    from mlirfuse.passes import get_pass_class, pass_names

    group = parser.add_argument_group(
        "mlirfuse passes", "options as --NAME='opt=value ...'; details in --list-passes"
    )
    for name in pass_names():
        group.add_argument(
            f"--{name}", metavar="OPTIONS", nargs="?", help=get_pass_class(name).SUMMARY
        )


def _known_long_flags(parser: argparse.ArgumentParser) -> set[str]:
    return {s for action in parser._actions for s in action.option_strings if s.startswith("--")}


def _pass_flag(arg: str, passes: set[str]) -> str | None:
    """The pipeline element for a pass flag `--NAME[=OPTS]`, else None."""
    name, has_options, options = arg[2:].partition("=")
    if not arg.startswith("--") or not _is_pass(name, passes):
        return None
    options = options.strip()
    if options.startswith("{") and options.endswith("}"):
        options = options[1:-1].strip()
    return f"{name}{{{options}}}" if has_options and options else name


def _is_pass(name: str, upstream: set[str]) -> bool:
    return name.startswith(MLIRFUSE_PASS_PREFIX) or name in upstream


def _normalise(arg: str, long_flags: set[str], passes: set[str]) -> str:
    """`-split-input-file` -> `--split-input-file` (mlir-opt's spelling)."""
    if arg.startswith("-") and not arg.startswith("--") and len(arg) > 2:
        name = arg[1:].partition("=")[0]
        if "--" + name in long_flags or _is_pass(name, passes):
            return "-" + arg
    return arg


def parse_args(argv: list[str]) -> DriverOptions:
    parser = build_parser()
    if "-h" in argv or "--help" in argv:
        add_pass_flags_help(parser)
    long_flags = _known_long_flags(parser)
    passes = set(upstream_passes()) - {f[2:] for f in long_flags}
    rest, elements = [], []
    for raw in argv:
        arg = _normalise(raw, long_flags, passes)
        element = _pass_flag(arg, passes)
        if element is None:
            rest.append(arg)
        else:
            elements.append(element)
    ns, unknown = parser.parse_known_args(rest)
    if unknown:
        raise UsageError(_unknown_flag_message(unknown[0], long_flags, passes))
    opts = DriverOptions(
        input=ns.input,
        output=ns.output,
        split_input_file=ns.split_input_file,
        verify_diagnostics=ns.verify_diagnostics,
        print_ir_before_all=ns.mlir_print_ir_before_all,
        print_ir_after_all=ns.mlir_print_ir_after_all,
        print_ir_after_failure=ns.mlir_print_ir_after_failure,
        timing=ns.mlir_timing,
        dump_pass_pipeline=ns.dump_pass_pipeline,
        print_generic=ns.mlir_print_op_generic,
        print_debuginfo=ns.mlir_print_debuginfo,
        print_local_scope=ns.mlir_print_local_scope,
        elide_elements_larger=ns.mlir_elide_elementsattrs_if_larger,
        allow_unregistered_dialect=ns.allow_unregistered_dialect,
        verify_each=not ns.no_verify_each,
        verify_roundtrip=ns.verify_roundtrip,
        disable_threading=ns.mlir_disable_threading,
        list_passes=ns.list_passes,
        no_isolation=ns.no_isolation,
        crash_for_testing=ns.crash_for_testing,
        pass_flags=elements,
    )
    opts.pipeline = _compose_pipeline(ns.pass_pipeline, ns.pipeline_file, elements)
    return opts


def _unknown_flag_message(arg: str, long_flags: set[str], passes: set[str]) -> str:
    from mlirfuse.passes import pass_names

    name = arg.lstrip("-").partition("=")[0]
    candidates = [f[2:] for f in long_flags] + sorted(passes) + pass_names()
    near = difflib.get_close_matches(name, candidates, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join('--' + n for n in near)}?" if near else ""
    return f"unknown flag or pass '{arg}'{hint}"


def _compose_pipeline(text: str | None, file: str | None, elements: list[str]) -> str:
    sources = [s for s in (text, file, elements) if s]
    if len(sources) > 1:
        raise UsageError(
            "use only one of --pass-pipeline, --pipeline-file and pass flags "
            f"(got pass flags: {', '.join('--' + e for e in elements) or 'none'})"
        )
    if file:
        from mlirfuse.pipeline import read_pipeline_file

        try:
            return read_pipeline_file(Path(file))
        except OSError as error:
            raise UsageError(f"cannot read pipeline file '{file}': {error.strerror}") from None
    if elements:
        return f"builtin.module({','.join(elements)})"
    return text or ""
