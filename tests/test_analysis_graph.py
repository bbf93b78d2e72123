"""DataflowGraph: nodes, edges with use counts, nested regions, reachability."""

from __future__ import annotations

import random

import pytest
from mlir import ir

from mlirfuse.analysis import DataflowGraph
from mlirfuse.context import make_context, parse_module

EW = """linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}}
      ins({a}, {b} : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {{
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }} -> tensor<4xf32>"""


def build(body: str, args: str = "%t: tensor<4xf32>", ret: str = "tensor<4xf32>") -> DataflowGraph:
    text = f"""#id = affine_map<(d0) -> (d0)>
func.func @f({args}) -> {ret} {{
{body}
}}"""
    ctx = make_context()
    module = parse_module(text, ctx, "graph.mlir")
    graph = DataflowGraph.build(module.body.operations[0])
    graph._keepalive = (ctx, module)  # type: ignore[attr-defined]
    return graph


DIAMOND = f"""  %e = tensor.empty() : tensor<4xf32>
  %a = {EW.format(a="%t", b="%t")}
  %b = {EW.format(a="%a", b="%a")}
  %c = {EW.format(a="%a", b="%t")}
  %d = {EW.format(a="%b", b="%c")}
  return %d : tensor<4xf32>"""


def test_diamond_edges_uses_and_order():
    g = build(DIAMOND)
    assert [op.name for op in g.ops] == ["tensor.empty"] + ["linalg.generic"] * 4
    assert g.succs(1) == [2, 3]
    assert g.preds(4) == [0, 2, 3]
    assert g.consumers(0) == [1, 2, 3, 4]
    assert g.uses(1) == 3  # %a used twice by %b, once by %c
    assert g.uses(0) == 4
    assert g.external_uses(4) == 1 and g.external_uses(1) == 0
    assert g.operand_producers(2) == [1, 1, 0]
    assert g.operand_producers(1) == [None, None, 0]
    order = g.topo_order()
    assert all(order.index(p) < order.index(c) for p in order for c in g.succs(p))


def test_diamond_reachability():
    g = build(DIAMOND)
    assert g.reachable(1, 4) and g.reachable(2, 4) and g.reachable(0, 4)
    assert not g.reachable(2, 3) and not g.reachable(3, 2)
    assert not g.reachable(4, 1)
    assert not g.reachable(1, 1)


def test_function_results_count_as_external_uses():
    body = f"""  %e = tensor.empty() : tensor<4xf32>
  %a = {EW.format(a="%t", b="%t")}
  %b = {EW.format(a="%a", b="%t")}
  return %a, %b, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>"""
    g = build(body, ret="(tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)")
    assert g.uses(1) == 3
    assert g.external_uses(1) == 2
    assert g.consumers(1) == [2]


def test_nested_region_is_one_node_and_inner_uses_count_for_it():
    body = f"""  %e = tensor.empty() : tensor<4xf32>
  %a = {EW.format(a="%t", b="%t")}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {{
    %inner = {EW.format(a="%acc", b="%a")}
    scf.yield %inner : tensor<4xf32>
  }}
  return %r : tensor<4xf32>"""
    g = build(body)
    loop = len(g) - 1
    assert g.ops[loop].name == "scf.for"
    assert len(g) == 6  # the generic inside the loop is not a node
    assert g.preds(loop) == [0, 1, 2, 3, 4]  # %e and %a are used inside the body
    assert g.consumers(1) == [loop]
    assert g.external_uses(1) == 0
    assert g.reachable(1, loop)
    assert g.infos[loop].kind.value == "opaque"


def test_id_of_and_fingerprint():
    g = build(DIAMOND)
    assert g.id_of(g.ops[3]) == 3
    again = build(DIAMOND)
    assert g.fingerprint() == again.fingerprint()
    changed = build(DIAMOND.replace("  %d = ", "  %k = arith.constant 1.0 : f32\n  %d = "))
    assert changed.fingerprint() != g.fingerprint()


def _random_dag_source(rng: random.Random, n: int) -> tuple[str, list[tuple[int, int]]]:
    lines = ["  %e = tensor.empty() : tensor<4xf32>"]
    edges = []
    for i in range(n):
        srcs = []
        for _ in range(2):
            j = rng.randrange(-1, i)
            srcs.append("%t" if j < 0 else f"%v{j}")
            if j >= 0:
                edges.append((j + 1, i + 1))  # node ids: %e is node 0
        lines.append(f"  %v{i} = {EW.format(a=srcs[0], b=srcs[1])}")
    lines.append(f"  return %v{n - 1} : tensor<4xf32>")
    return "\n".join(lines), edges


def _bfs_reach(n: int, edges: list[tuple[int, int]]) -> set[tuple[int, int]]:
    succ: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in edges:
        succ[a].add(b)
    pairs = set()
    for start in range(n):
        stack, seen = list(succ[start]), set()
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(succ[x])
        pairs |= {(start, x) for x in seen}
    return pairs


def test_reachability_matches_bfs_on_random_dags():
    for seed in range(5):
        rng = random.Random(seed)
        body, edges = _random_dag_source(rng, 40)
        g = build(body)
        edges += [(0, i) for i in range(1, len(g))]  # every generic uses %e
        truth = _bfs_reach(len(g), edges)
        for a in range(len(g)):
            for b in range(len(g)):
                assert g.reachable(a, b) == ((a, b) in truth), (seed, a, b)


def test_building_does_not_change_the_ir():
    ctx = make_context()
    text = f"#id = affine_map<(d0) -> (d0)>\nfunc.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {{\n{DIAMOND}\n}}"
    module = parse_module(text, ctx, "graph.mlir")
    before = str(module)
    g = DataflowGraph.build(module.body.operations[0])
    g.reachable(0, 4)
    assert str(module) == before
    assert isinstance(g.func, ir.Operation)


def test_building_on_a_bodiless_function_is_a_clear_error():
    ctx = make_context()
    module = parse_module(
        "func.func private @ext(tensor<4xf32>) -> tensor<4xf32>", ctx, "decl.mlir"
    )
    with pytest.raises(ValueError, match="no body"):
        DataflowGraph.build(module.body.operations[0])
