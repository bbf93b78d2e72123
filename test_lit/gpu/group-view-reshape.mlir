// CvT's BatchNorm shift on a 1x32x4x4 map, flattened and transposed to tokens:
// the shift's per-channel vector is a view of an argument (expand_shape to
// 32x1x1) that forming the group pulls into its body. The predicate let the
// collapse_shape inside the kernel (its producer moves past it), but the
// rewrite took that view for a value the kernel computes and left the
// reshape in place: tile-and-fuse then failed ("could not find next producer
// to fuse"). The input is now reshaped from the argument itself
// (`inner_reshapes._outside_source`).
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: elementwise schedule
// CHECK: shift_k0
// OK: verify: ok

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @shift(%x: tensor<1x32x4x4xf32>, %b: tensor<32xf32>) -> tensor<1x16x32xf32> {
  %e = tensor.empty() : tensor<1x32x4x4xf32>
  %bv = tensor.expand_shape %b [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
  %y = linalg.generic {indexing_maps = [#map, #chan, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %bv : tensor<1x32x4x4xf32>, tensor<32x1x1xf32>) outs(%e : tensor<1x32x4x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %s = arith.addf %in, %in_0 : f32
    linalg.yield %s : f32
  } -> tensor<1x32x4x4xf32>
  %flat = tensor.collapse_shape %y [[0], [1], [2, 3]] : tensor<1x32x4x4xf32> into tensor<1x32x16xf32>
  %et = tensor.empty() : tensor<1x16x32xf32>
  %t = linalg.transpose ins(%flat : tensor<1x32x16xf32>) outs(%et : tensor<1x16x32xf32>) permutation = [0, 2, 1]
  return %t : tensor<1x16x32xf32>
}
