// Reshapes between a compute op and its elementwise readers move to kernel
// boundaries before planning (transforms/reshape_propagation.py).
// @through_expand: a matmul's bias add (2-D) expanded to 2x4x16 for an
// elementwise op, collapsed back for the next matmul (ConvNeXt's MLP): the
// exp is re-expressed on 8x16, the expand/collapse pair cancels.
// @through_collapse: a batch matmul's result (2x4x8) collapsed to 8x8 for a
// per-column scale read from an argument and an elementwise function of
// another (a grouped convolution's batch norm): the add is re-expressed on
// 2x4x8, the argument expanded at the boundary, the small producer recomputed
// there, the collapse moved after it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu --search auto | %FileCheck %s --check-prefix=PLAN

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id1 = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @through_expand
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[BIAS:.+]] = linalg.generic {{.*}} ins(%[[MM]], %{{.+}} : tensor<8x16xf32>, tensor<16xf32>)
// CHECK: %[[EXP:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : tensor<8x16xf32>)
// CHECK: linalg.matmul ins(%[[EXP]], %{{.+}} : tensor<8x16xf32>, tensor<16x4xf32>)
func.func @through_expand(%a: tensor<8x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>, %w2: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %m = linalg.matmul ins(%a, %w : tensor<8x8xf32>, tensor<8x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %bias = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.addf %i, %j : f32
    linalg.yield %v : f32
  } -> tensor<8x16xf32>
  %x = tensor.expand_shape %bias [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  %e3 = tensor.empty() : tensor<2x4x16xf32>
  %g = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x4x16xf32>) outs(%e3 : tensor<2x4x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = math.exp %i : f32
    linalg.yield %v : f32
  } -> tensor<2x4x16xf32>
  %c = tensor.collapse_shape %g [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
  %e4 = tensor.empty() : tensor<8x4xf32>
  %f4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.matmul ins(%c, %w2 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f4 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @through_collapse
// CHECK: %[[BMM:.+]] = linalg.batch_matmul
// CHECK: %[[S:.+]] = tensor.expand_shape %arg2 {{\[\[}}0, 1]] output_shape [2, 4]
// CHECK: %[[T:.+]] = tensor.expand_shape %arg3 {{\[\[}}0, 1, 2]] output_shape [2, 4, 8]
// CHECK: %[[EXP:.+]] = linalg.generic {{.*}} ins(%[[T]] : tensor<2x4x8xf32>)
// CHECK: %[[ADD:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[BMM]], %[[S]], %[[EXP]] : tensor<2x4x8xf32>, tensor<2x4xf32>, tensor<2x4x8xf32>)
// CHECK: %[[BACK:.+]] = tensor.collapse_shape %[[ADD]] {{\[\[}}0, 1], [2]]
// CHECK: return %[[BACK]] : tensor<8x8xf32>
func.func @through_collapse(%a: tensor<2x4x3xf32>, %w: tensor<2x3x8xf32>, %s: tensor<8xf32>, %t: tensor<64xf32>) -> tensor<8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %m = linalg.batch_matmul ins(%a, %w : tensor<2x4x3xf32>, tensor<2x3x8xf32>) outs(%f : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %c = tensor.collapse_shape %m [[0, 1], [2]] : tensor<2x4x8xf32> into tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<64xf32>
  %te = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%t : tensor<64xf32>) outs(%e1 : tensor<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = math.exp %i : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %tx = tensor.expand_shape %te [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %g = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d0)>, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %s, %tx : tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%i: f32, %j: f32, %k: f32, %o: f32):
    %v = arith.mulf %i, %j : f32
    %w2 = arith.addf %v, %k : f32
    linalg.yield %w2 : f32
  } -> tensor<8x8xf32>
  return %g : tensor<8x8xf32>
}

// PLAN: @through_expand: 2 kernels
// PLAN-NOT: gpu-reshape-inside
// PLAN: @through_collapse: 1 kernels
// PLAN-NOT: gpu-reshape-inside
