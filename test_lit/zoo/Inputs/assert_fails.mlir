// Parses, fuses and lowers; but its cf.assert fails on negative inputs, which
// aborts the process that runs it (the numerics stage).
#id = affine_map<(d0) -> (d0)>
func.func @assert_fails(%a: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %positive = arith.cmpf ogt, %v, %zero : f32
    cf.assert %positive, "input must be positive"
    %s = math.sqrt %v : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%r : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.addf %v, %v : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  return %t : tensor<4xf32>
}
