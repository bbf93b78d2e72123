// Named elementwise ops join sibling fusion once generalized (upstream pass).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(func.func(linalg-generalize-named-ops),mlirfuse-fuse-siblings)' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse-siblings)' | FileCheck %s --check-prefix=NAMED

// CHECK-LABEL: func.func @named
// CHECK: %[[R:.+]]:3 = linalg.generic
// CHECK-SAME: ins(%{{.+}} : tensor<64xf32>)
// CHECK: math.exp
// CHECK: arith.negf
// CHECK: math.tanh
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
// NAMED-LABEL: func.func @named
// NAMED: linalg.exp
// NAMED: linalg.negf
func.func @named(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.exp ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %b = linalg.negf ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %c = linalg.tanh ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %a, %b, %c : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
