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
from pathlib import Path

import numpy as np
from mlir import ir
from mlir.dialects import bufferization
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager
from mlir.runtime import get_ranked_memref_descriptor

from mlirfuse.context import GROUP_OP

LOWERING = (
    "builtin.module("
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{hoist-static-allocs=true modify-public-functions=true},"
    "func.func(convert-linalg-to-loops),"
    "expand-strided-metadata,lower-affine,convert-scf-to-cf,"
    "convert-math-to-llvm,convert-math-to-libm,"
    "finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,"
    "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)"
)


def inline_groups(root: ir.Operation) -> int:
    """Replace every fusion.group by its body ops; returns how many."""
    groups: list[ir.Operation] = []

    def collect(op: ir.Operation) -> ir.WalkResult:
        if op.name == GROUP_OP:
            groups.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(collect, ir.WalkOrder.POST_ORDER)
    for group in groups:  # post order: inner groups are inlined first
        body = group.regions[0].blocks[0]
        ops = list(body.operations)
        terminator = ops[-1]
        for op in ops[:-1]:
            op.move_before(group)
        for result, value in zip(group.results, terminator.operands, strict=True):
            result.replace_all_uses_with(value)
        terminator.erase()
        group.erase()
    return len(groups)


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


def _read_only_arguments(func: ir.Operation) -> None:
    """Mark every argument `bufferization.writable = false`: a fused op may take
    a consumed input as its destination (in place), and bufferization would then
    write into the caller's input array, which the next call reuses."""
    count = len(ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value).inputs)
    read_only = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(False)})
    func.attributes["arg_attrs"] = ir.ArrayAttr.get([read_only] * count)


def _runtime_libs() -> list[str]:
    import mlir

    lib_dirs = [Path(p).parent / "lib" for p in mlir.__path__] + [
        Path(p) / "lib" for p in mlir.__path__
    ]
    for lib_dir in lib_dirs:
        candidate = lib_dir / "libmlir_c_runner_utils.so"
        if candidate.is_file():
            return [str(candidate)]
    return []


class CompiledModule:
    """A lowered module held in an ExecutionEngine; call `close()` when done."""

    def __init__(self, module: ir.Module, opt_level: int = 0) -> None:
        with module.context, ir.Location.unknown():
            for func in module.body.operations:
                if func.operation.name == "func.func":
                    func.operation.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
                    _read_only_arguments(func.operation)
            inline_groups(module.operation)
            distinct_results(module.operation)
            PassManager.parse(LOWERING).run(module.operation)
            self.engine: ExecutionEngine | None = ExecutionEngine(
                module, opt_level=opt_level, shared_libs=_runtime_libs()
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
