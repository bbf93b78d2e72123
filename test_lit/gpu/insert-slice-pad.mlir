// BEiT's relative position index: a computed 16x16 table written into zeros
// twice (`new_zeros` then slice assignments for the class token's row and
// column), then read by an elementwise select. An insert_slice between
// kernels had no lowering ("'tensor.insert_slice' outside any kernel"). An
// insert_slice into a splat is that splat's pad of its source
// (gpu/padding.insert_slices_as_pads): the outer one, read by a generic,
// becomes the gather a pad lowers to, and the inner one, read only by that
// gather, is read through with a bounds check; the +1 is computed at those
// reads (transforms/gather_inline.py): one kernel in all.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: table_k0
// OK: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @table(%x: tensor<16x16xi64>, %keep: tensor<17x17xi1>) -> tensor<17x17xi64> {
  %c1 = arith.constant 1 : i64
  %c7 = arith.constant 7 : i64
  %zeros_row = arith.constant dense<0> : tensor<16x17xi64>
  %zeros = arith.constant dense<0> : tensor<17x17xi64>
  %e = tensor.empty() : tensor<16x16xi64>
  %plus = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x16xi64>) outs(%e : tensor<16x16xi64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<16x16xi64>
  %cols = tensor.insert_slice %plus into %zeros_row[0, 1] [16, 16] [1, 1] : tensor<16x16xi64> into tensor<16x17xi64>
  %full = tensor.insert_slice %cols into %zeros[1, 0] [16, 17] [1, 1] : tensor<16x17xi64> into tensor<17x17xi64>
  %e2 = tensor.empty() : tensor<17x17xi64>
  %picked = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%keep, %full : tensor<17x17xi1>, tensor<17x17xi64>) outs(%e2 : tensor<17x17xi64>) {
  ^bb0(%k: i1, %v: i64, %out: i64):
    %r = arith.select %k, %v, %c7 : i64
    linalg.yield %r : i64
  } -> tensor<17x17xi64>
  return %picked : tensor<17x17xi64>
}
