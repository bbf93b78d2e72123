// LeViT's subsample `x.view(B, 8, 8, C)[:, ::2, ::2].reshape(B, -1, C)`: one
// strided extract_slice per spatial dim, the second a slice of the first,
// then a collapse of the three outer dims for the matmul. The collapse was
// judged a view (the second slice's rows are dense rows of its source, the
// first slice's result, taken as dense): bufferized, it was a copy looping on
// the host ("'scf.for' runs on the host, outside the kernel").
// `slice_gathers` now strides a slice of a strided view by that view's memory
// strides, so the collapse becomes a gather. A slice of a slice whose collapse
// is a view in memory (whole images of a batch) stays a reshape.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --func subsample --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rows --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 3
// OK: verify: ok
// The gather kernel reads the first slice's source rows into the 32x32
// operand, then the matmul; the dense case needs no gather.
// GPU-LABEL: gpu.func @subsample_k0(%arg0: memref<32x32xf32>,
// GPU-LABEL: gpu.func @subsample_k1(
// GPU-LABEL: gpu.func @rows_k2(
// GPU: gpu.return

func.func @subsample(%x: tensor<2x64x32xf32>, %w: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.expand_shape %x [[0], [1, 2], [3]] output_shape [2, 8, 8, 32] : tensor<2x64x32xf32> into tensor<2x8x8x32xf32>
  %s1 = tensor.extract_slice %e[0, 0, 0, 0] [2, 4, 8, 32] [1, 2, 1, 1] : tensor<2x8x8x32xf32> to tensor<2x4x8x32xf32>
  %s2 = tensor.extract_slice %s1[0, 0, 0, 0] [2, 4, 4, 32] [1, 1, 2, 1] : tensor<2x4x8x32xf32> to tensor<2x4x4x32xf32>
  %c = tensor.collapse_shape %s2 [[0, 1, 2], [3]] : tensor<2x4x4x32xf32> into tensor<32x32xf32>
  %empty = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%cst : f32) outs(%empty : tensor<32x32xf32>) -> tensor<32x32xf32>
  %m = linalg.matmul ins(%c, %w : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %m : tensor<32x32xf32>
}

func.func @rows(%x: tensor<4x2x64x32xf32>, %w: tensor<32x32xf32>) -> tensor<128x32xf32> {
  %cst = arith.constant 0.0 : f32
  %s1 = tensor.extract_slice %x[1, 0, 0, 0] [2, 2, 64, 32] [1, 1, 1, 1] : tensor<4x2x64x32xf32> to tensor<2x2x64x32xf32>
  %s2 = tensor.extract_slice %s1[1, 0, 0, 0] [1, 2, 64, 32] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<1x2x64x32xf32>
  %c = tensor.collapse_shape %s2 [[0, 1, 2], [3]] : tensor<1x2x64x32xf32> into tensor<128x32xf32>
  %empty = tensor.empty() : tensor<128x32xf32>
  %f = linalg.fill ins(%cst : f32) outs(%empty : tensor<128x32xf32>) -> tensor<128x32xf32>
  %m = linalg.matmul ins(%c, %w : tensor<128x32xf32>, tensor<32x32xf32>) outs(%f : tensor<128x32xf32>) -> tensor<128x32xf32>
  return %m : tensor<128x32xf32>
}
