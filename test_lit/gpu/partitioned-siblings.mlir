// The partitioned schedule: sibling roots of different shapes in one kernel
// (grouped-query attention's Q/K/V projections: Q of N = 128, K and V of
// N = 32 sharing one part, tiled alike). Each part keeps its own schedule
// and block loop; after bufferization the block loops become one grid
// (block-id ranges). It compiles without spills for sm_90 and sm_80, ptxas
// assembles it, and the GPU schedule run on the CPU matches the original.
// REQUIRES: ptxas
// RUN: %mlirfuse compile %s --no-fuse --chip sm_90 -o %t.sm_90.ptx | %FileCheck %s --check-prefixes=GQA,NOSPILL
// RUN: ptxas -arch=sm_90 %t.sm_90.ptx -o %t.cubin
// RUN: %mlirfuse compile %s --no-fuse --chip sm_80 -o %t.sm_80.ptx | %FileCheck %s --check-prefixes=GQA,NOSPILL
// RUN: ptxas -arch=sm_80 %t.sm_80.ptx -o %t.cubin
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// GQA: kernels: 1
// GQA-NEXT: k0: partitioned(contraction+contraction) schedule
// NOSPILL: {{_k0 +[0-9]+ +0 +0 }}
// OK: verify: ok
func.func @gqa(%x: tensor<16x64xf32>, %wq: tensor<64x128xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>) -> (tensor<16x128xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %q, %k, %v = "fusion.group"() ({
    %eq = tensor.empty() : tensor<16x128xf32>
    %fq = linalg.fill ins(%zero : f32) outs(%eq : tensor<16x128xf32>) -> tensor<16x128xf32>
    %0 = linalg.matmul ins(%x, %wq : tensor<16x64xf32>, tensor<64x128xf32>) outs(%fq : tensor<16x128xf32>) -> tensor<16x128xf32>
    %ek = tensor.empty() : tensor<16x32xf32>
    %fk = linalg.fill ins(%zero : f32) outs(%ek : tensor<16x32xf32>) -> tensor<16x32xf32>
    %fv = linalg.fill ins(%zero : f32) outs(%ek : tensor<16x32xf32>) -> tensor<16x32xf32>
    %1 = linalg.matmul ins(%x, %wk : tensor<16x64xf32>, tensor<64x32xf32>) outs(%fk : tensor<16x32xf32>) -> tensor<16x32xf32>
    %2 = linalg.matmul ins(%x, %wv : tensor<16x64xf32>, tensor<64x32xf32>) outs(%fv : tensor<16x32xf32>) -> tensor<16x32xf32>
    "gpu.yield"(%0, %1, %2) : (tensor<16x128xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> ()
  }) {fusion.pattern = "horizontal-contraction", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>} : () -> (tensor<16x128xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
  return %q, %k, %v : tensor<16x128xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
