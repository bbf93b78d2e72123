"""Lowerability is legality at any function size: above the few hundred ops
where the planner once stopped re-checking groups, no plan hands the GPU back
end a group its predicate refuses (gpt2_stack12 failed so with
`gpu-sibling-shapes`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mlir import ir

from mlirfuse.analysis import lowerability
from mlirfuse.analysis.graph import DataflowGraph
from mlirfuse.context import make_context, parse_module
from mlirfuse.functions import function_ops
from mlirfuse.gpu import lowerability as gpu_lowerability
from mlirfuse.policy.planner import _kernel_ops, make_plan

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
ROW = "affine_map<(d0, d1) -> (d0)>"

# One copy: exp(a) and sum(a) read the same input (siblings the analysis
# accepts) with different parallel extents (16x8 vs 16): the GPU once refused
# them as one kernel (gpu-sibling-shapes); the partitioned schedule lowers them.
COPY = """
  %e{i} = tensor.empty() : tensor<16x8xf32>
  %x{i} = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a{i} : tensor<16x8xf32>) outs(%e{i} : tensor<16x8xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %s = math.exp %v : f32
    linalg.yield %s : f32
  }} -> tensor<16x8xf32>
  %r{i} = tensor.empty() : tensor<16xf32>
  %f{i} = linalg.fill ins(%zero : f32) outs(%r{i} : tensor<16xf32>) -> tensor<16xf32>
  %y{i} = linalg.generic {{indexing_maps = [{ID2}, {ROW}], iterator_types = ["parallel", "reduction"]}}
      ins(%a{i} : tensor<16x8xf32>) outs(%f{i} : tensor<16xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }} -> tensor<16xf32>
"""


def siblings_module(copies: int) -> str:
    args = ", ".join(f"%a{i}: tensor<16x8xf32>" for i in range(copies))
    results = ", ".join(f"%x{i}, %y{i}" for i in range(copies))
    types = ", ".join("tensor<16x8xf32>, tensor<16xf32>" for _ in range(copies))
    body = "".join(COPY.format(i=i, ID2=ID2, ROW=ROW) for i in range(copies))
    return (
        f"func.func @many({args}) -> ({types}) {{\n  %zero = arith.constant 0.0 : f32\n"
        f"{body}  return {results} : {types}\n}}\n"
    )


@pytest.fixture
def gpu_backend() -> Iterator[None]:
    gpu_lowerability.register()
    yield
    lowerability.unregister_lowerability(gpu_lowerability.BACKEND)


@pytest.mark.parametrize("search", ["greedy", "dp", "auto", "exact"])
@pytest.mark.parametrize("copies", [2, 150])  # 10 and 750 ops: both sides of the old bound
def test_no_plan_keeps_a_group_the_gpu_refuses(gpu_backend: None, search: str, copies: int) -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(siblings_module(copies), ctx, "many.mlir")
        func = function_ops(module.operation)[0]
        graph = DataflowGraph.build(func)
        assert len(graph.ops) == 5 * copies + 1
        plan = make_plan(module, search=search, time_limit=5.0)
        groups = plan.functions["many"].groups
        for group in groups:
            ops = [graph.ops[n] for n in _kernel_ops(graph, frozenset(group.ops))]
            assert gpu_lowerability.gpu_refusal(ops) is None, group.ops
        # Each copy: one partitioned kernel (exp and sum), never a refused one.
        kernels = [g for g in groups if any(graph.infos[n].is_kernel for n in g.ops)]
        assert len(kernels) == copies


def test_without_the_back_end_the_siblings_share_a_kernel() -> None:
    """The same plan for a CPU-only user fuses each pair, as the GPU's does."""
    lowerability.unregister_lowerability(gpu_lowerability.BACKEND)  # conftest restores it
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(siblings_module(150), ctx, "many.mlir")
        plan = make_plan(module, search="auto", time_limit=5.0)
        groups = plan.functions["many"].groups
        fused = [g for g in groups if len([n for n in g.ops if n % 5 in (2, 0)]) == 2]
        assert len(groups) == 150 and len(fused) == 150


def test_kernel_ops_takes_the_views_between_members() -> None:
    """`_kernel_ops` takes the views on a path between members: a collapse_shape
    between two members is inside the kernel, one after the last is not."""
    text = f"""
func.func @r(%a: tensor<8x16xf32>) -> (tensor<128xf32>, tensor<128xf32>) {{
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  }} -> tensor<8x16xf32>
  %c = tensor.collapse_shape %0 [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %e2 = tensor.empty() : tensor<128xf32>
  %1 = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}} ins(%c : tensor<128xf32>) outs(%e2 : tensor<128xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  }} -> tensor<128xf32>
  %d = tensor.collapse_shape %0 [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  return %1, %d : tensor<128xf32>, tensor<128xf32>
}}"""
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(text, ctx, "r.mlir")
        graph = DataflowGraph.build(function_ops(module.operation)[0])
        names = [op.name for op in graph.ops]
        first, collapse, second = 1, names.index("tensor.collapse_shape"), 4
        assert names[second] == "linalg.generic"
        assert _kernel_ops(graph, frozenset([first, second])) == [first, collapse, second]
        assert _kernel_ops(graph, frozenset([first])) == [first]
