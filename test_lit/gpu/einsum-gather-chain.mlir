// The weighted sum of neighborhood attention (`bnhwij,bnhwijd->bnhwd`):
// each query's values are gathered by index (its window), and torch-mlir
// collapses the gather to a batch matmul's (batch, k, n). The collapse stood
// between the gather and the contraction (`gpu-reshape-inside`), so the
// gathered values were written out (852 KB in the model, twice its V) and
// read back. With reshapes alone between a gather and a contraction, the
// contraction is re-expressed on the gather's own dims
// (transforms/einsum_chains.py), which then joins its kernel as a prologue:
// one kernel, nothing gathered is written.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// PLAN: @weighted_sum: 1 kernels
// OK: verify: ok

#idx = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

func.func @weighted_sum(%v: tensor<4x8x16xf32>, %p: tensor<32x1x3xf32>) -> tensor<32x1x16xf32> {
  %zero = arith.constant 0.0 : f32
  // Each position's window of 3, shifted inward at the borders.
  %window = arith.constant dense<[[0, 1, 2], [0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6], [5, 6, 7], [5, 6, 7]]> : tensor<8x3xi64>
  %e = tensor.empty() : tensor<4x8x3x16xf32>
  %g = linalg.generic {indexing_maps = [#idx, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%window : tensor<8x3xi64>) outs(%e : tensor<4x8x3x16xf32>) {
  ^bb0(%at: i64, %o: f32):
    %b = linalg.index 0 : index
    %d = linalg.index 3 : index
    %row = arith.index_cast %at : i64 to index
    %x = tensor.extract %v[%b, %row, %d] : tensor<4x8x16xf32>
    linalg.yield %x : f32
  } -> tensor<4x8x3x16xf32>
  %gc = tensor.collapse_shape %g [[0, 1], [2], [3]] : tensor<4x8x3x16xf32> into tensor<32x3x16xf32>
  %e2 = tensor.empty() : tensor<32x1x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x1x16xf32>) -> tensor<32x1x16xf32>
  %m = linalg.batch_matmul ins(%p, %gc : tensor<32x1x3xf32>, tensor<32x3x16xf32>) outs(%z : tensor<32x1x16xf32>) -> tensor<32x1x16xf32>
  return %m : tensor<32x1x16xf32>
}
