"""Readers of one stored constant (an index table) are sibling-linked in the
planning problem, as the rule heuristic's sibling pass treats them: before,
the search never joined two gathers of one table while the rule did, so the
search's output fused again joined them (Longformer's global tokens were not
idempotent)."""

from __future__ import annotations

from mlirfuse.analysis import DataflowGraph
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.functions import function_ops
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


def _evaluator(table: str) -> tuple[Evaluator, list[int]]:
    module = parse_module(GATHERS.replace("TABLE", table), make_context(), "gathers")
    (func,) = function_ops(module.operation)
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
