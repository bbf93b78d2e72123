// Fusing fused IR changes nothing (fuzzer, seed 3 function 50, reduced; was not
// idempotent under greedy).
// %t, %s and %n are one elementwise chain; %n reads %s transposed, so the
// chain's ops iterate 3x2 and 2x3. The sibling rule's co-iterable check
// compared each member's own loop order and refused the chain's kernel next to
// its sibling %t2 (reading %arg0 too): "linalg.generic iterates 2x3, not the
// rows of 3x2". Fused, the chain is one generic over 2x3 and a second run
// paired them. Loop orders are now compared up to a permutation
// (analysis/sibling_spaces.py `co_iterable`; the group check still decides).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @permuted_siblings
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<3x2xf32>)
// CHECK: arith.subf
// CHECK: arith.negf
// CHECK: linalg.transpose ins(%arg0
// CHECK: fusion.pattern = "sibling"
// CHECK: return %[[G]]#1, %[[G]]#0
func.func @permuted_siblings(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %e0 = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e0 : tensor<3x2xf32>) permutation = [1, 0]
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t, %y : tensor<3x2xf32>, tensor<3x2xf32>) outs(%e0 : tensor<3x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<3x2xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x2xf32>) outs(%e1 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<3x2xf32>
  %t2 = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e2 : tensor<3x2xf32>) permutation = [1, 0]
  return %t2, %n : tensor<3x2xf32>, tensor<2x3xf32>
}
