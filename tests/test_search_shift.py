"""`search.shift.shift_pass`: an op moves into the one kernel reading it when
J drops; the widening casts of an f16 LayerNorm placed in the epilogue of the
matmul before it (by a window's border, or by the rule heuristic) move into
the reduction, which then reads the f16 residual instead of f32 and f64
copies of it."""

from __future__ import annotations

from mlirfuse.analysis import DataflowGraph
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.weights import CostWeights
from mlirfuse.functions import function_ops
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator
from mlirfuse.search.shift import shift_pass
from mlirfuse.targets import get_target
from mlirfuse.vocab.options import FusionOptions

WIDENED_NORM = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @widened(%x: tensor<64x128xf16>, %w: tensor<128x128xf16>, %res: tensor<64x128xf16>)
    -> (tensor<64x128xf16>, tensor<64xf64>) {
  %zero = arith.constant 0.0 : f16
  %zero64 = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<64x128xf16>
  %acc = linalg.fill ins(%zero : f16) outs(%e : tensor<64x128xf16>) -> tensor<64x128xf16>
  %mm = linalg.matmul ins(%x, %w : tensor<64x128xf16>, tensor<128x128xf16>) outs(%acc : tensor<64x128xf16>) -> tensor<64x128xf16>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %res : tensor<64x128xf16>, tensor<64x128xf16>) outs(%e : tensor<64x128xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %s = arith.addf %a, %b : f16
    linalg.yield %s : f16
  } -> tensor<64x128xf16>
  %e32 = tensor.empty() : tensor<64x128xf32>
  %wide = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<64x128xf16>) outs(%e32 : tensor<64x128xf32>) {
  ^bb0(%a: f16, %o: f32):
    %v = arith.extf %a : f16 to f32
    linalg.yield %v : f32
  } -> tensor<64x128xf32>
  %e64 = tensor.empty() : tensor<64x128xf64>
  %wider = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%wide : tensor<64x128xf32>) outs(%e64 : tensor<64x128xf64>) {
  ^bb0(%a: f32, %o: f64):
    %v = arith.extf %a : f32 to f64
    linalg.yield %v : f64
  } -> tensor<64x128xf64>
  %r0 = tensor.empty() : tensor<64xf64>
  %racc = linalg.fill ins(%zero64 : f64) outs(%r0 : tensor<64xf64>) -> tensor<64xf64>
  %total = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%wider : tensor<64x128xf64>) outs(%racc : tensor<64xf64>) {
  ^bb0(%a: f64, %o: f64):
    %v = arith.addf %a, %o : f64
    linalg.yield %v : f64
  } -> tensor<64xf64>
  return %sum, %total : tensor<64x128xf16>, tensor<64xf64>
}
"""


def _evaluator(text: str) -> tuple[Evaluator, list[int]]:
    """The search's evaluator of `text`'s one function, and its compute ops."""
    module = parse_module(text, make_context(), "widened")
    (func,) = function_ops(module.operation)
    options = FusionOptions()
    problem = make_problem(DataflowGraph.build(func), options)
    target = get_target("h200")
    evaluator = Evaluator(problem, target, CostWeights.for_target(target), options)
    return evaluator, [n.id for n in problem.nodes]


def test_widening_casts_move_into_the_reduction() -> None:
    evaluator, (matmul, add, wide, wider, total) = _evaluator(WIDENED_NORM)
    epilogue = frozenset([matmul, add, wide, wider])
    assert evaluator.admits(epilogue)
    shifted = shift_pass(evaluator, [epilogue, frozenset([total])])
    assert shifted == [frozenset([matmul, add]), frozenset([wide, wider, total])]
    assert sum(map(evaluator.cost, shifted)) < evaluator.cost(epilogue) + evaluator.cost(
        frozenset([total])
    )


def test_a_cast_another_kernel_reads_too_stays() -> None:
    """`%wide` also returned: it must be written anyway, so moving its cast
    saves nothing it can be sure of; only the last widening moves."""
    text = WIDENED_NORM.replace(
        "-> (tensor<64x128xf16>, tensor<64xf64>)",
        "-> (tensor<64x128xf16>, tensor<64xf64>, tensor<64x128xf32>)",
    ).replace(
        "return %sum, %total : tensor<64x128xf16>, tensor<64xf64>",
        "return %sum, %total, %wide : tensor<64x128xf16>, tensor<64xf64>, tensor<64x128xf32>",
    )
    evaluator, (matmul, add, wide, wider, total) = _evaluator(text)
    shifted = shift_pass(evaluator, [frozenset([matmul, add, wide, wider]), frozenset([total])])
    assert shifted == [frozenset([matmul, add, wide]), frozenset([wider, total])]
