// RUN: %mlirfuse explain %s | FileCheck %s
// All-parallel with an input read through a projected permutation (bias add),
// or through torch-mlir's `(d1, 0, 0)` form on size-1 dims; linalg.broadcast.

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @bcast(%x: tensor<8x4xf32>, %b: tensor<4xf32>, %img: tensor<1x2x3x3xf32>, %s: tensor<2x1x1xf32>) -> (tensor<8x4xf32>, tensor<1x2x3x3xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<8x4xf32>, tensor<4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %t = arith.addf %a, %c : f32
    linalg.yield %t : f32
  } -> tensor<8x4xf32>
  %e4 = tensor.empty() : tensor<1x2x3x3xf32>
  %scaled = linalg.generic {indexing_maps = [#id4, #chan, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%img, %s : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) outs(%e4 : tensor<1x2x3x3xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %t = arith.mulf %a, %c : f32
    linalg.yield %t : f32
  } -> tensor<1x2x3x3xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e2 : tensor<4x8xf32>) dimensions = [1]
  return %r, %scaled, %bb : tensor<8x4xf32>, tensor<1x2x3x3xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func @bcast
// CHECK: op bcast:1 linalg.generic kind=broadcast side-effects=no loops=[8, 4] parallel=[0, 1] reduction=[]
// CHECK: op bcast:3 linalg.generic kind=broadcast side-effects=no loops=[1, 2, 3, 3]
// CHECK: op bcast:5 linalg.broadcast kind=broadcast side-effects=no loops=[4, 8]
// CHECK-NOT: kind=opaque
