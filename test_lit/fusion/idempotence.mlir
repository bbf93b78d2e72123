// Fusing already-fused IR changes nothing (fuzzer: seed 5, function 268).
// Each init here is sized by `tensor.dim` of the previous kernel's result, a
// shape-only use that looked like a path mul -> dim -> empty -> copy (a cycle):
// the first run fused only copy+max and a second run then fused the rest.
// Shape queries now read the init, so one run fuses the whole chain.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: diff %t.once %t.twice
// RUN: FileCheck %s < %t.once
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' \
// RUN:   | %mlirfuse-opt --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s

// One kernel, no shape query of a fused-away value left behind.
// CHECK-LABEL: func.func @dynamic_chain
// CHECK-NOT: tensor.dim %{{.+}}, %{{.+}} : tensor<?x3x3xf32>
// CHECK: %[[D:.+]] = tensor.dim %arg0, %c0 : tensor<?x3x3xf64>
// CHECK-NEXT: %[[E:.+]] = tensor.empty(%[[D]]) : tensor<?x3x3xf64>
// CHECK-NEXT: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%arg0, %arg2, %arg1 : tensor<?x3x3xf64>, tensor<?x3x3xf32>, tensor<?x3xf32>) outs(%[[E]] : tensor<?x3x3xf64>)
// CHECK: arith.mulf
// CHECK-NEXT: arith.extf
// CHECK-NEXT: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK-NOT: fusion.group
// CHECK: return %[[R]]
func.func @dynamic_chain(%arg1: tensor<?x3x3xf64>, %arg3: tensor<?x3xf32>, %v6: tensor<?x3x3xf32>) -> (tensor<?x3x3xf64>) {
  %c0 = arith.constant 0 : index
  %t0 = tensor.dim %v6, %c0 : tensor<?x3x3xf32>
  %t1 = tensor.empty(%t0) : tensor<?x3x3xf32>
  %v7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v6, %arg3 : tensor<?x3x3xf32>, tensor<?x3xf32>) outs(%t1 : tensor<?x3x3xf32>) {
  ^bb0(%t2: f32, %t3: f32, %t4: f32):
    %t5 = arith.mulf %t2, %t3 : f32
    linalg.yield %t5 : f32
  } -> tensor<?x3x3xf32>
  %t6 = tensor.dim %v7, %c0 : tensor<?x3x3xf32>
  %t7 = tensor.empty(%t6) : tensor<?x3x3xf32>
  %v8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v7 : tensor<?x3x3xf32>) outs(%t7 : tensor<?x3x3xf32>) {
  ^bb0(%t8: f32, %t9: f32):
    linalg.yield %t8 : f32
  } -> tensor<?x3x3xf32>
  %t10 = tensor.dim %arg1, %c0 : tensor<?x3x3xf64>
  %t11 = tensor.empty(%t10) : tensor<?x3x3xf64>
  %v9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %v8 : tensor<?x3x3xf64>, tensor<?x3x3xf32>) outs(%t11 : tensor<?x3x3xf64>) {
  ^bb0(%t12: f64, %t13: f32, %t14: f64):
    %t15 = arith.extf %t13 : f32 to f64
    %t16 = arith.maximumf %t12, %t15 : f64
    linalg.yield %t16 : f64
  } -> tensor<?x3x3xf64>
  return %v9 : tensor<?x3x3xf64>
}
