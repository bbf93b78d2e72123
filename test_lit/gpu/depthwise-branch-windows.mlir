// PP-OCRv5's multi-branch depthwise block: four 5x5 stride-2 depthwise
// convolutions read one padded input and are summed; the planner makes them
// one horizontal kernel, each convolution staging its own padded window.
// A depthwise NCHW generic's loops are (n, oh, ow, c), not the output's
// (n, c, h, w): the window estimate took the block's tile in loop order
// (its channels the width tile), counted 42,048 B where the 16-channel 6x5
// pixel tile stages 49,920 B, and placement refused the kernel over the
// 49,152 B limit. The tile is mapped through the output map now
// (gpu/conv_window.loop_tiles): a smaller pixel tile fits.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: k0: conv schedule
// OK: verify: ok

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @branches(%x: tensor<1x32x12x20xf32>, %w0: tensor<32x5x5xf32>, %w1: tensor<32x5x5xf32>, %w2: tensor<32x5x5xf32>, %w3: tensor<32x5x5xf32>) -> tensor<1x32x6x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x6x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x6x10xf32>) -> tensor<1x32x6x10xf32>
  %p = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x32x12x20xf32> to tensor<1x32x16x24xf32>
  %c0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w0 : tensor<1x32x16x24xf32>, tensor<32x5x5xf32>) outs(%init : tensor<1x32x6x10xf32>) -> tensor<1x32x6x10xf32>
  %c1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w1 : tensor<1x32x16x24xf32>, tensor<32x5x5xf32>) outs(%init : tensor<1x32x6x10xf32>) -> tensor<1x32x6x10xf32>
  %c2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w2 : tensor<1x32x16x24xf32>, tensor<32x5x5xf32>) outs(%init : tensor<1x32x6x10xf32>) -> tensor<1x32x6x10xf32>
  %c3 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w3 : tensor<1x32x16x24xf32>, tensor<32x5x5xf32>) outs(%init : tensor<1x32x6x10xf32>) -> tensor<1x32x6x10xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c0, %c1, %c2, %c3 : tensor<1x32x6x10xf32>, tensor<1x32x6x10xf32>, tensor<1x32x6x10xf32>, tensor<1x32x6x10xf32>) outs(%e : tensor<1x32x6x10xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32, %o: f32):
    %ab = arith.addf %a, %b : f32
    %cd = arith.addf %c, %d : f32
    %r = arith.addf %ab, %cd : f32
    linalg.yield %r : f32
  } -> tensor<1x32x6x10xf32>
  return %s : tensor<1x32x6x10xf32>
}
