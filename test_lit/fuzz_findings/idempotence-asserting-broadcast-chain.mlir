// Fusing fused IR changes nothing (fuzzer, seed 40 function 97 with dynamic
// dims, reduced; was not idempotent under the default searches, dp and auto).
// %v6 (rsqrt over 4, asserting its result is no NaN) is read by %v7 (over
// 3x4x3x1) through a broadcast map, and %v7 by a sum over its first loop.
// The edge %v6 -> %v7 was refused ("no common kernel grid") because %v6's
// body asserts, while the kernel-level check lets an asserting chain be
// recomputed by its readers; once %v7 was merged into the sum, a second run
// fused %v6 into it. Now the edge takes the same rule: one kernel, once.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' > %t.dp.once
// RUN: %mlirfuse-opt %t.dp.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' > %t.dp.twice
// RUN: cmp %t.dp.once %t.dp.twice
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=VERIFIED

// CHECK-LABEL: func.func @fuzz_40_97
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: iterator_types = ["reduction", "parallel", "parallel", "parallel"]
// CHECK: math.rsqrt
// CHECK: cf.assert
// CHECK: arith.subf
// CHECK: return
// VERIFIED: verify: ok
func.func @fuzz_40_97(%arg3: tensor<3x4x3x1xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>) -> (tensor<4x3x1xf32>) {
  %t0 = tensor.empty() : tensor<4xf32>
  %v6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg5 : tensor<4xf32>) outs(%t0 : tensor<4xf32>) {
  ^bb0(%t1: f32, %t2: f32):
    %t3 = arith.mulf %t1, %t1 : f32
    %t5 = arith.constant 1.000000000e-05 : f32
    %t4 = arith.addf %t3, %t5 : f32
    %t6 = math.rsqrt %t4 : f32
    %t7 = arith.cmpf ord, %t6, %t6 : f32
    cf.assert %t7, "mlirfuse fuzz: NaN"
    linalg.yield %t6 : f32
  } -> tensor<4xf32>
  %t8 = tensor.empty() : tensor<3x4x3x1xf32>
  %v7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg3, %arg4, %v6 : tensor<3x4x3x1xf32>, tensor<4xf32>, tensor<4xf32>) outs(%t8 : tensor<3x4x3x1xf32>) {
  ^bb0(%t9: f32, %t10: f32, %t11: f32, %t12: f32):
    %t13 = arith.subf %t9, %t10 : f32
    %t14 = arith.mulf %t13, %t11 : f32
    linalg.yield %t14 : f32
  } -> tensor<3x4x3x1xf32>
  %t15 = tensor.empty() : tensor<4x3x1xf32>
  %t16 = arith.constant 0.000000e+00 : f32
  %t17 = linalg.fill ins(%t16 : f32) outs(%t15 : tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  %v12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>], iterator_types = ["reduction", "parallel", "parallel", "parallel"]} ins(%v7 : tensor<3x4x3x1xf32>) outs(%t17 : tensor<4x3x1xf32>) {
  ^bb0(%t18: f32, %t19: f32):
    %t20 = arith.mulf %t18, %t18 : f32
    %t21 = arith.addf %t20, %t19 : f32
    linalg.yield %t21 : f32
  } -> tensor<4x3x1xf32>
  return %v12 : tensor<4x3x1xf32>
}
