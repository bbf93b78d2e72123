// The umbrella pass: plan (rule heuristic), groups, op-level merge inside them.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s


// -----

// An elementwise chain is one linalg.generic: no group is left around it.
// CHECK-LABEL: func.func @chain
// CHECK-NOT: fusion.group
// CHECK: %[[R:.+]] = linalg.generic
// CHECK: arith.addf
// CHECK-NEXT: math.exp
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @chain(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// -----

// Softmax (max, sub, exp, sum, div) is one reduction-epilogue kernel; inside
// it the op-level merge folds sub into exp; exp feeds both the sum and the div,
// so it stays one op whose value both read.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.generic
// CHECK-SAME: ["parallel", "reduction"]
// CHECK: tensor.expand_shape
// CHECK: %[[E:.+]] = linalg.generic
// CHECK: arith.subf
// CHECK-NEXT: math.exp
// CHECK: %[[S:.+]] = linalg.generic
// CHECK-SAME: ins(%[[E]] :
// CHECK: %[[D:.+]] = linalg.generic
// CHECK-SAME: ins(%[[E]], %[[S]] :
// CHECK: gpu.yield %[[D]] : tensor<4x32xf32>
// CHECK-NEXT: }) {fusion.id = 0 : i64, fusion.pattern = "reduction-epilogue", resultSegmentSizes = {{.*}}}
// CHECK-NOT: linalg.generic
// CHECK: return %[[G]]
func.func @softmax(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<4xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x32xf32>) outs(%minit : tensor<4xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.maximumf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %mx = tensor.expand_shape %max [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  %e = tensor.empty() : tensor<4x32xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<4x32xf32>, tensor<4x1xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%i: f32, %m: f32, %o: f32):
    %0 = arith.subf %i, %m : f32
    linalg.yield %0 : f32
  } -> tensor<4x32xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%sub : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<4x32xf32>
  %se = tensor.empty() : tensor<4x1xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%se : tensor<4x1xf32>) -> tensor<4x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4x32xf32>) outs(%sinit : tensor<4x1xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<4x1xf32>
  %div = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<4x32xf32>, tensor<4x1xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%i: f32, %s: f32, %o: f32):
    %0 = arith.divf %i, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x32xf32>
  return %div : tensor<4x32xf32>
}

// -----

// Matmul + bias + relu + residual: one contraction-epilogue kernel; the three
// epilogue ops become one generic, which writes in place into the matmul's
// result (outs(%mm): the buffer the dead intermediate leaves free).
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK-SAME: %[[RES:[a-z0-9]+]]: tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.transpose
// CHECK: linalg.fill
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[EPI:.+]] = linalg.generic
// CHECK-SAME: ins(%[[MM]], %{{.+}}, %[[RES]] : {{.+}}) outs(%[[MM]] : tensor<8x32xf32>)
// CHECK: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: gpu.yield %[[EPI]]
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK: return %[[G]]
func.func @matmul_epilogue(%a: tensor<8x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>, %res: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<16x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%te : tensor<16x32xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %wt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.maximumf %i, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %resid = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%relu, %res : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %resid : tensor<8x32xf32>
}

// -----

// A per-column scale with a cf.assert body, read only by the matmul epilogue
// through a broadcast map: the epilogue recomputes it per element, as it does
// a scale without an assert (an assert evaluated again asserts the same), so
// its loops (32) need no grid of their own. It was refused as
// incompatible-space while a whole-kernel check accepted the same chain, and
// fusing the fused IR then fused it (test_lit/fuzz_findings/
// idempotence-asserting-broadcast-chain.mlir). One kernel, the assert in it once.
// CHECK-LABEL: func.func @bn_scale_with_assert
// CHECK-NOT: cf.assert
// CHECK: "fusion.group"() ({
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %arg2 :
// CHECK: math.sqrt
// CHECK-COUNT-1: cf.assert
// CHECK-NOT: cf.assert
// CHECK: fusion.pattern = "contraction-epilogue"
func.func @bn_scale_with_assert(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %var: tensor<32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ve = tensor.empty() : tensor<32xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : tensor<32xf32>) outs(%ve : tensor<32xf32>) {
  ^bb0(%i: f32, %o: f32):
    %abs = math.absf %i : f32
    %pos = arith.addf %abs, %one : f32
    %s = math.sqrt %pos : f32
    %nz = arith.cmpf one, %s, %zero : f32
    cf.assert %nz, "zero variance"
    %0 = arith.divf %one, %s : f32
    linalg.yield %0 : f32
  } -> tensor<32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %inv : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %scaled : tensor<8x32xf32>
}

