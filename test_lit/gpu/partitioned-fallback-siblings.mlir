// A partitioned kernel whose parts take the fallback schedule (bf16
// contractions: tensor cores stage memory, parts may not) and whose second
// part has two sibling roots of one shape (llama_block_bf16's K and V
// projections beside Q, reduced). The siblings' block loops must be mapped
// alike (both `#gpu.block<x>`) for `loop.fuse_sibling` to merge them: it
// used to fail with "operations cannot be fused" (the sibling's block loop
// got a linear mapping). It compiles, ptxas assembles it, and the GPU
// schedule run on the CPU matches the original.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --no-fuse --chip sm_90 -o %t.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// KERNEL: kernels: 1
// KERNEL-NEXT: k0: partitioned(fallback+fallback) schedule
// OK: result0: tensor<32x64xbf16> {{.*}} ok
// OK: result1: tensor<32x32xbf16> {{.*}} ok
// OK: result2: tensor<32x32xbf16> {{.*}} ok
// OK: verify: ok
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @qkv(%x: tensor<32x64xbf16>, %wq: tensor<64x64xbf16>, %wk: tensor<32x64xbf16>, %wv: tensor<32x64xbf16>) -> (tensor<32x64xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e32 = tensor.empty() : tensor<32x32xbf16>
  %e64 = tensor.empty() : tensor<64x64xbf16>
  %aq = tensor.empty() : tensor<32x64xf32>
  %fq = linalg.fill ins(%zero : f32) outs(%aq : tensor<32x64xf32>) -> tensor<32x64xf32>
  %oq = tensor.empty() : tensor<32x64xbf16>
  %et = tensor.empty() : tensor<64x32xbf16>
  %akv = tensor.empty() : tensor<32x32xf32>
  %fkv = linalg.fill ins(%zero : f32) outs(%akv : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r:3 = "fusion.group"() ({
    %tq = linalg.transpose ins(%wq : tensor<64x64xbf16>) outs(%e64 : tensor<64x64xbf16>) permutation = [1, 0]
    %q = linalg.matmul ins(%x, %tq : tensor<32x64xbf16>, tensor<64x64xbf16>) outs(%fq : tensor<32x64xf32>) -> tensor<32x64xf32>
    %q16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%q : tensor<32x64xf32>) outs(%oq : tensor<32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %t = arith.truncf %in : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x64xbf16>
    %tk = linalg.transpose ins(%wk : tensor<32x64xbf16>) outs(%et : tensor<64x32xbf16>) permutation = [1, 0]
    %k = linalg.matmul ins(%x, %tk : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%fkv : tensor<32x32xf32>) -> tensor<32x32xf32>
    %k16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<32x32xf32>) outs(%e32 : tensor<32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %t = arith.truncf %in : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x32xbf16>
    %tv = linalg.transpose ins(%wv : tensor<32x64xbf16>) outs(%et : tensor<64x32xbf16>) permutation = [1, 0]
    %v = linalg.matmul ins(%x, %tv : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%fkv : tensor<32x32xf32>) -> tensor<32x32xf32>
    %v16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<32x32xf32>) outs(%e32 : tensor<32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %t = arith.truncf %in : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x32xbf16>
    gpu.yield %q16, %k16, %v16 : tensor<32x64xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>
  }) {fusion.id = 0 : i64, fusion.pattern = "horizontal-contraction", resultSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>} : () -> (tensor<32x64xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %r#0, %r#1, %r#2 : tensor<32x64xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>
}
