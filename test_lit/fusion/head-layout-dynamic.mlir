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

// A head-split batch matmul with a dynamic batch B (exported as (B*H) x S x D)
// runs over its expanded loops (b, h, m, n, k) reading Q and K through the
// head transposes' maps: no transpose, batch_matmul or collapse is left.
// CHECK-LABEL: func.func @dynamic_head_scores(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<?x8x2x4xf32>, %[[K:[^:]+]]: tensor<?x8x2x4xf32>
// CHECK: %[[B:.+]] = tensor.dim %[[Q]], %c0
// CHECK: %[[INIT:.+]] = tensor.empty(%[[B]]) : tensor<?x2x8x8xf32>
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[INIT]] : tensor<?x2x8x8xf32>)
// CHECK: %[[S:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]{{.*}} ins(%[[Q]], %[[K]] : tensor<?x8x2x4xf32>, tensor<?x8x2x4xf32>) outs(%[[FILL]] : tensor<?x2x8x8xf32>)
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.batch_matmul
// CHECK: return %[[S]] : tensor<?x2x8x8xf32>
// Its B*H, read by nothing once the batch is expanded, is gone too (fusing the
// output again would drop it: the fused IR is idempotent under fusion).
// FUSED-LABEL: func.func @dynamic_head_scores(
// FUSED-NOT: arith.muli
// FUSED-NOT: linalg.transpose
// FUSED-NOT: linalg.batch_matmul
// FUSED: return
func.func @dynamic_head_scores(%q: tensor<?x8x2x4xf32>, %k: tensor<?x8x2x4xf32>) -> tensor<?x2x8x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %q, %c0 : tensor<?x8x2x4xf32>
  %eq = tensor.empty(%b) : tensor<?x2x8x4xf32>
  %qt = linalg.transpose ins(%q : tensor<?x8x2x4xf32>) outs(%eq : tensor<?x2x8x4xf32>) permutation = [0, 2, 1, 3]
  %ek = tensor.empty(%b) : tensor<?x2x4x8xf32>
  %kt = linalg.transpose ins(%k : tensor<?x8x2x4xf32>) outs(%ek : tensor<?x2x4x8xf32>) permutation = [0, 2, 3, 1]
  %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<?x2x8x4xf32> into tensor<?x8x4xf32>
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<?x2x4x8xf32> into tensor<?x4x8xf32>
  %bh = arith.muli %b, %c2 : index
  %es = tensor.empty(%bh) : tensor<?x8x8xf32>
  %zero = arith.constant 0.0 : f32
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<?x8x8xf32>) -> tensor<?x8x8xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<?x8x4xf32>, tensor<?x4x8xf32>) outs(%fs : tensor<?x8x8xf32>) -> tensor<?x8x8xf32>
  %out = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [%b, 2, 8, 8] : tensor<?x8x8xf32> into tensor<?x2x8x8xf32>
  return %out : tensor<?x2x8x8xf32>
}
