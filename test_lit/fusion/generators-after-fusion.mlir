// A generator copied only into a single reader (transforms/generators.py:
// past MAX_COPIED_OPS arith ops a generator read twice stays a tensor) gets
// one when the plan merges its readers into one kernel: BEiT's resize row
// indices (nearest source row, 10 ops, read by two broadcast epilogues).
// The fusion driver merges it after the rewrite, so the fused output is a
// fixed point: fusing it again changes nothing (before, the second run merged
// the generator and the fused IR was not idempotent). The generator has 4100
// rows: a smaller one is computed at compile time (transforms/const_eval.py,
// up to 4096 elements for a generator a generic reads), and the one kernel
// reads the table (test_lit/fusion/const-tables.mlir, @resize_rows).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.once.mlir
// RUN: %mlirfuse-opt %t.once.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: FileCheck %s < %t.once.mlir
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=VERIFY
// CHECK-LABEL: func.func @resize_rows
// CHECK-NOT: tensor<4100x1xi64>
// CHECK: linalg.index 1
// CHECK-NOT: linalg.generic
// CHECK: return
// VERIFY: verify: ok

#g = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1, d2) -> (d1, 0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @resize_rows(%x: tensor<2x4100x3xf32>) -> tensor<2x4100x3xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %c1 = arith.constant 1 : i64
  %c6 = arith.constant 4099 : i64
  %e = tensor.empty() : tensor<4100x1xi64>
  %src = linalg.generic {indexing_maps = [#g], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4100x1xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %a = arith.addf %f, %half : f32
    %s = arith.subf %a, %half : f32
    %neg = arith.cmpf ult, %s, %zero : f32
    %c = arith.select %neg, %zero, %s : f32
    %t = arith.fptosi %c : f32 to i64
    %n = arith.addi %t, %c1 : i64
    %m = arith.minsi %n, %c6 : i64
    linalg.yield %m : i64
  } -> tensor<4100x1xi64>
  %e3 = tensor.empty() : tensor<2x4100x3xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %src : tensor<2x4100x3xf32>, tensor<4100x1xi64>) outs(%e3 : tensor<2x4100x3xf32>) {
  ^bb0(%in: f32, %k: i64, %out: f32):
    %kf = arith.sitofp %k : i64 to f32
    %v = arith.addf %in, %kf : f32
    linalg.yield %v : f32
  } -> tensor<2x4100x3xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r1, %src : tensor<2x4100x3xf32>, tensor<4100x1xi64>) outs(%e3 : tensor<2x4100x3xf32>) {
  ^bb0(%in: f32, %k: i64, %out: f32):
    %kf = arith.sitofp %k : i64 to f32
    %v = arith.mulf %in, %kf : f32
    linalg.yield %v : f32
  } -> tensor<2x4100x3xf32>
  return %r2 : tensor<2x4100x3xf32>
}
