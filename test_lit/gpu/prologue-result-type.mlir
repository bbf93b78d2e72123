// gMLP's spatial gating unit: a LayerNorm affine on one half of a split
// (a [1, 16, 64] prologue), transposed into a batch matmul over tokens,
// then an epilogue multiplying the other half: one kernel whose prologue has
// the type of its result. The block tile covers the whole tensor, so after
// block-level tiling the prologue's destination folded to a tensor.empty that
// CSE merged with the block loop's shared output; thread-level fusion then
// gave every thread the kernel's result buffer as its prologue tile, and
// threads overwrote each other's results (max error 5.9 against the unfused
// IR). Each loop's shared output now has no reader inside the loop but the
// loop (gpu/tiling.separate_loop_inits).
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// VERIFIED: kernels: 5 before, 1 after
// VERIFIED: result0: tensor<1x16x64xf32> {{.*}} ok
// VERIFIED-NEXT: verify: ok
// REPORT: kernels: 1
// REPORT-NEXT: k0: contraction schedule

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#ch = affine_map<(d0, d1, d2) -> (d2)>
#wt = affine_map<(d0, d1, d2) -> (d2, d1)>
#tr = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#tok = affine_map<(d0, d1, d2) -> (d1)>
func.func @spatial_gate(%uv: tensor<1x16x128xf32>, %mean: tensor<1x16x1xf32>, %rstd: tensor<1x16x1xf32>, %gamma: tensor<64xf32>, %beta: tensor<64xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<1x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %u = tensor.extract_slice %uv[0, 0, 0] [1, 16, 64] [1, 1, 1] : tensor<1x16x128xf32> to tensor<1x16x64xf32>
  %v = tensor.extract_slice %uv[0, 0, 64] [1, 16, 64] [1, 1, 1] : tensor<1x16x128xf32> to tensor<1x16x64xf32>
  %e = tensor.empty() : tensor<1x16x64xf32>
  %et = tensor.empty() : tensor<1x64x16xf32>
  %ew = tensor.empty() : tensor<1x16x16xf32>
  %norm = linalg.generic {indexing_maps = [#id3, #row3, #row3, #ch, #ch, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v, %mean, %rstd, %gamma, %beta : tensor<1x16x64xf32>, tensor<1x16x1xf32>, tensor<1x16x1xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<1x16x64xf32>) {
  ^bb0(%x: f32, %m: f32, %r: f32, %g: f32, %bb: f32, %out: f32):
    %0 = arith.subf %x, %m : f32
    %1 = arith.mulf %0, %r : f32
    %2 = arith.mulf %1, %g : f32
    %3 = arith.addf %2, %bb : f32
    linalg.yield %3 : f32
  } -> tensor<1x16x64xf32>
  %t = linalg.transpose ins(%norm : tensor<1x16x64xf32>) outs(%et : tensor<1x64x16xf32>) permutation = [0, 2, 1]
  %wb = linalg.generic {indexing_maps = [#wt, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<16x16xf32>) outs(%ew : tensor<1x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%et : tensor<1x64x16xf32>) -> tensor<1x64x16xf32>
  %mixed = linalg.batch_matmul ins(%t, %wb : tensor<1x64x16xf32>, tensor<1x16x16xf32>) outs(%f : tensor<1x64x16xf32>) -> tensor<1x64x16xf32>
  %gated = linalg.generic {indexing_maps = [#id3, #tr, #tok, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%u, %mixed, %b : tensor<1x16x64xf32>, tensor<1x64x16xf32>, tensor<16xf32>) outs(%e : tensor<1x16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %c: f32, %out: f32):
    %0 = arith.addf %y, %c : f32
    %1 = arith.mulf %x, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x16x64xf32>
  return %gated : tensor<1x16x64xf32>
}
