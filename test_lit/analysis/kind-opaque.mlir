// RUN: %mlirfuse explain %s | FileCheck %s
// Calls and region ops such as scf.for are opaque: fusion does not look inside.
// A call may have any effect; a loop has the effects of its body.

#id = affine_map<(d0) -> (d0)>
module {
  func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
  func.func @opaque(%x: tensor<4xf32>) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %v : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %c = func.call @ext(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %c) -> (tensor<4xf32>) {
      %n = func.call @ext(%t) : (tensor<4xf32>) -> tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

// CHECK-LABEL: func @opaque
// CHECK: op opaque:2 func.call kind=opaque side-effects=yes func.call loops=[4]
// CHECK: op opaque:6 scf.for kind=opaque side-effects=yes func.call
// CHECK: edge opaque:1 -> opaque:2: refused [opaque-op] op-level refused [opaque-op]
// CHECK: edge opaque:2 -> opaque:6: refused [opaque-op]
// CHECK: summary: 7 ops, {{.*}} side-effecting: opaque:2, opaque:6
