"""Group formation with an op recomputed into two kernels (fuzz campaign,
seed 1 functions 1177 and 1700): forming the first group rewires its members
to its copy of the op, so the second group's copies must rewire readers of
any earlier copy, not only of the original (was `recomputed op has no user in
its group`). The plan is written by hand so that the rewrite is tested
whatever the planners choose today."""

from __future__ import annotations

import numpy as np
from mlir import ir

from mlirfuse.analysis.escaping import build_graph
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.runner.run import run
from mlirfuse.transforms.groups import apply_groups
from mlirfuse.vocab.model import FunctionPlan, Group

ID = "affine_map<(d0) -> (d0)>"
SOURCE = f"""
func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {{
  %t0 = tensor.empty() : tensor<4xf32>
  %v1 = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%t0 : tensor<4xf32>) -> tensor<4xf32>
  %t1 = tensor.empty() : tensor<4xf32>
  %v2 = linalg.sub ins(%v1, %a : tensor<4xf32>, tensor<4xf32>) outs(%t1 : tensor<4xf32>) -> tensor<4xf32>
  %t4 = tensor.empty() : tensor<4xf64>
  %v4 = linalg.generic {{indexing_maps = [{ID}, {ID}], iterator_types = ["parallel"]}}
      ins(%v1 : tensor<4xf32>) outs(%t4 : tensor<4xf64>) {{
  ^bb0(%x: f32, %o: f64):
    %e = arith.extf %x : f32 to f64
    linalg.yield %e : f64
  }} -> tensor<4xf64>
  %t8 = tensor.empty() : tensor<4xf32>
  %v5 = linalg.generic {{indexing_maps = [{ID}, {ID}, {ID}], iterator_types = ["parallel"]}}
      ins(%v2, %v4 : tensor<4xf32>, tensor<4xf64>) outs(%t8 : tensor<4xf32>) {{
  ^bb0(%x: f32, %y: f64, %o: f32):
    %t = arith.truncf %y : f64 to f32
    %s = arith.addf %x, %t : f32
    linalg.yield %s : f32
  }} -> tensor<4xf32>
  return %v5, %v4 : tensor<4xf32>, tensor<4xf64>
}}
"""


def _fused_text() -> str:
    ctx = make_context()
    module = parse_module(SOURCE, ctx, "recompute.mlir")
    with ctx, ir.Location.unknown(ctx):
        func = function_ops(module.operation)[0]
        graph = build_graph(func)
        names = [op.name for op in graph.ops]
        add, sub = names.index("linalg.add"), names.index("linalg.sub")
        extf, last = [i for i, n in enumerate(names) if n == "linalg.generic"]
        plan = FunctionPlan(
            "f",
            [
                Group(id=0, ops=(sub, extf), pattern="sibling", recomputed=(add,)),
                Group(id=1, ops=(last,), pattern="elementwise-chain", recomputed=(add, sub)),
            ],
            fingerprint=graph.fingerprint(),
        )
        groups = apply_groups(func, plan, graph)
        assert len(groups) == 2
        assert module.operation.verify()
        return str(module)


def test_second_copy_reads_its_own_copies() -> None:
    text = _fused_text()
    first, second = text.split('"fusion.group"')[1:3]
    assert "linalg.add" in first and "linalg.sub" in first
    # The second kernel computes add and sub itself, from the argument only.
    assert "linalg.add" in second and "linalg.sub" in second
    assert "linalg.add" not in text.split('"fusion.group"')[0]


def test_numbers_unchanged() -> None:
    x = np.array([0.5, -1.0, 2.0, 3.25], dtype=np.float32)
    before = run(SOURCE, "f", x)
    after = run(_fused_text(), "f", x)
    for b, a in zip(before, after, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)
