// The sibling passes after the umbrella pass: `mlirfuse-fuse` (whose planner
// calls the sibling rule) forms "sibling" and "horizontal-contraction" groups;
// running the sibling passes after it turns each such group's body into one op.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s --check-prefix=FUSE
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse,mlirfuse-fuse-siblings)' | FileCheck %s --check-prefix=SIB
// RUN: %mlirfuse-opt %S/../../examples/attention_qkv.mlir --pass-pipeline='builtin.module(mlirfuse-fuse,mlirfuse-horizontal-contraction)' | FileCheck %s --check-prefix=QKV
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse,mlirfuse-horizontal-contraction,mlirfuse-fuse-siblings)' | FileCheck %s --check-prefix=ALL
// RUN: %mlirfuse verify %s --func projections_with_bias --pass-pipeline='builtin.module(mlirfuse-fuse,mlirfuse-horizontal-contraction,mlirfuse-fuse-siblings)' 2>&1 | FileCheck %s --check-prefix=VERIFY

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// FUSE-LABEL: func.func @row_stats
// FUSE: %[[G:.+]]:2 = "fusion.group"() ({
// FUSE-COUNT-2: linalg.generic
// FUSE: fusion.pattern = "sibling"
// FUSE: return %[[G]]#0, %[[G]]#1
// SIB-LABEL: func.func @row_stats
// SIB: %[[G:.+]]:2 = "fusion.group"() ({
// SIB-NEXT: %[[R:.+]]:2 = linalg.generic
// SIB-NOT: linalg.generic
// SIB: gpu.yield %[[R]]#0, %[[R]]#1
// SIB: fusion.pattern = "sibling"
func.func @row_stats(%x: tensor<16x64xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<16xf32>
  %sumsq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<16x64xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %0, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<16xf32>
  return %sum, %sumsq : tensor<16xf32>, tensor<16xf32>
}

// QKV-LABEL: func.func @attention_qkv
// QKV: %[[G:.+]]:3 = "fusion.group"() ({
// QKV: tensor.concat dim(1)
// QKV: %[[M:.+]] = linalg.matmul
// QKV-NOT: linalg.matmul
// QKV: gpu.yield
// QKV: fusion.pattern = "horizontal-contraction"
// QKV: return %[[G]]#0, %[[G]]#1, %[[G]]#2

// torch-style projections: x . transpose(W) + b for Q and K. The umbrella pass
// makes one "horizontal-contraction" group of both matmuls with their weight
// transposes and bias epilogues; the horizontal pass then leaves one matmul.
#bias = affine_map<(d0, d1) -> (d1)>
// ALL-LABEL: func.func @projections_with_bias
// ALL: %[[G:.+]]:2 = "fusion.group"() ({
// ALL: tensor.concat dim(1)
// ALL: linalg.matmul
// ALL-NOT: linalg.matmul
// ALL: fusion.pattern = "horizontal-contraction"
// ALL-NOT: linalg.
// ALL: return %[[G]]#0, %[[G]]#1
// VERIFY: kernels: 6 before, 1 after
// VERIFY: verify: ok
func.func @projections_with_bias(%x: tensor<8x32xf32>, %wq: tensor<16x32xf32>, %wk: tensor<16x32xf32>,
                                 %bq: tensor<16xf32>, %bk: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<32x16xf32>
  %tq = linalg.transpose ins(%wq : tensor<16x32xf32>) outs(%et : tensor<32x16xf32>) permutation = [1, 0]
  %tk = linalg.transpose ins(%wk : tensor<16x32xf32>) outs(%et : tensor<32x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %q = linalg.matmul ins(%x, %tq : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %k = linalg.matmul ins(%x, %tk : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %qb = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q, %bq : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %0 = arith.addf %a, %c : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %kb = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%k, %bk : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %0 = arith.addf %a, %c : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %qb, %kb : tensor<8x16xf32>, tensor<8x16xf32>
}
