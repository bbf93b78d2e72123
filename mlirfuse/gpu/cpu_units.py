"""The GPU schedule on the CPU, kernel unit by kernel unit, as compile lowers them.

`run_units_on_cpu(text, func_name, arrays, source_name)` splits the function
into the kernel units `mlirfuse compile` lowers (`isolate.split_function`:
each kernel alone in a small module, with the cheap producers it reads), runs
each unit's GPU schedule on the CPU (`cpu_check.CompiledSchedule`: tiled,
bufferized, sequential loops) with structurally identical units (`Unit.key`)
compiled once, and hands results from unit to unit as the compiled
program's launches do (an in-place concat's buffer assembled from the results
stored in it, at their offsets, once they are all computed). Tiling each small unit alone keeps the work linear in
the model; tiling the whole module at once grows with kernels x ops
(gpt2_stack12). Returns None where this host loop does not apply (a function
the split refuses, sizes computed on the host for dynamic shapes): the caller
then tiles the whole module.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import isolate
from mlirfuse.gpu.cpu_check import CompiledSchedule
from mlirfuse.gpu.lower import LoweringError
from mlirfuse.gpu.prepare import functions

UNIT_KERNEL = "kernel k0"  # how a unit's stage errors name its only kernel


def split(text: str, func_name: str, source_name: str) -> isolate.SplitFunction | None:
    """The function's kernel units, or None when the split refuses it or
    some size is computed on the host (dynamic shapes)."""
    ctx = make_context()
    with ctx, ir.Location.unknown():
        module = parse_module(text, ctx, source_name)
        found = [f for f in functions(module) if _name(f) == func_name]
        if not found:
            return None
        try:
            result = isolate.split_function(found[0], 0)
        except isolate.SplitError:
            return None
    static = all(
        s.size is None and (s.index >= 0 or s.concat is not None)
        for u in result.units
        for s in u.inputs
    )
    shapes = all(isinstance(d, int) and d >= 0 for _, shape in result.results for d in shape)
    return result if static and shapes else None


def _name(func: ir.Operation) -> str:
    return str(ir.StringAttr(func.attributes["sym_name"]).value)


def run_units_on_cpu(
    text: str, func_name: str, arrays: Sequence[np.ndarray], source_name: str
) -> list[np.ndarray] | None:
    """The function's results, each kernel unit run under its GPU schedule on
    the CPU; None when the function cannot be split (see module docstring)."""
    function = split(text, func_name, source_name)
    if function is None:
        return None
    values: dict[tuple[object, int], np.ndarray] = {
        (None, i): np.asarray(a) for i, a in enumerate(arrays)
    }
    compiled: dict[str, CompiledSchedule] = {}
    try:
        for unit in function.units:
            inputs = [values[source_key(s)] for s in unit.inputs]
            if unit.key not in compiled:
                compiled[unit.key] = _compile(unit, source_name)
            for index, result in enumerate(compiled[unit.key](inputs)):
                values[(unit.number, index)] = result
            assemble_concats(function.concats, values)
    finally:
        for schedule in compiled.values():
            schedule.close()
    return [values[source_key(s)].reshape([int(d) for d in shape]) for s, shape in function.results]


def source_key(source: isolate.Source) -> tuple[object, int]:
    if source.concat is not None:
        return ("concat", source.concat)
    return (source.unit, source.index)


def assemble_concats(
    concats: list[isolate.Concat], values: dict[tuple[object, int], np.ndarray]
) -> None:
    """Each in-place concat whose stored results are all computed, as one array."""
    for concat in concats:
        key = ("concat", concat.number)
        if key in values or not all(source_key(s) in values for s, _ in concat.parts):
            continue
        parts = [(values[source_key(s)].reshape(-1), offset) for s, offset in concat.parts]
        flat = np.empty(int(np.prod(concat.shape)), parts[0][0].dtype)
        for part, offset in parts:
            flat[offset : offset + part.size] = part
        values[key] = flat.reshape(concat.shape)


def _compile(unit: isolate.Unit, source_name: str) -> CompiledSchedule:
    try:
        return CompiledSchedule(unit.text, source_name, func_name=isolate.KERNEL_FUNC)
    except LoweringError as error:  # name the kernel as compile does: <func>_k<N>
        entry = f"kernel {unit.func}_k{unit.number}"
        message = str(error).replace(UNIT_KERNEL, entry, 1)
        if entry not in message:
            message += f" ({entry})"
        raise LoweringError(error.stage, message.partition(": ")[2], error.location) from error
