"""The op registry: kinds from linalg structure, named ops, per-op properties."""

from __future__ import annotations

import pytest
from mlir import ir

from mlirfuse.analysis import (
    DataflowGraph,
    MapKind,
    OpKind,
    classify_op,
    explain,
    register_op_kind,
)
from mlirfuse.analysis.registry import unregister_op_kind
from mlirfuse.context import make_context, parse_module

MAPS = """#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
"""


def graph_of(body: str, args: str = "") -> DataflowGraph:
    text = f"{MAPS}func.func @f({args}) {{\n{body}\n  return\n}}"
    ctx = make_context()
    module = parse_module(text, ctx, "kinds.mlir")
    graph = DataflowGraph.build(module.body.operations[0])
    graph._keepalive = (ctx, module)  # type: ignore[attr-defined]
    return graph


def generic(maps: str, iters: str, ins: str, outs: str, body: str, res: str) -> str:
    return (
        f"linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
        f"ins({ins}) outs({outs}) {{\n{body}\n}} -> {res}"
    )


ADD_BODY = (
    "^bb0(%x: f32, %y: f32, %o: f32):\n  %s = arith.addf %x, %y : f32\n  linalg.yield %s : f32"
)
COPY_BODY = "^bb0(%x: f32, %o: f32):\n  linalg.yield %x : f32"
SUM_BODY = "^bb0(%x: f32, %o: f32):\n  %s = arith.addf %x, %o : f32\n  linalg.yield %s : f32"
MMA_BODY = (
    "^bb0(%x: f32, %y: f32, %o: f32):\n  %p = arith.mulf %x, %y : f32\n"
    "  %s = arith.addf %o, %p : f32\n  linalg.yield %s : f32"
)
M84 = "tensor<8x4xf32>"
ARGS = f"%m: {M84}, %n: {M84}, %v: tensor<8xf32>, %w: tensor<4xf32>, %t: tensor<4x8xf32>"

CASES = {
    "elementwise-generic": (
        generic(
            "#id, #id, #id",
            '"parallel", "parallel"',
            f"%m, %n : {M84}, {M84}",
            f"%m : {M84}",
            ADD_BODY,
            M84,
        ),
        OpKind.ELEMENTWISE,
    ),
    "broadcast-generic": (
        generic(
            "#id, #col, #id",
            '"parallel", "parallel"',
            f"%m, %w : {M84}, tensor<4xf32>",
            f"%m : {M84}",
            ADD_BODY,
            M84,
        ),
        OpKind.BROADCAST,
    ),
    "transpose-generic": (
        generic(
            "#tr, #id",
            '"parallel", "parallel"',
            "%t : tensor<4x8xf32>",
            f"%m : {M84}",
            COPY_BODY,
            M84,
        ),
        OpKind.INJECTIVE,
    ),
    "row-reduction-generic": (
        generic(
            "#id, #row",
            '"parallel", "reduction"',
            f"%m : {M84}",
            "%v : tensor<8xf32>",
            SUM_BODY,
            "tensor<8xf32>",
        ),
        OpKind.REDUCTION,
    ),
    "matmul-as-generic": (
        generic(
            "#a, #b, #c",
            '"parallel", "parallel", "reduction"',
            f"%m, %t : {M84}, tensor<4x8xf32>",
            "%sq : tensor<8x8xf32>",
            MMA_BODY,
            "tensor<8x8xf32>",
        ),
        OpKind.CONTRACTION,
    ),
    "linalg.matmul": (
        f"linalg.matmul ins(%m, %t : {M84}, tensor<4x8xf32>) outs(%sq : tensor<8x8xf32>) -> tensor<8x8xf32>",
        OpKind.CONTRACTION,
    ),
    "linalg.batch_matmul": (
        "linalg.batch_matmul ins(%b1, %b2 : tensor<2x8x4xf32>, tensor<2x4x8xf32>) "
        "outs(%b3 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>",
        OpKind.CONTRACTION,
    ),
    "linalg.conv_2d_nchw_fchw": (
        "linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} "
        "ins(%img, %flt : tensor<1x3x10x10xf32>, tensor<2x3x3x3xf32>) "
        "outs(%cout : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>",
        OpKind.CONVOLUTION,
    ),
    "linalg.pooling_nchw_max": (
        "linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} "
        "ins(%img, %win : tensor<1x3x10x10xf32>, tensor<3x3xf32>) "
        "outs(%pout : tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>",
        OpKind.CONVOLUTION,
    ),
    "linalg.fill": (f"linalg.fill ins(%f : f32) outs(%m : {M84}) -> {M84}", OpKind.FILL),
    "linalg.transpose": (
        f"linalg.transpose ins(%t : tensor<4x8xf32>) outs(%m : {M84}) permutation = [1, 0]",
        OpKind.INJECTIVE,
    ),
    "linalg.broadcast": (
        f"linalg.broadcast ins(%v : tensor<8xf32>) outs(%m : {M84}) dimensions = [1]",
        OpKind.BROADCAST,
    ),
    "linalg.reduce": (
        f"linalg.reduce ins(%m : {M84}) outs(%v : tensor<8xf32>) dimensions = [1]\n"
        "  (%in: f32, %acc: f32) {\n    %s = arith.addf %in, %acc : f32\n    linalg.yield %s : f32\n  }",
        OpKind.REDUCTION,
    ),
    "linalg.map": (
        f"linalg.map ins(%m, %n : {M84}, {M84}) outs(%m : {M84})\n"
        "  (%x: f32, %y: f32, %z: f32) {\n    %s = arith.mulf %x, %y : f32\n    linalg.yield %s : f32\n  }",
        OpKind.ELEMENTWISE,
    ),
    "linalg.copy": (f"linalg.copy ins(%m : {M84}) outs(%n : {M84}) -> {M84}", OpKind.ELEMENTWISE),
    "linalg.add": (
        f"linalg.add ins(%m, %n : {M84}, {M84}) outs(%m : {M84}) -> {M84}",
        OpKind.ELEMENTWISE,
    ),
    "linalg.exp": (f"linalg.exp ins(%m : {M84}) outs(%n : {M84}) -> {M84}", OpKind.ELEMENTWISE),
    "tensor.empty": ("tensor.empty() : tensor<8x4xf32>", OpKind.FILL),
    "arith.constant": ("arith.constant dense<1.0> : tensor<8x4xf32>", OpKind.FILL),
    "tensor.pad": (
        f"tensor.pad %m low[1, 0] high[1, 0] {{\n^bb0(%i: index, %j: index):\n  tensor.yield %f : f32\n}} : {M84} to tensor<10x4xf32>",
        OpKind.INJECTIVE,
    ),
    "tensor.expand_shape": (
        "tensor.expand_shape %v [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>",
        OpKind.INJECTIVE,
    ),
    "tensor.collapse_shape": (
        f"tensor.collapse_shape %m [[0, 1]] : {M84} into tensor<32xf32>",
        OpKind.INJECTIVE,
    ),
    "tensor.extract_slice": (
        f"tensor.extract_slice %m[0, 0] [4, 4] [1, 1] : {M84} to tensor<4x4xf32>",
        OpKind.INJECTIVE,
    ),
    "tensor.concat": (
        f"tensor.concat dim(0) %m, %n : ({M84}, {M84}) -> tensor<16x4xf32>",
        OpKind.INJECTIVE,
    ),
    "func.call": (f"func.call @ext(%m) : ({M84}) -> {M84}", OpKind.OPAQUE),
}

