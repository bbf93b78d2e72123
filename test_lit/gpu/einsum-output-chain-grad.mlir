// The weight gradient of a mixture of experts' up projection,
// torch.einsum('eth,td->edh') as torch-mlir lowers it: a (1, d, e*h) batch
// matmul of the transposed tokens and the gradient, its result reshaped to
// (d, e, h, 1), transposed to (e, d, h, 1) and collapsed to the weight's
// (e, d, h). The transpose after the reshapes was a copy kernel of its own,
// writing and reading the whole gradient again (train_moe_top2: two of them,
// 131 KB). The contraction now writes the (e, d, h) layout itself
// (gpu/einsum_chains.py, the result's chain): one kernel.
// tests/test_einsum_outputs.py checks the rewrite itself.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// OK: verify: ok

func.func @grad(%x: tensor<24x32xf32>, %g: tensor<4x24x64xf32>) -> tensor<4x32x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<32x24xf32>
  %tx = linalg.transpose ins(%x : tensor<24x32xf32>) outs(%e0 : tensor<32x24xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<24x4x64xf32>
  %tg = linalg.transpose ins(%g : tensor<4x24x64xf32>) outs(%e1 : tensor<24x4x64xf32>) permutation = [1, 0, 2]
  %cg = tensor.collapse_shape %tg [[0], [1, 2]] : tensor<24x4x64xf32> into tensor<24x256xf32>
  %bx = tensor.expand_shape %tx [[0, 1], [2]] output_shape [1, 32, 24] : tensor<32x24xf32> into tensor<1x32x24xf32>
  %bg = tensor.expand_shape %cg [[0, 1], [2]] output_shape [1, 24, 256] : tensor<24x256xf32> into tensor<1x24x256xf32>
  %e2 = tensor.empty() : tensor<1x32x256xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e2 : tensor<1x32x256xf32>) -> tensor<1x32x256xf32>
  %mm = linalg.batch_matmul ins(%bx, %bg : tensor<1x32x24xf32>, tensor<1x24x256xf32>) outs(%f : tensor<1x32x256xf32>) -> tensor<1x32x256xf32>
  %c = tensor.collapse_shape %mm [[0, 1], [2]] : tensor<1x32x256xf32> into tensor<32x256xf32>
  %e = tensor.expand_shape %c [[0], [1, 2, 3]] output_shape [32, 4, 64, 1] : tensor<32x256xf32> into tensor<32x4x64x1xf32>
  %e3 = tensor.empty() : tensor<4x32x64x1xf32>
  %t = linalg.transpose ins(%e : tensor<32x4x64x1xf32>) outs(%e3 : tensor<4x32x64x1xf32>) permutation = [1, 0, 2, 3]
  %r = tensor.collapse_shape %t [[0], [1], [2, 3]] : tensor<4x32x64x1xf32> into tensor<4x32x64xf32>
  return %r : tensor<4x32x64xf32>
}
