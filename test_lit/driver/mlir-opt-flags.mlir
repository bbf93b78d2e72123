// mlir-opt flags that tests written for mlir-opt commonly use.
// RUN: not %mlirfuse-opt %s 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: %mlirfuse-opt %s -allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s
// RUN: %mlirfuse-opt %s -allow-unregistered-dialect --mlir-print-local-scope --mlir-print-debuginfo | FileCheck %s --check-prefix=LOCAL

// STRICT: mlir-opt-flags.mlir:[[# @LINE + 10]]:17: error: operation being parsed with an unregistered dialect

// CHECK-LABEL: func.func @f
// CHECK:         arith.constant dense_resource<__elided__> : tensor<4xf32>
// CHECK:         "test.op"

// LOCAL:         arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32> loc("{{.*}}mlir-opt-flags.mlir":[[# @LINE + 3]]:8)

func.func @f() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %t = "test.op"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}
