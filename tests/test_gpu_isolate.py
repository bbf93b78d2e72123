"""Kernel units: a static tensor.concat becomes a generic that computes the
same values (run on the CPU runner against numpy)."""

from __future__ import annotations

import numpy as np

from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu.irutil import walk
from mlirfuse.gpu.isolate import concat_to_generic
from mlirfuse.runner import run

CONCAT = """
func.func @cat(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x1x4xf32>) -> tensor<2x9x4xf32> {
  %r = tensor.concat dim(1) %a, %b, %c : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x1x4xf32>) -> tensor<2x9x4xf32>
  return %r : tensor<2x9x4xf32>
}
"""


def rewritten() -> str:
    ctx = make_context()
    with ctx:
        module = parse_module(CONCAT, ctx, "cat.mlir")
        (concat,) = [op for op in walk(module.operation) if op.name == "tensor.concat"]
        concat_to_generic(concat)
        assert module.operation.verify()
        assert not [op for op in walk(module.operation) if op.name == "tensor.concat"]
        return str(module)


def test_concat_generic_matches_numpy() -> None:
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal((2, n, 4)).astype(np.float32) for n in (3, 5, 1)]
    (got,) = run(rewritten(), *inputs, isolated=True)
    np.testing.assert_array_equal(got, np.concatenate(inputs, axis=1))
