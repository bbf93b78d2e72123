"""From the caller's module to an LLVM-dialect module in a context of our own.

The caller's module is never touched: it is printed (with locations) and
parsed again in a fresh context, so diagnostics still point into the user's
file and the lowering cannot disturb the caller's IR or context.
"""

from __future__ import annotations

from typing import TypeAlias

from mlir import ir
from mlir.dialects import bufferization

from mlirfuse.runner.errors import NoFunctionError, RunnerError, format_location, from_mlir_error
from mlirfuse.runner.shapes import add_shape_helper

CPU_PIPELINE = "@cpu-llvm"
C_INTERFACE_ATTR = "llvm.emit_c_interface"
ARG_ATTRS = "arg_attrs"
WRITABLE_ATTR = "bufferization.writable"

ModuleSource: TypeAlias = "str | ir.Module | ir.Operation"


def module_text(source: ModuleSource) -> str:
    """The text of `source`, with locations, so a re-parse keeps them."""
    if isinstance(source, str):
        return source
    return source.operation.get_asm(enable_debug_info=True)


def load_module(source: ModuleSource, ctx: ir.Context, source_name: str) -> ir.Module:
    """A private copy of `source` parsed in `ctx` (several top-level ops get an
    implicit module, as in mlir-opt)."""
    from mlirfuse.driver.source import parse_source

    try:
        return parse_source(module_text(source), ctx, source_name)
    except ir.MLIRError as error:
        raise from_mlir_error(error, "cannot parse the module") from None


def defined_functions(module: ir.Module) -> list[ir.Operation]:
    """Top-level `func.func` ops that have a body."""
    return [
        op.operation
        for op in module.body.operations
        if op.operation.name == "func.func" and len(op.operation.regions[0].blocks) > 0
    ]


def function_name(func: ir.Operation) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def _is_public(func: ir.Operation) -> bool:
    if "sym_visibility" not in func.attributes:
        return True
    return ir.StringAttr(func.attributes["sym_visibility"]).value == "public"


def select_function(module: ir.Module, func_name: str | None, source_name: str) -> ir.Operation:
    """The function to call: `func_name`, else the only public one; refused
    when it reaches a function that is only declared."""
    funcs = defined_functions(module)
    names = [function_name(f) for f in funcs]
    listing = ", ".join("@" + n for n in names) or "none"
    if func_name is not None:
        name = func_name.lstrip("@")
        for func in funcs:
            if function_name(func) == name:
                return refuse_external_calls(func, funcs)
        raise RunnerError(f"no function @{name} in {source_name} (defined: {listing})")
    public = [f for f in funcs if _is_public(f)]
    if len(public) == 1:
        return refuse_external_calls(public[0], funcs)
    if not funcs:
        raise NoFunctionError(f"{source_name} defines no function to run")
    raise RunnerError(
        f"{source_name} defines several functions ({listing}): choose one with --func / func_name"
    )


def refuse_external_calls(func: ir.Operation, defined: list[ir.Operation]) -> ir.Operation:
    """`func`, unless it (or a function it calls) calls one without a body here:
    the JIT would look that symbol up in the process and fail or run
    anything. The error points at the call."""
    bodies = {function_name(f): f for f in defined}
    todo, seen = [func], set()
    while todo:
        current = todo.pop()
        if function_name(current) in seen:
            continue
        seen.add(function_name(current))
        for call in _calls(current):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            if callee not in bodies:
                through = "" if current == func else f" (through @{function_name(current)})"
                raise RunnerError(
                    f"@{function_name(func)} calls @{callee}{through}, which is only declared "
                    "here (no body): the runner cannot run external functions",
                    location_of(call),
                )
            todo.append(bodies[callee])
    return func


def _calls(func: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.call":
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    func.walk(visit)
    return found


def lower_to_llvm(module: ir.Module, func: ir.Operation) -> bool:
    """Mark `func` for the C interface and run the cpu-llvm pipeline in place.
    True when a twin computing its dynamic result shapes was added (shapes.py)."""
    from mlirfuse.pipeline import PipelineError, run_pipeline

    for defined in defined_functions(module):
        copy_repeated_results(defined)
    twin = add_shape_helper(func)
    for entry in [func] if twin is None else [func, twin]:
        entry.attributes[C_INTERFACE_ATTR] = ir.UnitAttr.get(module.context)
        mark_arguments_read_only(entry)
    try:
        run_pipeline(module, CPU_PIPELINE)
    except ir.MLIRError as error:
        raise from_mlir_error(error, "lowering to LLVM failed") from None
    except PipelineError as error:
        raise RunnerError(f"cannot build the {CPU_PIPELINE} pipeline: {error}") from None
    return twin is not None


def mark_arguments_read_only(func: ir.Operation) -> None:
    """`bufferization.writable = false` on every argument: bufferization then
    copies instead of writing into the caller's arrays (an insert_slice into an
    argument would otherwise update the caller's numpy input in place)."""
    count = len(ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value).inputs)
    old = list(ir.ArrayAttr(func.attributes[ARG_ATTRS])) if ARG_ATTRS in func.attributes else []
    new = []
    for index in range(count):
        entries = {}
        if index < len(old):
            attrs = ir.DictAttr(old[index])
            entries = {attrs[i].name: attrs[i].attr for i in range(len(attrs))}
        entries[WRITABLE_ATTR] = ir.BoolAttr.get(False)
        new.append(ir.DictAttr.get(entries))
    func.attributes[ARG_ATTRS] = ir.ArrayAttr.get(new)


def copy_repeated_results(func: ir.Operation) -> None:
    """Return a fresh copy (`bufferization.alloc_tensor ... copy`) where a
    function returns the same computed tensor twice: LLVM 22's
    buffer-results-to-out-params{hoist-static-allocs} crashes (segfault) when
    one allocation feeds two results, as keep-intermediates can produce."""
    for block in func.regions[0].blocks:
        terminator = list(block.operations)[-1].operation
        if terminator.name != "func.return":
            continue
        seen: set[ir.Value] = set()
        for index, value in enumerate(list(terminator.operands)):
            if value in seen and isinstance(value.type.maybe_downcast(), ir.RankedTensorType):
                with ir.InsertionPoint(terminator), terminator.location:
                    copy = bufferization.AllocTensorOp(value.type, [], copy=value)
                terminator.operands[index] = copy.result
            seen.add(value)


def location_of(op: ir.Operation) -> str | None:
    return format_location(op.location)
