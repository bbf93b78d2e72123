// Fusing fused IR changes nothing (fuzzer, seed 1 function 182, reduced; was not
// idempotent under greedy with reduction-prologue=false reduction-epilogue=false).
// %m (over 2) and %c (over 2x3, reading %m through a broadcast map) are one
// elementwise chain, returned and copied into the variance's kernel. The
// sibling rule's co-iterable check saw %m's loops, of another rank than the
// variance's, and kept the siblings apart; fused, %m is part of %c's generic
// and a second run paired them. As in the analysis' group check, an op its
// readers recompute through broadcast maps is no grid of the kernel now.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @returned_centered
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: %[[C:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[C]] : tensor<2x3xf32>)
// CHECK: fusion.pattern = "sibling"
// CHECK: %[[Y:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1, %[[G]]#1
// CHECK: return %[[G]]#0, %[[G]]#1, %[[Y]]
func.func @returned_centered(%x: tensor<2x3xf32>, %mean: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %third = arith.constant 0.333333343 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%mean : tensor<2xf32>) outs(%e1 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %third : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %var = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%c : tensor<2x3xf32>) outs(%f : tensor<2xf32>) {
  ^bb0(%a: f32, %out: f32):
    %sq = arith.mulf %a, %a : f32
    %acc = arith.addf %sq, %out : f32
    linalg.yield %acc : f32
  } -> tensor<2xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c, %var : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %v: f32, %out: f32):
    %r = math.rsqrt %v : f32
    %p = arith.mulf %a, %r : f32
    linalg.yield %p : f32
  } -> tensor<2x3xf32>
  return %c, %var, %y : tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
}
