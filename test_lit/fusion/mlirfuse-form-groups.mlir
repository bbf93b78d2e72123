// Kernel-level groups without op-level merge: each planned kernel's ops move,
// unchanged, into one fusion.group; values used outside leave as its results.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-form-groups)' | FileCheck %s

// Softmax: max, sub, exp, sum, div form one reduction-epilogue kernel; the
// expand_shape between max and sub moves in with them; fills feeding only the
// kernel move in too.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.fill
// CHECK: linalg.generic
// CHECK-SAME: "reduction"
// CHECK: tensor.expand_shape
// CHECK-COUNT-2: linalg.generic
// CHECK: linalg.fill
// CHECK-COUNT-2: linalg.generic
// CHECK: gpu.yield %{{.+}} : tensor<4x32xf32>
// CHECK-NEXT: }) {fusion.id = 0 : i64, fusion.pattern = "reduction-epilogue", resultSegmentSizes = {{.*}}}
// CHECK-NOT: linalg.
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

// Matmul + bias + relu: the transpose feeding the matmul and the epilogue
// join the contraction's group; the fill shared by nobody else moves in.
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.transpose
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK-COUNT-2: linalg.generic
// CHECK: gpu.yield
// CHECK-NEXT: }) {fusion.id = 0 : i64, fusion.pattern = "contraction-epilogue", resultSegmentSizes = {{.*}}}
// CHECK: return %[[G]]
func.func @matmul_epilogue(%a: tensor<8x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
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
  return %relu : tensor<8x32xf32>
}

// -----

// An op between the group's members that depends on a member moves after the
// group (dominance): %n reads the matmul result and sits before the epilogue.
// The matmul's value leaves the group as a second result.
// CHECK-LABEL: func.func @dependent_moves_after
// CHECK: %[[G:.+]]:2 = "fusion.group"() ({
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: gpu.yield
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK: %[[N:.+]] = linalg.matmul ins(%[[G]]#0
// CHECK: return %[[G]]#1, %[[N]]
func.func @dependent_moves_after(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %n = linalg.matmul ins(%mm, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.maximumf %i, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  return %relu, %n : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Negative (contraction-prologue): %a feeds the matmul, which takes no
// elementwise prologue, so %a stays its own kernel although %c also reads it.
// CHECK-LABEL: func.func @refuse_prologue_into_contraction
// CHECK: %[[A:.+]] = linalg.generic
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.matmul ins(%[[A]]
// CHECK-COUNT-2: linalg.generic
// CHECK: fusion.pattern = "contraction-epilogue"
func.func @refuse_prologue_into_contraction(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%a, %x : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.negf %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  return %c : tensor<8x8xf32>
}

// -----

// Negative (cycle): %c reads %a and a call of %a; the call is no kernel and
// cannot join, so grouping %a with %c would leave and re-enter the group.
// CHECK-LABEL: func.func @refuse_cycle
// CHECK-NOT: fusion.group
// CHECK: linalg.generic
// CHECK: call @opaque
// CHECK: linalg.generic
// CHECK-NOT: fusion.group
func.func private @opaque(tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @refuse_cycle(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %t = func.call @opaque(%a) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %t : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  return %c : tensor<8x8xf32>
}

// -----

// Negative (one-root-per-kernel): a row sum of a matmul result is a second
// root; the matmul keeps its relu epilogue, the reduction is its own kernel.
// CHECK-LABEL: func.func @refuse_two_roots
// CHECK: %[[G:.+]] = "fusion.group"() ({
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK: linalg.generic
// CHECK-SAME: ["parallel", "reduction"]
// CHECK-SAME: ins(%[[G]] :
// CHECK-NOT: fusion.group
func.func @refuse_two_roots(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.maximumf %i, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %re = tensor.empty() : tensor<8xf32>
  %rinit = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%relu : tensor<8x8xf32>) outs(%rinit : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Negative (multi-consumer): a small per-column scale feeds the matmul's
// epilogue but is also returned, so it is not moved into the matmul's kernel
// as a prologue.
// CHECK-LABEL: func.func @refuse_prologue_read_outside
// CHECK: %[[S:.+]] = linalg.generic
// CHECK: "fusion.group"() ({
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %[[S]] :
// CHECK: fusion.pattern = "contraction-epilogue"
// CHECK: return %{{.+}}, %[[S]]
func.func @refuse_prologue_read_outside(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %v: tensor<32xf32>) -> (tensor<8x32xf32>, tensor<32xf32>) {
  %zero = arith.constant 0.0 : f32
  %ve = tensor.empty() : tensor<32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<32xf32>) outs(%ve : tensor<32xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %s : tensor<8x32xf32>, tensor<32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x32xf32>
  return %r, %s : tensor<8x32xf32>, tensor<32xf32>
}
