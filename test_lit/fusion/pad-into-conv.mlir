// A tensor.pad read only by a convolution is part of that convolution's
// kernel in the IR: the group captures the unpadded source.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=GPU

// CHECK-LABEL: func.func @pad_conv
// CHECK-NOT: tensor.pad
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK-NEXT: %[[P:.+]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-SAME: ins(%[[P]], %arg1 :
// CHECK: gpu.yield
// CHECK-NOT: tensor.pad
// CHECK: return %[[G]]
func.func @pad_conv(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%p, %w : tensor<1x4x10x10xf32>, tensor<4x4x3x3xf32>) outs(%z : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

// A pad also read elsewhere (here: returned) stays outside.
// CHECK-LABEL: func.func @pad_also_returned
// CHECK: %[[P:.+]] = tensor.pad
// CHECK-NOT: "fusion.group"
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-SAME: ins(%[[P]], %arg1 :
func.func @pad_also_returned(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> (tensor<1x4x8x8xf32>, tensor<1x4x10x10xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%p, %w : tensor<1x4x10x10xf32>, tensor<4x4x3x3xf32>) outs(%z : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %y, %p : tensor<1x4x8x8xf32>, tensor<1x4x10x10xf32>
}

// -----

// A grouped convolution reads its pad through the channel split
// (tensor.expand_shape): pad and reshape join its kernel. Planned for the GPU
// back end (`--backend gpu`) they stay outside, as that back end cannot
// tile-and-fuse through the reshape (gpu-reshape-inside).
// GPU: @pad_grouped: 1 kernels
// GPU-NEXT: group 0: single ops [5] root 5
// CHECK-LABEL: func.func @pad_grouped
// CHECK-NOT: tensor.pad
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK-NEXT: %[[P:.+]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: %[[E:.+]] = tensor.expand_shape %[[P]]
// CHECK: linalg.conv_2d_ngchw_gfchw
// CHECK-SAME: ins(%[[E]], %arg1 :
// CHECK: gpu.yield
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @pad_grouped(%x: tensor<1x8x8x8xf32>, %w: tensor<2x4x4x3x3xf32>) -> tensor<1x2x4x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %g = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 10, 10] : tensor<1x8x10x10xf32> into tensor<1x2x4x10x10xf32>
  %e = tensor.empty() : tensor<1x2x4x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x8x8xf32>) -> tensor<1x2x4x8x8xf32>
  %y = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%g, %w : tensor<1x2x4x10x10xf32>, tensor<2x4x4x3x3xf32>) outs(%z : tensor<1x2x4x8x8xf32>) -> tensor<1x2x4x8x8xf32>
  return %y : tensor<1x2x4x8x8xf32>
}
