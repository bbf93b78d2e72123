// xLSTM's chunked heads: a slice keeping 24 of 32 rows, split into chunks of
// 8 (expand_shape) and flattened with the heads (collapse_shape) for a
// batch_matmul. The collapse of that strided view is no view: bufferized, it
// was a copy looping on the host ("'scf.for' runs on the host, outside the
// kernel"). `slice_gathers.collapsed_slices_to_gathers` looked only at a
// collapse of the slice itself; it now looks through expand_shapes, and the
// collapse becomes a gather of the slice's source. A collapse that is a view
// (the whole rows) stays a reshape.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --func chunked --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func whole --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 3
// OK: verify: ok
// The gather kernel reads the slice's source (1x4x32x16) with tensor.extract
// semantics (a load at computed rows) into the 12x8x16 operand, then the
// batch_matmul; the view needs no kernel.
// GPU-LABEL: gpu.func @chunked_k0(%arg0: memref<12x8x16xf32>, %arg1: memref<1x4x32x16xf32>)
// GPU-LABEL: gpu.func @chunked_k1(
// GPU-LABEL: gpu.func @whole_k2(
// GPU-NOT: memref<1x4x32x16xf32>
// GPU: gpu.return

func.func @chunked(%s: tensor<1x4x32x16xf32>, %a: tensor<12x8x8xf32>) -> tensor<12x8x16xf32> {
  %cst = arith.constant 0.0 : f32
  %sl = tensor.extract_slice %s[0, 0, 0, 0] [1, 4, 24, 16] [1, 1, 1, 1] : tensor<1x4x32x16xf32> to tensor<1x4x24x16xf32>
  %xp = tensor.expand_shape %sl [[0], [1], [2, 3], [4]] output_shape [1, 4, 3, 8, 16] : tensor<1x4x24x16xf32> into tensor<1x4x3x8x16xf32>
  %cl = tensor.collapse_shape %xp [[0, 1, 2], [3], [4]] : tensor<1x4x3x8x16xf32> into tensor<12x8x16xf32>
  %eo = tensor.empty() : tensor<12x8x16xf32>
  %fo = linalg.fill ins(%cst : f32) outs(%eo : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
  %m = linalg.batch_matmul ins(%a, %cl : tensor<12x8x8xf32>, tensor<12x8x16xf32>) outs(%fo : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
  return %m : tensor<12x8x16xf32>
}

func.func @whole(%s: tensor<1x4x32x16xf32>, %a: tensor<16x8x8xf32>) -> tensor<16x8x16xf32> {
  %cst = arith.constant 0.0 : f32
  %xp = tensor.expand_shape %s [[0], [1], [2, 3], [4]] output_shape [1, 4, 4, 8, 16] : tensor<1x4x32x16xf32> into tensor<1x4x4x8x16xf32>
  %cl = tensor.collapse_shape %xp [[0, 1, 2], [3], [4]] : tensor<1x4x4x8x16xf32> into tensor<16x8x16xf32>
  %eo = tensor.empty() : tensor<16x8x16xf32>
  %fo = linalg.fill ins(%cst : f32) outs(%eo : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
  %m = linalg.batch_matmul ins(%a, %cl : tensor<16x8x8xf32>, tensor<16x8x16xf32>) outs(%fo : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
  return %m : tensor<16x8x16xf32>
}
