// A hand-written reduction-epilogue group (softmax over rows) becomes one
// kernel: one block per row, each op of the group its own thread loop,
// one thread per 4 elements of the row (128-bit loads), reductions split
// into per-thread partials combined by a block-wide gpu.all_reduce (warp
// shuffles, then one shared-memory step across the warps).
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// REPORT: kernels: 1
// REPORT-NEXT: k0: row schedule, block (32, 1, 1)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU: gpu.barrier
// GPU: vector.load {{.*}} {alignment = 16 : i64} {{.*}} vector<4xf32>
// GPU: gpu.all_reduce {{ *}}maximumf
// GPU: gpu.all_reduce {{ *}}add
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: ld.global.v4.{{[bf]}}32
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %e1 = tensor.empty() : tensor<64xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
    %m = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x128xf32>) outs(%m0 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.maximumf %in, %out : f32
      linalg.yield %0 : f32
    } -> tensor<64xf32>
    %e2 = tensor.empty() : tensor<64x128xf32>
    %ex = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<64x128xf32>, tensor<64xf32>) outs(%e2 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %mx: f32, %out: f32):
      %0 = arith.subf %in, %mx : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    } -> tensor<64x128xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
    %s = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<64x128xf32>) outs(%s0 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    } -> tensor<64xf32>
    %d = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<64x128xf32>, tensor<64xf32>) outs(%e2 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %sum: f32, %out: f32):
      %0 = arith.divf %in, %sum : f32
      linalg.yield %0 : f32
    } -> tensor<64x128xf32>
    "gpu.yield"(%d) : (tensor<64x128xf32>) -> ()
  }) {fusion.pattern = "reduction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
