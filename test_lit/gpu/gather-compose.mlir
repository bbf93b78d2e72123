// Swin's cyclic shift and window partition, as torch-mlir exports them: torch's
// roll over H then W (two slices and a concat each; the halves cast to a dynamic
// size and back), then the window partition (expand, transpose, collapse). Each
// concat is a gather kernel and the transpose a copy kernel: three kernels, none
// computing anything. The GPU back end composes a gather reading another gather
// (through views), and a transpose of a gather, into one gather
// (gpu/gather_compose.py): one kernel, and its GPU schedule matches the original
// on the CPU. --no-fuse keeps one kernel per op. Where the first roll has a
// reader of its own (it is returned too), it stays a kernel and only the second
// roll and the transpose are composed. A transpose that only the extracts of
// one generic read is written as a gather too, and composed into that reader
// (RT-DETR-v2's value, split by level, transposed by a copy kernel for the
// deformable sampling to gather from: the sampling reads the projection).
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/shift.mlir | %FileCheck %s --check-prefix=SHIFT
// RUN: %mlirfuse compile %t/shift.mlir --no-fuse | %FileCheck %s --check-prefix=UNFUSED
// RUN: %mlirfuse verify %t/shift.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/shift.mlir --emit-gpu %t/shift.gpu.mlir > /dev/null
// RUN: %FileCheck %s --check-prefix=GPU < %t/shift.gpu.mlir
// RUN: %mlirfuse compile %t/shared.mlir | %FileCheck %s --check-prefix=SHARED
// RUN: %mlirfuse verify %t/shared.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/sampled.mlir | %FileCheck %s --check-prefix=SAMPLED
// RUN: %python -c "import numpy as n; r = n.random.default_rng(0); n.savez('%t/sampled.npz', arg0=r.standard_normal((8, 32)).astype(n.float32), arg1=r.standard_normal((32, 64)).astype(n.float32), arg2=r.integers(0, 6, (4, 20)).astype(n.int64))"
// RUN: %mlirfuse verify %t/sampled.mlir --schedule gpu --inputs %t/sampled.npz | %FileCheck %s --check-prefix=OK
// SAMPLED: kernels: 2
// SAMPLED-NEXT: k0: contraction schedule
// SAMPLED-NEXT: k1: elementwise schedule
// SAMPLED-NOT: k2:
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

//--- sampled.mlir
#hq = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @sampled(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %idx: tensor<4x20xi64>) -> (tensor<4x20x16xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<8x64xf32>) -> tensor<8x64xf32>
  %v = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x64xf32>) outs(%acc : tensor<8x64xf32>) -> tensor<8x64xf32>
  %level = tensor.extract_slice %v[2, 0] [6, 64] [1, 1] : tensor<8x64xf32> to tensor<6x64xf32>
  %heads = tensor.expand_shape %level [[0], [1, 2]] output_shape [6, 4, 16] : tensor<6x64xf32> into tensor<6x4x16xf32>
  %te = tensor.empty() : tensor<4x6x16xf32>
  %t = linalg.transpose ins(%heads : tensor<6x4x16xf32>) outs(%te : tensor<4x6x16xf32>) permutation = [1, 0, 2]
  %ge = tensor.empty() : tensor<4x20x16xf32>
  %g = linalg.generic {indexing_maps = [#hq, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<4x20xi64>) outs(%ge : tensor<4x20x16xf32>) {
  ^bb0(%i: i64, %out: f32):
    %h = linalg.index 0 : index
    %row = arith.index_cast %i : i64 to index
    %d = linalg.index 2 : index
    %s = tensor.extract %t[%h, %row, %d] : tensor<4x6x16xf32>
    linalg.yield %s : f32
  } -> tensor<4x20x16xf32>
  return %g, %v : tensor<4x20x16xf32>, tensor<8x64xf32>
}
