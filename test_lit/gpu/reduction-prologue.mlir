// An elementwise producer fused into a row reduction (sum of squares, a
// reduction-prologue group): one kernel, one block per row, the squares
// computed cooperatively (4 per thread, 128-bit loads), the sum split into
// per-thread partials combined by warp shuffles (gpu.all_reduce).
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=CPU
// REPORT: kernels: 1
// REPORT-NEXT: k0: row schedule, block (128, 1, 1)
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// GPU: gpu.all_reduce {{ *}}add {{.*}} uniform
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX: ld.global.v4.{{[bf]}}32
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync
// CPU: verify: ok
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @sumsq(%x: tensor<32x512xf32>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<32x512xf32>
    %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x512xf32>) outs(%e : tensor<32x512xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.mulf %v, %v : f32
      linalg.yield %m : f32
    } -> tensor<32x512xf32>
    %e1 = tensor.empty() : tensor<32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
    %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<32x512xf32>) outs(%f : tensor<32xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    } -> tensor<32xf32>
    "gpu.yield"(%s) : (tensor<32xf32>) -> ()
  }) {fusion.pattern = "reduction-prologue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<32xf32>
  return %r : tensor<32xf32>
}
