// mlirfuse-opt prints exactly what upstream mlir-opt prints for the same
// upstream pipeline, split input included.
// REQUIRES: mlir-opt
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize,func.func(cse))' > %t.ours
// RUN: %upstream-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize,func.func(cse))' > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: %mlirfuse-opt %s --split-input-file --mlir-print-op-generic > %t.ours.generic
// RUN: %upstream-mlir-opt %s --split-input-file --mlir-print-op-generic > %t.theirs.generic
// RUN: diff %t.ours.generic %t.theirs.generic
// The pipeline as run, element by element, on stderr.
// RUN: %mlirfuse-opt %s --split-input-file --dump-pass-pipeline --canonicalize --mlirfuse-inline-groups 2>&1 >/dev/null | FileCheck %s
// CHECK: builtin.module(canonicalize,mlirfuse-inline-groups)

func.func @fold(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.addi %a, %c0 : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}

// -----

#id = affine_map<(i) -> (i)>
func.func @gen(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
