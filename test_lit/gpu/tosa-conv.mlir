// An NCHW convolution as linalg from TOSA writes it: the input transposed
// to NHWC, padded, then linalg.conv_2d_nhwc_fhwc, with a ReLU. The pad of
// the transpose gathered from its result, so the transpose was a kernel of
// its own (the activation written and read back). The pad now moves before
// it (transforms/pad_transpose.py): one kernel, the convolution's, reading
// the argument through the transpose with the pad's bounds.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --func nchw_input_conv --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: conv schedule
// OK: verify: ok

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
