// A generic reading a computed value through a regrouping reshape moves onto
// its pivot's space with that value read as one new reshape of its root
// (transforms/reshape_propagation.py, `_costs_no_fusion`), where nothing
// fused through the old reshapes and its results go where no kernel fuses
// (a contraction, a slice, the return, an elementwise generic that follows).
// @routed_scale: Llama-4's MoE scales the tokens broadcast per expert
// (4x12x64, collapsed to 48x64) by the router's transposed top-k scores
// (4x12 -> 48 -> 48x1) before the experts' batch matmul. The scale moves onto
// 4x12x64, reading the broadcast directly and the scores as 4x12x1: the
// broadcast and the scale share a kernel (before: a collapse between them,
// gpu-reshape-inside).
// @into_reduction: the same scale summed over the experts (Capsule routing):
// a reshape back would stand between the scale and the reduction that takes
// it as a prologue, so it stays on 48x64.
// @unit_expand: a row max read back through a unit expand (1x64 -> 1x64x1,
// folded into the generic's map inside the kernel) would have to be read as
// 64x1 (a collapse and an expand, no kernel fuses through them): the
// subtraction stays on 1x64x1 with its reduction (SwiftFormer's additive
// attention). The GPU back end then finds the max over one element
// elementwise (transforms/unit_reductions.py): one kernel with the matmul.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu --search auto | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE
// RUN: %mlirfuse verify %s --func routed_scale --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func into_reduction --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func unit_expand --schedule gpu | %FileCheck %s --check-prefix=OK

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bcast = affine_map<(d0, d1, d2) -> (d1, d2)>
#last0 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>

// CHECK-LABEL: func.func @routed_scale
// CHECK: %[[TR:.+]] = linalg.transpose
// CHECK: %[[BC:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<12x64xf32>) outs(%{{.+}} : tensor<4x12x64xf32>)
// CHECK: %[[S:.+]] = tensor.expand_shape %[[TR]] {{\[\[}}0], [1, 2]] output_shape [4, 12, 1] : tensor<4x12xf32> into tensor<4x12x1xf32>
// CHECK: %[[SC:.+]] = linalg.generic {{.*}} ins(%[[BC]], %[[S]] : tensor<4x12x64xf32>, tensor<4x12x1xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.batch_matmul ins(%[[SC]], %arg2 : tensor<4x12x64xf32>, tensor<4x64x32xf32>)
func.func @routed_scale(%tok: tensor<12x64xf32>, %scores: tensor<12x4xf32>, %w: tensor<4x64x32xf32>) -> tensor<4x12x32xf32> {
  %z = arith.constant 0.0 : f32
  %e12 = tensor.empty() : tensor<12x4xf32>
  %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%scores : tensor<12x4xf32>) outs(%e12 : tensor<12x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = arith.negf %i : f32
    %x = math.exp %v : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %x, %one : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  } -> tensor<12x4xf32>
  %e4 = tensor.empty() : tensor<4x12xf32>
  %t = linalg.transpose ins(%p : tensor<12x4xf32>) outs(%e4 : tensor<4x12xf32>) permutation = [1, 0]
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<4x12xf32> into tensor<48xf32>
  %col = tensor.expand_shape %flat [[0, 1]] output_shape [48, 1] : tensor<48xf32> into tensor<48x1xf32>
  %e3 = tensor.empty() : tensor<4x12x64xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tok : tensor<12x64xf32>) outs(%e3 : tensor<4x12x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<4x12x64xf32>
  %bf = tensor.collapse_shape %b [[0, 1], [2]] : tensor<4x12x64xf32> into tensor<48x64xf32>
  %e48 = tensor.empty() : tensor<48x64xf32>
  %sc = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%bf, %col : tensor<48x64xf32>, tensor<48x1xf32>) outs(%e48 : tensor<48x64xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.mulf %i, %j : f32
    linalg.yield %v : f32
  } -> tensor<48x64xf32>
  %x = tensor.expand_shape %sc [[0, 1], [2]] output_shape [4, 12, 64] : tensor<48x64xf32> into tensor<4x12x64xf32>
  %eo = tensor.empty() : tensor<4x12x32xf32>
  %fo = linalg.fill ins(%z : f32) outs(%eo : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  %r = linalg.batch_matmul ins(%x, %w : tensor<4x12x64xf32>, tensor<4x64x32xf32>) outs(%fo : tensor<4x12x32xf32>) -> tensor<4x12x32xf32>
  return %r : tensor<4x12x32xf32>
}

