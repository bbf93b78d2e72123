// Multi-result groups are one kernel each:
// - an intermediate that leaves the group is yielded by the fused loop nest;
// - independent roots (horizontal QKV-style matmuls sharing an LHS) are tiled
//   alike and their loops fused with transform.loop.fuse_sibling.
// RUN: %mlirfuse compile %s --no-fuse --emit-gpu %t.gpu.mlir -o %t.ptx | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// REPORT: kernels: 2
// REPORT-NEXT: k0: elementwise schedule
// REPORT-NEXT: k1: contraction schedule
// GPU-LABEL: // kernel escape_then_qkv_k0
// GPU: func.func @escape_then_qkv
// GPU-COUNT-1: gpu.launch_func @{{.*}}::@escape_then_qkv_k0
// GPU-COUNT-1: gpu.func @escape_then_qkv_k0
// GPU-LABEL: // kernel escape_then_qkv_k1
// GPU-COUNT-1: gpu.launch_func @{{.*}}::@escape_then_qkv_k1
// GPU-COUNT-1: gpu.func @escape_then_qkv_k1
// GPU-NOT: gpu.func @
// PTX-COUNT-2: .entry
// PTX-NOT: .entry
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @escape_then_qkv(%a: tensor<64x256xf32>, %wq: tensor<256x64xf32>, %wk: tensor<256x64xf32>) -> (tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<64x256xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = math.exp %x : f32
      linalg.yield %s : f32
    } -> tensor<64x256xf32>
    %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%0, %a : tensor<64x256xf32>, tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<64x256xf32>
    "gpu.yield"(%0, %1) : (tensor<64x256xf32>, tensor<64x256xf32>) -> ()
  }) {fusion.pattern = "elementwise-chain", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<64x256xf32>, tensor<64x256xf32>)
  %qk:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<64x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
    %q = linalg.matmul ins(%r#1, %wq : tensor<64x256xf32>, tensor<256x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
    %k = linalg.matmul ins(%r#1, %wk : tensor<64x256xf32>, tensor<256x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
    "gpu.yield"(%q, %k) : (tensor<64x64xf32>, tensor<64x64xf32>) -> ()
  }) {fusion.pattern = "horizontal-contraction", fusion.id = 1 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<64x64xf32>, tensor<64x64xf32>)
  return %r#0, %qk#0, %qk#1 : tensor<64x256xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
