// Sibling roots whose parallel loops all have extent 1 (poolformer_layer's
// GroupNorm with one group: two sums of the whole sample to 1x1x1x1, and the
// f64 cast one of them reads, kept as a result). The fallback schedule tiles
// the root by one loop of one iteration; the sibling got no loop at all, and
// upstream's `transform.loop.fuse_sibling` aborted the compile child on an
// empty handle ("LoopLikeOpInterface ... front(): !empty()", exit 2). The
// sibling now gets its own one-iteration loop and both fuse into one kernel.
// RUN: %mlirfuse plan %s --backend gpu --target h200 | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --chip sm_90 --target h200 --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// PLAN: @sib: 1 kernels
// PLAN-NEXT: group 0: reduction-prologue ops [{{[0-9,]+}}] root {{[0-9]+}} kept [{{[0-9]+}}]
// COMPILED: kernels: 1 (1 distinct)
// COMPILED-NEXT: k0: fallback schedule, block (1, 1, 1)
// GPU-COUNT-1: gpu.launch_func
// GPU-NOT: gpu.launch_func
// GPU: gpu.func @sib_k0(%{{.*}}: memref<1x1x32x196xf32>, %{{.*}}: memref<1x1x32x196xf64>, %{{.*}}: memref<1x1xf64>, %{{.*}}: memref<1x1xf32>)
// VERIFIED-COUNT-3: ok
// VERIFIED-NEXT: verify: ok
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @sib(%x: tensor<1x1x32x196xf32>) -> (tensor<1x1x32x196xf64>, tensor<1x1x1x1xf64>, tensor<1x1x1x1xf32>) {
  %c0 = arith.constant 0.0 : f64
  %c1 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x1x32x196xf64>
  %w = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x1x32x196xf32>) outs(%e0 : tensor<1x1x32x196xf64>) {
  ^bb0(%in: f32, %out: f64):
    %a = arith.extf %in : f32 to f64
    linalg.yield %a : f64
  } -> tensor<1x1x32x196xf64>
  %e1 = tensor.empty() : tensor<1x1x1x1xf64>
  %z = linalg.fill ins(%c0 : f64) outs(%e1 : tensor<1x1x1x1xf64>) -> tensor<1x1x1x1xf64>
  %s = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%w : tensor<1x1x32x196xf64>) outs(%z : tensor<1x1x1x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %a = arith.addf %in, %out : f64
    linalg.yield %a : f64
  } -> tensor<1x1x1x1xf64>
  %e2 = tensor.empty() : tensor<1x1x1x1xf32>
  %z2 = linalg.fill ins(%c1 : f32) outs(%e2 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %s2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<1x1x32x196xf32>) outs(%z2 : tensor<1x1x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x1x1x1xf32>
  return %w, %s, %s2 : tensor<1x1x32x196xf64>, tensor<1x1x1x1xf64>, tensor<1x1x1x1xf32>
}
