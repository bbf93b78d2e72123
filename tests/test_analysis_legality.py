"""Legality decisions and their codes, from the Python API.

The seed's example graph add(1024) -> relu(1024) -> sum(-> 256) -> norm(256)
is written as linalg on 256x4 tensors: the seed's planner fuses add->relu and
sum->norm; relu->sum (elementwise into reduction, a prologue) it misses.
"""

from __future__ import annotations

from mlirfuse.analysis import (
    DataflowGraph,
    OpKind,
    check_group,
    check_producer_consumer,
    check_siblings,
    codes,
    insertion_plan,
)
from mlirfuse.context import make_context, parse_module

HEADER = """#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
"""

SEED = """func.func @seed(%x: tensor<256x4xf32>, %y: tensor<256x4xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<256x4xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<256x4xf32>, tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<256x4xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%add : tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<256x4xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%relu : tensor<256x4xf32>) outs(%init : tensor<256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %norm = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%sum : tensor<256xf32>) outs(%e2 : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.mulf %a, %quarter : f32
    linalg.yield %n : f32
  } -> tensor<256xf32>
  return %norm : tensor<256xf32>
}"""


def build(func_text: str, header: str = HEADER) -> DataflowGraph:
    ctx = make_context()
    module = parse_module(header + func_text, ctx, "legality.mlir")
    graph = DataflowGraph.build(module.body.operations[0])
    graph._keepalive = (ctx, module)  # type: ignore[attr-defined]
    return graph


def node(graph: DataflowGraph, nth_generic: int) -> int:
    generics = [i for i, op in enumerate(graph.ops) if op.name == "linalg.generic"]
    return generics[nth_generic]


def test_seed_graph_is_classified_as_the_seed_says():
    g = build(SEED)
    add, relu, total, norm = (node(g, i) for i in range(4))
    kinds = [g.infos[n].kind for n in (add, relu, total, norm)]
    assert kinds == [OpKind.ELEMENTWISE, OpKind.ELEMENTWISE, OpKind.REDUCTION, OpKind.ELEMENTWISE]
    assert g.infos[total].loop_ranges == (256, 4)
    assert [b for b in g.infos[add].result_bytes] == [4096]  # 1024 f32
    assert [b for b in g.infos[total].result_bytes] == [1024]  # 256 f32


def test_seed_pairs_and_the_prologue_the_seed_misses():
    g = build(SEED)
    add, relu, total, norm = (node(g, i) for i in range(4))
    # The seed's pairs: elementwise chain, reduction -> elementwise epilogue.
    assert check_producer_consumer(g, add, relu, level="op").ok
    assert check_producer_consumer(g, total, norm, level="kernel").ok
    assert check_producer_consumer(g, total, norm, level="op").code == codes.KIND_MISMATCH
    # The pair it misses: elementwise into reduction, legal even as one op.
    assert check_producer_consumer(g, relu, total, level="op").ok
    assert check_producer_consumer(g, relu, total, level="kernel").ok
    # And the whole chain is one kernel.
    assert check_group(g, range(len(g))).ok


def test_edge_codes_for_non_edges():
    g = build(SEED)
    add, relu, _, norm = (node(g, i) for i in range(4))
    assert check_producer_consumer(g, relu, add).code == codes.RAW_ORDER
    assert check_producer_consumer(g, add, norm).code == codes.NO_EDGE
    assert check_producer_consumer(g, add, add).code == codes.SAME_OP


def test_fills_rematerialise_into_any_consumer():
    g = build(SEED)
    fill = next(i for i, op in enumerate(g.ops) if op.name == "linalg.fill")
    total = node(g, 2)
    d = check_producer_consumer(g, fill, total, level="op")
    assert d.ok and "rematerialised" in d.message


MULTI = """func.func @multi(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %a, %b : tensor<8x4xf32>, tensor<8x4xf32>
}"""


