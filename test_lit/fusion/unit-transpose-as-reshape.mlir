// A transpose that moves only unit dims is a reshape
// (transforms/unit_transposes.py). Neighborhood attention's scores
// (`bnhwd,bnhwijd->bnhwij`) are a 2x4x5x5 generic that torch-mlir views as
// the batch matmul's 8x1x25, expands to 2x4x1x5x5, moves the unit dim last
// with a transpose and collapses it away for the bias add: the same
// elements in the same order, but a copy kernel between reshapes, so the
// scores and their bias add were three kernels. Now the add reads the
// scores directly: one kernel.
// @moves_a_real_dim: the transpose swaps two dims of size > 1; it stays.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE
// RUN: %mlirfuse verify %s --func unit_dim_moved --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func moves_a_real_dim --schedule gpu | %FileCheck %s --check-prefix=OK

// CHECK-LABEL: func.func @unit_dim_moved(
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: } -> tensor<2x4x5x5xf32>
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.*}} ins(%[[S]], %{{.*}} : tensor<2x4x5x5xf32>, tensor<4x5x5xf32>)
// CHECK-LABEL: func.func @moves_a_real_dim(
// CHECK: linalg.transpose

// COMPILE: kernels: 2
// COMPILE-NEXT: k0: elementwise schedule
// COMPILE-NEXT: k1:
// OK: verify: ok

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>

func.func @unit_dim_moved(%x: tensor<2x4x5x5xf32>, %b: tensor<4x5x5xf32>) -> tensor<2x4x5x5xf32> {
  %e = tensor.empty() : tensor<2x4x5x5xf32>
  %s = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<2x4x5x5xf32>) outs(%e : tensor<2x4x5x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<2x4x5x5xf32>
  %flat = tensor.collapse_shape %s [[0, 1], [2, 3]] : tensor<2x4x5x5xf32> into tensor<8x25xf32>
  %bmm = tensor.expand_shape %flat [[0], [1, 2]] output_shape [8, 1, 25] : tensor<8x25xf32> into tensor<8x1x25xf32>
  %heads = tensor.expand_shape %bmm [[0, 1], [2], [3, 4]] output_shape [2, 4, 1, 5, 5] : tensor<8x1x25xf32> into tensor<2x4x1x5x5xf32>
  %e5 = tensor.empty() : tensor<2x4x5x5x1xf32>
  %moved = linalg.transpose ins(%heads : tensor<2x4x1x5x5xf32>) outs(%e5 : tensor<2x4x5x5x1xf32>) permutation = [0, 1, 3, 4, 2]
  %scores = tensor.collapse_shape %moved [[0], [1], [2], [3, 4]] : tensor<2x4x5x5x1xf32> into tensor<2x4x5x5xf32>
  %out = linalg.generic {indexing_maps = [#id4, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%scores, %b : tensor<2x4x5x5xf32>, tensor<4x5x5xf32>) outs(%e : tensor<2x4x5x5xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %t = arith.addf %a, %c : f32
    linalg.yield %t : f32
  } -> tensor<2x4x5x5xf32>
  return %out : tensor<2x4x5x5xf32>
}

func.func @moves_a_real_dim(%x: tensor<4x6xf32>) -> tensor<6x4xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<6x4xf32>
  %t = linalg.transpose ins(%s : tensor<4x6xf32>) outs(%e2 : tensor<6x4xf32>) permutation = [1, 0]
  return %t : tensor<6x4xf32>
}
