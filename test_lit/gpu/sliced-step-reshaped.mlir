// One step of a recurrence unrolled over time, read by a batched matmul
// through reshapes (RWKV-7's time mixing: the state update of step t
// reads `x[:, t]` of a [B, T, H, D] tensor as [B*H, D, 1]): a slice, a
// collapse dropping its unit time dim (a view), an expand adding a unit
// dim, then a collapse merging batch and heads, which is no view of the
// slice (the batch stride spans every time step). Bufferized, that
// collapse was a copy looping on the host ("host: 'scf.for' runs on the
// host"); the chain through the first collapse is now read as one strided
// view, and the last collapse becomes a gather of the slice's source
// (`slice_gathers.collapsed_slices_to_gathers`), fused into the matmul's
// kernel; unfused, a kernel of its own.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse compile %s --no-fuse | FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu --no-fuse | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// UNFUSED: kernels: 3
// OK: verify: ok

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @step(%x: tensor<2x16x64xf32>, %w: tensor<8x16x16xf32>) -> tensor<8x16x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x16x64xf32>
  %k = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x16x64xf32>) outs(%e : tensor<2x16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x16x64xf32>
  %heads = tensor.expand_shape %k [[0], [1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<2x16x64xf32> into tensor<2x16x4x16xf32>
  %s = tensor.extract_slice %heads[0, 3, 0, 0] [2, 1, 4, 16] [1, 1, 1, 1] : tensor<2x16x4x16xf32> to tensor<2x1x4x16xf32>
  %c = tensor.collapse_shape %s [[0, 1], [2], [3]] : tensor<2x1x4x16xf32> into tensor<2x4x16xf32>
  %col = tensor.expand_shape %c [[0], [1], [2, 3]] output_shape [2, 4, 16, 1] : tensor<2x4x16xf32> into tensor<2x4x16x1xf32>
  %b = tensor.collapse_shape %col [[0, 1], [2], [3]] : tensor<2x4x16x1xf32> into tensor<8x16x1xf32>
  %e1 = tensor.empty() : tensor<8x16x1xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e1 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
  %r = linalg.batch_matmul ins(%w, %b : tensor<8x16x16xf32>, tensor<8x16x1xf32>) outs(%z : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
  return %r : tensor<8x16x1xf32>
}
