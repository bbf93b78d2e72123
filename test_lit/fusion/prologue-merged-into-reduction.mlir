// CLIP's pooled output: the end-of-text mask (ids == eos: a (rows, keys)
// elementwise prologue), its argmax over the keys, and the gather of the
// hidden row at that position (a (rows, features) epilogue). The group check
// judged every member against its largest op, the gather: the prologue's
// all-parallel (2, 16) against (2, 64) refused the three as one kernel. Fused,
// the prologue merged into the argmax's body, and the fused IR fused again
// took the gather in: the output of mlirfuse-fuse was not a fixed point of it.
// A prologue read only by reductions of the group over its own loops is now
// judged by them (analysis/groups._merges_into_reduction): one kernel, at once.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.once.mlir
// RUN: %mlirfuse-opt %t.once.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: FileCheck %s < %t.once.mlir
// RUN: %mlirfuse plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// The mask, the argmax and the gather: one group; the mask merged into the
// argmax's body.
// CHECK-LABEL: func.func @pooled
// CHECK: "fusion.group"
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.cmpi eq
// CHECK: tensor.extract
// CHECK: fusion.pattern = "reduction-epilogue"
// CHECK-NOT: linalg.generic
// CHECK: return
// PLAN: @pooled: 1 kernels
// PLAN-NOT: incompatible-space
// OK: verify: ok

#rows_keys = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
func.func @pooled(%ids: tensor<2x16xi64>, %hidden: tensor<2x16x64xf32>) -> tensor<2x64xf32> {
  %eos = arith.constant 7 : i64
  %c0 = arith.constant 0 : i64
  %lowest = arith.constant -2147483648 : i32
  %me = tensor.empty() : tensor<2x16xi32>
  %mask = linalg.generic {indexing_maps = [#rows_keys, #rows_keys], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<2x16xi64>) outs(%me : tensor<2x16xi32>) {
  ^bb0(%id: i64, %o: i32):
    %is = arith.cmpi eq, %id, %eos : i64
    %w = arith.extui %is : i1 to i32
    linalg.yield %w : i32
  } -> tensor<2x16xi32>
  %ve = tensor.empty() : tensor<2xi32>
  %ie = tensor.empty() : tensor<2xi64>
  %v0 = linalg.fill ins(%lowest : i32) outs(%ve : tensor<2xi32>) -> tensor<2xi32>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ie : tensor<2xi64>) -> tensor<2xi64>
  %arg:2 = linalg.generic {indexing_maps = [#rows_keys, #rows, #rows], iterator_types = ["parallel", "reduction"]} ins(%mask : tensor<2x16xi32>) outs(%v0, %i0 : tensor<2xi32>, tensor<2xi64>) {
  ^bb0(%m: i32, %best: i32, %at: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %max = arith.maxsi %m, %best : i32
    %gt = arith.cmpi sgt, %m, %best : i32
    %pos = arith.select %gt, %ki, %at : i64
    linalg.yield %max, %pos : i32, i64
  } -> (tensor<2xi32>, tensor<2xi64>)
  %ge = tensor.empty() : tensor<2x64xf32>
  %pooled = linalg.generic {indexing_maps = [#rows, #rows_keys], iterator_types = ["parallel", "parallel"]} ins(%arg#1 : tensor<2xi64>) outs(%ge : tensor<2x64xf32>) {
  ^bb0(%p: i64, %o: f32):
    %r = linalg.index 0 : index
    %f = linalg.index 1 : index
    %pi = arith.index_cast %p : i64 to index
    %h = tensor.extract %hidden[%r, %pi, %f] : tensor<2x16x64xf32>
    linalg.yield %h : f32
  } -> tensor<2x64xf32>
  return %pooled : tensor<2x64xf32>
}
