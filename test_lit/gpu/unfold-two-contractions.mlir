// A log-mel frontend frames its signal with torch's unfold (overlapping
// windows: frame f, sample n reads x[64 f + n]) and multiplies the frames by
// two DFT bases, cos and sin. The framing is a copy read only by two
// contractions, which `contraction_copies.fold_shared_copies` reads through;
// the window's map `d1 * 64 + d2` is no permutation to compose with a
// matmul's, and an assertion aborted the compile. Such a copy now stays a
// copy the contractions read.
// RUN: %mlirfuse compile %s --jobs 1 | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels:
// OK: verify: ok

#window = affine_map<(d0, d1) -> (d0 * 64 + d1)>
#frame = affine_map<(d0, d1) -> (d0, d1)>
func.func @power_spectrum(%x: tensor<448xf32>, %cos: tensor<128x16xf32>, %sin: tensor<128x16xf32>) -> tensor<6x16xf32> {
  %zero = arith.constant 0.0 : f32
  %fe = tensor.empty() : tensor<6x128xf32>
  %frames = linalg.generic {indexing_maps = [#window, #frame], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<448xf32>) outs(%fe : tensor<6x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<6x128xf32>
  %e = tensor.empty() : tensor<6x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x16xf32>) -> tensor<6x16xf32>
  %re = linalg.matmul ins(%frames, %cos : tensor<6x128xf32>, tensor<128x16xf32>) outs(%z : tensor<6x16xf32>) -> tensor<6x16xf32>
  %im = linalg.matmul ins(%frames, %sin : tensor<6x128xf32>, tensor<128x16xf32>) outs(%z : tensor<6x16xf32>) -> tensor<6x16xf32>
  %power = linalg.generic {indexing_maps = [#frame, #frame, #frame], iterator_types = ["parallel", "parallel"]} ins(%re, %im : tensor<6x16xf32>, tensor<6x16xf32>) outs(%e : tensor<6x16xf32>) {
  ^bb0(%r: f32, %i: f32, %o: f32):
    %rr = arith.mulf %r, %r : f32
    %ii = arith.mulf %i, %i : f32
    %s = arith.addf %rr, %ii : f32
    linalg.yield %s : f32
  } -> tensor<6x16xf32>
  return %power : tensor<6x16xf32>
}
