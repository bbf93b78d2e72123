"""Plan time of the `auto` search on generated graphs of 100, 1,000 and 3,000 ops.

    .venv/bin/python bench/plan_time.py [--sizes 100,1000,3000] [--search auto]

Graphs: `mlirfuse.search.synthetic.random_graph` (mixed elementwise,
broadcast, reduction and contraction ops, chains, diamonds, shared inputs)
and a plain elementwise chain. Prints the time to build the problem and
search it; the goal is <= 10 s for 3,000 ops on a 2-core machine.
"""

from __future__ import annotations

import argparse
import time

from mlirfuse.cost.adapter import problem_from_graph
from mlirfuse.cost.weights import CostWeights
from mlirfuse.search import Evaluator, find_partition
from mlirfuse.search.synthetic import chain, random_graph
from mlirfuse.targets import get_target


def plan_once(graph: object, search: str) -> tuple[float, int, int, bool]:
    target = get_target("h200")
    start = time.perf_counter()
    evaluator = Evaluator(problem_from_graph(graph), target, CostWeights.for_target(target))
    result = find_partition(evaluator, search)
    seconds = time.perf_counter() - start
    return seconds, len(evaluator.problem.nodes), len(result.partition), result.exact


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


if __name__ == "__main__":
    main()
