"""Run many functions of one module on the CPU with a single JIT compile.

The fuzzer checks thousands of small functions; compiling each alone would
spend nearly all the time in LLVM. This module lowers a whole module (every
original and every fused variant of a batch) once and then calls each function.
It is the fuzzer's own lean path: `fusion.group` ops are inlined first (one-shot
bufferization does not know them), then a plain loops-to-LLVM lowering.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

import numpy as np
from mlir import ir
from mlir.dialects import bufferization
from mlir.execution_engine import ExecutionEngine
from mlir.runtime import get_ranked_memref_descriptor

from mlirfuse.pipeline import run_pipeline
from mlirfuse.runner.engine import runtime_libraries
from mlirfuse.runner.lowering import CPU_PIPELINE, mark_arguments_read_only


def distinct_results(root: ir.Operation) -> int:
    """Give every returned tensor its own buffer: copy a value returned twice
    or a returned argument. `buffer-results-to-out-params{hoist-static-allocs}`
    crashes (LLVM 22.1.8) on a function returning the same alloc twice, which
    CSE or fusion can legitimately produce."""
    returns: list[ir.Operation] = []

    def collect(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.return":
            returns.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(collect)
    copies = 0
    for ret in returns:
        seen: set[ir.Value] = set()
        for i, value in enumerate(list(ret.operands)):
            is_arg = isinstance(value.owner, ir.Block)
            if (value in seen or is_arg) and isinstance(value.type, ir.RankedTensorType):
                copy = bufferization.AllocTensorOp(
                    value.type, [], copy=value, ip=ir.InsertionPoint(ret)
                )
                ret.operands[i] = copy.result
                copies += 1
            seen.add(value)
    return copies


class CompiledModule:
    """A lowered module held in an ExecutionEngine; call `close()` when done."""

    def __init__(self, module: ir.Module, opt_level: int = 0) -> None:
        with module.context, ir.Location.unknown():
            for func in module.body.operations:
                if func.operation.name == "func.func":
                    func.operation.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
                    mark_arguments_read_only(func.operation)
            distinct_results(module.operation)
            # The runner's own lowering (groups inlined first): the harness
            # checks exactly what `mlirfuse run` executes.
            run_pipeline(module, CPU_PIPELINE)
            self.engine: ExecutionEngine | None = ExecutionEngine(
                module, opt_level=opt_level, shared_libs=runtime_libraries()
            )

    def call(
        self,
        name: str,
        inputs: Sequence[np.ndarray],
        result_shapes: Sequence[tuple[tuple[int, ...], str]],
    ) -> list[np.ndarray]:
        """Call `name` on C-contiguous `inputs`; results come back as arrays of
        the given (shape, numpy dtype)."""
        assert self.engine is not None
        arrays = [np.array(a, order="C", copy=True) for a in inputs]  # never share inputs
        results = [np.zeros(shape, dtype=dtype) for shape, dtype in result_shapes]
        pointers = [
            ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(a)))
            for a in arrays + results
        ]
        self.engine.invoke(name, *pointers)
        return results

    def close(self) -> None:
        self.engine = None
