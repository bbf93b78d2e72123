// Qwen3 in f16: the K and V projections share their input. K's result is
// rounded to f16 and widened back to f32 for its per-head RMSNorm, V's stays
// f16. As one sibling kernel, tile and fuse gave both accumulators' f32
// fills a slice of V's f16 result as their destination ("'linalg.fill' op
// expected fill value type ('f32') to match output element type ('f16')").
// Contraction siblings whose results differ in element type are refused
// (`gpu-mixed-roots`): one kernel per projection, and the compile succeeds.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse explain %s --group 3,4,5,7 --backend gpu | FileCheck %s --check-prefix=WHY
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// PLAN: @kv: 2 kernels
// PLAN: refused by the analysis (gpu-mixed-roots)
// WHY: group kv:3,kv:4,kv:5,kv:7: refused [gpu-mixed-roots]: contraction siblings with f16 and f32 results
// OK: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @kv(%x: tensor<16x64xf16>, %wk: tensor<64x32xf16>, %wv: tensor<64x32xf16>) -> (tensor<16x32xf32>, tensor<16x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<16x64xf16>, tensor<64x32xf16>) outs(%z : tensor<16x32xf32>) -> tensor<16x32xf32>
  %kr = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.truncf %a : f32 to f16
    %w = arith.extf %t : f16 to f32
    linalg.yield %w : f32
  } -> tensor<16x32xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<16x64xf16>, tensor<64x32xf16>) outs(%z : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e16 = tensor.empty() : tensor<16x32xf16>
  %vh = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<16x32xf32>) outs(%e16 : tensor<16x32xf16>) {
  ^bb0(%a: f32, %o: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<16x32xf16>
  return %kr, %vh : tensor<16x32xf32>, tensor<16x32xf16>
}
