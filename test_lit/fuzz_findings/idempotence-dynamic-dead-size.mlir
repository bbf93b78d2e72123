// Fusing fused IR changes nothing (fuzzer, seed 38 function 33 with
// `--dynamic 1`, reduced; was not idempotent under dp and auto). The copy of
// %arg0 goes with fusion, and with it the only reader of `tensor.dim %arg0,
// %c2`; the first run left that index constant, the second run's size
// cleanup dropped it. The sizes the rewrite leaves unread now go at the end
// of the first run (`fusion_driver.fuse_module`).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once
// CHECK-LABEL: func.func @copy_then_argmax
// CHECK-NOT: arith.constant 2 : index
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<3x?x?xf32>)
// CHECK: return
func.func @copy_then_argmax(%arg0: tensor<3x?x?xf32>) -> (tensor<3x?xi32>) {
  %c1 = arith.constant 1 : index
  %t0 = tensor.dim %arg0, %c1 : tensor<3x?x?xf32>
  %c2 = arith.constant 2 : index
  %t1 = tensor.dim %arg0, %c2 : tensor<3x?x?xf32>
  %t2 = tensor.empty(%t0, %t1) : tensor<3x?x?xf32>
  %v1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<3x?x?xf32>) outs(%t2 : tensor<3x?x?xf32>) {
  ^bb0(%t3: f32, %t4: f32):
    linalg.yield %t3 : f32
  } -> tensor<3x?x?xf32>
  %t5 = tensor.dim %v1, %c1 : tensor<3x?x?xf32>
  %t6 = tensor.empty(%t5) : tensor<3x?xf32>
  %t7 = arith.constant 0xFF800000 : f32
  %t8 = linalg.fill ins(%t7 : f32) outs(%t6 : tensor<3x?xf32>) -> tensor<3x?xf32>
  %t9 = tensor.dim %v1, %c1 : tensor<3x?x?xf32>
  %t10 = tensor.empty(%t9) : tensor<3x?xi32>
  %t11 = arith.constant 0 : i32
  %t12 = linalg.fill ins(%t11 : i32) outs(%t10 : tensor<3x?xi32>) -> tensor<3x?xi32>
  %v2, %v3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v1 : tensor<3x?x?xf32>) outs(%t8, %t12 : tensor<3x?xf32>, tensor<3x?xi32>) {
  ^bb0(%t13: f32, %t14: f32, %t15: i32):
    %t16 = linalg.index 2 : index
    %t17 = arith.index_cast %t16 : index to i32
    %t18 = arith.cmpf ogt, %t13, %t14 : f32
    %t19 = arith.select %t18, %t13, %t14 : f32
    %t20 = arith.select %t18, %t17, %t15 : i32
    linalg.yield %t19, %t20 : f32, i32
  } -> (tensor<3x?xf32>, tensor<3x?xi32>)
  return %v3 : tensor<3x?xi32>
}
