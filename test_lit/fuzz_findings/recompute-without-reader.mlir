// Fuzzer finding (campaign of 2026-12-01 at 81a3dd9, seed 16 function 658,
// reduced; greedy with reduction-prologue=false reduction-epilogue=false):
//   mlirfuse-fuse: recomputed op has no user in its group
// The plan recomputed an op into a kernel for the sake of another copy that
// later left that kernel (copied on into its own readers), so nothing there
// read it. Fixed in policy/heuristic_recompute.py: copies without a reader in
// their kernel are dropped (then what only they read).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' | FileCheck %s
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' | FileCheck %s --check-prefix=NUM
// NUM: verify: ok
// CHECK-LABEL: func.func @fuzz_16_658
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}"reduction"]} ins(%arg0 :
// CHECK: arith.addf %in, %in
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%[[SUM]] :
// CHECK: %[[SQ:.*]] = linalg.generic {{.*}}"reduction"]} ins(%arg0, %[[SUM]] :
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[SUM]], %[[SQ]] :
// CHECK: return %[[COPY]]
module {
func.func @fuzz_16_658(%arg0: tensor<3x1xf32>) -> (tensor<3xf64>, tensor<3x1xf32>) {
  %t0 = tensor.empty() : tensor<3x1xf32>
  %v1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg0 : tensor<3x1xf32>, tensor<3x1xf32>) outs(%t0 : tensor<3x1xf32>) {
  ^bb0(%t1: f32, %t2: f32, %t3: f32):
    %t4 = arith.addf %t1, %t2 : f32
    linalg.yield %t4 : f32
  } -> tensor<3x1xf32>
  %t5 = tensor.empty() : tensor<3xf64>
  %t6 = arith.constant 0.000000e+00 : f64
  %t7 = linalg.fill ins(%t6 : f64) outs(%t5 : tensor<3xf64>) -> tensor<3xf64>
  %v2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v1 : tensor<3x1xf32>) outs(%t7 : tensor<3xf64>) {
  ^bb0(%t8: f32, %t9: f64):
    %t10 = arith.extf %t8 : f32 to f64
    %t11 = arith.addf %t10, %t9 : f64
    linalg.yield %t11 : f64
  } -> tensor<3xf64>
  %t12 = tensor.empty() : tensor<3xf64>
  %v3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v2 : tensor<3xf64>) outs(%t12 : tensor<3xf64>) {
  ^bb0(%t13: f64, %t14: f64):
    linalg.yield %t13 : f64
  } -> tensor<3xf64>
  %t15 = tensor.empty() : tensor<3x1xf32>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v1, %v3 : tensor<3x1xf32>, tensor<3xf64>) outs(%t15 : tensor<3x1xf32>) {
  ^bb0(%t16: f32, %t17: f64, %t18: f32):
    %t19 = arith.truncf %t17 : f64 to f32
    %t20 = arith.subf %t16, %t19 : f32
    linalg.yield %t20 : f32
  } -> tensor<3x1xf32>
  %t21 = tensor.empty() : tensor<3xf64>
  %t22 = arith.constant 0.000000e+00 : f64
  %t23 = linalg.fill ins(%t22 : f64) outs(%t21 : tensor<3xf64>) -> tensor<3xf64>
  %v5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v4 : tensor<3x1xf32>) outs(%t23 : tensor<3xf64>) {
  ^bb0(%t24: f32, %t25: f64):
    %t26 = arith.extf %t24 : f32 to f64
    %t27 = arith.mulf %t26, %t26 : f64
    %t28 = arith.addf %t27, %t25 : f64
    linalg.yield %t28 : f64
  } -> tensor<3xf64>
  %t29 = tensor.empty() : tensor<3xf32>
  %v6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v5 : tensor<3xf64>) outs(%t29 : tensor<3xf32>) {
  ^bb0(%t30: f64, %t31: f32):
    %t32 = arith.truncf %t30 : f64 to f32
    linalg.yield %t32 : f32
  } -> tensor<3xf32>
  %t33 = tensor.empty() : tensor<3x1xf32>
  %v7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v4, %v6 : tensor<3x1xf32>, tensor<3xf32>) outs(%t33 : tensor<3x1xf32>) {
  ^bb0(%t34: f32, %t35: f32, %t36: f32):
    %t37 = arith.mulf %t34, %t35 : f32
    linalg.yield %t37 : f32
  } -> tensor<3x1xf32>
  return %v3, %v7 : tensor<3xf64>, tensor<3x1xf32>
}
}