EXTRA_ARGS = (
    ", %sq: tensor<8x8xf32>, %b1: tensor<2x8x4xf32>, %b2: tensor<2x4x8xf32>, %b3: tensor<2x8x8xf32>, "
    "%img: tensor<1x3x10x10xf32>, %flt: tensor<2x3x3x3xf32>, %cout: tensor<1x2x8x8xf32>, "
    "%win: tensor<3x3xf32>, %pout: tensor<1x3x8x8xf32>, %f: f32"
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_kind(name):
    source, kind = CASES[name]
    body = f"  %r = {source}"
    if name == "func.call":
        text = f"{MAPS}module {{\nfunc.func private @ext({M84}) -> {M84}\nfunc.func @f({ARGS}{EXTRA_ARGS}) {{\n{body}\n  return\n}}\n}}"
        ctx = make_context()
        module = parse_module(text, ctx, "kinds.mlir")
        g = DataflowGraph.build(module.body.operations[1])
    else:
        g = graph_of(body, ARGS + EXTRA_ARGS)
    assert g.infos[-1].kind is kind, g.infos[-1]


def test_structured_properties_of_a_broadcast_add():
    source, _ = CASES["broadcast-generic"]
    info = graph_of(f"  %r = {source}", ARGS + EXTRA_ARGS).infos[0]
    assert info.loop_ranges == (8, 4)
    assert info.parallel_dims == (0, 1) and info.reduction_dims == ()
    assert [o.map_kind for o in info.operands] == [
        MapKind.IDENTITY,
        MapKind.BROADCAST,
        MapKind.IDENTITY,
    ]
    assert [o.is_init for o in info.operands] == [False, False, True]
    assert info.operands[1].shape == (4,) and info.operands[1].bytes == 16
    assert info.result_bytes == (128,)
    assert info.flops_per_iteration == 1.0 and info.flops == 32.0
    assert info.in_place and not info.side_effects


def test_named_ops_get_loops_and_dims_from_their_generalized_form():
    g = graph_of(
        f"  %r = {CASES['linalg.conv_2d_nchw_fchw'][0]}\n  %s = {CASES['linalg.matmul'][0]}",
        ARGS + EXTRA_ARGS,
    )
    conv, mm = g.infos
    assert conv.loop_ranges == (1, 2, 8, 8, 3, 3, 3)
    assert conv.reduction_dims == (4, 5, 6)
    assert conv.operands[0].map_kind is MapKind.OTHER
    assert mm.loop_ranges == (8, 8, 4) and mm.reduction_dims == (2,)
    assert mm.flops_per_iteration == 2.0 and mm.flops == 2.0 * 8 * 8 * 4
    assert not mm.in_place


def test_transcendental_weights_and_casts_are_free():
    body = (
        "^bb0(%x: f32, %o: f32):\n  %d = arith.extf %x : f32 to f64\n  %tr = arith.truncf %d : f64 to f32\n"
        "  %e = math.exp %tr : f32\n  %r = math.erf %e : f32\n  %q = arith.divf %r, %x : f32\n"
        "  %s = math.rsqrt %q : f32\n  %a = arith.addf %s, %x : f32\n  linalg.yield %a : f32"
    )
    src = generic("#id, #id", '"parallel", "parallel"', f"%m : {M84}", f"%n : {M84}", body, M84)
    info = graph_of(f"  %r = {src}", ARGS).infos[0]
    assert info.flops_per_iteration == 8 + 16 + 4 + 4 + 1


def test_assert_in_body_marks_side_effects_and_keeps_structural_kind():
    body = (
        "^bb0(%x: f32, %o: f32):\n  %z = arith.constant 0.0 : f32\n  %ok = arith.cmpf ogt, %x, %z : f32\n"
        '  cf.assert %ok, "negative"\n  %s = math.sqrt %x : f32\n  linalg.yield %s : f32'
    )
    src = generic("#id, #id", '"parallel", "parallel"', f"%m : {M84}", f"%n : {M84}", body, M84)
    g = graph_of(f"  %r = {src}", ARGS)
    assert g.infos[0].kind is OpKind.ELEMENTWISE
    assert g.infos[0].side_effects
    report = explain(g.func)
    assert report["ops"][0]["side_effect_ops"] == ["cf.assert"]


def test_register_op_kind_for_a_custom_op():
    ctx = make_context()
    ctx.allow_unregistered_dialects = True
    text = f'func.func @f(%m: {M84}) -> {M84} {{\n  %r = "mydialect.gelu"(%m) : ({M84}) -> {M84}\n  return %r : {M84}\n}}'
    module = parse_module(text, ctx, "custom.mlir")
    fn = module.body.operations[0]
    op = fn.regions[0].blocks[0].operations[0]
    before = classify_op(op)
    assert before.kind is OpKind.OPAQUE and before.side_effects
    register_op_kind("mydialect.gelu", OpKind.ELEMENTWISE, flops_per_iteration=20)
    try:
        after = classify_op(op, 7)
        assert after.id == 7
        assert after.kind is OpKind.ELEMENTWISE and not after.side_effects
        assert after.loop_ranges == (8, 4) and after.flops == 20.0 * 32
    finally:
        unregister_op_kind("mydialect.gelu")
    assert classify_op(op).kind is OpKind.OPAQUE


def test_classifying_named_ops_leaves_the_ir_unchanged():
    text = f"{MAPS}func.func @f({ARGS}{EXTRA_ARGS}) {{\n  %r = {CASES['linalg.conv_2d_nchw_fchw'][0]}\n  %s = {CASES['linalg.transpose'][0]}\n  return\n}}"
    ctx = make_context()
    module = parse_module(text, ctx, "ro.mlir")
    before = str(module)
    explain(module.operation)
    assert str(module) == before
    assert len(list(module.body.operations)) == 1
    assert isinstance(module.body.operations[0].operation, ir.Operation)


def test_location_is_file_line_col():
    info = graph_of(f"  %r = {CASES['tensor.empty'][0]}").infos[0]
    assert info.loc == "kinds.mlir:9:8"


def test_body_live_values_count_temporaries_alive_at_once_not_ops():
    # A chain keeps one value at a time; x*y and x+y, both alive until
    # their product, are two; constants are immediates.
    chain = (
        "^bb0(%x: f32, %o: f32):\n  %c = arith.constant 2.0 : f32\n  %a = arith.mulf %x, %c : f32\n"
        "  %b = math.exp %a : f32\n  %d = math.erf %b : f32\n  %e = arith.addf %d, %x : f32\n"
        "  linalg.yield %e : f32"
    )
    pair = (
        "^bb0(%x: f32, %o: f32):\n  %p = arith.mulf %x, %x : f32\n  %s = arith.addf %x, %x : f32\n"
        "  %q = arith.mulf %p, %s : f32\n  %r = arith.subf %q, %x : f32\n  linalg.yield %r : f32"
    )
    infos = []
    for body in (chain, pair):
        src = generic("#id, #id", '"parallel", "parallel"', f"%m : {M84}", f"%n : {M84}", body, M84)
        infos.append(graph_of(f"  %r = {src}", ARGS).infos[0])
    assert [info.body_live_values for info in infos] == [1, 2]
    assert infos[0].flops_per_iteration == 1 + 8 + 16 + 1
