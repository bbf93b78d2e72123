// The seed's example: add(1024) -> relu(1024) -> sum(-> 256) -> norm(256).
// The 1024 elements are written as 256 rows of 4 so every op's grid is
// explicit; sum adds each row, norm scales each sum by 1/4 (a mean).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @seed_chain(%x: tensor<256x4xf32>, %y: tensor<256x4xf32>) -> tensor<256xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %quarter = arith.constant 2.500000e-01 : f32
    %e = tensor.empty() : tensor<256x4xf32>
    %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %y : tensor<256x4xf32>, tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<256x4xf32>
    %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%add : tensor<256x4xf32>) outs(%e : tensor<256x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<256x4xf32>
    %e2 = tensor.empty() : tensor<256xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
    %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
        ins(%relu : tensor<256x4xf32>) outs(%init : tensor<256xf32>) {
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
