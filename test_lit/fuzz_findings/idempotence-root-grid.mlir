// Fusing fused IR changes nothing (fuzzer, seed 1 function 161 of the generator
// before model features, reduced; was not idempotent under greedy, dp, auto).
// The argmax reads a transpose (a prologue over the same 8x5 loops) and feeds an
// elementwise epilogue over its 8 rows. check_group judged the group's grid by
// its first largest op, the all-parallel transpose, so the epilogue was refused;
// after the prologue merged into the reduction, a second run accepted it. The
// grid is now the root's among equally large ops: one run forms the whole kernel.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' > %t.dp
// RUN: %mlirfuse-opt %t.dp --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' > %t.dp2
// RUN: cmp %t.dp %t.dp2
// RUN: FileCheck %s < %t.dp

// CHECK-LABEL: func.func @argmax_transpose_epilogue
// CHECK: %[[G:.+]] = "fusion.group"()
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]{{.*}} ins(%arg0 : tensor<8x5xf32>)
// CHECK: arith.addi
// CHECK: fusion.pattern = "reduction-epilogue"
// CHECK-NOT: linalg.
// CHECK: return %[[G]]
func.func @argmax_transpose_epilogue(%arg0: tensor<8x5xf32>, %arg4: tensor<i32>) -> (tensor<8xi32>) {
  %t0 = tensor.empty() : tensor<5x8xf32>
  %v1 = linalg.transpose ins(%arg0 : tensor<8x5xf32>) outs(%t0 : tensor<5x8xf32>) permutation = [1, 0]
  %t1 = tensor.empty() : tensor<8xf32>
  %t2 = arith.constant 0xFF800000 : f32
  %t3 = linalg.fill ins(%t2 : f32) outs(%t1 : tensor<8xf32>) -> tensor<8xf32>
  %t4 = tensor.empty() : tensor<8xi32>
  %t5 = arith.constant 0 : i32
  %t6 = linalg.fill ins(%t5 : i32) outs(%t4 : tensor<8xi32>) -> tensor<8xi32>
  %v2, %v3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%v1 : tensor<5x8xf32>) outs(%t3, %t6 : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%t7: f32, %t8: f32, %t9: i32):
    %t10 = linalg.index 0 : index
    %t11 = arith.index_cast %t10 : index to i32
    %t12 = arith.cmpf ogt, %t7, %t8 : f32
    %t13 = arith.select %t12, %t7, %t8 : f32
    %t14 = arith.select %t12, %t11, %t9 : i32
    linalg.yield %t13, %t14 : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  %t15 = tensor.empty() : tensor<8xi32>
  %v5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v3, %v3, %arg4 : tensor<8xi32>, tensor<8xi32>, tensor<i32>) outs(%t15 : tensor<8xi32>) {
  ^bb0(%t16: i32, %t17: i32, %t18: i32, %t19: i32):
    %t20 = arith.addi %t16, %t17 : i32
    %t21 = arith.maxsi %t20, %t18 : i32
    linalg.yield %t21 : i32
  } -> tensor<8xi32>
  return %v5 : tensor<8xi32>
}
