// Fusing fused IR changes nothing (fuzzer, seed 38 functions 42 and 44 with
// `--dynamic 1`, reduced; was not idempotent under greedy with
// recompute=never max-operands=3). The greedy planner's fast operand count
// for chains counted the ops' `tensor.empty` inits as kernel operands (4:
// %arg0, two empties, the result), so the add was refused; after the first
// run the chain shares one empty (3) and a second run fused it. It now counts
// what `analysis.groups.kernel_operands` counts: no fill-kind values.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy recompute=never max-operands=3})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy recompute=never max-operands=3})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once
// CHECK-LABEL: func.func @round_trip_add
// CHECK: linalg.generic
// CHECK: arith.truncf
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @round_trip_add(%arg1: tensor<2xf32>) -> (tensor<2xf32>) {
  %t0 = tensor.empty() : tensor<2xbf16>
  %v2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : tensor<2xf32>) outs(%t0 : tensor<2xbf16>) {
  ^bb0(%t1: f32, %t2: bf16):
    %t3 = arith.truncf %t1 : f32 to bf16
    linalg.yield %t3 : bf16
  } -> tensor<2xbf16>
  %t4 = tensor.empty() : tensor<2xf32>
  %v5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v2 : tensor<2xbf16>) outs(%t4 : tensor<2xf32>) {
  ^bb0(%t5: bf16, %t6: f32):
    %t7 = arith.extf %t5 : bf16 to f32
    linalg.yield %t7 : f32
  } -> tensor<2xf32>
  %v6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v5, %arg1 : tensor<2xf32>, tensor<2xf32>) outs(%t4 : tensor<2xf32>) {
  ^bb0(%t8: f32, %t9: f32, %t10: f32):
    %t11 = arith.addf %t8, %t9 : f32
    linalg.yield %t11 : f32
  } -> tensor<2xf32>
  return %v6 : tensor<2xf32>
}
