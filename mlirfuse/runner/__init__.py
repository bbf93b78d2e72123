"""The CPU runner: Linalg-on-tensors -> LLVM -> `mlir.execution_engine`.

`run(module, func, *arrays)` for one call, `CompiledFunction` to compile once
and call many times; `RunnerError` is the one user-facing error. See
docs/runner.md.
"""

from mlirfuse.runner.engine import CompiledFunction, runtime_libraries
from mlirfuse.runner.errors import RunnerError
from mlirfuse.runner.isolated import call_isolated
from mlirfuse.runner.run import run
from mlirfuse.runner.signature import FunctionSignature, TensorSpec, random_inputs

__all__ = [
    "CompiledFunction",
    "FunctionSignature",
    "RunnerError",
    "TensorSpec",
    "call_isolated",
    "random_inputs",
    "run",
    "runtime_libraries",
]
