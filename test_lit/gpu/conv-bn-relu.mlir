// conv3x3 (padded input) + BN + ReLU in one contraction-epilogue group: one
// kernel; the padded input window is staged in shared memory by all threads,
// then each thread computes 2 output channels of one pixel with BN and ReLU
// applied before the store.
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=CPU
// REPORT: kernels: 1
// REPORT-NEXT: k0: conv schedule, block (8, 8, 8)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU: memref.global "private" @{{.*}} : memref<1x8x10x10xf32, #gpu.address_space<workgroup>>
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: bar.sync
// CPU: verify: ok
#nchw = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @conv_bn_relu(%x: tensor<1x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %scale: tensor<16xf32>, %shift: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%i: index, %j: index, %k: index, %l: index):
      tensor.yield %zero : f32
    } : tensor<1x8x16x16xf32> to tensor<1x8x18x18xf32>
    %e = tensor.empty() : tensor<1x16x16x16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %y = linalg.generic {indexing_maps = [#nchw, #chan, #chan, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %scale, %shift : tensor<1x16x16x16xf32>, tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<1x16x16x16xf32>) {
    ^bb0(%v: f32, %s: f32, %b: f32, %o: f32):
      %m = arith.mulf %v, %s : f32
      %a = arith.addf %m, %b : f32
      %z = arith.maximumf %a, %zero : f32
      linalg.yield %z : f32
    } -> tensor<1x16x16x16xf32>
    "gpu.yield"(%y) : (tensor<1x16x16x16xf32>) -> ()
  }) {fusion.pattern = "contraction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}
