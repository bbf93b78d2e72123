// A recomputed op copied into two kernels (fuzzer campaign, seed 1 functions
// 1177 and 1700, greedy with elementwise=false; was `fuse-error: recomputed op
// has no user in its group`). %v1 is recomputed into the sibling kernel of %v2
// and %v4, and both %v1 and %v2 into %v5's kernel. Forming the first group
// rewired %v2 to its copy of %v1, so the copy of %v2 made for the second group
// read that copy, not %v1, and the copy of %v1 found no user. A copy now
// rewires a member reading any earlier copy of the op it recomputes.
// Since the idempotence fixes the planner reads %v2 from the sibling kernel
// instead of copying it again; the rewrite itself, with the plan that failed,
// is tested in tests/test_recompute_copies.py. Here: the campaign's function
// fuses without error into the kernels below.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy elementwise=false})' | FileCheck %s

// CHECK-LABEL: func.func @fuzz_1_1177
// CHECK: %[[SIB:.*]]:2 = "fusion.group"()
// CHECK: arith.addf
// CHECK: linalg.sub
// CHECK: arith.extf
// CHECK: gpu.yield
// CHECK: tensor.pad %[[SIB]]#0
// CHECK: linalg.generic {{.*}} ins(%[[SIB]]#0, %[[SIB]]#1 : tensor<4xf32>, tensor<4xf64>)
// CHECK: arith.truncf
// CHECK: arith.addf
// CHECK-NOT: fusion.group
// CHECK: return
module {
func.func @fuzz_1_1177(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<7xf32>) {
  %t0 = tensor.empty() : tensor<4xf32>
  %v1 = linalg.add ins(%arg0, %arg0 : tensor<4xf32>, tensor<4xf32>) outs(%t0 : tensor<4xf32>) -> tensor<4xf32>
  %t1 = tensor.empty() : tensor<4xf32>
  %v2 = linalg.sub ins(%v1, %arg0 : tensor<4xf32>, tensor<4xf32>) outs(%t1 : tensor<4xf32>) -> tensor<4xf32>
  %t2 = arith.constant 2.500000000e-01 : f32
  %v3 = tensor.pad %v2 low[2] high[1] {
  ^bb0(%t3: index):
    tensor.yield %t2 : f32
  } : tensor<4xf32> to tensor<7xf32>
  %t4 = tensor.empty() : tensor<4xf64>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v1 : tensor<4xf32>) outs(%t4 : tensor<4xf64>) {
  ^bb0(%t5: f32, %t6: f64):
    %t7 = arith.extf %t5 : f32 to f64
    linalg.yield %t7 : f64
  } -> tensor<4xf64>
  %t8 = tensor.empty() : tensor<4xf32>
  %v5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v2, %v4 : tensor<4xf32>, tensor<4xf64>) outs(%t8 : tensor<4xf32>) {
  ^bb0(%t9: f32, %t10: f64, %t11: f32):
    %t12 = arith.truncf %t10 : f64 to f32
    %t13 = arith.addf %t9, %t12 : f32
    linalg.yield %t13 : f32
  } -> tensor<4xf32>
  return %v5, %v3 : tensor<4xf32>, tensor<7xf32>
}
}
