// torch.einsum('td,edh->eth', x, w) twice (a mixture of experts' gate and
// up projections, every expert on every token; train_moe_top2's forward) as
// torch-mlir lowers it: w transposed and reshaped to a (1, d, e*h) batch
// matmul, and the result reshaped to (t, 1, e, h), transposed to
// (e, t, h, 1) and collapsed to (e, t, h) for the SiLU product, whose parts
// the backward keeps (returned here). Each contraction now writes its out
// chain's last value (gpu/einsum_chains.py) over loops merged where every
// tensor holds their factors adjacent (the 24 tokens one loop, x read as
// 24 x 32), so no reshape is left between the contractions and the product
// (in the model, the product had been a kernel of its own: the split 2 x 12
// tokens left a collapse between them, gpu-reshape-inside).
// tests/test_einsum_outputs.py checks the rewrite itself.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// OK: verify: ok

#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @experts(%arg0: tensor<2x12x32xf32>, %arg2: tensor<4x32x64xf32>, %arg3: tensor<4x32x64xf32>) -> (tensor<4x24x64xf32>, tensor<4x24x64xf32>, tensor<4x24x64xf32>, tensor<4x24x64xf32>) {
  %cst = arith.constant 0.0 : f32
  %cst_2 = arith.constant 1.0 : f32
  %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x12x32xf32> into tensor<24x32xf32>
  %expanded_12 = tensor.expand_shape %arg3 [[0], [1], [2, 3]] output_shape [4, 32, 64, 1] : tensor<4x32x64xf32> into tensor<4x32x64x1xf32>
  %expanded_13 = tensor.expand_shape %collapsed [[0, 1], [2]] output_shape [1, 24, 32] : tensor<24x32xf32> into tensor<1x24x32xf32>
  %31 = tensor.empty() : tensor<32x4x64x1xf32>
  %transposed_14 = linalg.transpose ins(%expanded_12 : tensor<4x32x64x1xf32>) outs(%31 : tensor<32x4x64x1xf32>) permutation = [1, 0, 2, 3]
  %collapsed_15 = tensor.collapse_shape %transposed_14 [[0], [1, 2, 3]] : tensor<32x4x64x1xf32> into tensor<32x256xf32>
  %expanded_16 = tensor.expand_shape %collapsed_15 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf32> into tensor<1x32x256xf32>
  %32 = tensor.empty() : tensor<1x24x256xf32>
  %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<1x24x256xf32>) -> tensor<1x24x256xf32>
  %34 = linalg.batch_matmul ins(%expanded_13, %expanded_16 : tensor<1x24x32xf32>, tensor<1x32x256xf32>) outs(%33 : tensor<1x24x256xf32>) -> tensor<1x24x256xf32>
  %collapsed_17 = tensor.collapse_shape %34 [[0, 1], [2]] : tensor<1x24x256xf32> into tensor<24x256xf32>
  %expanded_18 = tensor.expand_shape %collapsed_17 [[0], [1, 2, 3]] output_shape [24, 1, 4, 64] : tensor<24x256xf32> into tensor<24x1x4x64xf32>
  %35 = tensor.empty() : tensor<4x24x64x1xf32>
  %transposed_19 = linalg.transpose ins(%expanded_18 : tensor<24x1x4x64xf32>) outs(%35 : tensor<4x24x64x1xf32>) permutation = [2, 0, 3, 1]
  %collapsed_20 = tensor.collapse_shape %transposed_19 [[0], [1], [2, 3]] : tensor<4x24x64x1xf32> into tensor<4x24x64xf32>
  %36 = tensor.empty() : tensor<4x24x64xf32>
  %37 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_20 : tensor<4x24x64xf32>) outs(%36 : tensor<4x24x64xf32>) {
  ^bb0(%in: f32, %out: f32):
  %126 = arith.negf %in : f32
  %127 = math.exp %126 : f32
  %128 = arith.addf %127, %cst_2 : f32
  %129 = arith.divf %cst_2, %128 : f32
  linalg.yield %129 : f32
  } -> tensor<4x24x64xf32>
  %38 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_20, %37 : tensor<4x24x64xf32>, tensor<4x24x64xf32>) outs(%36 : tensor<4x24x64xf32>) {
  ^bb0(%in: f32, %in_71: f32, %out: f32):
  %126 = arith.mulf %in, %in_71 : f32
  linalg.yield %126 : f32
  } -> tensor<4x24x64xf32>
  %expanded_21 = tensor.expand_shape %arg2 [[0], [1], [2, 3]] output_shape [4, 32, 64, 1] : tensor<4x32x64xf32> into tensor<4x32x64x1xf32>
  %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<4x32x64x1xf32>) outs(%31 : tensor<32x4x64x1xf32>) permutation = [1, 0, 2, 3]
  %collapsed_23 = tensor.collapse_shape %transposed_22 [[0], [1, 2, 3]] : tensor<32x4x64x1xf32> into tensor<32x256xf32>
  %expanded_24 = tensor.expand_shape %collapsed_23 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf32> into tensor<1x32x256xf32>
  %39 = linalg.batch_matmul ins(%expanded_13, %expanded_24 : tensor<1x24x32xf32>, tensor<1x32x256xf32>) outs(%33 : tensor<1x24x256xf32>) -> tensor<1x24x256xf32>
  %collapsed_25 = tensor.collapse_shape %39 [[0, 1], [2]] : tensor<1x24x256xf32> into tensor<24x256xf32>
  %expanded_26 = tensor.expand_shape %collapsed_25 [[0], [1, 2, 3]] output_shape [24, 1, 4, 64] : tensor<24x256xf32> into tensor<24x1x4x64xf32>
  %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<24x1x4x64xf32>) outs(%35 : tensor<4x24x64x1xf32>) permutation = [2, 0, 3, 1]
  %collapsed_28 = tensor.collapse_shape %transposed_27 [[0], [1], [2, 3]] : tensor<4x24x64x1xf32> into tensor<4x24x64xf32>
  %40 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38, %collapsed_28 : tensor<4x24x64xf32>, tensor<4x24x64xf32>) outs(%36 : tensor<4x24x64xf32>) {
  ^bb0(%in: f32, %in_71: f32, %out: f32):
  %126 = arith.mulf %in, %in_71 : f32
  linalg.yield %126 : f32
  } -> tensor<4x24x64xf32>
  return %37, %38, %collapsed_28, %40 : tensor<4x24x64xf32>, tensor<4x24x64xf32>, tensor<4x24x64xf32>, tensor<4x24x64xf32>
}
