// RUN: %mlirfuse explain %s | FileCheck %s
// Reductions: a row sum as a generic, linalg.reduce, and softmax's two-result
// max/argmax generic (its unused i64 result still counts as a result).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @red(%x: tensor<8x4xf32>, %acc: tensor<8xf32>, %idx: tensor<8xi64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %a, %o : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %r = linalg.reduce ins(%x : tensor<8x4xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %o: f32) {
      %m = arith.maximumf %in, %o : f32
      linalg.yield %m : f32
    }
  %mx:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4xf32>) outs(%acc, %idx : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%a: f32, %o: f32, %i: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %m = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %sel = arith.select %gt, %ji, %i : i64
    linalg.yield %m, %sel : f32, i64
  } -> (tensor<8xf32>, tensor<8xi64>)
  return %s, %r, %mx#0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// CHECK-LABEL: func @red
// CHECK: op red:0 linalg.generic kind=reduction side-effects=no loops=[8, 4] parallel=[0] reduction=[1] flops/iter=1 in-place=no
// CHECK: op red:1 linalg.reduce kind=reduction side-effects=no loops=[8, 4] parallel=[0] reduction=[1]
// CHECK: op red:2 linalg.generic kind=reduction side-effects=no loops=[8, 4] parallel=[0] reduction=[1] flops/iter=3 in-place=no uses=[1, 0]
// Three reductions of one input: row-compatible siblings.
// CHECK: sibling red:0 + red:1: ok [ok]
// CHECK: sibling red:0 + red:2: ok [ok]
// CHECK: sibling red:1 + red:2: ok [ok]
