// StyleGAN2's modulated convolution (bench/unseen_models_sixth.py's
// stylegan2_modconv): a 3x3 conv with bias, noise times a scalar strength,
// and a leaky ReLU exported as max(x, 0) + 0.2 * min(x, 0). The two halves
// were one two-result generic feeding the add (a per-thread buffer in local
// memory), and with each thread's two output channels outside its 8 x 3 x 3
// reduction, ptxas kept the input window live across channels: 80
// registers, 8 bytes of stack, 4 bytes spilled. Now the halves merge into
// the add (transforms/merge_split.py) and the reduction loops run outside
// the thread's tile (gpu/script_thread_tiles.reductions_outermost): 31 registers, no
// stack (ptxas-scalar-tiles.test).
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// VERIFIED: kernels: 5 before, 1 after
// VERIFIED: result0: tensor<1x8x8x8xf32> {{.*}} ok
// VERIFIED-NEXT: verify: ok
// REPORT: kernels: 1
// REPORT-NEXT: k0: conv schedule

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar4 = affine_map<(d0, d1, d2, d3) -> ()>
#noise4 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#chan4 = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @modulated_conv(%x: tensor<1x8x8x8xf32>, %w: tensor<8x8x3x3xf32>, %noise: tensor<1x1x8x8xf32>, %strength: tensor<f32>, %bias: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %slope = arith.constant 0.2 : f32
  %gain = arith.constant 1.41421354 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %biased = linalg.generic {indexing_maps = [#id4, #noise4, #scalar4, #chan4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %noise, %strength, %bias : tensor<1x8x8x8xf32>, tensor<1x1x8x8xf32>, tensor<f32>, tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%c: f32, %n: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %n, %s : f32
    %1 = arith.addf %c, %0 : f32
    %2 = arith.addf %1, %b : f32
    linalg.yield %2 : f32
  } -> tensor<1x8x8x8xf32>
  %pos = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%biased : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x8x8xf32>
  %neg = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%biased : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.minimumf %in, %zero : f32
    %1 = arith.mulf %0, %slope : f32
    linalg.yield %1 : f32
  } -> tensor<1x8x8x8xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pos, %neg : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%p: f32, %n: f32, %out: f32):
    %0 = arith.addf %p, %n : f32
    %1 = arith.mulf %0, %gain : f32
    linalg.yield %1 : f32
  } -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}
