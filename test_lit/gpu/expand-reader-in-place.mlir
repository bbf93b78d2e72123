// A Linear and its bias on the flattened tokens, expand_shape back to
// B x S x C, then a generic adding position embeddings that reads the
// expand through the identity and writes into it in place: the fusion
// rewrite reuses a dying input of the result's type as the init (SigLIP-2
// NaFlex's patch embedding). The plan counts the expand out of the kernel
// (`inner_expand_chains` moves it above the chain for one reader through a
// permutation of its loops), but the move counted the init as a second
// use and left the expand inside: tile-and-fuse then failed ("could not
// find next producer to fuse"). An init that is the read value itself is
// no other reader: the expand moves, one kernel on the contraction schedule.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --func patch_positions --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// OK: verify: ok

#m2 = affine_map<(d0, d1) -> (d0, d1)>
#b2 = affine_map<(d0, d1) -> (d1)>
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @patch_positions(%x: tensor<2x24x192xf32>, %w: tensor<64x192xf32>, %b: tensor<64xf32>,
                           %pos: tensor<2x24x64xf32>) -> tensor<2x24x64xf32> {
  %zero = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<192x64xf32>
  %eo = tensor.empty() : tensor<48x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<48x64xf32>) -> tensor<48x64xf32>
  %r = "fusion.group"() ({
    %xc = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x24x192xf32> into tensor<48x192xf32>
    %wt = linalg.transpose ins(%w : tensor<64x192xf32>) outs(%ew : tensor<192x64xf32>) permutation = [1, 0]
    %mm = linalg.matmul ins(%xc, %wt : tensor<48x192xf32>, tensor<192x64xf32>) outs(%fo : tensor<48x64xf32>) -> tensor<48x64xf32>
    %mb = linalg.generic {indexing_maps = [#m2, #b2, #m2], iterator_types = ["parallel", "parallel"]}
        ins(%mm, %b : tensor<48x64xf32>, tensor<64xf32>) outs(%eo : tensor<48x64xf32>) {
    ^bb0(%v: f32, %bias: f32, %out: f32):
      %s = arith.addf %v, %bias : f32
      linalg.yield %s : f32
    } -> tensor<48x64xf32>
    %ex = tensor.expand_shape %mb [[0, 1], [2]] output_shape [2, 24, 64] : tensor<48x64xf32> into tensor<2x24x64xf32>
    %y = linalg.generic {indexing_maps = [#m3, #m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%ex, %pos : tensor<2x24x64xf32>, tensor<2x24x64xf32>) outs(%ex : tensor<2x24x64xf32>) {
    ^bb0(%v: f32, %p: f32, %out: f32):
      %s = arith.addf %v, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x24x64xf32>
    gpu.yield %y : tensor<2x24x64xf32>
  }) {fusion.id = 0 : i64, fusion.pattern = "contraction-epilogue", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<2x24x64xf32>
  return %r : tensor<2x24x64xf32>
}
