// The GPU schedule of a bf16 kernel run on the CPU (`verify --schedule gpu`):
// a head-wise RMSNorm whose epilogue rounds to bf16 and multiplies by a bf16
// scale, as Muse Spark's q/k norm. LLVM's loop vectorizer made a vector
// bf16 `fmul` of the thread loop, on which the x86 back end aborts
// ("Unexpected illegal type!"); the CPU tail now computes bf16 arithmetic
// in f32 with the bf16 roundings expanded to integer ops.
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s --check-prefix=GPU
// CHECK: max_abs_err=0.000e+00
// CHECK: verify: ok
// GPU: kernels: 1
#tr = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @rms_heads(%x: tensor<32x64xbf16>) -> tensor<2x4x16x16xbf16> {
  %two = arith.constant 2 : i64
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 5.4730064863874999 : f64
  %eps = arith.constant 1.000000e-05 : f64
  %mhalf = arith.constant -5.000000e-01 : f32
  %n = arith.constant 1.600000e+01 : f32
  %heads = tensor.expand_shape %x [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xbf16> into tensor<2x16x4x16xbf16>
  %e32 = tensor.empty() : tensor<2x4x16x16xf32>
  %wide = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%heads : tensor<2x16x4x16xbf16>) outs(%e32 : tensor<2x4x16x16xf32>) {
  ^bb0(%a: bf16, %o: f32):
    %w = arith.extf %a : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<2x4x16x16xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%wide : tensor<2x4x16x16xf32>) outs(%e32 : tensor<2x4x16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = math.fpowi %a, %two : f32, i64
    linalg.yield %p : f32
  } -> tensor<2x4x16x16xf32>
  %er = tensor.empty() : tensor<2x4x16x1xf32>
  %fr = linalg.fill ins(%zero : f32) outs(%er : tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%sq : tensor<2x4x16x16xf32>) outs(%fr : tensor<2x4x16x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x4x16x1xf32>
  %e16 = tensor.empty() : tensor<2x4x16x16xbf16>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%wide, %ss : tensor<2x4x16x16xf32>, tensor<2x4x16x1xf32>) outs(%e16 : tensor<2x4x16x16xbf16>) {
  ^bb0(%a: f32, %s: f32, %o: bf16):
    %m = arith.divf %s, %n : f32
    %ep = arith.truncf %eps : f64 to f32
    %me = arith.addf %m, %ep : f32
    %inv = math.powf %me, %mhalf : f32
    %y = arith.mulf %a, %inv : f32
    %t = arith.truncf %y : f32 to bf16
    %c = arith.truncf %scale : f64 to bf16
    %z = arith.mulf %t, %c : bf16
    linalg.yield %z : bf16
  } -> tensor<2x4x16x16xbf16>
  return %r : tensor<2x4x16x16xbf16>
}
