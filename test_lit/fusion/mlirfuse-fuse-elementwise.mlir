// Op-level merge: producers fold into their consumer linalg.generic; no
// fusion.group is left.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-fuse-elementwise)' | FileCheck %s


// An elementwise chain add -> exp -> mul becomes one generic; the dead
// tensor.empty of the intermediates disappears and the duplicate %x operand
// is read once.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.+]]: tensor<8x16xf32>, %[[Y:.+]]: tensor<8x16xf32>)
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<8x16xf32>, tensor<8x16xf32>)
// CHECK: arith.addf
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
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
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%b, %x : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// -----

// A named linalg.transpose is generalized and merged: the consumer reads %w
// through the composed (transposed) map.
// CHECK-DAG: #[[$TR:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transpose_into_add
// CHECK-SAME: (%[[W:.+]]: tensor<16x8xf32>, %[[B:.+]]: tensor<8x16xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[$TR]], #{{.+}}, #{{.+}}]
// CHECK-SAME: ins(%[[W]], %[[B]]
// CHECK-NOT: linalg.{{generic|transpose}}
// CHECK: return
func.func @transpose_into_add(%w: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %t = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// Reduction prologue: the elementwise square folds into the row sum.
// CHECK-LABEL: func.func @prologue
// CHECK: linalg.fill
// CHECK: %[[R:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @prologue(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.mulf %i, %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%i: f32, %acc: f32):
    %0 = arith.addf %i, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// linalg.index in the producer is remapped to the consumer's loops: the
// consumer reads the producer transposed, so the producer's index 0 becomes
// the consumer's index 1.
// CHECK-LABEL: func.func @index_remap
// CHECK: linalg.generic
// CHECK: %[[I:.+]] = linalg.index 1 : index
// CHECK: arith.index_cast %[[I]]
// CHECK-NOT: linalg.generic
func.func @index_remap(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = linalg.index 0 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %0 = arith.addf %i, %rf : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<4x8xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// A multi-consumer producer is kept as an extra result of the fused generic
// (recompute=auto does not duplicate an exp: too costly).
// CHECK-LABEL: func.func @kept_result
// CHECK: %[[F:.+]]:2 = linalg.generic
// CHECK: math.exp
// CHECK: linalg.yield %{{.+}}, %{{.+}} : f32, f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[F]]#0, %[[F]]#1
func.func @kept_result(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = tensor.empty() : tensor<8x16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = arith.negf %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %b, %a : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A producer over fewer elements read only through a broadcast map is
// recomputed by its bigger consumer (a weights-only prologue): one generic
// reads the small input through the composed map.
// CHECK-LABEL: func.func @merge_broadcast_read
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg1, %arg0 : tensor<8x16xf32>, tensor<16xf32>)
// CHECK: math.sqrt
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @merge_broadcast_read(%v: tensor<16xf32>, %x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e1 = tensor.empty() : tensor<16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<16xf32>) outs(%e1 : tensor<16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.sqrt %i : f32
    linalg.yield %0 : f32
  } -> tensor<16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.mulf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// Named producers: linalg.broadcast and linalg.add are generalized, one op at
// a time, and merged into the consumer; the broadcast becomes a projected map.
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @named_producers
// CHECK-SAME: (%[[V:.+]]: tensor<16xf32>, %[[X:.+]]: tensor<8x16xf32>)
// CHECK-NOT: linalg.broadcast
// CHECK-NOT: linalg.add
// CHECK: linalg.generic {indexing_maps = [#[[$ROW]], #{{.+}}, #{{.+}}]
// CHECK-SAME: ins(%[[V]], %[[X]] :
// CHECK: arith.addf
// CHECK-NEXT: math.exp
// CHECK-NOT: linalg.{{generic|broadcast|add}}
func.func @named_producers(%v: tensor<16xf32>, %x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %b = linalg.broadcast ins(%v : tensor<16xf32>) outs(%e : tensor<8x16xf32>) dimensions = [0]
  %s = linalg.add ins(%b, %x : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %0 = math.exp %i : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
