"""Plan time of the `auto` search on generated graphs of 100, 1,000 and 3,000 ops.

    .venv/bin/python bench/plan_time.py [--sizes 100,1000,3000] [--search auto]

Graphs: `mlirfuse.search.synthetic.random_graph` (mixed elementwise,
broadcast, reduction and contraction ops, chains, diamonds, shared inputs)
and a plain elementwise chain: the time to build the problem and search it.
"mlir chain": a generated linalg chain through the whole `make_plan` (parse,
analysis, search, report data). The goal is <= 10 s for 3,000 ops on a 2-core
machine.
"""

from __future__ import annotations

import argparse
import time

from mlirfuse.cost.weights import CostWeights
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator, find_partition
from mlirfuse.search.synthetic import chain, random_graph
from mlirfuse.targets import get_target


def plan_once(graph: object, search: str) -> tuple[float, int, int, bool]:
    target = get_target("h200")
    start = time.perf_counter()
    evaluator = Evaluator(make_problem(graph), target, CostWeights.for_target(target))
    result = find_partition(evaluator, search)
    seconds = time.perf_counter() - start
    return seconds, len(evaluator.problem.nodes), len(result.partition), result.exact


def linalg_chain(ops: int) -> str:
    """MLIR text: `ops` elementwise linalg.generic ops in a row."""
    head = "#id = affine_map<(d0) -> (d0)>\nfunc.func @chain(%v0: tensor<1024xf32>) -> tensor<1024xf32> {\n"
    head += "  %e = tensor.empty() : tensor<1024xf32>\n"
    body = []
    for i in range(ops):
        body.append(
            f'  %v{i + 1} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}}'
            f" ins(%v{i} : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {{\n"
            "  ^bb0(%a: f32, %o: f32):\n    %r = arith.negf %a : f32\n    linalg.yield %r : f32\n"
            "  } -> tensor<1024xf32>\n"
        )
    return head + "".join(body) + f"  return %v{ops} : tensor<1024xf32>\n}}\n"


def plan_mlir(ops: int, search: str) -> tuple[float, int]:
    """Parse + analysis + plan of a generated linalg chain (the whole `make_plan`)."""
    from mlirfuse.context import make_context, parse_module
    from mlirfuse.policy.planner import make_plan

    text = linalg_chain(ops)
    ctx = make_context()
    start = time.perf_counter()
    with ctx:
        module = parse_module(text, ctx, "chain.mlir")
        plan = make_plan(module.operation, search=search)
    return time.perf_counter() - start, plan.summaries[-1].kernels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,3000")
    parser.add_argument("--search", default="auto", choices=("greedy", "dp", "auto"))
    args = parser.parse_args()
    print(f"{'graph':<10} {'ops':>6} {'kernels':>8} {'exact':>6} {'seconds':>8}")
    for size in (int(s) for s in args.sizes.split(",")):
        for label, graph in (("random", random_graph(7, size)), ("chain", chain(size))):
            seconds, ops, kernels, exact = plan_once(graph, args.search)
            print(f"{label:<10} {ops:>6} {kernels:>8} {exact!s:>6} {seconds:>8.2f}")
        seconds, kernels = plan_mlir(size, args.search)
        print(f"{'mlir chain':<10} {size:>6} {kernels:>8} {'-':>6} {seconds:>8.2f}")


if __name__ == "__main__":
    main()
