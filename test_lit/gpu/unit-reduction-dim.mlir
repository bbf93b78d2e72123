// A reduction over a unit dim that only an expand_shape input indexes
// (GroupNorm's statistics as torch-mlir exports them, wav2vec2's feature
// encoder: x 1x32x79 expanded to 1x32x1x79, summed over (d2, d3) into
// (d0, d1, 0, 0)). Once the output's constant dims are dropped, reading
// through the expand_shape would leave d2 in no indexing map, and tiling
// aborted on the op's loop ranges (AffineMap.cpp "uninitialized map
// storage"): the fold now keeps that reshape.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: reduce schedule
// CHECK: sum_k0
// OK: verify: ok

func.func @sum(%x: tensor<1x32x79xf32>) -> tensor<1x32x1x1xf32> {
  %z = arith.constant 0.0 : f32
  %xe = tensor.expand_shape %x [[0], [1], [2, 3]] output_shape [1, 32, 1, 79] : tensor<1x32x79xf32> into tensor<1x32x1x79xf32>
  %e = tensor.empty() : tensor<1x32x1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x1x1xf32>) -> tensor<1x32x1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%xe : tensor<1x32x1x79xf32>) outs(%f : tensor<1x32x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<1x32x1x1xf32>
  return %r : tensor<1x32x1x1xf32>
}