// CHECK-LABEL: func.func @into_reduction
// CHECK: %[[SC:.+]] = linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<48x64xf32>, tensor<48x1xf32>)
// CHECK: tensor.expand_shape %[[SC]]
func.func @into_reduction(%tok: tensor<12x64xf32>, %scores: tensor<12x4xf32>) -> tensor<12x64xf32> {
  %z = arith.constant 0.0 : f32
  %e12 = tensor.empty() : tensor<12x4xf32>
  %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%scores : tensor<12x4xf32>) outs(%e12 : tensor<12x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %x = math.exp %i : f32
    linalg.yield %x : f32
  } -> tensor<12x4xf32>
  %e4 = tensor.empty() : tensor<4x12xf32>
  %t = linalg.transpose ins(%p : tensor<12x4xf32>) outs(%e4 : tensor<4x12xf32>) permutation = [1, 0]
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<4x12xf32> into tensor<48xf32>
  %col = tensor.expand_shape %flat [[0, 1]] output_shape [48, 1] : tensor<48xf32> into tensor<48x1xf32>
  %e3 = tensor.empty() : tensor<4x12x64xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%tok : tensor<12x64xf32>) outs(%e3 : tensor<4x12x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<4x12x64xf32>
  %bf = tensor.collapse_shape %b [[0, 1], [2]] : tensor<4x12x64xf32> into tensor<48x64xf32>
  %e48 = tensor.empty() : tensor<48x64xf32>
  %sc = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%bf, %col : tensor<48x64xf32>, tensor<48x1xf32>) outs(%e48 : tensor<48x64xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.mulf %i, %j : f32
    linalg.yield %v : f32
  } -> tensor<48x64xf32>
  %x = tensor.expand_shape %sc [[0, 1], [2]] output_shape [4, 12, 64] : tensor<48x64xf32> into tensor<4x12x64xf32>
  %eo = tensor.empty() : tensor<12x64xf32>
  %fo = linalg.fill ins(%z : f32) outs(%eo : tensor<12x64xf32>) -> tensor<12x64xf32>
  %r = linalg.generic {indexing_maps = [#id3, #bcast], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x : tensor<4x12x64xf32>) outs(%fo : tensor<12x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = arith.addf %i, %o : f32
    linalg.yield %v : f32
  } -> tensor<12x64xf32>
  return %r : tensor<12x64xf32>
}

// CHECK-LABEL: func.func @unit_expand
// CHECK: %[[MAX:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: %[[M1:.+]] = tensor.expand_shape %[[MAX]] {{\[\[}}0], [1, 2]] output_shape [1, 64, 1]
// CHECK: linalg.generic {{.*}} ins(%{{.+}}, %[[M1]] : tensor<1x64x1xf32>, tensor<1x64x1xf32>)
func.func @unit_expand(%a: tensor<64x32xf32>, %w: tensor<32x1xf32>) -> tensor<1x64x1xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x1xf32>) -> tensor<64x1xf32>
  %m = linalg.matmul ins(%a, %w : tensor<64x32xf32>, tensor<32x1xf32>) outs(%f : tensor<64x1xf32>) -> tensor<64x1xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<64x1xf32>) outs(%e : tensor<64x1xf32>) {
  ^bb0(%i: f32, %o: f32):
    %c = arith.constant 0.125 : f32
    %v = arith.mulf %i, %c : f32
    linalg.yield %v : f32
  } -> tensor<64x1xf32>
  %x = tensor.expand_shape %s [[0, 1], [2]] output_shape [1, 64, 1] : tensor<64x1xf32> into tensor<1x64x1xf32>
  %er = tensor.empty() : tensor<1x64xf32>
  %fr = linalg.fill ins(%ninf : f32) outs(%er : tensor<1x64xf32>) -> tensor<1x64xf32>
  %mx = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<1x64x1xf32>) outs(%fr : tensor<1x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = arith.maximumf %i, %o : f32
    linalg.yield %v : f32
  } -> tensor<1x64xf32>
  %mx1 = tensor.expand_shape %mx [[0], [1, 2]] output_shape [1, 64, 1] : tensor<1x64xf32> into tensor<1x64x1xf32>
  %e3 = tensor.empty() : tensor<1x64x1xf32>
  %d = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %mx1 : tensor<1x64x1xf32>, tensor<1x64x1xf32>) outs(%e3 : tensor<1x64x1xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %v = arith.subf %i, %j : f32
    %ex = math.exp %v : f32
    linalg.yield %ex : f32
  } -> tensor<1x64x1xf32>
  return %d : tensor<1x64x1xf32>
}

// PLAN: @routed_scale: 2 kernels
// PLAN-NOT: gpu-reshape-inside
// PLAN: @into_reduction: 3 kernels
// PLAN: @unit_expand: 1 kernels

// OK: kernels: {{[0-9]+}} before, {{[0-9]+}} after
// OK: max_rel_err={{.*}} ok
// OK: verify: ok

// COMPILE: kernels: 6 (6 distinct)
// COMPILE: k1: contraction schedule
// COMPILE: routed_scale_k0
// COMPILE-NEXT: routed_scale_k1
// COMPILE-NEXT: into_reduction_k2
