// Fusing fused IR changes nothing (fuzzer, seed 1 function 16 of the generator
// before model features, reduced; was not idempotent under greedy).
// The argmax's rows feed an elementwise chain that runs over the same 4x3 loops
// partly in transposed (3x4) order. The reduction-epilogue rule judged each op's
// own loop order and refused the transposed ones; merged, the chain iterates one
// order and a second run joined it. An op over a permutation of the reduction's
// loops or rows now joins in the first run.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @transposed_epilogue
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: fusion.pattern = "reduction-epilogue"
// CHECK-NEXT: return %[[G]]#0, %[[G]]#1
func.func @transposed_epilogue(%arg0: tensor<4x3xf32>, %arg4: tensor<4x3xf32>, %arg6: tensor<3x4xf32>) -> (tensor<3x4xf64>, tensor<4x3xf32>) {
  %t0 = tensor.empty() : tensor<4xf32>
  %t1 = arith.constant 0xFF800000 : f32
  %t2 = linalg.fill ins(%t1 : f32) outs(%t0 : tensor<4xf32>) -> tensor<4xf32>
  %t3 = tensor.empty() : tensor<4xi32>
  %t4 = arith.constant 0 : i32
  %t5 = linalg.fill ins(%t4 : i32) outs(%t3 : tensor<4xi32>) -> tensor<4xi32>
  %v1, %v2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x3xf32>) outs(%t2, %t5 : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%t6: f32, %t7: f32, %t8: i32):
    %t9 = linalg.index 1 : index
    %t10 = arith.index_cast %t9 : index to i32
    %t11 = arith.cmpf ogt, %t6, %t7 : f32
    %t12 = arith.select %t11, %t6, %t7 : f32
    %t13 = arith.select %t11, %t10, %t8 : i32
    linalg.yield %t12, %t13 : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  %t14 = tensor.empty() : tensor<4x3xf32>
  %v5 = linalg.mul ins(%arg0, %arg4 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%t14 : tensor<4x3xf32>) -> tensor<4x3xf32>
  %t15 = tensor.empty() : tensor<3x4xf32>
  %v7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v5, %arg6 : tensor<4x3xf32>, tensor<3x4xf32>) outs(%t15 : tensor<3x4xf32>) {
  ^bb0(%t16: f32, %t17: f32, %t18: f32):
    %t19 = arith.minimumf %t16, %t17 : f32
    linalg.yield %t19 : f32
  } -> tensor<3x4xf32>
  %t20 = tensor.empty() : tensor<3x4xf64>
  %v8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v7, %v1 : tensor<3x4xf32>, tensor<4xf32>) outs(%t20 : tensor<3x4xf64>) {
  ^bb0(%t21: f32, %t22: f32, %t23: f64):
    %t24 = arith.extf %t21 : f32 to f64
    %t25 = arith.extf %t22 : f32 to f64
    %t26 = arith.addf %t24, %t25 : f64
    linalg.yield %t26 : f64
  } -> tensor<3x4xf64>
  %t27 = tensor.empty() : tensor<4x3xf32>
  %v10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg4, %v5 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%t27 : tensor<4x3xf32>) {
  ^bb0(%t28: f32, %t29: f32, %t30: f32):
    %t31 = arith.maximumf %t28, %t29 : f32
    linalg.yield %t31 : f32
  } -> tensor<4x3xf32>
  return %v8, %v10 : tensor<3x4xf64>, tensor<4x3xf32>
}
