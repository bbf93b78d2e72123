"""Shared memory of row blocks: the back end's check and the planner's estimate agree.

The GPU back end sizes a row block's buffers before tiling
(`gpu/row_staging.py`) and refuses a row schedule over the static budget;
the planner prices a group with reductions by one row of its reductions
(`cost/estimate.row_block_buffers`), with the same functions
(`analysis/kernel_memory`). The LayerNorm -> transpose kernel of
segformer_layer is the case that split them: its transposed root made a row
block stage every row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mlir import ir

from mlirfuse.analysis.kernel_memory import (
    COMBINE_WIDTH,
    kernel_shared_bytes,
    reduction_partials,
    row_thread_count,
)
from mlirfuse.analysis.types import OpKind
from mlirfuse.context import make_context, parse_module
from mlirfuse.cost.estimate import shared_bytes
from mlirfuse.cost.weights import CostWeights
from mlirfuse.gpu.compile_job import fuse
from mlirfuse.gpu.opshape import ScheduleError
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.schedule import kernel_shapes, make_schedule, specialised_schedule
from mlirfuse.policy.policy import make_problem
from mlirfuse.search import Evaluator
from mlirfuse.search.synthetic import SyntheticGraph
from mlirfuse.targets import get_target

LIT = Path(__file__).parent.parent / "test_lit" / "gpu" / "layernorm-transpose-budget.mlir"
H200 = get_target("h200")


def split(name: str) -> str:
    text = LIT.read_text()
    return text.split(f"//--- {name}.mlir\n", 1)[1].split("//--- ", 1)[0]


def test_row_threads_and_partials() -> None:
    assert [row_thread_count(n) for n in (32, 128, 4096, 16384, 99)] == [32, 32, 1024, 256, 99]
    assert reduction_partials([1], 32, 8) == [([1, 32], 8)]
    tree = reduction_partials([1], 256, 4)
    assert tree == [([1, 256], 4), ([1, COMBINE_WIDTH], 4)]
    assert reduction_partials([1], 256, 4, tree=False) == tree[:1]


def test_transposed_root_takes_one_block_per_layernorm_row() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(split("transposed"), ctx, "t.mlir")
        fuse(module, "h200")
        (kernel,), _ = prepare_module(module)
        assert kernel.root is not None and kernel.root.name == "linalg.transpose"
        # The row schedule's block (one row of the transpose) would stage
        # all 256 rows: the sum and the 32 partials of each, in f64.
        with pytest.raises(ScheduleError, match="row schedule stages 67584 B"):
            specialised_schedule(kernel, kernel_shapes(kernel))
        s = make_schedule(kernel)
        assert s.kind == "reduce" and s.block_dims == (32, 1, 1)
        # Through the transpose's maps every op is sliced to one row of 32.
        assert sorted(s.local_extents.values()) == [[1, 1], [1, 1, 32], [1, 1, 32], [1, 32, 1]]


def layernorm(rows: int, row: int) -> SyntheticGraph:
    """sum(x), d = x - mean, var = sum(d * d), y = d * rsqrt(var): d is read
    by the variance and by y."""
    graph = SyntheticGraph()
    x = graph.argument(rows * row)
    total = graph.add(OpKind.REDUCTION, [x], rows, iterations=rows * row)
    d = graph.add(OpKind.ELEMENTWISE, [x, total], rows * row)
    var = graph.add(OpKind.REDUCTION, [d], rows, iterations=rows * row)
    graph.returned.add(graph.add(OpKind.ELEMENTWISE, [d, var], rows * row))
    return graph


def test_estimate_counts_one_row_of_what_the_block_keeps() -> None:
    problem = make_problem(layernorm(4, 16384))
    partials = kernel_shared_bytes(reduction_partials([1], 256, 4))
    # Both sums and their partials; d at one row (read twice in the group).
    assert shared_bytes(problem, [0, 1, 2, 3]) == 2 * (16 + partials) + 16384 * 4
    # Without y, d is read outside the group: written out, not staged; so is var.
    assert shared_bytes(problem, [0, 1, 2]) == 16 + 2 * partials
    # The sum, read by d: a reduction's result stays in the block.
    assert shared_bytes(problem, [0, 1]) == 16 + partials


def test_value_read_by_one_member_is_not_staged() -> None:
    # Read by one member only, a value merges into its reader's body
    # (transforms/merge.py): the square of x is not staged.
    graph = SyntheticGraph()
    x = graph.argument(4 * 16384)
    square = graph.add(OpKind.ELEMENTWISE, [x], 4 * 16384)
    graph.returned.add(graph.add(OpKind.REDUCTION, [square], 4, iterations=4 * 16384))
    partials = kernel_shared_bytes(reduction_partials([1], 256, 4))
    assert shared_bytes(make_problem(graph), [0, 1]) == partials


def test_wide_layernorm_is_refused_with_the_budget_code() -> None:
    ev = Evaluator(make_problem(layernorm(4, 16384)), H200, CostWeights.for_target(H200))
    decision = ev.decide(frozenset([0, 1, 2, 3]))
    assert (decision.ok, decision.code) == (False, "shared-memory-budget")
    assert ev.decide(frozenset([0, 1])).ok and ev.decide(frozenset([2, 3])).ok
    narrow = Evaluator(make_problem(layernorm(256, 1024)), H200, CostWeights.for_target(H200))
    assert narrow.decide(frozenset([0, 1, 2, 3])).ok
