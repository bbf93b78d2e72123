// A transpose of a dynamic reduction's result folds into the reduction's
// output map (transforms/head_layout.py; the shape query on its result is
// the proven extent first, mlirfuse-dynamic-sizes) with an init of the transposed
// dynamic shape sized by the proven extent (docs/dynamic-shapes.md); before,
// the new init lost its size and the fused IR did not verify (fuzz seed 32,
// function 413, with every function dynamic).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes,mlirfuse-fold-head-layouts)' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=FUSED

// CHECK-LABEL: func.func @sum_then_transpose(
// CHECK: %[[D:.+]] = tensor.dim %arg0, %c1
// CHECK: %[[INIT:.+]] = tensor.empty(%[[D]]) : tensor<4x?xf32>
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[INIT]] : tensor<4x?xf32>)
// CHECK: %[[SUM:.+]] = linalg.generic {{.*}} outs(%[[FILL]] : tensor<4x?xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: return %[[SUM]] : tensor<4x?xf32>
// FUSED-LABEL: func.func @sum_then_transpose(
// FUSED-NOT: linalg.transpose
// FUSED: return
func.func @sum_then_transpose(%x: tensor<?x?x4xf32>) -> tensor<4x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %e = tensor.empty(%d1) : tensor<?x4xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x : tensor<?x?x4xf32>) outs(%f : tensor<?x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %n = tensor.dim %sum, %c0 : tensor<?x4xf32>
  %te = tensor.empty(%n) : tensor<4x?xf32>
  %t = linalg.transpose ins(%sum : tensor<?x4xf32>) outs(%te : tensor<4x?xf32>) permutation = [1, 0]
  return %t : tensor<4x?xf32>
}
