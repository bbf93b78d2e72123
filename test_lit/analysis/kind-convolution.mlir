// RUN: %mlirfuse explain %s | FileCheck %s
// Convolutions and pooling: an input read through a windowed map (d2 + d5).

func.func @conv(%img: tensor<1x3x10x10xf32>, %flt: tensor<2x3x3x3xf32>, %win: tensor<3x3xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x3x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %flt : tensor<1x3x10x10xf32>, tensor<2x3x3x3xf32>) outs(%acc : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %pe = tensor.empty() : tensor<1x3x8x8xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %win : tensor<1x3x10x10xf32>, tensor<3x3xf32>) outs(%pe : tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return %c, %p : tensor<1x2x8x8xf32>, tensor<1x3x8x8xf32>
}

// CHECK-LABEL: func @conv
// CHECK: op conv:3 linalg.conv_2d_nchw_fchw kind=convolution side-effects=no loops=[1, 2, 8, 8, 3, 3, 3] parallel=[0, 1, 2, 3] reduction=[4, 5, 6] flops/iter=2
// CHECK: op conv:5 linalg.pooling_nchw_max kind=convolution side-effects=no loops=[1, 3, 8, 8, 3, 3] parallel=[0, 1, 2, 3] reduction=[4, 5] flops/iter=1
