// ASPP's parallel branches: two dilated 3x3 convolutions (dilation 2 and 4,
// each input zero-padded by its dilation) read one input; the planner makes
// them one horizontal kernel, and each convolution stages its own padded
// window in shared memory. The pixel tile was sized by the first window
// alone, so the kernel needed 51,200 B of static shared memory (limit
// 49,152 B) and the compile failed. The windows are summed now
// (gpu/conv_window.staged_window_bytes): a smaller pixel tile fits.
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --emit-gpu %t.gpu.mlir -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// PLAN: @aspp: 1 kernels
// PLAN-NEXT: group 0: horizontal-contraction
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: k0: conv schedule
// OK: verify: ok

func.func @aspp(%x: tensor<1x32x16x16xf32>, %w2: tensor<16x32x3x3xf32>, %w4: tensor<16x32x3x3xf32>) -> (tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %p2 = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x32x16x16xf32> to tensor<1x32x20x20xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x32x20x20xf32>, tensor<16x32x3x3xf32>) outs(%init : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %p4 = tensor.pad %x low[0, 0, 4, 4] high[0, 0, 4, 4] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x32x16x16xf32> to tensor<1x32x24x24xf32>
  %c4 = linalg.conv_2d_nchw_fchw {dilations = dense<4> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p4, %w4 : tensor<1x32x24x24xf32>, tensor<16x32x3x3xf32>) outs(%init : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %c2, %c4 : tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>
}
