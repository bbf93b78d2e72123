// The seed document's running example: add -> relu -> sum -> norm.
//   t0 = a + b            (1024 elements, as 256x4)
//   t1 = relu(t0)         (1024)
//   s  = row-sum(t1)      (1024 -> 256)
//   y  = s / d            (256, normalised by a per-row divisor input)
// Unfused: 4 kernels, every intermediate written to and read back from
// memory; fused: the elementwise chain feeds the reduction and the epilogue
// divides in the same kernel.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id1 = affine_map<(i) -> (i)>
func.func @seed_chain(%a: tensor<256x4xf32>, %b: tensor<256x4xf32>, %d: tensor<256xf32>) -> tensor<256xf32> {
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<256x4xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<256x4xf32>, tensor<256x4xf32>) outs(%e2 : tensor<256x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<256x4xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<256x4xf32>) outs(%e2 : tensor<256x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<256x4xf32>
  %e1 = tensor.empty() : tensor<256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
  %rows = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%relu : tensor<256x4xf32>) outs(%init : tensor<256xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %norm = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%rows, %d : tensor<256xf32>, tensor<256xf32>) outs(%e1 : tensor<256xf32>) {
  ^bb0(%s: f32, %q: f32, %o: f32):
    %r = arith.divf %s, %q : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  return %norm : tensor<256xf32>
}
