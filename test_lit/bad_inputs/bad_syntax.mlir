// A syntax error: a located diagnostic, exit 1, no traceback, no output file,
// input untouched; the same through stdin and through every mlirfuse command.
// RUN: cp %s %t.orig && rm -f %t.out
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' -o %t.out 2>&1 | FileCheck %s
// RUN: test ! -e %t.out
// RUN: cmp %s %t.orig
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse-opt - --pass-pipeline='builtin.module(mlirfuse-fuse)' < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse explain %s 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse plan %s --format json 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse run %s --seed 0 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse verify %s --seed 0 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 %mlirfuse compile %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: test ! -e %t.ptx
// RUN: cmp %s %t.orig

// CHECK: bad_syntax.mlir:[[# @LINE + 5]]:31: error: {{(cannot parse the module: )?}}expected ')'
// CHECK-NOT: Traceback
// STDIN: <stdin>:[[# @LINE + 3]]:31: error: expected ')'
// STDIN-NOT: Traceback

func.func @f(%a: tensor<4xf32> %b: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
