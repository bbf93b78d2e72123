// A weights-only chain (BatchNorm's 1 / sqrt(var + eps), with torch-mlir's
// zero-size cf.assert) reaching a depthwise convolution's epilogue through a
// unit-dim tensor.expand_shape runs inside the convolution's kernel: its
// (C) loops need no grid of their own (analysis/broadcast_reads.weights_only_chains).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse plan %s --search auto | FileCheck %s --check-prefix=PLAN

#v = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>

// PLAN: @dw_bn: 1 kernels
// CHECK-LABEL: func.func @dw_bn
// CHECK: %[[G:.+]] = "fusion.group"()
// CHECK: tensor.pad
// CHECK: linalg.depthwise_conv_2d_nchw_chw
// CHECK: math.sqrt
// CHECK: cf.assert
// CHECK: tensor.expand_shape
// CHECK: arith.mulf
// CHECK: gpu.yield
// CHECK-NOT: linalg.
// CHECK: return %[[G]]
func.func @dw_bn(%x: tensor<1x16x8x8xf32>, %w: tensor<16x3x3xf32>, %var: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x16x8x8xf32> to tensor<1x16x10x10xf32>
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %conv = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%padded, %w : tensor<1x16x10x10xf32>, tensor<16x3x3xf32>) outs(%init : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %ec = tensor.empty() : tensor<16xf32>
  %s0 = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]}
      ins(%var : tensor<16xf32>) outs(%ec : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.addf %a, %eps : f32
    %1 = math.sqrt %0 : f32
    linalg.yield %1 : f32
  } -> tensor<16xf32>
  %s1 = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]}
      ins(%s0 : tensor<16xf32>) outs(%ec : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.cmpf one, %a, %zero : f32
    cf.assert %0, "unimplemented: tensor with zero element"
    %1 = arith.divf %one, %a : f32
    linalg.yield %1 : f32
  } -> tensor<16xf32>
  %s2 = tensor.expand_shape %s1 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
  %y = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %s2 : tensor<1x16x8x8xf32>, tensor<16x1x1xf32>) outs(%e : tensor<1x16x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}
