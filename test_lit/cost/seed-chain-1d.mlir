// The seed's example on 1-D tensors with an expand_shape before the sum. The
// search takes all four ops and the analysis' whole-group check accepts them:
// the group's grid is the sum's (256 rows of 256x4 loops), over which the
// elementwise ops (1024 points) and the norm (256 rows) both co-iterate. (It
// once judged the grid by `add`, the first op of the most points, and refused.)
// RUN: %mlirfuse plan %s | %FileCheck %s

// CHECK: P3 1 9,216 33.3%
// CHECK: @seed_chain: 1 kernels
// CHECK-NEXT: group 0: reduction-epilogue ops [3,4,5,7,8,9] root 8
// CHECK-NOT: analysis-recheck
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @seed_chain(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<256xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %quarter = arith.constant 2.500000e-01 : f32
    %e = tensor.empty() : tensor<1024xf32>
    %add = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
        ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<1024xf32>
    %relu = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%add : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<1024xf32>
    %rows = tensor.expand_shape %relu [[0, 1]] output_shape [256, 4] : tensor<1024xf32> into tensor<256x4xf32>
    %e2 = tensor.empty() : tensor<256xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
    %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%rows : tensor<256x4xf32>) outs(%init : tensor<256xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %t = arith.addf %a, %acc : f32
      linalg.yield %t : f32
    } -> tensor<256xf32>
    %norm = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%sum : tensor<256xf32>) outs(%e2 : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.mulf %a, %quarter : f32
      linalg.yield %n : f32
    } -> tensor<256xf32>
    return %norm : tensor<256xf32>
  }
}
