"""Parse a buffer and run a pipeline on it, in this process.

One context and one pass manager serve every `// -----` chunk, so a bad
pipeline is reported once, before any chunk is parsed. Each chunk's
diagnostics are collected (the errors an MLIRError carries, plus the warnings
and remarks passes emit) and, with --verify-diagnostics, checked against the
chunk's `expected-*` comments instead of being printed.
"""

from __future__ import annotations

import gc
import os
import sys
from dataclasses import dataclass, field

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.context import make_context
from mlirfuse.driver.diagnostics import (
    Diag,
    DiagnosticCollector,
    from_mlir_error,
    merge,
    renamed,
)
from mlirfuse.driver.options import DriverOptions
from mlirfuse.driver.roundtrip import roundtrip_problems
from mlirfuse.driver.source import PARSER_PLACEHOLDER_NAME, parse_source
from mlirfuse.driver.split import Chunk, join_outputs, split_input
from mlirfuse.driver.verify_diagnostics import check, parse_expectations
from mlirfuse.pipeline import build_pass_manager, parse_pipeline, pipeline_text


@dataclass
class CompileResult:
    # Successful chunks' IR, joined by `// -----` (empty for a failed chunk);
    # on failure only with --split-input-file, as mlir-opt does.
    output: str = ""
    diagnostics: list[Diag] = field(default_factory=list)  # to print
    ok: bool = True


def render(module: ir.Module, opts: DriverOptions) -> str:
    """The module as mlir-opt prints it: the bindings' `str(module)` (which
    ends in a newline) and one more newline, i.e. what `print(module)` writes."""
    printing = {
        "print_generic_op_form": opts.print_generic,
        "enable_debug_info": opts.print_debuginfo,
        "use_local_scope": opts.print_local_scope,
        "large_elements_limit": opts.elide_elements_larger,
    }
    if any(value not in (False, None) for value in printing.values()):
        text = module.operation.get_asm(**printing)
    else:
        text = str(module)
    return text + "\n"


def configure(pm: PassManager, opts: DriverOptions) -> None:
    pm.enable_verifier(opts.verify_each)
    if opts.print_ir_before_all or opts.print_ir_after_all or opts.print_ir_after_failure:
        # MLIR's "after failure" narrows "after all" to failing passes.
        only_failure = opts.print_ir_after_failure and not opts.print_ir_after_all
        pm.enable_ir_printing(
            print_before_all=opts.print_ir_before_all,
            print_after_all=opts.print_ir_after_all or opts.print_ir_after_failure,
            print_after_failure=only_failure,
            print_generic_op_form=opts.print_generic,
            enable_debug_info=opts.print_debuginfo,
        )
    if opts.timing:
        pm.enable_timing()


def simulate_crash(kind: str) -> None:
    """The hidden --crash-for-testing flag: die as the bindings can."""
    if kind == "exit":
        sys.stderr.write("LLVM ERROR: simulated fatal error (--crash-for-testing=exit)\n")
        sys.stderr.flush()
        os._exit(1)
    os.abort()


class _Session:
    """The context, pass manager and collector shared by all chunks."""

    def __init__(self, opts: DriverOptions) -> None:
        self.opts = opts
        elements = parse_pipeline(opts.pipeline) if opts.pipeline else []
        self.ctx = make_context()
        self.ctx.allow_unregistered_dialects = opts.allow_unregistered_dialect
        if opts.disable_threading:
            self.ctx.enable_multithreading(False)
        self.collector = DiagnosticCollector(self.ctx)
        self.pm: PassManager | None = build_pass_manager(elements, self.ctx)
        configure(self.pm, opts)
        if opts.dump_pass_pipeline:
            # Element by element, so mlirfuse passes show with their options.
            sys.stderr.write(f"{pipeline_text(elements)}\n")

    def run_chunk(self, chunk: Chunk, source_name: str) -> tuple[str | None, list[Diag]]:
        """The chunk's output (None on failure) and its diagnostics."""
        try:
            module = parse_source(chunk.text, self.ctx, source_name)
        except ir.MLIRError as error:
            diags = merge(self.collector.take(), from_mlir_error(error))
            return None, renamed(diags, PARSER_PLACEHOLDER_NAME, source_name)
        if self.opts.crash_for_testing:
            simulate_crash(self.opts.crash_for_testing)
        assert self.pm is not None
        try:
            with self.ctx, ir.Location.unknown(self.ctx):
                self.pm.run(module.operation)
        except ir.MLIRError as error:
            return None, merge(self.collector.take(), from_mlir_error(error))
        if self.opts.verify_roundtrip:
            problems = roundtrip_problems(module, self.ctx, source_name)
            if problems:
                return None, self.collector.take() + problems
        return render(module, self.opts), self.collector.take()

    def close(self) -> None:
        # Destroying the pass manager prints the --mlir-timing report.
        self.pm = None
        gc.collect()
        self.collector.detach()


def compile_text(text: str, source_name: str, opts: DriverOptions) -> CompileResult:
    """Run `opts.pipeline` on every chunk of `text`; raises PipelineError."""
    session = _Session(opts)
    result = CompileResult()
    outputs = []
    try:
        for chunk in split_input(text, opts.split_input_file):
            output, diags = session.run_chunk(chunk, source_name)
            if opts.verify_diagnostics:
                diags = check(parse_expectations(chunk.text), diags, source_name)
                chunk_ok = not diags
            else:
                chunk_ok = output is not None
            result.ok = result.ok and chunk_ok
            result.diagnostics += diags
            outputs.append(output or "")
    finally:
        session.close()
    result.output = join_outputs(outputs) if result.ok or opts.split_input_file else ""
    return result
