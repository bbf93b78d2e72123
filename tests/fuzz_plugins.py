"""Deliberately broken passes for the fuzz harness's self-test.

Imported by fuzz workers through MLIRFUSE_FUZZ_PLUGINS; each registers itself
in PASS_REGISTRY. `mlirfuse-fuzztest-break-add` turns the first `arith.addf` of every
function into `arith.subf` (a silent numeric change, like a wrong fusion);
`mlirfuse-fuzztest-abort` aborts the process on functions that contain a matmul
(like an LLVM assertion).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from mlir import ir

from mlirfuse.passes import PASS_REGISTRY, ModulePass

PASS_REGISTRY["mlirfuse-fuzztest-break-add"] = "fuzz_plugins:BreakAddPass"
PASS_REGISTRY["mlirfuse-fuzztest-abort"] = "fuzz_plugins:AbortOnMatmulPass"


def _ops(root: ir.Operation, name: str) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return found


@dataclass(frozen=True)
class BreakAddPass(ModulePass):
    NAME = "mlirfuse-fuzztest-break-add"
    SUMMARY = "test only: replace the first arith.addf by arith.subf"

    def run(self, module: ir.Operation) -> None:
        adds = _ops(module, "arith.addf")
        if not adds:
            return
        add = adds[0]
        with ir.InsertionPoint(add), add.location:
            sub = ir.Operation.create("arith.subf", [add.result.type], list(add.operands))
        add.result.replace_all_uses_with(sub.result)
        add.erase()


@dataclass(frozen=True)
class AbortOnMatmulPass(ModulePass):
    NAME = "mlirfuse-fuzztest-abort"
    SUMMARY = "test only: abort the process when a linalg.matmul is present"

    def run(self, module: ir.Operation) -> None:
        if _ops(module, "linalg.matmul"):
            os.abort()
