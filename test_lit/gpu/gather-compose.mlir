// Swin's cyclic shift and window partition, as torch-mlir exports them: torch's
// roll over H then W (two slices and a concat each; the halves cast to a dynamic
// size and back), then the window partition (expand, transpose, collapse). Each
// concat is a gather kernel and the transpose a copy kernel: three kernels, none
// computing anything. The GPU back end composes a gather reading another gather
// (through views), and a transpose of a gather, into one gather
// (gpu/gather_compose.py): one kernel, and its GPU schedule matches the original
// on the CPU. --no-fuse keeps one kernel per op. Where the first roll has a
// reader of its own (it is returned too), it stays a kernel and only the second
// roll and the transpose are composed.
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/shift.mlir | %FileCheck %s --check-prefix=SHIFT
// RUN: %mlirfuse compile %t/shift.mlir --no-fuse | %FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse verify %t/shift.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/shift.mlir --emit-gpu %t/shift.gpu.mlir > /dev/null
// RUN: %FileCheck %s --check-prefix=GPU < %t/shift.gpu.mlir
// RUN: %mlirfuse compile %t/shared.mlir | %FileCheck %s --check-prefix=SHARED
// RUN: %mlirfuse verify %t/shared.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// SHIFT: kernels: 1
// SHIFT-NEXT: k0: {{.*}} schedule
// SHIFT-NOT: k1:
// UNFUSED: kernels: 3
// OK: verify: ok
// GPU-COUNT-1: gpu.launch_func
// GPU-NOT: gpu.launch_func
// SHARED: kernels: 2

//--- shift.mlir
func.func @shift(%x: tensor<1x8x8x4xf32>) -> tensor<64x4xf32> {
  %h1 = tensor.extract_slice %x[0, 6, 0, 0] [1, 2, 8, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x2x8x4xf32>
  %h1c = tensor.cast %h1 : tensor<1x2x8x4xf32> to tensor<1x?x8x4xf32>
  %h2 = tensor.extract_slice %x[0, 0, 0, 0] [1, 6, 8, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x6x8x4xf32>
  %h2c = tensor.cast %h2 : tensor<1x6x8x4xf32> to tensor<1x?x8x4xf32>
  %rh = tensor.concat dim(1) %h1c, %h2c : (tensor<1x?x8x4xf32>, tensor<1x?x8x4xf32>) -> tensor<1x8x8x4xf32>
  %w1 = tensor.extract_slice %rh[0, 0, 6, 0] [1, 8, 2, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x8x2x4xf32>
  %w1c = tensor.cast %w1 : tensor<1x8x2x4xf32> to tensor<1x8x?x4xf32>
  %w2 = tensor.extract_slice %rh[0, 0, 0, 0] [1, 8, 6, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x8x6x4xf32>
  %w2c = tensor.cast %w2 : tensor<1x8x6x4xf32> to tensor<1x8x?x4xf32>
  %rw = tensor.concat dim(2) %w1c, %w2c : (tensor<1x8x?x4xf32>, tensor<1x8x?x4xf32>) -> tensor<1x8x8x4xf32>
  %e = tensor.expand_shape %rw [[0], [1, 2], [3, 4], [5]] output_shape [1, 2, 4, 2, 4, 4] : tensor<1x8x8x4xf32> into tensor<1x2x4x2x4x4xf32>
  %t0 = tensor.empty() : tensor<1x2x2x4x4x4xf32>
  %t = linalg.transpose ins(%e : tensor<1x2x4x2x4x4xf32>) outs(%t0 : tensor<1x2x2x4x4x4xf32>) permutation = [0, 1, 3, 2, 4, 5]
  %c = tensor.collapse_shape %t [[0, 1, 2, 3, 4], [5]] : tensor<1x2x2x4x4x4xf32> into tensor<64x4xf32>
  return %c : tensor<64x4xf32>
}

//--- shared.mlir
func.func @shared(%x: tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>, tensor<1x2x2x4x4x4xf32>) {
  %h1 = tensor.extract_slice %x[0, 6, 0, 0] [1, 2, 8, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x2x8x4xf32>
  %h2 = tensor.extract_slice %x[0, 0, 0, 0] [1, 6, 8, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x6x8x4xf32>
  %rh = tensor.concat dim(1) %h1, %h2 : (tensor<1x2x8x4xf32>, tensor<1x6x8x4xf32>) -> tensor<1x8x8x4xf32>
  %w1 = tensor.extract_slice %rh[0, 0, 6, 0] [1, 8, 2, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x8x2x4xf32>
  %w2 = tensor.extract_slice %rh[0, 0, 0, 0] [1, 8, 6, 4] [1, 1, 1, 1] : tensor<1x8x8x4xf32> to tensor<1x8x6x4xf32>
  %rw = tensor.concat dim(2) %w1, %w2 : (tensor<1x8x2x4xf32>, tensor<1x8x6x4xf32>) -> tensor<1x8x8x4xf32>
  %e = tensor.expand_shape %rw [[0], [1, 2], [3, 4], [5]] output_shape [1, 2, 4, 2, 4, 4] : tensor<1x8x8x4xf32> into tensor<1x2x4x2x4x4xf32>
  %t0 = tensor.empty() : tensor<1x2x2x4x4x4xf32>
  %t = linalg.transpose ins(%e : tensor<1x2x4x2x4x4xf32>) outs(%t0 : tensor<1x2x2x4x4x4xf32>) permutation = [0, 1, 3, 2, 4, 5]
  return %rh, %t : tensor<1x8x8x4xf32>, tensor<1x2x2x4x4x4xf32>
}
