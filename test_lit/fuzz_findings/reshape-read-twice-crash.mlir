// Fuzzer finding (2026-12-01 at 9d22722, seed 4 function 2501 and seed 6
// function 2513, reduced; every search): the process aborted in the bindings
// (IRCore.cpp:1393, "the owner of the value in Python") in
// reshape propagation. A generic reading one reshape twice (`ins(%v3, %v3)`)
// listed that value twice among the inputs to clean up; the first erased the
// reshape and the second asked the erased op's result for its owner. Fixed in
// transforms/reshape_propagation._drop_dead: values of ops it erased are
// skipped (compared by handle, no IR read).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s --check-prefix=NUM
// CHECK-LABEL: func.func @fuzz_4_2501
// CHECK: %[[CONV:.*]] = linalg.conv_2d_ngchw_gfchw
// CHECK: %[[SUB:.*]] = linalg.generic {{.*}} ins(%[[CONV]], %[[CONV]] : tensor<3x2x2x1x2xf32>, tensor<3x2x2x1x2xf32>)
// CHECK: arith.subf
// CHECK: %[[OUT:.*]] = tensor.collapse_shape %[[SUB]] {{\[\[}}0], [1, 2], [3], [4]]
// CHECK: return %[[OUT]]
// FUSED-LABEL: func.func @fuzz_4_2501
// FUSED: fusion.group
// NUM: verify: ok
module {
func.func @fuzz_4_2501(%arg1: tensor<3x2x2x3xf32>, %arg2: tensor<4x1x2x2xf32>) -> (tensor<3x4x1x2xf32>) {
  %t0 = tensor.expand_shape %arg1 [[0], [1, 2], [3], [4]] output_shape [3, 2, 1, 2, 3] : tensor<3x2x2x3xf32> into tensor<3x2x1x2x3xf32>
  %t1 = tensor.expand_shape %arg2 [[0, 1], [2], [3], [4]] output_shape [2, 2, 1, 2, 2] : tensor<4x1x2x2xf32> into tensor<2x2x1x2x2xf32>
  %t2 = tensor.empty() : tensor<3x2x2x1x2xf32>
  %t3 = arith.constant 0.000000000e+00 : f32
  %t4 = linalg.fill ins(%t3 : f32) outs(%t2 : tensor<3x2x2x1x2xf32>) -> tensor<3x2x2x1x2xf32>
  %t5 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%t0, %t1 : tensor<3x2x1x2x3xf32>, tensor<2x2x1x2x2xf32>) outs(%t4 : tensor<3x2x2x1x2xf32>) -> tensor<3x2x2x1x2xf32>
  %v3 = tensor.collapse_shape %t5 [[0], [1, 2], [3], [4]] : tensor<3x2x2x1x2xf32> into tensor<3x4x1x2xf32>
  %t6 = tensor.empty() : tensor<3x4x1x2xf32>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v3, %v3 : tensor<3x4x1x2xf32>, tensor<3x4x1x2xf32>) outs(%t6 : tensor<3x4x1x2xf32>) {
  ^bb0(%t7: f32, %t8: f32, %t9: f32):
    %t10 = arith.subf %t7, %t8 : f32
    linalg.yield %t10 : f32
  } -> tensor<3x4x1x2xf32>
  return %v4 : tensor<3x4x1x2xf32>
}
}
