"""`mlirfuse.run`: compile a Linalg-on-tensors function for the CPU and call it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mlirfuse.runner.engine import CompiledFunction
from mlirfuse.runner.isolated import call_isolated
from mlirfuse.runner.lowering import ModuleSource, module_text


def run(
    module_or_text: ModuleSource,
    func_name: str | None = None,
    *arrays: object,
    isolated: bool = False,
    result_shapes: Sequence[Sequence[int]] | None = None,
    source_name: str = "<input>",
    opt_level: int = 3,
) -> list[np.ndarray]:
    """Run `func_name` (default: the module's only public function) on `arrays`.

    `module_or_text` is an `ir.Module`/`ir.Operation` (left untouched: the runner
    works on a copy in its own context) or MLIR text. The arrays must match the
    function's tensor signature in count, shape and dtype; results come back
    as new numpy arrays. `result_shapes` gives the shapes of dynamic results.
    `isolated=True` compiles and runs in a child process, so a crash of the
    compiler (`LLVM ERROR`) becomes a RunnerError instead of ending the caller.
    For repeated calls compile once with `CompiledFunction`.
    """
    if func_name is not None and not isinstance(func_name, str):
        # run(module, x, y): the function name was left out.
        arrays = (func_name, *arrays)
        func_name = None
    if isolated:
        return call_isolated(
            run,
            module_text(module_or_text),
            func_name,
            *[np.asarray(a) for a in arrays],
            result_shapes=result_shapes,
            source_name=source_name,
            opt_level=opt_level,
        )
    with CompiledFunction(
        module_or_text, func_name, source_name=source_name, opt_level=opt_level
    ) as compiled:
        return compiled(*arrays, result_shapes=result_shapes)
