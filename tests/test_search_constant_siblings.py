"""One notion of a shared input for the search, the rule heuristic and the
analysis: a stored constant (an index table) is one, a splat is not.

Before, the search never linked readers of any constant while the rule's
sibling pass merged readers of every tensor, splats included: the search's
plan, fused again, lost to a rule plan with one more such merge (Longformer's
two gathers of one index table; BigBird's two masks reading one scalar), so
fusing twice differed. The analysis called neither a shared input."""

from __future__ import annotations

from mlirfuse.analysis import DataflowGraph
from mlirfuse.analysis.groups import check_siblings
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.functions import function_ops
from mlirfuse.policy.planner import make_plan
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator
from mlirfuse.search.windowed import merge_pass
from mlirfuse.targets import get_target
from mlirfuse.vocab.options import FusionOptions

GATHERS = """
#col = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gathers(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>) {
  %rows = arith.constant TABLE : tensor<3xi64>
  %e = tensor.empty() : tensor<3x16xf32>
  %ga = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<3xi64>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%i: i64, %o: f32):
    %r = arith.index_cast %i : i64 to index
    %c = linalg.index 1 : index
    %v = tensor.extract %a[%r, %c] : tensor<8x16xf32>
    linalg.yield %v : f32
  } -> tensor<3x16xf32>
  %gb = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<3xi64>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%i: i64, %o: f32):
    %r = arith.index_cast %i : i64 to index
    %c = linalg.index 1 : index
    %v = tensor.extract %b[%r, %c] : tensor<8x16xf32>
    linalg.yield %v : f32
  } -> tensor<3x16xf32>
  return %ga, %gb : tensor<3x16xf32>, tensor<3x16xf32>
}
"""

TARGET = get_target("h200")


def _module(table: str) -> object:
    return parse_module(GATHERS.replace("TABLE", table), make_context(), "gathers")


def _evaluator(table: str) -> tuple[Evaluator, list[int]]:
    module = _module(table)
    (func,) = function_ops(module.operation)  # type: ignore[attr-defined]
    graph = DataflowGraph.build(func)
    options = FusionOptions()
    problem = make_problem(graph, options)
    gathers = [n.id for n in problem.nodes]
    assert len(gathers) == 2
    return Evaluator(problem, TARGET, CostWeights.for_target(TARGET), options), gathers


def test_readers_of_an_index_table_are_siblings() -> None:
    evaluator, (first, second) = _evaluator("dense<[0, 5, 7]>")
    assert evaluator.problem.sibling_links[first] == (second,)
    assert merge_pass(evaluator, [frozenset([first]), frozenset([second])]) == [
        frozenset([first, second])
    ]


def test_readers_of_a_splat_share_nothing() -> None:
    evaluator, (first, second) = _evaluator("dense<2>")
    assert evaluator.problem.sibling_links[first] == ()
    assert len(merge_pass(evaluator, [frozenset([first]), frozenset([second])])) == 2


def _kernels(table: str, search: str) -> int:
    plan = make_plan(_module(table), search=search)  # type: ignore[arg-type]
    (function,) = plan.functions.values()
    covered = {n for g in function.groups for n in g.ops}
    _, gathers = _evaluator(table)
    return len(function.groups) + sum(1 for n in gathers if n not in covered)


def test_rule_and_search_agree_on_what_is_shared() -> None:
    for search in ("greedy", "dp", "auto"):
        assert _kernels("dense<[0, 5, 7]>", search) == 1, search
        assert _kernels("dense<2>", search) == 2, search


def test_analysis_calls_an_index_table_shared() -> None:
    for table, ok in (("dense<[0, 5, 7]>", True), ("dense<2>", False)):
        module = _module(table)  # owns the function: kept alive while it is read
        (func,) = function_ops(module.operation)  # type: ignore[attr-defined]
        graph = DataflowGraph.build(func)
        first, second = [n for n, op in enumerate(graph.ops) if op.name == "linalg.generic"]
        decision = check_siblings(graph, first, second)
        assert decision.ok is ok, decision.message
        assert ok or decision.code == "no-shared-input"
