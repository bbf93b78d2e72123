// A reshape of a computed value read through a transpose (folded into the
// reader's map by transforms/head_layout.py) moves through the elementwise
// reader as one read with the identity map does
// (transforms/reshape_propagation.py, `reshape_maps.pivot_loops`).
// @patch_embed: a ViT patch embedding, conv -> flatten(2) -> transpose(1, 2)
// -> + position embedding (the table's rows after the class token's, a
// slice of an argument). The add's token loop becomes the conv's rows and
// columns (2x4x4x64), it reads the conv through the permutation and the
// position embedding expanded to 1x4x4x64; the collapse follows it, so the
// conv and the add are one kernel (before: gpu-reshape-inside, two kernels).
// @permuted_expand: a matmul's result viewed as 2x16x64 and permuted to
// 64x2x16 for a per-row scale: the scale runs on 64x32, reading the matmul
// transposed, and the expand follows it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu --search auto | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE
// RUN: %mlirfuse verify %s --func patch_embed --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func permuted_expand --schedule gpu | %FileCheck %s --check-prefix=OK
// COMPILE: kernels: 2
// OK: verify: ok

// CHECK-DAG: #[[$CONV:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[$POS:.+]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
// CHECK-DAG: #[[$MM:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d0, 0, 0)>
// CHECK-LABEL: func.func @patch_embed
// CHECK: %[[S:.+]] = tensor.extract_slice
// CHECK: %[[C:.+]] = linalg.conv_2d_nchw_fchw
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[P:.+]] = tensor.expand_shape %[[S]] {{\[\[}}0], [1, 2], [3]] output_shape [1, 4, 4, 64]
// CHECK-NOT: linalg.transpose
// CHECK: %[[ADD:.+]] = linalg.generic {indexing_maps = [#[[$CONV]], #[[$POS]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[C]], %[[P]] : tensor<2x64x4x4xf32>, tensor<1x4x4x64xf32>) outs(%{{.+}} : tensor<2x4x4x64xf32>)
// CHECK: %[[OUT:.+]] = tensor.collapse_shape %[[ADD]] {{\[\[}}0], [1, 2], [3]] : tensor<2x4x4x64xf32> into tensor<2x16x64xf32>
// CHECK: return %[[OUT]]
// PLAN: @patch_embed: 1 kernels
// PLAN-NOT: gpu-reshape-inside

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#pos = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
func.func @patch_embed(%x: tensor<2x3x32x32xf32>, %w: tensor<64x3x8x8xf32>, %b: tensor<64xf32>, %table: tensor<1x17x64xf32>) -> tensor<2x16x64xf32> {
  %pos = tensor.extract_slice %table[0, 1, 0] [1, 16, 64] [1, 1, 1] : tensor<1x17x64xf32> to tensor<1x16x64xf32>
  %0 = tensor.empty() : tensor<2x64x4x4xf32>
  %bias = linalg.broadcast ins(%b : tensor<64xf32>) outs(%0 : tensor<2x64x4x4xf32>) dimensions = [0, 2, 3]
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<8> : vector<2xi64>} ins(%x, %w : tensor<2x3x32x32xf32>, tensor<64x3x8x8xf32>) outs(%bias : tensor<2x64x4x4xf32>) -> tensor<2x64x4x4xf32>
  %flat = tensor.collapse_shape %conv [[0], [1], [2, 3]] : tensor<2x64x4x4xf32> into tensor<2x64x16xf32>
  %1 = tensor.empty() : tensor<2x16x64xf32>
  %tokens = linalg.transpose ins(%flat : tensor<2x64x16xf32>) outs(%1 : tensor<2x16x64xf32>) permutation = [0, 2, 1]
  %y = linalg.generic {indexing_maps = [#map, #pos, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tokens, %pos : tensor<2x16x64xf32>, tensor<1x16x64xf32>) outs(%1 : tensor<2x16x64xf32>) {
  ^bb0(%in: f32, %p: f32, %out: f32):
    %s = arith.addf %in, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x16x64xf32>
  return %y : tensor<2x16x64xf32>
}

// CHECK-LABEL: func.func @permuted_expand
// CHECK: %[[M:.+]] = linalg.matmul
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[S:.+]] = linalg.generic {indexing_maps = [#[[$MM]], #[[$ROW]], #{{.+}}], iterator_types = ["parallel", "parallel"]} ins(%[[M]], %{{.+}} : tensor<32x64xf32>, tensor<64x1x1xf32>) outs(%{{.+}} : tensor<64x32xf32>)
// CHECK: %[[OUT:.+]] = tensor.expand_shape %[[S]] {{\[\[}}0], [1, 2]] output_shape [64, 2, 16] : tensor<64x32xf32> into tensor<64x2x16xf32>
// CHECK: return %[[OUT]]
// PLAN: @permuted_expand: 1 kernels
// PLAN-NOT: gpu-reshape-inside

func.func @permuted_expand(%a: tensor<32x8xf32>, %w: tensor<8x64xf32>, %s: tensor<64x1x1xf32>) -> tensor<64x2x16xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<32x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%0 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<32x8xf32>, tensor<8x64xf32>) outs(%acc : tensor<32x64xf32>) -> tensor<32x64xf32>
  %v = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %1 = tensor.empty() : tensor<64x2x16xf32>
  %t = linalg.transpose ins(%v : tensor<2x16x64xf32>) outs(%1 : tensor<64x2x16xf32>) permutation = [2, 0, 1]
  %y = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %s : tensor<64x2x16xf32>, tensor<64x1x1xf32>) outs(%1 : tensor<64x2x16xf32>) {
  ^bb0(%in: f32, %k: f32, %out: f32):
    %m = arith.mulf %in, %k : f32
    linalg.yield %m : f32
  } -> tensor<64x2x16xf32>
  return %y : tensor<64x2x16xf32>
}
