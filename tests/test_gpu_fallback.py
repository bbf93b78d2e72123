"""The fallback schedule, the GPU lowerability predicate and the shared-memory budget."""

from __future__ import annotations

import numpy as np
from mlir import ir

from mlirfuse.analysis import kernel_memory
from mlirfuse.context import make_context, parse_module
from mlirfuse.gpu import lowerability
from mlirfuse.gpu.conv_window import staged_window_bytes
from mlirfuse.gpu.prepare import prepare_module
from mlirfuse.gpu.schedule import Schedule, make_schedule
from mlirfuse.gpu.verify_schedule import run_gpu_schedule
from mlirfuse.runner import call_isolated

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"


def schedules(text: str) -> list[Schedule]:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(text, ctx, "t.mlir")
        kernels, _ = prepare_module(module)
        return [make_schedule(k) for k in kernels]


def five_d(shape: tuple[int, ...]) -> str:
    t = f"tensor<{'x'.join(map(str, shape))}xf32>"
    dims = ", ".join(f"d{i}" for i in range(len(shape)))
    amap = f"affine_map<({dims}) -> ({dims})>"
    iters = ", ".join(['"parallel"'] * len(shape))
    return f"""
func.func @f(%a: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %0 = linalg.generic {{indexing_maps = [{amap}, {amap}], iterator_types = [{iters}]}}
      ins(%a : {t}) outs(%e : {t}) {{
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  }} -> {t}
  return %0 : {t}
}}"""


def test_fallback_splits_at_most_three_loops_across_blocks() -> None:
    (s,) = schedules(five_d((4, 4, 4, 4, 1024)))
    assert s.kind == "fallback" and s.linear
    split = [b for b, e in zip(s.block_tiles, [4, 4, 4, 4, 1024], strict=True) if 0 < b < e]
    assert len(split) <= 3
    assert s.block_dims[0] <= 1024 and s.block_dims[1:] == (1, 1)


def test_fallback_five_d_matches_numpy() -> None:
    a = np.random.default_rng(0).standard_normal((2, 3, 2, 5, 8), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, five_d(a.shape), "f", [a], "f")
    np.testing.assert_allclose(got, np.exp(a), rtol=1e-6)


DYNAMIC_ROWS = f"""
func.func @rows(%a: tensor<?x64xf32>) -> tensor<?xf32> {{
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %0 = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}} ins(%a : tensor<?x64xf32>) outs(%f : tensor<?xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }} -> tensor<?xf32>
  return %0 : tensor<?xf32>
}}"""


def test_dynamic_rows_are_mapped_to_blocks() -> None:
    # The static reduction keeps its row schedule; the dynamic row loop is
    # tiled by 1 onto blocks (the grid sized on the host).
    (s,) = schedules(DYNAMIC_ROWS)
    assert s.kind == "row" and s.block_tiles == [1, 64]
    a = np.random.default_rng(1).standard_normal((7, 64), dtype=np.float32)
    (got,) = call_isolated(run_gpu_schedule, DYNAMIC_ROWS, "rows", [a], "rows")
    np.testing.assert_allclose(got, a.sum(axis=1), rtol=1e-5, atol=1e-5)


def ops_of(module: ir.Module) -> list[ir.Operation]:
    func = module.body.operations[0].operation
    return [op.operation for op in func.regions[0].blocks[0].operations][:-1]


def reshape_case(source: str, source_map: str) -> str:
    """An all-parallel generic on `source` (read through `source_map`), a
    collapse of its 8x16 result, and an elementwise op on the 128 elements."""
    return f"""
func.func @r(%a: {source}) -> tensor<128xf32> {{
  %e = tensor.empty() : tensor<8x16xf32>
  %0 = linalg.generic {{indexing_maps = [{source_map}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : {source}) outs(%e : tensor<8x16xf32>) {{
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
  return %1 : tensor<128xf32>
}}"""


# A broadcast of rows cannot be computed on the collapsed loop (its map splits
# it): the reshape stays between the two ops.
RESHAPE = reshape_case("tensor<8xf32>", "affine_map<(d0, d1) -> (d0)>")
# An elementwise producer of the kernel's input can (gpu/inner_reshapes.py).
SINKABLE = reshape_case("tensor<8x16xf32>", ID2)


def test_predicate_refuses_a_reshape_between_kernel_ops_but_never_one_op() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(RESHAPE, ctx, "r.mlir")  # owns the ops below
        ops = ops_of(module)
        refusal = lowerability.gpu_refusal(ops)
        assert refusal is not None and refusal.code == lowerability.RESHAPE_INSIDE
        assert lowerability.gpu_refusal(ops[:2]) is None  # the first generic alone
        # Without the reshape the two are unrelated roots of different shapes:
        # one partitioned kernel (schedule_parts.py), not refused.
        assert lowerability.gpu_refusal([ops[1], ops[4]]) is None


def test_predicate_accepts_a_reshape_its_elementwise_producer_moves_past() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(SINKABLE, ctx, "r.mlir")
        assert lowerability.gpu_refusal(ops_of(module)) is None


def test_shared_memory_sizes_are_aligned_and_shared_with_the_cost_model() -> None:
    assert kernel_memory.buffer_bytes((3,), 4) == 16
    assert kernel_memory.contraction_shared_bytes(4) == (64 * 32 + 32 * 64 + 64 * 64) * 4
    assert kernel_memory.fits_static(48 * 1024) and not kernel_memory.fits_static(48 * 1024 + 1)


STRIDE2 = """
func.func @c(%x: tensor<1x64x28x28xf32>, %w: tensor<128x64x3x3xf32>) -> tensor<1x128x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x64x28x28xf32> to tensor<1x64x30x30xf32>
  %e = tensor.empty() : tensor<1x128x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x128x14x14xf32>) -> tensor<1x128x14x14xf32>
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%p, %w : tensor<1x64x30x30xf32>, tensor<128x64x3x3xf32>) outs(%f : tensor<1x128x14x14xf32>) -> tensor<1x128x14x14xf32>
  return %0 : tensor<1x128x14x14xf32>
}"""


def test_stride_two_conv_window_fits_static_shared_memory() -> None:
    with make_context() as ctx, ir.Location.unknown():
        module = parse_module(STRIDE2, ctx, "c.mlir")
        (kernel,) = prepare_module(module)[0]
        # 7x7 pixels of a stride-2 3x3 conv: a 64x15x15 f32 window, over 48 KB.
        assert staged_window_bytes(kernel, [1, 16, 7, 7]) == 64 * 15 * 15 * 4
        s = make_schedule(kernel)
    assert s.kind == "conv"
    pixels = [s.block_tiles[d] for d in (2, 3)]
    window = [(p - 1) * 2 + 3 for p in pixels]
    assert kernel_memory.fits_static(64 * window[0] * window[1] * 4)
