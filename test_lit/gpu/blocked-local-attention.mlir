// LongT5's local attention (also BigBird's and Pegasus-X's blocked
// attention, `_concatenate_3_blocks`): the sequence is padded to a multiple
// of the block, split into blocks, padded by one block either side, and
// blocks i-1, i and i+1 (three slices) are concatenated for each block; the
// i64 attention mask goes the same way. The first pad, split by its
// expand_shape, becomes a gather (gpu/padding.collapsed_pads_to_gathers),
// but the second pad, read by the concat's gather only through slices, was
// left a pad: a loop on the host ("'scf.for' runs on the host, outside the
// kernel"). It is now read through (gpu/padding.reads_through_pads follows
// static views to the extracts), and the first pad's gather composes into
// the concat's: one kernel per concat, none for the pads.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse plan %s --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// GPU-NOT: tensor.pad
// GPU-NOT: scf.for
// GPU: gpu.func @blocks_k0
// GPU: gpu.func @blocks_k1
// PLAN: @blocks: 2 kernels
// OK: result0: tensor<2x5x15x4xf32> {{.*}} ok
// OK: result1: tensor<2x5x15xi64> {{.*}} ok
// OK: verify: ok

func.func @blocks(%x: tensor<2x24x4xf32>, %m: tensor<2x24xi64>) -> (tensor<2x5x15x4xf32>, tensor<2x5x15xi64>) {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : i64
  %p = tensor.pad %x low[0, 0, 0] high[0, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %cst : f32
  } : tensor<2x24x4xf32> to tensor<2x25x4xf32>
  %e = tensor.expand_shape %p [[0], [1, 2], [3]] output_shape [2, 5, 5, 4] : tensor<2x25x4xf32> into tensor<2x5x5x4xf32>
  %q = tensor.pad %e low[0, 1, 0, 0] high[0, 1, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<2x5x5x4xf32> to tensor<2x7x5x4xf32>
  %s0 = tensor.extract_slice %q[0, 0, 0, 0] [2, 5, 5, 4] [1, 1, 1, 1] : tensor<2x7x5x4xf32> to tensor<2x5x5x4xf32>
  %s1 = tensor.extract_slice %q[0, 1, 0, 0] [2, 5, 5, 4] [1, 1, 1, 1] : tensor<2x7x5x4xf32> to tensor<2x5x5x4xf32>
  %s2 = tensor.extract_slice %q[0, 2, 0, 0] [2, 5, 5, 4] [1, 1, 1, 1] : tensor<2x7x5x4xf32> to tensor<2x5x5x4xf32>
  %cat = tensor.concat dim(2) %s0, %s1, %s2 : (tensor<2x5x5x4xf32>, tensor<2x5x5x4xf32>, tensor<2x5x5x4xf32>) -> tensor<2x5x15x4xf32>
  %pm = tensor.pad %m low[0, 0] high[0, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c0 : i64
  } : tensor<2x24xi64> to tensor<2x25xi64>
  %em = tensor.expand_shape %pm [[0], [1, 2]] output_shape [2, 5, 5] : tensor<2x25xi64> into tensor<2x5x5xi64>
  %qm = tensor.pad %em low[0, 1, 0] high[0, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %c0 : i64
  } : tensor<2x5x5xi64> to tensor<2x7x5xi64>
  %t0 = tensor.extract_slice %qm[0, 0, 0] [2, 5, 5] [1, 1, 1] : tensor<2x7x5xi64> to tensor<2x5x5xi64>
  %t1 = tensor.extract_slice %qm[0, 1, 0] [2, 5, 5] [1, 1, 1] : tensor<2x7x5xi64> to tensor<2x5x5xi64>
  %t2 = tensor.extract_slice %qm[0, 2, 0] [2, 5, 5] [1, 1, 1] : tensor<2x7x5xi64> to tensor<2x5x5xi64>
  %catm = tensor.concat dim(2) %t0, %t1, %t2 : (tensor<2x5x5xi64>, tensor<2x5x5xi64>, tensor<2x5x5xi64>) -> tensor<2x5x15xi64>
  return %cat, %catm : tensor<2x5x15x4xf32>, tensor<2x5x15xi64>
}
