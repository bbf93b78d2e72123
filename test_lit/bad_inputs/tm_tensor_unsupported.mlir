// TMTensor ops mlirfuse does not import (a tm_tensor.sort whose comparator is
// more than one compare: NaNs ordered last;
// a scan whose combiner is not one add or mul): a located diagnostic that
// names the op and says what is taken, exit 1, no output, input untouched.
// Line numbers after an imported scan stay the file's.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse-opt %s --split-input-file -o %t.out 2>&1 | FileCheck %s
// RUN: test ! -e %t.out
// RUN: cmp %s %t.orig
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse plan %s 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: rm -f %t.ptx && %python %S/Inputs/expect_exit.py 1 %mlirfuse compile %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: test ! -e %t.ptx

// CHECK-NOT: Traceback
// CHECK: tm_tensor_unsupported.mlir:[[# @LINE + 5]]:8: error: 'tm_tensor.sort' (torch-mlir's TMTensor dialect) is not supported: mlirfuse reads linalg on tensors and imports only tm_tensor.scan
// PLAN: tm_tensor_unsupported.mlir:[[# @LINE + 4]]:8: error: 'tm_tensor.sort' (torch-mlir's TMTensor dialect) is not supported
// PLAN-NOT: Traceback
func.func @sort(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 0 : index
  %0 = tm_tensor.sort dimension(0) outs(%x : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    %nan = arith.cmpf uno, %b, %b : f32
    %nan_last = arith.ori %lt, %nan : i1
    tm_tensor.yield %nan_last : i1
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK: tm_tensor_unsupported.mlir:[[# @LINE + 8]]:10: error: 'tm_tensor.scan' (torch-mlir's TMTensor dialect) is not supported
func.func @cummax(%x: tensor<2x8xi64>, %z: tensor<2x8xi64>, %z2: tensor<2xi64>) -> tensor<2x8xi64> {
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<2x8xi64>) outs(%z, %z2 : tensor<2x8xi64>, tensor<2xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.addi %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<2x8xi64>, tensor<2xi64>
  %e = tensor.empty() : tensor<2x8xi64>
  %m:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%r#0 : tensor<2x8xi64>) outs(%z, %z2 : tensor<2x8xi64>, tensor<2xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.maxsi %a, %b : i64
    tm_tensor.yield %s : i64
  } -> tensor<2x8xi64>, tensor<2xi64>
  return %m#0 : tensor<2x8xi64>
}