def test_multi_use_producer_needs_keep_result_or_recompute():
    g = build(MULTI)
    a, b = node(g, 0), node(g, 1)
    assert g.external_uses(a) == 1
    d = check_producer_consumer(g, a, b)
    assert d.code == codes.MULTI_CONSUMER and "function results" in d.message
    assert check_producer_consumer(g, a, b, keep_result=True).ok
    assert check_producer_consumer(g, a, b, recompute=True).ok


def test_side_effecting_producer_is_never_recomputed():
    text = MULTI.replace(
        "%s = arith.addf %v, %v : f32",
        '%t = arith.constant true\n    cf.assert %t, "x"\n    %s = arith.addf %v, %v : f32',
    )
    g = build(text)
    a, b = node(g, 0), node(g, 1)
    assert g.infos[a].side_effects
    assert check_producer_consumer(g, a, b, recompute=True).code == codes.SIDE_EFFECT_DUPLICATION
    assert check_producer_consumer(g, a, b, keep_result=True, recompute=True).ok


def ew(name: str, a: str, b: str) -> str:
    return f"""  %{name} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}}
      ins({a}, {b} : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {{
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  }} -> tensor<8x4xf32>
"""


# a -> u -> c and a -> c (cycle through u); b shares %x with a; y feeds b.
SIBLINGS = (
    "func.func @sib(%x: tensor<8x4xf32>, %z: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {\n"
    "  %e = tensor.empty() : tensor<8x4xf32>\n"
    + ew("a", "%x", "%x")
    + ew("u", "%a", "%a")
    + ew("y", "%z", "%z")
    + ew("b", "%x", "%y")
    + ew("c", "%a", "%u")
    + "  return %b, %c : tensor<8x4xf32>, tensor<8x4xf32>\n}"
)


def test_cycle_through_a_third_op_and_convexity():
    g = build(SIBLINGS)
    a, u, _, _, c = (node(g, i) for i in range(5))
    d = check_producer_consumer(g, a, c, keep_result=True)
    assert d.code == codes.CYCLE and f"{a} -> {u}" in d.message
    assert check_group(g, [a, c]).code == codes.NOT_CONVEX
    assert check_group(g, [a, u, c]).ok


def test_siblings_and_insertion_plans():
    g = build(SIBLINGS)
    a, u, y, b, _ = (node(g, i) for i in range(5))
    assert check_siblings(g, a, b).ok
    plan = insertion_plan(g, a, b)
    assert plan is not None
    # Either sink u below b (merged op at b) or hoist y above a (at a).
    assert (plan.at, plan.hoist, plan.sink) in ((b, (), (u,)), (a, (y,), ()))
    assert check_siblings(g, a, u).code == codes.CYCLE
    assert check_siblings(g, u, y).code == codes.NO_SHARED_INPUT


def test_group_operand_limit_counts_buffers():
    g = build(SEED)
    everything = range(len(g))
    # x, y in; norm out: 3 buffers (fills and scalars are not buffers).
    assert check_group(g, everything, max_operands=3).ok
    d = check_group(g, everything, max_operands=2)
    assert d.code == codes.OPERAND_LIMIT and "3 buffers" in d.message


def asserting(name: str, src: str) -> str:
    return f"""  %{name} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}}
      ins({src} : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %t = arith.constant true
    cf.assert %t, "{name}"
    linalg.yield %v : f32
  }} -> tensor<8x4xf32>
"""


def test_side_effecting_siblings_never_pass_another_side_effect():
    def func(middle: str) -> str:
        return (
            "func.func @fx(%x: tensor<8x4xf32>, %in: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {\n"
            "  %e = tensor.empty() : tensor<8x4xf32>\n"
            + asserting("a", "%x")
            + middle
            + asserting("b", "%x")
            + "  return %a, %b, %a : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>\n}"
        )

    pure_middle = build(func(ew("z", "%in", "%in")))
    a, b = node(pure_middle, 0), node(pure_middle, 2)
    assert check_siblings(pure_middle, a, b).ok
    effect_middle = build(func(asserting("z", "%in")))
    d = check_siblings(effect_middle, a, b)
    assert d.code == codes.NON_DOMINATING
    assert insertion_plan(effect_middle, a, b) is None


