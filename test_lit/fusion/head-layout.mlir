// A reduced head split (B=2, S=8, H=4, D=8): Q, K, V projections reshaped to
// B x S x H x D, transposed to B x H x S x D (K to B x H x D x S), collapsed
// for two batch matmuls, the output transposed back. Before planning
// (transforms/head_layout.py, batch_expand.py) the batch matmuls become
// contractions over the expanded batch loops and every transpose becomes an
// indexing map of the op that reads or writes it: no copy is left, the
// reshapes sit at kernel boundaries, and the GPU back end builds two kernels
// (before: seven: copy kernels for the transposes beside the contractions).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fold-head-layouts,mlirfuse-fold-head-layouts)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu --search auto | %FileCheck %s --check-prefix=PLAN
// CHECK-DAG: #[[QMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d4)>
// CHECK-DAG: #[[KMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>
// CHECK-DAG: #[[SMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[PMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[VMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d3)>
// CHECK-DAG: #[[OMAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d3)>
// CHECK: func.func @heads
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.batch_matmul
// CHECK: %[[Q:.+]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [2, 8, 4, 8]
// CHECK: %[[K:.+]] = tensor.expand_shape %arg1
// CHECK: %[[S:.+]] = linalg.generic {indexing_maps = [#[[QMAP]], #[[KMAP]], #[[SMAP]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[Q]], %[[K]] : tensor<2x8x4x8xf32>, tensor<2x8x4x8xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<2x4x8x8xf32>)
// CHECK: %[[P:.+]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2x4x8x8xf32>)
// CHECK: math.tanh
// CHECK: %[[V:.+]] = tensor.expand_shape %arg2
// CHECK: %[[O:.+]] = linalg.generic {indexing_maps = [#[[PMAP]], #[[VMAP]], #[[OMAP]]]
// CHECK-SAME: ins(%[[P]], %[[V]] : tensor<2x4x8x8xf32>, tensor<2x8x4x8xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<2x8x4x8xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[R:.+]] = tensor.collapse_shape %[[O]] {{\[\[}}0, 1], [2, 3]] : tensor<2x8x4x8xf32> into tensor<16x32xf32>
// CHECK-NEXT: return %[[R]]
// PLAN: @heads: 2 kernels
// PLAN: group 0: contraction-epilogue
// PLAN: group 1: single ops
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @heads(%q: tensor<16x32xf32>, %k: tensor<16x32xf32>, %v: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %qe = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
  %e0 = tensor.empty() : tensor<2x4x8x8xf32>
  %qt = linalg.transpose ins(%qe : tensor<2x8x4x8xf32>) outs(%e0 : tensor<2x4x8x8xf32>) permutation = [0, 2, 1, 3]
  %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
  %ke = tensor.expand_shape %k [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
  %e1 = tensor.empty() : tensor<2x4x8x8xf32>
  %kt = linalg.transpose ins(%ke : tensor<2x8x4x8xf32>) outs(%e1 : tensor<2x4x8x8xf32>) permutation = [0, 2, 3, 1]
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
  %e2 = tensor.empty() : tensor<8x8x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%f2 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %se = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
  %e3 = tensor.empty() : tensor<2x4x8x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%se : tensor<2x4x8x8xf32>) outs(%e3 : tensor<2x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %scale : f32
    %t = math.tanh %m : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8x8xf32>
  %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
  %ve = tensor.expand_shape %v [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
  %e4 = tensor.empty() : tensor<2x4x8x8xf32>
  %vt = linalg.transpose ins(%ve : tensor<2x8x4x8xf32>) outs(%e4 : tensor<2x4x8x8xf32>) permutation = [0, 2, 1, 3]
  %vc = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
  %o = linalg.batch_matmul ins(%pc, %vc : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%f2 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %oe = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
  %e5 = tensor.empty() : tensor<2x8x4x8xf32>
  %ot = linalg.transpose ins(%oe : tensor<2x4x8x8xf32>) outs(%e5 : tensor<2x8x4x8xf32>) permutation = [0, 2, 1, 3]
  %oc = tensor.collapse_shape %ot [[0, 1], [2, 3]] : tensor<2x8x4x8xf32> into tensor<16x32xf32>
  return %oc : tensor<16x32xf32>
}
