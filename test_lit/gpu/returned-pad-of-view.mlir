// A function returning a pad of a reshaped kernel result (SEW-D's encoder
// pads the upsampled sequence by one frame at its end: a GELU'd
// [2, 19, 128] viewed as [2, 38, 64], then padded to 39 frames). A pad
// between kernels is cloned into the units reading it, so no kernel
// computed the returned one ("split: function result not computed by a
// kernel"). It is now the gather a pad becomes
// (`padding.returned_pads_to_gathers`), fused with the GELU; unfused, a
// kernel of its own.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse compile %s --no-fuse | FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --no-fuse | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// UNFUSED: kernels: 2
// OK: verify: ok

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @padded(%x: tensor<38x128xf32>) -> tensor<2x39x64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %e = tensor.empty() : tensor<2x19x128xf32>
  %ex = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 19, 128] : tensor<38x128xf32> into tensor<2x19x128xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex : tensor<2x19x128xf32>) outs(%e : tensor<2x19x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.erf %in : f32
    %1 = arith.mulf %0, %half : f32
    %2 = arith.mulf %in, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x19x128xf32>
  %v = tensor.expand_shape %g [[0], [1], [2, 3]] output_shape [2, 19, 2, 64] : tensor<2x19x128xf32> into tensor<2x19x2x64xf32>
  %c = tensor.collapse_shape %v [[0], [1, 2], [3]] : tensor<2x19x2x64xf32> into tensor<2x38x64xf32>
  %p = tensor.pad %c low[0, 0, 0] high[0, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %cst : f32
  } : tensor<2x38x64xf32> to tensor<2x39x64xf32>
  return %p : tensor<2x39x64xf32>
}
