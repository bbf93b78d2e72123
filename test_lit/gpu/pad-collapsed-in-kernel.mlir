// A pad that fusion's reshape propagation leaves behind a collapse inside
// a kernel (Qwen4-Exp's chunked gated delta rule pads the sequence to whole
// chunks of 64, scales keys and values by beta, and multiplies both by the
// same chunk matrix: the horizontal kernel reads `collapse(pad(k))`, batch
// and heads merged). Tile and fuse cannot move the pad through the collapse,
// so it was a loop on the host ("host: 'scf.for' runs on the host"). The
// collapse of the pad is now one gather reading `k` with the pad's bounds
// check (`gpu/reshaped_pads.collapse_of_pad_to_generic`): one kernel.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// OK: verify: ok
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#col = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @chunk_padded(%k: tensor<2x4x16x16xf32>, %v: tensor<2x4x64x16xf32>, %beta: tensor<2x4x64x1xf32>,
                        %attn: tensor<8x64x64xf32>) -> (tensor<8x64x16xf32>, tensor<8x64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %k low[0, 0, 0, 0] high[0, 0, 48, 0] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<2x4x16x16xf32> to tensor<2x4x64x16xf32>
  %e = tensor.empty() : tensor<2x4x64x16xf32>
  %kb = linalg.generic {indexing_maps = [#m4, #col, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%padded, %beta : tensor<2x4x64x16xf32>, tensor<2x4x64x1xf32>) outs(%e : tensor<2x4x64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.mulf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x4x64x16xf32>
  %vb = linalg.generic {indexing_maps = [#m4, #col, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%v, %beta : tensor<2x4x64x16xf32>, tensor<2x4x64x1xf32>) outs(%e : tensor<2x4x64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.mulf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x4x64x16xf32>
  %kc = tensor.collapse_shape %kb [[0, 1], [2], [3]] : tensor<2x4x64x16xf32> into tensor<8x64x16xf32>
  %vc = tensor.collapse_shape %vb [[0, 1], [2], [3]] : tensor<2x4x64x16xf32> into tensor<8x64x16xf32>
  %e3 = tensor.empty() : tensor<8x64x16xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x64x16xf32>) -> tensor<8x64x16xf32>
  %rk = linalg.batch_matmul ins(%attn, %kc : tensor<8x64x64xf32>, tensor<8x64x16xf32>)
       outs(%f3 : tensor<8x64x16xf32>) -> tensor<8x64x16xf32>
  %rv = linalg.batch_matmul ins(%attn, %vc : tensor<8x64x64xf32>, tensor<8x64x16xf32>)
       outs(%f3 : tensor<8x64x16xf32>) -> tensor<8x64x16xf32>
  return %rk, %rv : tensor<8x64x16xf32>, tensor<8x64x16xf32>
}
