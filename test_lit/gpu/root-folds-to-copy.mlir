// A kernel root whose body folds to a copy of one input (kimi_linear_text:
// a masked fill under a mask of `0 == 0`, its index arithmetic left dead
// by the fusion, after an add behind a reshape). The block-level cleanup's
// canonicalization folded the select and erased the then identity root
// inside its block loop, so the thread-level tiling found no root
// ("requires exactly one containing_op handle (got 0)").
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// OK: verify: ok

#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @masked(%a: tensor<8x64x16xf32>, %b: tensor<8x64x16xf32>) -> tensor<2x4x1x64x16xf32> {
  %c0_i64 = arith.constant 0 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<2x4x1x64x16xf32>
  %e = tensor.empty() : tensor<8x64x16xf32>
  %e5 = tensor.empty() : tensor<2x4x1x64x16xf32>
  %g = "fusion.group"() ({
    %add = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %b : tensor<8x64x16xf32>, tensor<8x64x16xf32>) outs(%e : tensor<8x64x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %s = arith.addf %in, %in_1 : f32
      linalg.yield %s : f32
    } -> tensor<8x64x16xf32>
    %sum = tensor.expand_shape %add [[0, 1], [2, 3], [4]] output_shape [2, 4, 1, 64, 16] : tensor<8x64x16xf32> into tensor<2x4x1x64x16xf32>
    %sel = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%sum, %zero : tensor<2x4x1x64x16xf32>, tensor<2x4x1x64x16xf32>) outs(%e5 : tensor<2x4x1x64x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %c1 = arith.constant 1 : index
      %i = linalg.index 2 : index
      %dead = arith.muli %i, %c1 : index
      %t = arith.cmpi eq, %c0_i64, %c0_i64 : i64
      %r = arith.select %t, %in, %in_1 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x1x64x16xf32>
    gpu.yield %sel : tensor<2x4x1x64x16xf32>
  }) {fusion.id = 0 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<2x4x1x64x16xf32>
  return %g : tensor<2x4x1x64x16xf32>
}
