// SAM2's memory attention: a single-head q·kᵀ whose reshapes and transpose
// were folded into its maps reads two `tensor<1x1x64x64xf32>` inputs at
// `(0, 0, d0, d2)`. The contraction schedule copies each operand's tile to
// shared memory, and upstream's copy mapping takes copies of 1 to 3 dims
// only: the compile aborted (GPUHeuristics.cpp, "only 1,2,3-D copies are
// supported for now"). Such an input is now read through a collapse_shape
// without its unit dims (gpu/unit_dim_reads.py).
// RUN: %mlirfuse compile %s --jobs 1 --emit-gpu %t.gpu.mlir | FileCheck %s
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// GPU: memref.collapse_shape {{.*}} : memref<1x1x64x64xf32> into memref<64x64xf32>
// OK: verify: ok

#q = affine_map<(d0, d1, d2) -> (0, 0, d0, d2)>
#k = affine_map<(d0, d1, d2) -> (0, 0, d1, d2)>
#scores = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @single_head_scores(%q: tensor<1x1x64x64xf32>, %k: tensor<1x1x64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #scores], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<1x1x64x64xf32>, tensor<1x1x64x64xf32>) outs(%z : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<64x64xf32>
  return %s : tensor<64x64xf32>
}
