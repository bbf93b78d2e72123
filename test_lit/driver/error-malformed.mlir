// Malformed IR: FILE:LINE:COL: error:, exit 1, nothing on stdout, no
// traceback; the same through stdin names <stdin>.
// RUN: not %mlirfuse-opt %s 2>&1 >%t.stdout | FileCheck %s
// RUN: count 0 < %t.stdout
// RUN: not %mlirfuse-opt - < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not %mlirfuse-opt %s --no-isolation 2>&1 | FileCheck %s

// CHECK: error-malformed.mlir:[[# @LINE + 5]]:16: error: expected ':'
// CHECK-NOT: Traceback
// STDIN: <stdin>:[[# @LINE + 3]]:16: error: expected ':'
// STDIN-NOT: Traceback

func.func @f(%a tensor<4xf32>) {
  return
}
