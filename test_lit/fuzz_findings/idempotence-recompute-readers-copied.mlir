// Fusing fused IR changes nothing (fuzzer, seed 1 function 30, reduced; was not
// idempotent under greedy with reduction-prologue=false reduction-epilogue=false).
// %m is returned and read by %c only; %c is recomputed into the variance and
// into %y. %m was judged first, when one kernel (%c's) read it, and left
// alone; once %c was copied into two kernels, both read %m through their
// copies, and a second run recomputed %m into them. Recomputation is now
// repeated until nothing changes, an op copied away counting as read by the
// kernels holding its copies ("recompute decisions do not depend on use counts
// that fusion itself changes").
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @returned_mean
// CHECK: %[[M:.+]] = linalg.generic {{.*}} ins(%arg1 : tensor<2xf32>)
// CHECK: %[[VAR:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2xf32>)
// CHECK: %[[Y:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1, %[[VAR]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK: return %[[M]], %[[VAR]], %[[Y]]
func.func @returned_mean(%x: tensor<2x3xf32>, %mean: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) {
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
  return %m, %var, %y : tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>
}
