// An elementwise chain group (3 ops) is one kernel, 4 elements per thread as
// one 128-bit load per input and one 128-bit store.
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// The named pipelines take the outlined module on to PTX for either chip.
// RUN: %mlirfuse-opt %t.gpu.mlir --pass-pipeline=@gpu-nvvm-sm_80 | %FileCheck %s --check-prefix=SM80
// RUN: %mlirfuse-opt %t.gpu.mlir --pass-pipeline=@gpu-nvvm | %FileCheck %s --check-prefix=SM90
// SM80: gpu.binary
// SM80-SAME: .target sm_80
// SM90: gpu.binary
// SM90-SAME: .target sm_90
// REPORT: kernels: 1
// REPORT-NEXT: k0: elementwise schedule
// GPU-COUNT-1: gpu.func @
// GPU-NOT: gpu.func @
// PTX-COUNT-1: .entry
// PTX-NOT: .entry
// PTX-COUNT-2: ld.global.v4.b32
// PTX-NOT: ld.global.b32
// PTX: st.global.v4.b32
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%a: tensor<256x1024xf32>, %b: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<256x1024xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<256x1024xf32>, tensor<256x1024xf32>) outs(%e : tensor<256x1024xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<256x1024xf32>
    %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<256x1024xf32>) outs(%e : tensor<256x1024xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<256x1024xf32>
    %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%1, %a : tensor<256x1024xf32>, tensor<256x1024xf32>) outs(%e : tensor<256x1024xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<256x1024xf32>
    "gpu.yield"(%2) : (tensor<256x1024xf32>) -> ()
  }) {fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}
