// The tail of a channels-first ConvNeXt block (VibeVoice's 1-D blocks,
// as torch-mlir writes them): the FFN's second Linear on the flattened
// tokens (a matmul against the transposed weight, its bias), the tokens'
// expand_shape back to B x L x C, then the layer scale reading it through
// the permute back to B x C x L, and the residual add. The expand sat in
// the kernel between the bias and the layer scale (`gpu-reshape-inside`):
// `inner_expand_chains` moved it only for transpose readers, since a
// contraction on split loops feeding a generic that reads it in another
// order takes only the fallback schedule; so layer scale and residual were
// a kernel of their own (IREE's matmul_like_2x16x512x32 does it in one).
// Now a generic reading the expand through a permutation is taken too: the
// chain moves, then the contraction and its bias write the reader's layout
// (`contraction_copies.fold_epilogue_permuted_read`), which the reader reads
// through the identity: one kernel, on the contraction schedule.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --func ffn_tail --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// OK: verify: ok
// GPU-LABEL: gpu.func @ffn_tail_k0(
// GPU-SAME: memref<2x16x512xf32>
// GPU: gpu.return

#m2 = affine_map<(d0, d1) -> (d0, d1)>
#b2 = affine_map<(d0, d1) -> (d1)>
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#perm = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#gamma = affine_map<(d0, d1, d2) -> (d1, 0)>
func.func @ffn_tail(%h: tensor<2x512x32xf32>, %w: tensor<16x32xf32>, %bias: tensor<16xf32>,
                    %g: tensor<16xf32>, %res: tensor<2x16x512xf32>) -> tensor<2x16x512xf32> {
  %zero = arith.constant 0.0 : f32
  %hc = tensor.collapse_shape %h [[0, 1], [2]] : tensor<2x512x32xf32> into tensor<1024x32xf32>
  %ew = tensor.empty() : tensor<32x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x32xf32>) outs(%ew : tensor<32x16xf32>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<1024x16xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1024x16xf32>) -> tensor<1024x16xf32>
  %mm = linalg.matmul ins(%hc, %wt : tensor<1024x32xf32>, tensor<32x16xf32>) outs(%fo : tensor<1024x16xf32>) -> tensor<1024x16xf32>
  %mb = linalg.generic {indexing_maps = [#m2, #b2, #m2], iterator_types = ["parallel", "parallel"]}
       ins(%mm, %bias : tensor<1024x16xf32>, tensor<16xf32>) outs(%eo : tensor<1024x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1024x16xf32>
  %x = tensor.expand_shape %mb [[0, 1], [2]] output_shape [2, 512, 16] : tensor<1024x16xf32> into tensor<2x512x16xf32>
  %gx = tensor.expand_shape %g [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
  %e3 = tensor.empty() : tensor<2x16x512xf32>
  %sc = linalg.generic {indexing_maps = [#perm, #gamma, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%x, %gx : tensor<2x512x16xf32>, tensor<16x1xf32>) outs(%e3 : tensor<2x16x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %p = arith.mulf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<2x16x512xf32>
  %r = linalg.generic {indexing_maps = [#m3, #m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%res, %sc : tensor<2x16x512xf32>, tensor<2x16x512xf32>) outs(%e3 : tensor<2x16x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x16x512xf32>
  return %r : tensor<2x16x512xf32>
}