RED_RED = """func.func @rr(%x: tensor<8x4xf32>, %rows: tensor<8xf32>, %total: tensor<f32>, %v: tensor<56xf32>, %w: tensor<64x56xf32>) -> (tensor<f32>, tensor<64x56xf32>) {
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%rows : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %a, %o : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id1, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%s : tensor<8xf32>) outs(%total : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %u = arith.addf %a, %o : f32
    linalg.yield %u : f32
  } -> tensor<f32>
  %e1 = tensor.empty() : tensor<56xf32>
  %p = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<56xf32>) outs(%e1 : tensor<56xf32>) {
  ^bb0(%a: f32, %o: f32):
    %u = arith.mulf %a, %a : f32
    linalg.yield %u : f32
  } -> tensor<56xf32>
  %e = tensor.empty() : tensor<64x56xf32>
  %c = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w, %p : tensor<64x56xf32>, tensor<56xf32>) outs(%e : tensor<64x56xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %u = arith.addf %a, %b : f32
    linalg.yield %u : f32
  } -> tensor<64x56xf32>
  return %t, %c : tensor<f32>, tensor<64x56xf32>
}"""


def test_group_codes_for_kinds_and_spaces():
    g = build(RED_RED)
    rows, total, _, p, _, c = range(6)
    assert check_producer_consumer(g, rows, total).code == codes.REDUCTION_INTO_REDUCTION
    assert check_group(g, [rows, total]).code == codes.REDUCTION_INTO_REDUCTION
    # p (56 points) shares no grid with c (64x56), but c reads it only through
    # a broadcast map: each point of c recomputes the one point of p it reads
    # (analysis/broadcast_reads.py), so the pair is one kernel.
    assert check_group(g, [p, c]).ok
    assert check_producer_consumer(g, p, c, level="op").ok
    assert check_group(g, [2, p]).ok  # an empty tensor and its user


def test_opaque_members_and_empty_groups():
    g = build(SEED)
    assert check_group(g, []).ok
    assert check_group(g, [0, 0, 1]).ok  # duplicates are one member


def _cast_to(name: str, elem: str) -> str:
    op = "arith.fptosi" if elem.startswith("i") else "arith.truncf"
    return f"""  %{name} = linalg.generic {{indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}}
      ins(%x : tensor<64xf64>) outs(%e_{name} : tensor<64x{elem}>) {{
  ^bb0(%a: f64, %o: {elem}):
    %c = {op} %a : f64 to {elem}
    linalg.yield %c : {elem}
  }} -> tensor<64x{elem}>
"""


def test_a_group_yields_at_most_seven_values_of_other_types():
    """Past the typed slots a fusion.group's values share one type: with the
    common type last, 7 values may differ from it, not 8."""
    elems = ["f32", "f32", "f16", "bf16", "i8", "i16", "i32", "i64", "i1", "i4"]
    names = [f"v{i}" for i in range(len(elems))]
    empties = "".join(
        f"  %e_{n} = tensor.empty() : tensor<64x{t}>\n" for n, t in zip(names, elems, strict=True)
    )
    casts = "".join(_cast_to(n, t) for n, t in zip(names, elems, strict=True))
    types = ", ".join(f"tensor<64x{t}>" for t in elems)
    values = ", ".join(f"%{n}" for n in names)
    text = f"""func.func @casts(%x: tensor<64xf64>) -> ({types}) {{
{empties}{casts}  return {values} : {types}
}}"""
    g = build(text)
    casts_ids = [node(g, i) for i in range(len(elems))]
    assert check_group(g, casts_ids).code == codes.GROUP_RESULT_TYPES
    assert check_group(g, casts_ids[:-1]).ok  # 7 differ from f32
