// A Linear + bias + GELU as linalg from TOSA writes it: a batch_matmul of
// batch 1 between an expand_shape and a collapse_shape. The back end saw
// the einsum chain first, so an expand / collapse pair was left between the
// contraction and its epilogue (`gpu-reshape-inside`): two kernels, the
// 8 x 512 product written and read back. `before_fusion` now makes it a
// matmul first (transforms/unit_batch.py): one kernel, on the contraction
// schedule, reading the weight through its transpose.
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --func linear_gelu --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// OK: verify: ok

#row = affine_map<(d0, d1) -> (0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#splat = affine_map<(d0, d1) -> (0, 0)>
func.func @linear_gelu(%x: tensor<8x256xf32>, %w: tensor<512x256xf32>, %b: tensor<512xf32>) -> tensor<8x512xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : tensor<1x1xf32>
  %et = tensor.empty() : tensor<256x512xf32>
  %wt = linalg.transpose ins(%w : tensor<512x256xf32>) outs(%et : tensor<256x512xf32>) permutation = [1, 0]
  %x3 = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 8, 256] : tensor<8x256xf32> into tensor<1x8x256xf32>
  %w3 = tensor.expand_shape %wt [[0, 1], [2]] output_shape [1, 256, 512] : tensor<256x512xf32> into tensor<1x256x512xf32>
  %e3 = tensor.empty() : tensor<1x8x512xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x8x512xf32>) -> tensor<1x8x512xf32>
  %mm = linalg.batch_matmul ins(%x3, %w3 : tensor<1x8x256xf32>, tensor<1x256x512xf32>) outs(%f3 : tensor<1x8x512xf32>) -> tensor<1x8x512xf32>
  %mm2 = tensor.collapse_shape %mm [[0, 1], [2]] : tensor<1x8x512xf32> into tensor<8x512xf32>
  %b2 = tensor.expand_shape %b [[0, 1]] output_shape [1, 512] : tensor<512xf32> into tensor<1x512xf32>
  %e = tensor.empty() : tensor<8x512xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #splat, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm2, %b2, %half : tensor<8x512xf32>, tensor<1x512xf32>, tensor<1x1xf32>) outs(%e : tensor<8x512xf32>) {
  ^bb0(%v: f32, %bias: f32, %h: f32, %out: f32):
    %s = arith.addf %v, %bias : f32
    %r = math.erf %s : f32
    %m = arith.mulf %r, %h : f32
    linalg.yield %m : f32
  } -> tensor<8x512xf32>
  return %y : tensor<8x512xf32>
}

