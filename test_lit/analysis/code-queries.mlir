// RUN: %mlirfuse explain %s --edge 2,1 --edge 1,3 --edge 1,1 --sibling 2,3 --edge 3,4 --level op | FileCheck %s
// Decisions asked for explicitly (--edge P,C and --sibling A,B), for pairs the
// report does not list by itself: wrong order, no edge, nothing shared.

#id = affine_map<(d0) -> (d0)>
func.func @q(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xf32>, tensor<64x1xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  return %b, %r : tensor<64xf32>, tensor<64x1xf32>
}

// CHECK-LABEL: func @q
// CHECK: query edge q:2 -> q:1: refused [raw-order]: op 2 (linalg.generic, elementwise) comes after op 1 (linalg.generic, elementwise)
// CHECK: query edge q:1 -> q:3: refused [no-edge]: op 3 (linalg.generic, elementwise) does not use a result of op 1
// CHECK: query edge q:1 -> q:1: refused [same-op]
// CHECK: query edge q:3 -> q:4: refused [not-structured]: op 4 (tensor.expand_shape, injective) is not a linalg op
// CHECK: query sibling q:2 + q:3: refused [no-shared-input]: ops 2 and 3 share no input: legal, but fusing only saves a launch
