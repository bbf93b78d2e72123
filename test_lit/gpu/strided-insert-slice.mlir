// A transposed convolution as torch-mlir lowers ConvTranspose2d (stride 2):
// the input zero-stuffed by a strided insert_slice into a fill, then a plain
// convolution with the flipped weight. The insert_slice had no lowering
// between kernels; strided into a splat it is a gather holding the source on
// the stride grid and the splat elsewhere (gpu/padding.strided_generic).
// One kernel: the conv reads the stuffed input through that gather (two
// while the gather's body was priced at its FLOPs in registers).
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: conv schedule
// CHECK: up_k0
// CHECK-NOT: up_k1
// OK: verify: ok

func.func @up(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x7x7xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x2x9x9xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
  %stuffed = tensor.insert_slice %x into %z[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x9x9xf32>
  %eo = tensor.empty() : tensor<1x3x7x7xf32>
  %o = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x3x7x7xf32>) -> tensor<1x3x7x7xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%stuffed, %w : tensor<1x2x9x9xf32>, tensor<3x2x3x3xf32>) outs(%o : tensor<1x3x7x7xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}