// -----

// Side effects: a cf.assert body read by two kernels is never recomputed into
// them (whatever the recompute policy): exactly one assert remains.
// CHECK-LABEL: func.func @assert_two_consumers
// CHECK-COUNT-1: cf.assert
// CHECK-NOT: cf.assert
// CHECK: return
func.func @assert_two_consumers(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<16x32xf32>, %var: tensor<32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %ve = tensor.empty() : tensor<32xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : tensor<32xf32>) outs(%ve : tensor<32xf32>) {
  ^bb0(%i: f32, %o: f32):
    %nz = arith.cmpf one, %i, %zero : f32
    cf.assert %nz, "zero variance"
    linalg.yield %i : f32
  } -> tensor<32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %m1 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %s1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %inv : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %m2 = linalg.matmul ins(%a, %c : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %s2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m2, %inv : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %s1, %s2 : tensor<8x32xf32>, tensor<8x32xf32>
}

// -----

// recompute=auto: the cheap add %p is read by the row max and by the matmul
// epilogue (two kernels); it is recomputed in both, so no kernel writes %p.
// CHECK-LABEL: func.func @recompute_cheap
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<8x32xf32>, %[[Y:[a-z0-9]+]]: tensor<8x32xf32>
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%[[X]], %[[Y]] :
// CHECK: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[MM]], %[[X]], %[[Y]] :
// CHECK: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK: return %[[R]], %[[G]]
func.func @recompute_cheap(%x: tensor<8x32xf32>, %y: tensor<8x32xf32>, %a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> (tensor<8xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  %re = tensor.empty() : tensor<8xf32>
  %rinit = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<8x32xf32>) outs(%rinit : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.maximumf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %p : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %r, %q : tensor<8xf32>, tensor<8x32xf32>
}

// -----

// Negative (space-mismatch): a reduction of a reduction over other loops is
// a second kernel (one reduction root per kernel unless the loops match).
// CHECK-LABEL: func.func @reduction_of_reduction
// CHECK-NOT: fusion.group
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: fusion.group
func.func @reduction_of_reduction(%x: tensor<8x32xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %rinit = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x32xf32>) outs(%rinit : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %se = tensor.empty() : tensor<f32>
  %sinit = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%r : tensor<8xf32>) outs(%sinit : tensor<f32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A reduction that drops its reduced dim: the mean over the rows (rank 1)
// and the centering over the full rows (rank 2) still join its kernel.
// CHECK-LABEL: func.func @rank_dropping_mean
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.generic
// CHECK-SAME: ["parallel", "reduction"]
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: fusion.pattern = "reduction-epilogue"
// CHECK-NOT: linalg.generic
// CHECK: return %[[G]]
func.func @rank_dropping_mean(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x32xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %me = tensor.empty() : tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : tensor<8xf32>) outs(%me : tensor<8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %c = arith.constant 3.125000e-02 : f32
    %0 = arith.mulf %i, %c : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : tensor<8x32xf32>, tensor<8xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %m: f32, %o: f32):
    %0 = arith.subf %i, %m : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %d : tensor<8x32xf32>
}

// -----

// Producer and consumer share one tensor.empty init, and the merged op writes
// in place into the matmul result instead: the shared init dies once and is
// erased once (erasing it twice through a dangling handle aborted the process;
// GPT-2's bias-add epilogues hit this).
// CHECK-LABEL: func.func @shared_dead_init
// CHECK: %[[E:.+]] = tensor.empty()
// CHECK-NOT: tensor.empty
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%[[E]] :
// CHECK: %[[M:.+]] = linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[M]] :
// CHECK: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @shared_dead_init(%a: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %shared = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%shared : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %m : tensor<4x8xf32>, tensor<4x8xf32>) outs(%shared : tensor<4x8xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.mulf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
