// Ops nobody reads: a transpose of the result that is never used, and a
// broadcast copy and a transposed view computed for nothing. Planned, the
// dead transpose joined the contraction's kernel as its root and tiling
// failed ("could not find next producer to fuse"); a dead op alone was a
// kernel unit that launched nothing ("0 launches in one kernel unit"). The
// GPU back end drops them before planning (before_fusion.drop_dead_ops), so
// the plan and the launches are the live ops'.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: dead_k0
// PLAN: @dead: 1 kernels
// OK: verify: ok

#map = affine_map<(d0, d1, d2) -> (d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
func.func @dead(%arg0: tensor<32xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<1x64x4x4xf32>, %unused: tensor<2x3xf32>) -> tensor<1x16x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e23 = tensor.empty() : tensor<3x2xf32>
  %t23 = linalg.transpose ins(%unused : tensor<2x3xf32>) outs(%e23 : tensor<3x2xf32>) permutation = [1, 0]
  %0 = tensor.empty() : tensor<1x16x32xf32>
  %1 = tensor.empty() : tensor<1x64x32xf32>
  %2 = tensor.empty() : tensor<1x16x64xf32>
  %3 = tensor.empty() : tensor<1x32x16xf32>
  %collapsed = tensor.collapse_shape %arg2 [[0], [1], [2, 3]] : tensor<1x64x4x4xf32> into tensor<1x64x16xf32>
  %transposed = linalg.transpose ins(%collapsed : tensor<1x64x16xf32>) outs(%2 : tensor<1x16x64xf32>) permutation = [0, 2, 1]
  %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<32x64xf32>) outs(%1 : tensor<1x64x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x64x32xf32>
  %6 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %7 = linalg.batch_matmul ins(%transposed, %5 : tensor<1x16x64xf32>, tensor<1x64x32xf32>) outs(%6 : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %arg0 : tensor<1x16x32xf32>, tensor<32xf32>) outs(%0 : tensor<1x16x32xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %9 = arith.addf %in, %in_1 : f32
    linalg.yield %9 : f32
  } -> tensor<1x16x32xf32>
  %transposed_0 = linalg.transpose ins(%8 : tensor<1x16x32xf32>) outs(%3 : tensor<1x32x16xf32>) permutation = [0, 2, 1]
  return %8 : tensor<1x16x32xf32>
}
