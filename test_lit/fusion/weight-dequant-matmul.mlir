// A weight-only quantized linear (W8A16, as torch-mlir exports a model whose
// int8 weights are dequantized in forward): the int8 weight is converted,
// scaled per output channel and transposed, then a matmul reads it. The
// dequantization reads nothing but arguments and costs a few flops per
// element (`analysis.kinds.is_weight_prologue`), so the matmul computes it
// in its operand tile loads: one kernel, reading the int8 weight itself; the
// float weight is never written. Each output tile along the rows recomputes
// it, which the cost model prices (`cost.estimate.tile_recompute_flops`):
// with 32768 rows (512 tiles) the recomputation costs more than the round
// trip it saves, and the dequantization stays a kernel of its own.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s --check-prefixes=CHECK,AUTO
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' | FileCheck %s --check-prefixes=CHECK,GREEDY
// RUN: %mlirfuse plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s --check-prefix=GPU
// RUN: %mlirfuse verify %s --func w8 | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func w8 --schedule gpu | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once.mlir
// RUN: %mlirfuse-opt %t.once.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

// CHECK-LABEL: func.func @w8(
// CHECK: "fusion.group"() ({
// CHECK: arith.sitofp %{{.*}} : i8 to f32
// CHECK: linalg.matmul
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK-NOT: fusion.group
// CHECK: return

// CHECK-LABEL: func.func @large_m(
// AUTO: arith.sitofp %{{.*}} : i8 to f32
// AUTO: "fusion.group"() ({
// AUTO-NOT: arith.sitofp
// AUTO: linalg.matmul
// GREEDY: "fusion.group"() ({
// GREEDY: arith.sitofp %{{.*}} : i8 to f32
// GREEDY-NOT: linalg.matmul
// GREEDY: gpu.yield
// GREEDY: linalg.matmul
// CHECK: return

// PLAN: @w8: 1 kernels
// PLAN: @large_m: 2 kernels

// GPU: kernels: 3
// GPU-NEXT: k0: contraction schedule
// OK: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
func.func @w8(%x: tensor<16x64xf32>, %w: tensor<128x64xi8>, %s: tensor<128xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x64xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%w : tensor<128x64xi8>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: i8, %o: f32):
    %f = arith.sitofp %a : i8 to f32
    linalg.yield %f : f32
  } -> tensor<128x64xf32>
  %s2 = tensor.expand_shape %s [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
  %ws = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%wf, %s2 : tensor<128x64xf32>, tensor<128x1xf32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<128x64xf32>
  %et = tensor.empty() : tensor<64x128xf32>
  %wt = linalg.transpose ins(%ws : tensor<128x64xf32>) outs(%et : tensor<64x128xf32>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<16x128xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<16x128xf32>) -> tensor<16x128xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<16x64xf32>, tensor<64x128xf32>) outs(%fo : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %y : tensor<16x128xf32>
}

func.func @large_m(%x: tensor<32768x1024xf32>, %w: tensor<1024x1024xi8>, %s: tensor<1024xf32>) -> tensor<32768x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %wf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%w : tensor<1024x1024xi8>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: i8, %o: f32):
    %f = arith.sitofp %a : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1024x1024xf32>
  %s2 = tensor.expand_shape %s [[0, 1]] output_shape [1024, 1] : tensor<1024xf32> into tensor<1024x1xf32>
  %ws = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%wf, %s2 : tensor<1024x1024xf32>, tensor<1024x1xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1024x1024xf32>
  %et = tensor.empty() : tensor<1024x1024xf32>
  %wt = linalg.transpose ins(%ws : tensor<1024x1024xf32>) outs(%et : tensor<1024x1024xf32>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<32768x1024xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<32768x1024xf32>) -> tensor<32768x1024xf32>
  %y = linalg.matmul ins(%x, %wt : tensor<32768x1024xf32>, tensor<1024x1024xf32>) outs(%fo : tensor<32768x1024xf32>) -> tensor<32768x1024xf32>
  return %y : tensor<32768x1024xf32>
}
