// RUN: not %mlirfuse explain %s 2>&1 | FileCheck %s
// RUN: not %mlirfuse explain %S/kind-fill.mlir --func nosuch 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: not %mlirfuse explain %S/kind-fill.mlir --group 1,99 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: not %mlirfuse explain %S/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// Bad input: a located diagnostic, exit code 1, nothing on stdout.

func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %undefined : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK: errors.mlir:8:23: error: use of undeclared SSA value name
// CHECK-NOT: func @bad
// FUNC: mlirfuse explain: error: no function @nosuch (functions: fills)
// GROUP: mlirfuse explain: error: --group '1,99': no node 99 in @fills (5 nodes)
// MISSING: mlirfuse explain: error: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory
