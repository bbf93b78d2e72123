// Fusing fused IR changes nothing (fuzzer, seed 1 function 74, reduced; was not
// idempotent under greedy with reduction-prologue=false reduction-epilogue=false,
// like seed 20261130 function 0, BatchNorm statistics, and most of the 53
// variants with a pattern switch off in the slice).
// %m and %c are one elementwise chain; %c is read by the variance and by %y.
// %c was not recomputed into them because it reads %m from its own kernel (the
// copy would have tied the readers to that kernel); fused, the chain is one
// generic reading only arguments, and a second run recomputed it. A copy now
// takes along the ops of its kernel it reads (if they are cheap elementwise
// ops, counted together against the recompute bound), and a kernel whose ops
// all readers copy is dropped (policy/heuristic_recompute.py).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy reduction-prologue=false reduction-epilogue=false})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once

// CHECK-LABEL: func.func @centered
// CHECK-NOT: fusion.group
// CHECK: %[[VAR:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2xf32>)
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: %[[Y:.+]] = linalg.generic {{.*}} ins(%arg0, %arg1, %[[VAR]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK: arith.subf
// CHECK: math.rsqrt
// CHECK-NOT: linalg.generic
// CHECK: return %[[VAR]], %[[Y]]
func.func @centered(%x: tensor<2x3xf32>, %mean: tensor<2xf32>) -> (tensor<2xf32>, tensor<2x3xf32>) {
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
  return %var, %y : tensor<2xf32>, tensor<2x3xf32>
}
