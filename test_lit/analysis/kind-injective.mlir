// RUN: %mlirfuse explain %s | FileCheck %s
// Transposes (named and generic), reshapes, slices, pads and concats.

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @inj(%x: tensor<8x4xf32>, %f: f32) -> (tensor<8x4xf32>, tensor<32xf32>, tensor<8x4x1xf32>, tensor<2x4xf32>, tensor<10x4xf32>, tensor<16x4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.transpose ins(%x : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<8x4xf32>
  %g = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<4x8xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x4xf32>
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  %x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 1] : tensor<8x4xf32> into tensor<8x4x1xf32>
  %s = tensor.extract_slice %x[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<8x4xf32> to tensor<10x4xf32>
  %cat = tensor.concat dim(0) %x, %x : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %g, %c, %x3, %s, %p, %cat : tensor<8x4xf32>, tensor<32xf32>, tensor<8x4x1xf32>, tensor<2x4xf32>, tensor<10x4xf32>, tensor<16x4xf32>
}

// CHECK-LABEL: func @inj
// CHECK: op inj:1 linalg.transpose kind=injective side-effects=no loops=[4, 8]
// CHECK: op inj:3 linalg.generic kind=injective side-effects=no loops=[8, 4]
// CHECK: op inj:4 tensor.collapse_shape kind=injective
// CHECK: op inj:5 tensor.expand_shape kind=injective
// CHECK: op inj:6 tensor.extract_slice kind=injective
// CHECK: op inj:7 tensor.pad kind=injective
// CHECK: op inj:8 tensor.concat kind=injective
// A transpose into a transposing generic: both can become one linalg op.
// CHECK: edge inj:1 -> inj:3: ok [ok] op-level ok [ok]
// Different result sizes: no common grid.
// CHECK: sibling inj:6 + inj:7: refused [incompatible-space]
