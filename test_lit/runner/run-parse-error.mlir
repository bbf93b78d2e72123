// RUN: not %mlirfuse run %s 2>&1 | FileCheck %s
// RUN: not %mlirfuse verify %s 2>&1 | FileCheck %s
// CHECK: run-parse-error.mlir:[[@LINE+4]]:10: error: cannot parse the module: use of undeclared SSA value name
// CHECK-NOT: Traceback

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %b : tensor<4xf32>
}
