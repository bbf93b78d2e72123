// Fusing fused IR changes nothing (fuzzer, seed 1 function 99; was not
// idempotent under greedy with independent=true).
// The independent rule merges neighbours in program order among the small
// kernels: the matmul, the reduction kernel of %v4 and %v5, and %v6 (which
// reads %v4, so not independent of its neighbour). The matmul and %v6 were never
// neighbours; fused, the middle kernel is a formed fusion.group, and a second
// run paired them. A second scan now pairs the neighbours among the groups
// left alone with one op (mlirfuse/policy/sibling_horizontal.py).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy independent=true})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy independent=true})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @fuzz_1_99
// CHECK: %[[R:.+]]:2 = "fusion.group"()
// CHECK: fusion.pattern = "reduction-prologue"
// CHECK: %[[I:.+]]:2 = "fusion.group"()
// CHECK: linalg.matmul
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[R]]#0
// CHECK: fusion.pattern = "independent"
// CHECK: return %[[I]]#0, %{{.+}}, %[[R]]#1, %[[I]]#1
func.func @fuzz_1_99(%arg0: tensor<8x1xf32>, %arg1: tensor<1x1xf32>) -> (tensor<8x1xf32>, tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>) {
  %t0 = tensor.empty() : tensor<8x1xf32>
  %t1 = arith.constant 0.000000e+00 : f32
  %t2 = linalg.fill ins(%t1 : f32) outs(%t0 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %v2 = linalg.matmul ins(%arg0, %arg1 : tensor<8x1xf32>, tensor<1x1xf32>) outs(%t2 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %v3 = arith.constant dense<[[0.75]]> : tensor<1x1xf32>
  %t3 = tensor.empty() : tensor<1x1xf32>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1, %v3 : tensor<1x1xf32>, tensor<1x1xf32>) outs(%t3 : tensor<1x1xf32>) {
  ^bb0(%t4: f32, %t5: f32, %t6: f32):
    %t7 = arith.mulf %t4, %t5 : f32
    %t9 = arith.constant 5.000000e-01 : f32
    %t8 = arith.mulf %t7, %t9 : f32
    %t11 = arith.constant 0.000000e+00 : f32
    %t10 = arith.maximumf %t8, %t11 : f32
    linalg.yield %t10 : f32
  } -> tensor<1x1xf32>
  %t12 = tensor.empty() : tensor<1xf32>
  %t13 = arith.constant 0xFF800000 : f32
  %t14 = linalg.fill ins(%t13 : f32) outs(%t12 : tensor<1xf32>) -> tensor<1xf32>
  %v5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%v4 : tensor<1x1xf32>) outs(%t14 : tensor<1xf32>) {
  ^bb0(%t15: f32, %t16: f32):
    %t17 = arith.mulf %t15, %t15 : f32
    %t18 = arith.maximumf %t17, %t16 : f32
    linalg.yield %t18 : f32
  } -> tensor<1xf32>
  %t19 = tensor.empty() : tensor<1xf32>
  %t20 = arith.constant 0.000000e+00 : f32
  %t21 = linalg.fill ins(%t20 : f32) outs(%t19 : tensor<1xf32>) -> tensor<1xf32>
  %v6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v4 : tensor<1x1xf32>) outs(%t21 : tensor<1xf32>) {
  ^bb0(%t22: f32, %t23: f32):
    %t24 = arith.addf %t22, %t23 : f32
    linalg.yield %t24 : f32
  } -> tensor<1xf32>
  return %v2, %v3, %v5, %v6 : tensor<8x1xf32>, tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>
}
