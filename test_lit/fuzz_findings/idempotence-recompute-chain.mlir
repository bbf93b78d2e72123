// Fusing fused IR changes nothing (fuzzer, seed 1 function 954 of the generator
// before model features, reduced; was not idempotent under greedy).
// Dynamic shapes: no elementwise join is proven, only recomputation fuses. The
// cheap copy %v1 is recomputed into %v4's kernel, and %v4 into %v6's; the copy of
// %v4 in %v6's kernel read %v1 itself, so after merging %v6 read %v1 and a second
// run recomputed %v1 there. A copy now takes along what its producer's kernel
// recomputes, so one run leaves nothing to copy. The first kernel's two-result
// generic, read whole by its last op, is split and merged into it
// (transforms/merge_split.py): one generic per kernel.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @recompute_chain
// CHECK-NOT: fusion.group
// CHECK: %[[G:.+]] = linalg.generic {{.*}} ins(%arg0, %arg2 : tensor<?xi32>, tensor<?xf32>)
// CHECK-COUNT-1: arith.sitofp
// CHECK-NOT: fusion.group
// CHECK: %[[K:.+]] = linalg.generic {{.*}} ins(%arg2, %arg0, %arg1 : tensor<?xf32>, tensor<?xi32>, tensor<?xf32>)
// CHECK: return %[[G]], %[[K]]
func.func @recompute_chain(%arg0: tensor<?xi32>, %arg7: tensor<?xf32>, %v3: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %t0 = tensor.dim %arg0, %c0 : tensor<?xi32>
  %t1 = tensor.empty(%t0) : tensor<?xi32>
  %v1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0 : tensor<?xi32>) outs(%t1 : tensor<?xi32>) {
  ^bb0(%t2: i32, %t3: i32):
    linalg.yield %t2 : i32
  } -> tensor<?xi32>
  %t4 = tensor.dim %v3, %c0 : tensor<?xf32>
  %t5 = tensor.empty(%t4) : tensor<?xf32>
  %v4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v3, %v1 : tensor<?xf32>, tensor<?xi32>) outs(%t5 : tensor<?xf32>) {
  ^bb0(%t6: f32, %t7: i32, %t8: f32):
    %t9 = arith.sitofp %t7 : i32 to f32
    %t10 = arith.subf %t6, %t9 : f32
    linalg.yield %t10 : f32
  } -> tensor<?xf32>
  %t11 = tensor.dim %v1, %c0 : tensor<?xi32>
  %t12 = tensor.empty(%t11) : tensor<?xf32>
  %v6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v1, %v4, %v3 : tensor<?xi32>, tensor<?xf32>, tensor<?xf32>) outs(%t12 : tensor<?xf32>) {
  ^bb0(%t13: i32, %t14: f32, %t15: f32, %t16: f32):
    %t17 = arith.sitofp %t13 : i32 to f32
    %t18 = arith.subf %t17, %t14 : f32
    %t19 = arith.mulf %t18, %t15 : f32
    linalg.yield %t19 : f32
  } -> tensor<?xf32>
  %t20 = tensor.dim %v4, %c0 : tensor<?xf32>
  %t21 = tensor.empty(%t20) : tensor<?xf32>
  %v8 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v4, %arg7 : tensor<?xf32>, tensor<?xf32>) outs(%t21 : tensor<?xf32>) {
  ^bb0(%t22: f32, %t23: f32, %t24: f32):
    %t25 = arith.mulf %t22, %t23 : f32
    linalg.yield %t25 : f32
  } -> tensor<?xf32>
  return %v6, %v8 : tensor<?xf32>, tensor<?xf32>
}
