"""`mlirfuse.metrics`: the one ruler of kernels and HBM bytes at kernel boundaries.

Figures are computed by hand from the tensor types: 8xf32 is 32 bytes.
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.context import parse_module
from mlirfuse.metrics import Traffic, count_kernels, module_traffic, traffic_by_function
from mlirfuse.pipeline import run_pipeline

GROUPED = """
func.func @k(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.add ins(%a, %f : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %g = "fusion.group"() ({
    %m = linalg.mul ins(%s, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %n = linalg.exp ins(%m : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    "gpu.yield"(%n) : (tensor<8xf32>) -> ()
  }) {fusion.pattern = "elementwise", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<8xf32>
  return %s, %g : tensor<8xf32>, tensor<8xf32>
}
"""


def test_group_captures_count_once_and_generated_values_are_free(ctx: ir.Context) -> None:
    module = parse_module(GROUPED, ctx, "k.mlir")
    # add: reads %a (the fill and the empty init are made in the kernel), writes %s.
    # group: reads %s and %b from outside (captures, no operands), writes %g;
    # %m stays inside. 2 + 3 tensors of 32 bytes.
    assert traffic_by_function(module) == {"k": Traffic(2, 5 * 32, 4 * 32)}


def test_a_value_read_twice_by_one_kernel_counts_once(ctx: ir.Context) -> None:
    text = """
func.func @sq(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %m = linalg.mul ins(%a, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}"""
    assert module_traffic(parse_module(text, ctx, "sq.mlir")) == Traffic(1, 64, 64)


def test_dynamic_shapes_make_bytes_unknown(ctx: ir.Context) -> None:
    text = """
func.func @dyn(%a: tensor<?xf32>, %e: tensor<?xf32>) -> tensor<?xf32> {
  %m = linalg.exp ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %m : tensor<?xf32>
}"""
    assert module_traffic(parse_module(text, ctx, "dyn.mlir")) == Traffic(1, None, None)


def test_generalized_fills_are_not_kernels(ctx: ir.Context) -> None:
    text = """
func.func @mm(%a: tensor<4x8xbf16>, %b: tensor<8x2xbf16>) -> tensor<4x2xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<4x2xbf16>
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<4x2xbf16>) -> tensor<4x2xbf16>
  %m = linalg.matmul ins(%a, %b : tensor<4x8xbf16>, tensor<8x2xbf16>) outs(%f : tensor<4x2xbf16>) -> tensor<4x2xbf16>
  return %m : tensor<4x2xbf16>
}"""
    module = parse_module(text, ctx, "mm.mlir")
    named = module_traffic(module)
    with ctx:
        run_pipeline(module, "builtin.module(func.func(linalg-generalize-named-ops))")
    assert str(module).count("linalg.generic") == 2
    assert count_kernels(module) == 1
    assert module_traffic(module) == named == Traffic(1, (32 + 16 + 8) * 2, (32 + 16 + 8) * 2)
