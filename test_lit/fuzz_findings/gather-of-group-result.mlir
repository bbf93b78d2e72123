// Fuzzer finding (campaign of 2026-12-01 at 81a3dd9, seed 14 function 567,
// reduced; greedy and dp): a gather (`tensor.extract` in a body) of a value
// that the group also yields: the formed group's extract reads the group's own
// result, which does not dominate it:
//   mlirfuse-fuse: the fused IR does not verify: operand #0 does not dominate this use
// Fixed: the op-level merge does not fold a producer into a consumer that
// gathers from it inside its body (merge_pairs.uses_other_results): the
// gather needs the whole tensor, so the producer stays a generic of the group
// and the gather reads it there.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s --check-prefix=NUM
// NUM: verify: ok
// CHECK-LABEL: func.func @fuzz_14_567
// CHECK: "fusion.group"
// CHECK: %[[MAX:.*]] = linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %[[MAX]] :
// CHECK: tensor.extract %[[MAX]]
// CHECK: gpu.yield
module {
func.func @fuzz_14_567(%arg8: tensor<2x2xf64>, %arg10: tensor<2xi32>, %v7: tensor<2x2xf32>) -> (tensor<2x2xf32>) {
  %t0 = tensor.empty() : tensor<2x2xf32>
  %v9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v7, %arg8 : tensor<2x2xf32>, tensor<2x2xf64>) outs(%t0 : tensor<2x2xf32>) {
  ^bb0(%t1: f32, %t2: f64, %t3: f32):
    %t4 = arith.truncf %t2 : f64 to f32
    %t5 = arith.maximumf %t1, %t4 : f32
    linalg.yield %t5 : f32
  } -> tensor<2x2xf32>
  %t6 = tensor.empty() : tensor<2x2xf32>
  %v11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<2xi32>) outs(%t6 : tensor<2x2xf32>) {
  ^bb0(%t7: i32, %t8: f32):
    %t9 = arith.constant 0 : i32
    %t10 = arith.constant 1 : i32
    %t11 = arith.maxsi %t7, %t9 : i32
    %t12 = arith.minsi %t11, %t10 : i32
    %t13 = arith.index_cast %t12 : i32 to index
    %t14 = linalg.index 1 : index
    %t15 = tensor.extract %v9[%t13, %t14] : tensor<2x2xf32>
    linalg.yield %t15 : f32
  } -> tensor<2x2xf32>
  %t16 = tensor.empty() : tensor<2x2xf32>
  %v12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v11, %v9 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%t16 : tensor<2x2xf32>) {
  ^bb0(%t17: f32, %t18: f32, %t19: f32):
    %t20 = arith.mulf %t17, %t18 : f32
    linalg.yield %t20 : f32
  } -> tensor<2x2xf32>
  return %v12 : tensor<2x2xf32>
}
}
