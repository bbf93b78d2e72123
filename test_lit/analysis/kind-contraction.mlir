// RUN: %mlirfuse explain %s | FileCheck %s
// Contractions: linalg.matmul, linalg.batch_matmul and a matmul written as a
// generic (multiply-accumulate over a reduction dim read by both inputs).

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @mm(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %bx: tensor<2x8x16xf32>, %bw: tensor<2x16x4xf32>) -> (tensor<8x4xf32>, tensor<2x8x4xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %m = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%acc : tensor<8x4xf32>) -> tensor<8x4xf32>
  %be = tensor.empty() : tensor<2x8x4xf32>
  %bacc = linalg.fill ins(%zero : f32) outs(%be : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %bm = linalg.batch_matmul ins(%bx, %bw : tensor<2x8x16xf32>, tensor<2x16x4xf32>) outs(%bacc : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %g = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%acc : tensor<8x4xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %t = arith.mulf %p, %q : f32
    %s = arith.addf %o, %t : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  return %m, %bm, %g : tensor<8x4xf32>, tensor<2x8x4xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func @mm
// CHECK: op mm:3 linalg.matmul kind=contraction side-effects=no loops=[8, 4, 16] parallel=[0, 1] reduction=[2] flops/iter=2
// CHECK: op mm:6 linalg.batch_matmul kind=contraction side-effects=no loops=[2, 8, 4, 16] parallel=[0, 1, 2] reduction=[3] flops/iter=2
// CHECK: op mm:7 linalg.generic kind=contraction side-effects=no loops=[8, 4, 16] parallel=[0, 1] reduction=[2] flops/iter=2
// The zero fill feeds both accumulators: it is rematerialised.
// CHECK: edge mm:2 -> mm:3: ok [ok] op-level ok [ok]
// CHECK: edge mm:2 -> mm:7: ok [ok] op-level ok [ok]
// Two matmuls sharing their LHS: a horizontal contraction candidate.
// CHECK: sibling mm:3 + mm:7: ok [ok]
