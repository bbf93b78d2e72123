"""Kernel formation keeps no handle to an op it erased.

`kernels.form_kernels` clones fills into each kernel and later erases the
clones left unused (a generic that took a fresh destination). A kernel's op
list that still held such a clone kept a dangling Python handle: reading it
(`schedule.kernel_shapes`) crashed `mlirfuse compile` on softmax_lastdim now
and then. Checked without touching a possibly dangling handle: every op the
list holds was marked with its kernel id before the erasures, so the live ops
carrying a kernel's id must be exactly as many as its list holds.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from mlir import ir

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.kernels import KERNEL_ATTR
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.pipeline import run_pipeline

MODELS = Path(__file__).resolve().parent.parent / "models"


def _live_marks(module: ir.Module) -> Counter[int]:
    marks: Counter[int] = Counter()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if KERNEL_ATTR in op.attributes:
            marks[ir.IntegerAttr(op.attributes[KERNEL_ATTR]).value] += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return marks


@pytest.mark.parametrize("model", ["softmax_lastdim", "layernorm_residual", "bert_layer"])
def test_kernel_op_lists_hold_live_ops_only(model: str) -> None:
    ctx = make_context()
    with ctx:
        source = MODELS / f"{model}.mlir"
        module = parse_module(source.read_text(), ctx, str(source))
        run_pipeline(module, "builtin.module(mlirfuse-fuse{search=auto})")
        kernels, _ = prepare_module(module)
        marks = _live_marks(module)
        assert kernels
        for kernel in kernels:
            assert len(kernel.ops) == marks[kernel.kernel_id], f"kernel {kernel.kernel_id}"
