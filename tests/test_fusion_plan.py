"""The rule heuristic's plans and the rewrites that execute them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from mlir import ir

from mlirfuse.analysis.escaping import build_graph
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.passes.base import OptionError, PassFailure
from mlirfuse.passes.fuse import FusePass
from mlirfuse.policy.heuristic import plan_function_greedy
from mlirfuse.runner.run import run
from mlirfuse.transforms.groups import apply_groups
from mlirfuse.vocab.model import FunctionPlan
from mlirfuse.vocab.options import FusionOptions

VERTICAL = FusionOptions(siblings=False, horizontal_contraction=False)

CHAIN = """
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.negf %i : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
"""


def _plan(text: str, options: FusionOptions = VERTICAL) -> tuple[FunctionPlan, list[str]]:
    ctx = make_context()
    module = parse_module(text, ctx, "test.mlir")
    with ctx:
        graph = build_graph(function_ops(module.operation)[0])
        return plan_function_greedy(graph, options), [op.name for op in graph.ops]


def _multi(plan: FunctionPlan) -> list[tuple[str, int]]:
    return [(g.pattern, len(g.ops)) for g in plan.groups if len(g.ops) >= 2]


def test_softmax_is_one_reduction_epilogue(workloads_dir: Path) -> None:
    plan, names = _plan((workloads_dir / "softmax_lastdim.mlir").read_text())
    groups = [g for g in plan.groups if len(g.ops) >= 2]
    assert [g.pattern for g in groups] == ["reduction-epilogue"]
    generics = [i for i, n in enumerate(names) if n == "linalg.generic"]
    assert set(generics) <= set(groups[0].ops)
    assert "tensor.expand_shape" in {names[i] for i in groups[0].ops}


def test_mlp_groups_root_at_matmuls_with_their_transposes(workloads_dir: Path) -> None:
    plan, names = _plan((workloads_dir / "mlp_gelu.mlir").read_text())
    groups = [g for g in plan.groups if len(g.ops) >= 2]
    assert [g.pattern for g in groups] == ["contraction-epilogue"] * 3
    for g in groups:
        assert g.root is not None and names[g.root] == "linalg.matmul"
        assert "linalg.transpose" in {names[i] for i in g.ops}


def test_resnet_asserts_move_once(workloads_dir: Path) -> None:
    plan, _ = _plan((workloads_dir / "resnet_basic_block.mlir").read_text())
    seen: list[int] = [i for g in plan.groups for i in g.ops]
    assert len(seen) == len(set(seen)), "an op in two groups would be duplicated"
    assert all(not g.recomputed for g in plan.groups)
    assert [p for p, _ in _multi(plan)] == ["contraction-epilogue"] * 2


def test_switches_turn_patterns_off(workloads_dir: Path) -> None:
    text = (workloads_dir / "softmax_lastdim.mlir").read_text()
    off, _ = _plan(text, FusionOptions(enabled=False))
    assert _multi(off) == []
    no_epilogue, _ = _plan(text, dataclasses.replace(VERTICAL, reduction_epilogue=False))
    assert all(p != "reduction-epilogue" for p, _ in _multi(no_epilogue))
    assert any(r.code == "disabled" for r in no_epilogue.refusals)


SUM_OF_SUMS = """
func.func @sums(%x: tensor<8x32xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %ri = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x32xf32>) outs(%ri : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %se = tensor.empty() : tensor<f32>
  %si = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%r : tensor<8xf32>) outs(%si : tensor<f32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}
"""


def test_refusals_have_codes() -> None:
    plan, _ = _plan(SUM_OF_SUMS)
    assert _multi(plan) == []
    # The pair is illegal (the analysis' code, as explain says), not just a pattern miss.
    assert [(r.producer, r.consumer, r.code) for r in plan.refusals] == [
        (3, 6, "reduction-into-reduction")
    ]


def test_stale_plan_is_refused() -> None:
    ctx = make_context()
    module = parse_module(CHAIN, ctx, "chain.mlir")
    with ctx, ir.Location.unknown(ctx):
        func = function_ops(module.operation)[0]
        graph = build_graph(func)
        plan = dataclasses.replace(plan_function_greedy(graph, VERTICAL), fingerprint="stale")
        with pytest.raises(PassFailure, match="fingerprint"):
            apply_groups(func, plan, graph)


def test_bad_options_raise_option_error() -> None:
    with pytest.raises(OptionError, match="recompute"):
        FusePass.from_options({"recompute": "maybe"})
    with pytest.raises(OptionError, match="max-operands"):
        FusePass.from_options({"max-operands": "0"})
    with pytest.raises(OptionError, match="search"):
        FusePass.from_options({"search": "random"})


def test_keep_intermediates_returns_the_value() -> None:
    ctx = make_context()
    module = parse_module(CHAIN, ctx, "chain.mlir")
    with ctx, ir.Location.unknown(ctx):
        FusePass(keep_intermediates="%1")(module)
        text = str(module)
    assert text.count("linalg.generic") == 1
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    out, kept = run(text, None, x, isolated=True)
    np.testing.assert_allclose(kept, np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(out, -np.exp(x), rtol=1e-6)


def test_keep_intermediates_by_location() -> None:
    ctx = make_context()
    module = parse_module(CHAIN, ctx, "chain.mlir")
    with ctx, ir.Location.unknown(ctx):
        FusePass(keep_intermediates="some/dir/chain.mlir:4")(module)
        func = function_ops(module.operation)[0]
        results = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value).results
    assert len(results) == 2  # the exp (line 4) is kept, the negf is not
