// torch.einsum('ibh,hnd->ibnd', x, w) (XLNet's head projections) as
// torch-mlir lowers it: each operand expanded, transposed, collapsed and
// expanded again to a batch matmul's (batch, m, k) / (batch, k, n), and the
// result reshaped back. A reshape between a transpose and the contraction
// keeps the transpose out of its kernel, so every transpose was a copy
// kernel of its own (XLNet's layer: 29 kernels, IREE O3: 15). The
// contraction is re-expressed on the copied values' own dims
// (gpu/einsum_chains.py): one generic over (i, n, d, h) reading x and w
// directly, one kernel, numerics as before.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// PLAN: @einsum: 1 kernels
// OK: verify: ok

func.func @einsum(%x: tensor<12x1x64xf32>, %w: tensor<64x4x16xf32>) -> tensor<12x1x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ex = tensor.expand_shape %x [[0], [1], [2, 3, 4]] output_shape [12, 1, 64, 1, 1] : tensor<12x1x64xf32> into tensor<12x1x64x1x1xf32>
  %ew = tensor.expand_shape %w [[0], [1], [2, 3, 4]] output_shape [64, 4, 16, 1, 1] : tensor<64x4x16xf32> into tensor<64x4x16x1x1xf32>
  %e0 = tensor.empty() : tensor<12x64x1x1x1xf32>
  %tx = linalg.transpose ins(%ex : tensor<12x1x64x1x1xf32>) outs(%e0 : tensor<12x64x1x1x1xf32>) permutation = [0, 2, 1, 3, 4]
  %cx = tensor.collapse_shape %tx [[0], [1, 2, 3, 4]] : tensor<12x64x1x1x1xf32> into tensor<12x64xf32>
  %bx = tensor.expand_shape %cx [[0, 1], [2]] output_shape [1, 12, 64] : tensor<12x64xf32> into tensor<1x12x64xf32>
  %e1 = tensor.empty() : tensor<64x1x4x16x1xf32>
  %tw = linalg.transpose ins(%ew : tensor<64x4x16x1x1xf32>) outs(%e1 : tensor<64x1x4x16x1xf32>) permutation = [0, 4, 1, 2, 3]
  %cw = tensor.collapse_shape %tw [[0], [1, 2, 3, 4]] : tensor<64x1x4x16x1xf32> into tensor<64x64xf32>
  %bw = tensor.expand_shape %cw [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
  %e2 = tensor.empty() : tensor<1x12x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x12x64xf32>) -> tensor<1x12x64xf32>
  %m = linalg.batch_matmul ins(%bx, %bw : tensor<1x12x64xf32>, tensor<1x64x64xf32>) outs(%z : tensor<1x12x64xf32>) -> tensor<1x12x64xf32>
  %c = tensor.collapse_shape %m [[0, 1], [2]] : tensor<1x12x64xf32> into tensor<12x64xf32>
  %r = tensor.expand_shape %c [[0], [1, 2, 3]] output_shape [12, 1, 4, 16] : tensor<12x64xf32> into tensor<12x1x4x16xf32>
  return %r : tensor<12x1x4x16xf32>
}
