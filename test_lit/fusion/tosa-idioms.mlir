// Linalg lowered from TOSA (torch-mlir's output_type="tosa", then upstream
// tosa-to-linalg) spells two things differently from torch-mlir's linalg;
// both are normalised before planning.
//
// A Linear is a batch_matmul of batch 1 between an expand_shape and a
// collapse_shape (TOSA's matmul has rank 3): it becomes a linalg.matmul
// (transforms/unit_batch.py), so no reshape is left between the contraction
// and its epilogue, and bias + GELU join its kernel. TOSA's scalars are
// splat tensors (the 0.5 here, read through (0, 0)): each is read as the
// constant it is in the body (transforms/splat_inputs.py), no buffer.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// CHECK-LABEL: func.func @linear_gelu
// CHECK-NOT: linalg.batch_matmul
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.matmul ins(%arg0, %{{.+}} : tensor<8x256xf32>, tensor<256x512xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<8x512xf32>, tensor<1x512xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.constant 5.000000e-01 : f32
// CHECK: math.erf
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[G]] : tensor<8x512xf32>
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

// -----

// A convolution's bias broadcast by a generic that only copies it (TOSA's
// form of linalg.broadcast) is its epilogue add (transforms/bias_init.py),
// in the convolution's kernel.
// CHECK-LABEL: func.func @nhwc_conv_bias
// CHECK-NOT: linalg.generic
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.conv_2d_nhwc_fhwc
// CHECK-NEXT: linalg.generic
// CHECK-SAME: tensor<16xf32>
// CHECK: arith.addf
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK: return %[[G]]
#bias = affine_map<(d0, d1, d2, d3) -> (d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @nhwc_conv_bias(%x: tensor<1x10x10x8xf32>, %w: tensor<16x3x3x8xf32>, %b: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x8x16xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x10x10x8xf32>, tensor<16x3x3x8xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// TOSA gives a convolution without a bias a zero one: it adds nothing, so
// the convolution accumulates into a zero fill and no add is left.
// CHECK-LABEL: func.func @nhwc_conv_zero_bias
// CHECK-NOT: linalg.generic
// CHECK: linalg.fill
// CHECK-NEXT: %[[C:.+]] = linalg.conv_2d_nhwc_fhwc
// CHECK-NOT: arith.addf
// CHECK: return %[[C]]
#bias = affine_map<(d0, d1, d2, d3) -> (d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @nhwc_conv_zero_bias(%x: tensor<1x10x10x8xf32>, %w: tensor<16x3x3x8xf32>) -> tensor<1x8x8x16xf32> {
  %b = arith.constant dense<0.0> : tensor<16xf32>
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x8x16xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x10x10x8xf32>, tensor<16x3x3x8xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %c : tensor<1x8x8x16xf32>
}

// -----

// TOSA convolves in NHWC: an NCHW input is transposed, then padded. A pad of
// a transpose gathers from the transpose's result, so the transpose was a
// kernel of its own; the pad moves before it (transforms/pad_transpose.py),
// pads the argument itself (the amounts moved with the dims), and the
// transpose is a copy in the convolution's kernel.
// CHECK-LABEL: func.func @nchw_input_conv
// CHECK: %[[P:.+]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: tensor<1x8x10x10xf32> to tensor<1x8x12x12xf32>
// CHECK: "fusion.group"() ({
// CHECK: linalg.transpose ins(%[[P]] : tensor<1x8x12x12xf32>) {{.*}} permutation = [0, 2, 3, 1]
// CHECK: linalg.conv_2d_nhwc_fhwc
// CHECK: arith.maximumf
// CHECK: fusion.pattern = "contraction-epilogue"
#id4b = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @nchw_input_conv(%x: tensor<1x8x10x10xf32>, %w: tensor<16x3x3x8xf32>) -> tensor<1x10x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<1x10x10x8xf32>
  %xt = linalg.transpose ins(%x : tensor<1x8x10x10xf32>) outs(%et : tensor<1x10x10x8xf32>) permutation = [0, 2, 3, 1]
  %p = tensor.pad %xt low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x10x10x8xf32> to tensor<1x12x12x8xf32>
  %e = tensor.empty() : tensor<1x10x10x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10x10x16xf32>) -> tensor<1x10x10x16xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x12x12x8xf32>, tensor<16x3x3x8xf32>) outs(%f : tensor<1x10x10x16xf32>) -> tensor<1x10x10x16xf32>
  %r = linalg.generic {indexing_maps = [#id4b, #id4b], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x10x10x16xf32>) outs(%e : tensor<1x10x10x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x10x10x16xf32>
  return %r : tensor<1x10x10x16xf32>
}

// -----

// TOSA's reductions are named `linalg.reduce`s; they are generalized before
// planning (transforms/generalize.generalize_reductions), so the rewrites
// that read generics see them: a sum reading a collapse that drops a unit
// dim (a depthwise convolution's channel multiplier, ConvNeXt) runs on the
// collapse's source, its unit loop reduced too (reshape_reductions.py), and
// no collapse is left between the sum and its producer in their kernel (the
// keepdim expand of the sum is a unit-dim map change the GPU back end folds;
// test_lit/gpu/tosa-unit-dim-layernorm.mlir).
// CHECK-LABEL: func.func @unit_dim_sum
// CHECK-NOT: linalg.reduce
// CHECK: "fusion.group"() ({
// CHECK-NOT: tensor.collapse_shape
// CHECK: iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.+}} : tensor<4x32x1xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: arith.subf
// CHECK: fusion.pattern = "reduction-epilogue"
#u3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#u3b = affine_map<(d0, d1, d2) -> (d1, d2)>
#u2 = affine_map<(d0, d1) -> (d0, d1)>
#u2row = affine_map<(d0, d1) -> (d0, 0)>
func.func @unit_dim_sum(%x: tensor<4x32x1xf32>, %b: tensor<32x1xf32>) -> tensor<4x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<4x32x1xf32>
  %y = linalg.generic {indexing_maps = [#u3, #u3b, #u3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %b : tensor<4x32x1xf32>, tensor<32x1xf32>) outs(%e3 : tensor<4x32x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %r = arith.addf %in, %in_1 : f32
    linalg.yield %r : f32
  } -> tensor<4x32x1xf32>
  %c = tensor.collapse_shape %y [[0], [1, 2]] : tensor<4x32x1xf32> into tensor<4x32xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%c : tensor<4x32xf32>) outs(%f1 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %sk = tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  %e2 = tensor.empty() : tensor<4x32xf32>
  %d = linalg.generic {indexing_maps = [#u2, #u2row, #u2], iterator_types = ["parallel", "parallel"]} ins(%c, %sk : tensor<4x32xf32>, tensor<4x1xf32>) outs(%e2 : tensor<4x32xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %r = arith.subf %in, %in_1 : f32
    linalg.yield %r : f32
  } -> tensor<4x32xf32>
  return %d : tensor<4x32xf32>
}
