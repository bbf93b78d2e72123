// A Linear on a conv feature map, as Segformer's decode head and PVT export
// it: flatten(2).transpose(1, 2), a batch_matmul with the weight broadcast
// to the batch by a copy, the bias, and the transpose back to channels first.
// In one kernel, tile-and-fuse materialised each thread's transposed K slice
// and the transposed write of its accumulators (ptxas: 255 registers, 1.6 KB
// of spills). The copies now fold into the contraction's input maps and the
// last transpose into its output map, the bias running in that layout
// (`gpu/contraction_copies.py`): no per-thread buffer is left but the
// thread's 4x4 accumulator (private since the fill no longer shares the
// result's tensor.empty, `gpu/tiling.separate_loop_inits`; registers: 0 B
// of stack in ptxas-scalar-tiles.test).
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: contraction schedule
// GPU: gpu.func @head_k0
// GPU-NOT: memref.alloca
// GPU: memref.alloca() : memref<1x4x4xf32>
// GPU-NOT: memref.alloca
// GPU: gpu.return
// OK: verify: ok

#wt = affine_map<(d0, d1, d2) -> (d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bias = affine_map<(d0, d1, d2) -> (d2)>
func.func @head(%b: tensor<32xf32>, %w: tensor<32x64xf32>, %x: tensor<1x64x4x4xf32>) -> tensor<1x32x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x16x32xf32>
  %e1 = tensor.empty() : tensor<1x64x32xf32>
  %e2 = tensor.empty() : tensor<1x16x64xf32>
  %e3 = tensor.empty() : tensor<1x32x16xf32>
  %flat = tensor.collapse_shape %x [[0], [1], [2, 3]] : tensor<1x64x4x4xf32> into tensor<1x64x16xf32>
  %tokens = linalg.transpose ins(%flat : tensor<1x64x16xf32>) outs(%e2 : tensor<1x16x64xf32>) permutation = [0, 2, 1]
  %wb = linalg.generic {indexing_maps = [#wt, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<32x64xf32>) outs(%e1 : tensor<1x64x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %mm = linalg.batch_matmul ins(%tokens, %wb : tensor<1x16x64xf32>, tensor<1x64x32xf32>) outs(%acc : tensor<1x16x32xf32>) -> tensor<1x16x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%mm, %b : tensor<1x16x32xf32>, tensor<32xf32>) outs(%e0 : tensor<1x16x32xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %s = arith.addf %in, %in_1 : f32
    linalg.yield %s : f32
  } -> tensor<1x16x32xf32>
  %back = linalg.transpose ins(%biased : tensor<1x16x32xf32>) outs(%e3 : tensor<1x32x16xf32>) permutation = [0, 2, 1]
  return %back : tensor<1x32x16xf32>
}
