// Fusing fused IR changes nothing (fuzzer, model-shaped generator, seed 42
// function 54, reduced; was not idempotent under greedy).
// %sq joins the row sum as its prologue and is recomputed into the column sum.
// The sibling rule did not see the copy: the column sum still seemed to read
// %sq from the row sum's kernel (a path between the two), so they stayed two
// kernels; fused, both read %arg0 and a second run made them siblings. The
// sibling rule now reads a group's recomputed ops as part of it: the group
// reads their inputs, and no path runs through the op it copies.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @recomputed_prologue_siblings
// CHECK: %[[G:.+]]:2 = "fusion.group"()
// CHECK: %[[SQ:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<3x6xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[SQ]]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%[[SQ]]
// CHECK: fusion.pattern = "sibling"
// CHECK: return %[[G]]#0, %[[G]]#1
func.func @recomputed_prologue_siblings(%x: tensor<3x6xf32>) -> (tensor<3xf32>, tensor<6xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3x6xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x6xf32>) outs(%e : tensor<3x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<3x6xf32>
  %er = tensor.empty() : tensor<3xf32>
  %fr = linalg.fill ins(%cst : f32) outs(%er : tensor<3xf32>) -> tensor<3xf32>
  %rows = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<3x6xf32>) outs(%fr : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<3xf32>
  %ec = tensor.empty() : tensor<6xf32>
  %fc = linalg.fill ins(%cst : f32) outs(%ec : tensor<6xf32>) -> tensor<6xf32>
  %cols = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%sq : tensor<3x6xf32>) outs(%fc : tensor<6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<6xf32>
  return %rows, %cols : tensor<3xf32>, tensor<6xf32>
}
