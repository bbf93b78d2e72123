// An op of a dialect nobody registered, and an unknown op of a known dialect:
// located diagnostics, exit 1, no output file, input untouched.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s
// RUN: test ! -e %t.out
// RUN: cmp %s %t.orig

// CHECK-NOT: Traceback
// CHECK: unknown_dialect.mlir:[[# @LINE + 3]]:17: error: operation being parsed with an unregistered dialect
// CHECK-NOT: Traceback
func.func @unknown_dialect(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "frob.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: unknown_dialect.mlir:[[# @LINE + 3]]:8: error: custom op 'linalg.frobnicate' is unknown
// CHECK-NOT: Traceback
func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.frobnicate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
