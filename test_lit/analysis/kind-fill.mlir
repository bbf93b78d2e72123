// RUN: %mlirfuse explain %s | FileCheck %s
// Fills, empty tensors, constants (scalar and dense), and a generic that only
// yields a scalar input: all rematerialised wherever they are used.

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @fills(%f: f32) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %dense = arith.constant dense<1.0> : tensor<4xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel"]}
      ins(%f : f32) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %dense, %filled, %g : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func @fills
// CHECK: op fills:0 tensor.empty kind=fill side-effects=no loops=[4]
// CHECK: op fills:1 arith.constant kind=fill side-effects=no loops=[]
// CHECK: op fills:2 arith.constant kind=fill side-effects=no loops=[4]
// CHECK: op fills:3 linalg.fill kind=fill side-effects=no loops=[4]
// CHECK: op fills:4 linalg.generic kind=fill side-effects=no loops=[4]
// CHECK: edge fills:0 -> fills:3: ok [ok] op-level ok [ok]: op 0 (tensor.empty, fill) is rematerialised in the consumer
// CHECK-NOT: kind=elementwise
