// A GroupNorm with one group over a convolution's output, as torch-mlir
// exports it (Moonshine's audio stem): the variance is computed in f64, so
// `extf` is read by the mean's sum and by `x - mean`. A row block stages a
// value two of its ops read in shared memory: 64 x 63 f64 (32 KB) and the
// sums' partials passed the 48 KB budget, so the planner left the cast in
// the convolution's kernel, which wrote an f64 copy (64,512 B) for the norm
// to read back. The GPU back end recomputes the cast in each reader before
// planning (`gpu/reduction_casts.py`): the convolution writes only its f32
// result, the norm reads it and its kernel takes the reduce schedule
// (no f64 row kept in each thread's stack either).
//
// RUN: %mlirfuse plan --backend gpu %s | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --chip sm_90 -o %t.ptx | %FileCheck %s --check-prefix=PTX
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=OK

// PLAN: @stem_norm: 2 kernels
// PLAN: group 0: single ops
// PLAN-NEXT: read 65,280 B, written 32,256 B,
// PLAN: group 1: reduction-epilogue
// PLAN-NEXT: read 32,256 B, written 32,256 B,

// PTX: kernels: 2
// PTX: k1: reduce schedule
// PTX: stem_norm_k1 {{ *[0-9]+ +0 +0 }}

// OK: result0: {{.*}} ok
// OK: verify: ok

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @stem_norm(%x: tensor<2x1x4096xf32>, %w: tensor<64x1x127xf32>) -> tensor<2x1x64x63xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %zero64 = arith.constant 0.000000e+00 : f64
    %n64 = arith.constant 4.032000e+03 : f64
    %n32 = arith.constant 4.032000e+03 : f32
    %eps = arith.constant 1.000000e-05 : f32
    %0 = tensor.empty() : tensor<2x64x63xf32>
    %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<2x64x63xf32>) -> tensor<2x64x63xf32>
    %2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<64> : vector<1xi64>} ins(%x, %w : tensor<2x1x4096xf32>, tensor<64x1x127xf32>) outs(%1 : tensor<2x64x63xf32>) -> tensor<2x64x63xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x64x63xf32>) outs(%0 : tensor<2x64x63xf32>) {
    ^bb0(%in: f32, %out: f32):
      %t = math.tanh %in : f32
      linalg.yield %t : f32
    } -> tensor<2x64x63xf32>
    %h = tensor.expand_shape %3 [[0], [1, 2], [3]] output_shape [2, 1, 64, 63] : tensor<2x64x63xf32> into tensor<2x1x64x63xf32>
    %e64 = tensor.empty() : tensor<2x1x64x63xf64>
    %wide = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%h : tensor<2x1x64x63xf32>) outs(%e64 : tensor<2x1x64x63xf64>) {
    ^bb0(%in: f32, %out: f64):
      %c = arith.extf %in : f32 to f64
      linalg.yield %c : f64
    } -> tensor<2x1x64x63xf64>
    %s64 = tensor.empty() : tensor<2x1x1x1xf64>
    %z64 = linalg.fill ins(%zero64 : f64) outs(%s64 : tensor<2x1x1x1xf64>) -> tensor<2x1x1x1xf64>
    %sum = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%wide : tensor<2x1x64x63xf64>) outs(%z64 : tensor<2x1x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %a = arith.addf %in, %out : f64
      linalg.yield %a : f64
    } -> tensor<2x1x1x1xf64>
    %mean = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum : tensor<2x1x1x1xf64>) outs(%s64 : tensor<2x1x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %d = arith.divf %in, %n64 : f64
      linalg.yield %d : f64
    } -> tensor<2x1x1x1xf64>
    %centred = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%wide, %mean : tensor<2x1x64x63xf64>, tensor<2x1x1x1xf64>) outs(%e64 : tensor<2x1x64x63xf64>) {
    ^bb0(%in: f64, %m: f64, %out: f64):
      %d = arith.subf %in, %m : f64
      linalg.yield %d : f64
    } -> tensor<2x1x64x63xf64>
    %sq = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%centred, %centred : tensor<2x1x64x63xf64>, tensor<2x1x64x63xf64>) outs(%e64 : tensor<2x1x64x63xf64>) {
    ^bb0(%in: f64, %in2: f64, %out: f64):
      %p = arith.mulf %in, %in2 : f64
      linalg.yield %p : f64
    } -> tensor<2x1x64x63xf64>
    %ssq = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%sq : tensor<2x1x64x63xf64>) outs(%z64 : tensor<2x1x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %a = arith.addf %in, %out : f64
      linalg.yield %a : f64
    } -> tensor<2x1x1x1xf64>
    %s32 = tensor.empty() : tensor<2x1x1x1xf32>
    %var = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ssq : tensor<2x1x1x1xf64>) outs(%s32 : tensor<2x1x1x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %d = arith.divf %in, %n64 : f64
      %t = arith.truncf %d : f64 to f32
      linalg.yield %t : f32
    } -> tensor<2x1x1x1xf32>
    %z32 = linalg.fill ins(%zero : f32) outs(%s32 : tensor<2x1x1x1xf32>) -> tensor<2x1x1x1xf32>
    %sum32 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%h : tensor<2x1x64x63xf32>) outs(%z32 : tensor<2x1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<2x1x1x1xf32>
    %e32 = tensor.empty() : tensor<2x1x64x63xf32>
    %y = linalg.generic {indexing_maps = [#map1, #map2, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%h, %sum32, %var : tensor<2x1x64x63xf32>, tensor<2x1x1x1xf32>, tensor<2x1x1x1xf32>) outs(%e32 : tensor<2x1x64x63xf32>) {
    ^bb0(%in: f32, %s: f32, %v: f32, %out: f32):
      %m = arith.divf %s, %n32 : f32
      %c = arith.subf %in, %m : f32
      %ve = arith.addf %v, %eps : f32
      %r = math.rsqrt %ve : f32
      %o = arith.mulf %c, %r : f32
      linalg.yield %o : f32
    } -> tensor<2x1x64x63xf32>
    return %y : tensor<2x1x64x63xf32>
  }
}
