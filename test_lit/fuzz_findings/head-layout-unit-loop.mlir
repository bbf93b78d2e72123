// Fuzzer finding (2026-12-01 at 868a41b, seed 9 function 144, reduced;
// greedy and dp): `mlirfuse-fuse` refused valid input ("the fused IR does not
// verify: invalid indexing maps are non-invertible"). Folding a transpose
// and a unit expand into the reduction that reads them gave it the map
// (d4, 0, d0, d1): the reduction loops d2 and d3 (both of size 1) were read
// by no operand, so their ranges were lost. Fixed in
// transforms/head_layout._folded_maps: a fold that leaves a loop unread is
// not made (the transpose stays a copy).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts)' | FileCheck %s
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s --check-prefix=NUM
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s --check-prefix=NUM
// CHECK-LABEL: func.func @fuzz_9_144
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]]
// CHECK: linalg.generic {{.*}}"reduction", "reduction", "reduction"]} ins(%[[E]] :
// NUM: verify: ok
module {
func.func @fuzz_9_144(%arg3: tensor<2x1x2x2xf32>) -> (tensor<2x2x1x1x2xf32>) {
  %t0 = tensor.empty() : tensor<2x2x1x2xf32>
  %v8 = linalg.transpose ins(%arg3 : tensor<2x1x2x2xf32>) outs(%t0 : tensor<2x2x1x2xf32>) permutation = [2, 3, 1, 0]
  %v9 = tensor.expand_shape %v8 [[0], [1, 2], [3], [4]] output_shape [2, 2, 1, 1, 2] : tensor<2x2x1x2xf32> into tensor<2x2x1x1x2xf32>
  %t1 = tensor.empty() : tensor<2x2xf32>
  %t2 = arith.constant 0.000000e+00 : f32
  %t3 = linalg.fill ins(%t2 : f32) outs(%t1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %v10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%v9 : tensor<2x2x1x1x2xf32>) outs(%t3 : tensor<2x2xf32>) {
  ^bb0(%t4: f32, %t5: f32):
    %t6 = arith.addf %t4, %t5 : f32
    linalg.yield %t6 : f32
  } -> tensor<2x2xf32>
  %t7 = tensor.empty() : tensor<2x2x1x1x2xf32>
  %v12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%v9, %v10 : tensor<2x2x1x1x2xf32>, tensor<2x2xf32>) outs(%t7 : tensor<2x2x1x1x2xf32>) {
  ^bb0(%t8: f32, %t9: f32, %t10: f32):
    %t11 = arith.subf %t8, %t9 : f32
    linalg.yield %t11 : f32
  } -> tensor<2x2x1x1x2xf32>
  return %v12 : tensor<2x2x1x1x2xf32>
}
}
