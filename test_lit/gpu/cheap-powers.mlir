// Powers by small constant exponents (RMSNorm's x.pow(2), a norm's
// (mean) ** -0.5, x ** 0.5, 1 / x, x ** 3) are computed in the kernels as
// PyTorch's CUDA pow computes them: products, sqrt, rsqrt and reciprocals,
// not libdevice's powf (a logarithm and an exponential per element). Other
// exponents (1.5) stay powf (gpu/cheap_powers.py).
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 2
// GPU: gpu.func @rms_pow_k0
// GPU-NOT: math.powf
// GPU: arith.mulf %[[X:.*]], %[[X]] : vector<4xf32>
// GPU: math.rsqrt
// GPU-NEXT: math.powf %{{.*}}, %{{.*}} : vector<4xf32>
// GPU: gpu.func @rms_pow_k1
// GPU-NOT: math.powf
// GPU: math.sqrt
// GPU-NEXT: arith.divf
// GPU-NEXT: %[[SQ:.*]] = arith.mulf %[[Y:.*]], %[[Y]] : vector<4xf16>
// GPU-NEXT: arith.mulf %[[SQ]], %[[Y]] : vector<4xf16>
// GPU-NOT: math.powf
// GPU: gpu.return
// VERIFIED: result0: {{.*}} ok
// VERIFIED: result1: {{.*}} ok
// VERIFIED: verify: ok
#x = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @rms_pow(%x: tensor<4x64xf32>, %y: tensor<4x64xf16>) -> (tensor<4x64xf32>, tensor<4x64xf16>) {
  %two = arith.constant 2.0 : f32
  %half = arith.constant -0.5 : f32
  %sqrt = arith.constant 0.5 : f16
  %inv = arith.constant -1.0 : f16
  %cube = arith.constant 3.0 : f16
  %odd = arith.constant 1.5 : f32
  %n = arith.constant 64.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ss = linalg.generic {indexing_maps = [#x, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x64xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = math.powf %in, %two : f32
    %a = arith.addf %p, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x64xf32>
  %o = linalg.generic {indexing_maps = [#x, #row, #x], iterator_types = ["parallel", "parallel"]} ins(%x, %ss : tensor<4x64xf32>, tensor<4xf32>) outs(%e2 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %r = math.powf %m, %half : f32
    %w = math.powf %in, %odd : f32
    %v = arith.mulf %w, %r : f32
    linalg.yield %v : f32
  } -> tensor<4x64xf32>
  %e3 = tensor.empty() : tensor<4x64xf16>
  %h = linalg.generic {indexing_maps = [#x, #x], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x64xf16>) outs(%e3 : tensor<4x64xf16>) {
  ^bb0(%in: f16, %out: f16):
    %a = math.absf %in : f16
    %s = math.powf %a, %sqrt : f16
    %i = math.powf %in, %inv : f16
    %c = math.powf %in, %cube : f16
    %t = arith.addf %s, %i : f16
    %u = arith.addf %t, %c : f16
    linalg.yield %u : f16
  } -> tensor<4x64xf16>
  return %o, %h : tensor<4x64xf32>, tensor<4x64xf16>
}
