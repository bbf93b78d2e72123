"""One "may fuse": `explain`'s edge verdicts and every plan's refusals agree.

For every edge between two kernels of every model in models/ (plus a small
exp -> matmul case), under each search:
- an edge explain refuses is cut by the plan with explain's code, or fused in
  a kernel the group check accepted (a pair `cycle` through a third op that the
  kernel also holds);
- an edge explain accepts and the plan cuts never carries a code only the pair
  check gives: its refusal is the group check's (joining the two kernels, e.g.
  `incompatible-space` with a third member), the policy's, a resource's or
  the search's;
- the rule heuristic's own plan (what `mlirfuse-fuse` executes) leaves a
  refusal on every edge it cuts.
Explain runs as planners do: a multi-use producer keeps its result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mlirfuse.analysis.escaping import build_graph
from mlirfuse.analysis.explain import explain_function
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_name, function_ops
from mlirfuse.passes.fusion_driver import plan_module, prepare
from mlirfuse.policy.heuristic import plan_function_greedy
from mlirfuse.policy.policy import FusionPolicy
from mlirfuse.vocab import codes
from mlirfuse.vocab.model import FunctionPlan
from mlirfuse.vocab.options import FusionOptions

ROOT = Path(__file__).resolve().parent.parent
# gpt2_stack12 is twelve gpt2_blocks (the layer is a case; the stack's scale
# is tests/test_zoo.py's and test_search_memo.py's): 40 s of planning left out.
MODELS = [p for p in sorted((ROOT / "models").glob("*.mlir")) if p.stem != "gpt2_stack12"]
EXP_MATMUL = """
func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %x = linalg.exp ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%x, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}
"""
# Codes of the pair check that no group check returns.
PAIR_ONLY = {
    codes.NO_EDGE,
    codes.RAW_ORDER,
    codes.NOT_STRUCTURED,
    codes.INIT_OPERAND,
    codes.NON_INVERTIBLE_MAP,
    codes.MULTI_CONSUMER,
    codes.SIDE_EFFECT_DUPLICATION,
}
CASES = [pytest.param(p.read_text(), id=p.stem) for p in MODELS] + [
    pytest.param(EXP_MATMUL, id="exp-matmul")
]


def _module(text: str) -> Any:
    module = parse_module(text, make_context(), "<case>")
    prepare(module.operation)  # what every planner sees first
    return module


def _edges(fn: Any) -> list[tuple[int, int, dict[str, Any]]]:
    report = explain_function(fn, keep_result=True)
    ident = {op["id"]: index for index, op in enumerate(report["ops"])}
    return [(ident[e["producer"]], ident[e["consumer"]], e) for e in report["edges"]]


def _disagreements(fn: Any, plan: FunctionPlan) -> list[str]:
    graph = build_graph(fn)
    owner = {n: g.id for g in plan.groups for n in g.ops}
    refused = {(r.producer, r.consumer): r.code for r in plan.refusals}
    wrong = []
    for p, c, verdict in _edges(fn):
        if not (graph.infos[p].is_kernel and graph.infos[c].is_kernel):
            continue  # fills, constants, reshapes: moved into kernels, not fused
        if p not in owner or c not in owner:
            continue  # copied into every reader (greedy recompute): in no group
        got = refused.get((p, c))
        if owner[p] == owner[c]:
            on_path = any(graph.reachable(p, x) and graph.reachable(x, c) for x in graph.succs(p))
            held = any(owner.get(x) == owner[p] for x in graph.succs(p) if x != c)
            if not verdict["ok"] and not (verdict["code"] == codes.CYCLE and on_path and held):
                wrong.append(f"{p}->{c} fused although explain refuses {verdict['code']}")
        elif not verdict["ok"] and got != verdict["code"]:
            wrong.append(f"{p}->{c} explain refuses {verdict['code']}, plan says {got}")
        elif verdict["ok"] and got in PAIR_ONLY:
            wrong.append(f"{p}->{c} legal per explain, plan refuses with {got}")
    return wrong


@pytest.mark.parametrize("search", ["greedy", "dp", "auto"])
@pytest.mark.parametrize("text", CASES)
def test_explain_and_plan_agree(text: str, search: str) -> None:
    module = _module(text)
    plan = plan_module(module.operation, FusionOptions(), search=search)
    for fn in function_ops(module.operation):
        assert _disagreements(fn, plan.functions[function_name(fn)]) == []


@pytest.mark.parametrize("text", CASES)
def test_the_heuristic_refuses_every_edge_it_cuts(text: str) -> None:
    module = _module(text)
    for fn in function_ops(module.operation):
        graph = build_graph(fn)
        plan = plan_function_greedy(graph, FusionOptions())
        owner = {n: g.id for g in plan.groups for n in g.ops}
        # An edge into a kernel that recomputes its producer is not cut; an op
        # every reader copies is in no group (its copies run in theirs).
        copied = {(n, g.id) for g in plan.groups for n in g.recomputed}
        refused = {(r.producer, r.consumer) for r in plan.refusals}
        silent = [
            (p, c)
            for p, c, _ in _edges(fn)
            if graph.infos[p].is_kernel and graph.infos[c].is_kernel and c in owner
            if owner.get(p) != owner[c] and (p, owner[c]) not in copied
            if (p, c) not in refused
        ]
        assert silent == []
        assert _disagreements(fn, plan) == []


def test_exp_into_matmul_is_legal_and_declined_by_the_policy() -> None:
    module = _module(EXP_MATMUL)
    (fn,) = function_ops(module.operation)
    assert [v["ok"] for p, c, v in _edges(fn) if (p, c) == (1, 4)] == [True]
    for search in ("greedy", "dp", "auto"):
        plan = plan_module(module.operation, FusionOptions(), search=search).functions["f"]
        assert [(r.producer, r.consumer, r.code) for r in plan.refusals] == [
            (1, 4, codes.CONTRACTION_PROLOGUE)
        ]
    allowing = FusionPolicy(contraction_prologues=True)
    plan = plan_module(module.operation, FusionOptions(), search="greedy", policy=allowing)
    assert [g.ops for g in plan.functions["f"].groups if 4 in g.ops] == [(1, 3, 4)]
