// Mixture-of-experts weights gathered per token row (OLMoE's batched_mm,
// DBRX, JetMoE): `w[idx[b]]` is a generic reading the weights by
// `tensor.extract` at an index its integer input gives, then a batch matmul
// reads it (JetMoE's through a transpose). A load by index costs a few
// integer ops and one load per element, as the contraction's tile load does,
// so the contraction computes its operand tiles that way: one kernel, and
// the gathered tensor (a weight matrix per row) is never written. A gather
// that also computes (a scaled weight) stays a kernel of its own: it would
// be recomputed for every output tile. A gather read by a generic
// contraction merges into it (DBRX): the weights' view is then read by the
// contraction alone, and fusing the output again must not move it.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=dp})' | FileCheck %s
// RUN: %mlirfuse plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s --check-prefix=GPU
// RUN: %python -c "import numpy as n; r = n.random.default_rng(0); n.savez('%t.lhs.npz', arg0=r.standard_normal((3, 4, 8)).astype(n.float32), arg1=r.integers(-3, 3, 6).astype(n.int64), arg2=r.standard_normal((6, 8, 1)).astype(n.float32))"
// RUN: %python -c "import numpy as n; r = n.random.default_rng(1); n.savez('%t.rhs.npz', arg0=r.standard_normal((3, 4, 8)).astype(n.float32), arg1=r.integers(0, 3, 6).astype(n.int64), arg2=r.standard_normal((6, 1, 8)).astype(n.float32))"
// RUN: %mlirfuse verify %s --func lhs_gathered --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' --inputs %t.lhs.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rhs_gathered_transposed --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' --inputs %t.rhs.npz | FileCheck %s --check-prefix=OK
// scaled_gather reads `%w` at the index as given: its indices must be in range
// (with the negative ones of %t.lhs.npz it read out of bounds, and failed now
// and then with an infinite error).
// RUN: %python -c "import numpy as n; r = n.random.default_rng(3); n.savez('%t.scaled.npz', arg0=r.standard_normal((3, 4, 8)).astype(n.float32), arg1=r.integers(0, 3, 6).astype(n.int64), arg2=r.standard_normal((6, 8, 1)).astype(n.float32))"
// RUN: %mlirfuse verify %s --func scaled_gather --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' --inputs %t.scaled.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func lhs_gathered --schedule gpu --inputs %t.lhs.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func rhs_gathered_transposed --schedule gpu --inputs %t.rhs.npz | FileCheck %s --check-prefix=OK
// RUN: %python -c "import numpy as n; r = n.random.default_rng(2); n.savez('%t.viewed.npz', arg0=r.standard_normal((12, 8)).astype(n.float32), arg1=r.integers(0, 3, 6).astype(n.int64), arg2=r.standard_normal((6, 8)).astype(n.float32))"
// RUN: %mlirfuse verify %s --func viewed_weights --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' --inputs %t.viewed.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func viewed_weights --schedule gpu --inputs %t.viewed.npz | FileCheck %s --check-prefix=OK
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.once.mlir
// RUN: %mlirfuse-opt %t.once.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// OK: verify: ok

// GPU: kernels: 5
// GPU-NEXT: k0: contraction schedule
// GPU-NEXT: k1: contraction schedule
// GPU-NEXT: k2: elementwise schedule
// GPU-NEXT: k3: contraction schedule
// GPU-NEXT: k4: fallback schedule

// PLAN: @lhs_gathered: 1 kernels
// PLAN: @rhs_gathered_transposed: 1 kernels
// PLAN: @scaled_gather: 2 kernels
// PLAN: 3 -> 6: contraction-prologue: an elementwise producer would be recomputed

// CHECK-LABEL: func.func @lhs_gathered
// CHECK: "fusion.group"() ({
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0
// CHECK: linalg.batch_matmul
// CHECK: gpu.yield
// CHECK-NEXT: }) {{.*}}fusion.pattern = "contraction-epilogue"
// CHECK-NOT: linalg.
// CHECK: return

// CHECK-LABEL: func.func @rhs_gathered_transposed
// CHECK: "fusion.group"() ({
// CHECK: linalg.generic
// CHECK: tensor.extract %arg0
// CHECK: linalg.transpose
// CHECK: linalg.batch_matmul
// CHECK: gpu.yield
// CHECK-NEXT: })
// CHECK-NOT: linalg.
// CHECK: return

// CHECK-LABEL: func.func @scaled_gather
// CHECK-NOT: fusion.group
// CHECK: tensor.extract %arg0
// CHECK: arith.mulf
// CHECK: linalg.batch_matmul
// CHECK-NOT: fusion.group
// CHECK: return

// CHECK-LABEL: func.func @viewed_weights
// CHECK-NOT: fusion.group
// CHECK: %[[VIEW:.*]] = tensor.expand_shape %arg0
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} ins(%arg1, %arg2 : tensor<6xi64>, tensor<6x8xf32>)
// CHECK: tensor.extract %[[VIEW]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<6x4xf32>
// CHECK-NEXT: return

#rows = affine_map<(d0, d1, d2) -> (d0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#xk = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @lhs_gathered(%w: tensor<3x4x8xf32>, %idx: tensor<6xi64>, %x: tensor<6x8x1xf32>) -> tensor<6x4x1xf32> {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x4x8xf32>
  %g = linalg.generic {indexing_maps = [#rows, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<6xi64>) outs(%e : tensor<6x4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %neg = arith.cmpi slt, %i, %c0 : i64
    %wrapped = arith.addi %i, %c3 : i64
    %expert = arith.select %neg, %wrapped, %i : i64
    %row = arith.index_cast %expert : i64 to index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = tensor.extract %w[%row, %j, %k] : tensor<3x4x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x4x8xf32>
  %acc0 = tensor.empty() : tensor<6x4x1xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<6x4x1xf32>) -> tensor<6x4x1xf32>
  %r = linalg.batch_matmul ins(%g, %x : tensor<6x4x8xf32>, tensor<6x8x1xf32>) outs(%acc : tensor<6x4x1xf32>) -> tensor<6x4x1xf32>
  return %r : tensor<6x4x1xf32>
}

func.func @rhs_gathered_transposed(%w: tensor<3x4x8xf32>, %idx: tensor<6xi64>, %x: tensor<6x1x8xf32>) -> tensor<6x1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x4x8xf32>
  %g = linalg.generic {indexing_maps = [#rows, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<6xi64>) outs(%e : tensor<6x4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = arith.index_cast %i : i64 to index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = tensor.extract %w[%row, %j, %k] : tensor<3x4x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x4x8xf32>
  %te = tensor.empty() : tensor<6x8x4xf32>
  %t = linalg.transpose ins(%g : tensor<6x4x8xf32>) outs(%te : tensor<6x8x4xf32>) permutation = [0, 2, 1]
  %acc0 = tensor.empty() : tensor<6x1x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<6x1x4xf32>) -> tensor<6x1x4xf32>
  %r = linalg.batch_matmul ins(%x, %t : tensor<6x1x8xf32>, tensor<6x8x4xf32>) outs(%acc : tensor<6x1x4xf32>) -> tensor<6x1x4xf32>
  return %r : tensor<6x1x4xf32>
}

func.func @scaled_gather(%w: tensor<3x4x8xf32>, %idx: tensor<6xi64>, %x: tensor<6x8x1xf32>) -> tensor<6x4x1xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<6x4x8xf32>
  %g = linalg.generic {indexing_maps = [#rows, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<6xi64>) outs(%e : tensor<6x4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = arith.index_cast %i : i64 to index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = tensor.extract %w[%row, %j, %k] : tensor<3x4x8xf32>
    %s = arith.mulf %v, %two : f32
    linalg.yield %s : f32
  } -> tensor<6x4x8xf32>
  %acc0 = tensor.empty() : tensor<6x4x1xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<6x4x1xf32>) -> tensor<6x4x1xf32>
  %r = linalg.batch_matmul ins(%g, %x : tensor<6x4x8xf32>, tensor<6x8x1xf32>) outs(%acc : tensor<6x4x1xf32>) -> tensor<6x4x1xf32>
  return %r : tensor<6x4x1xf32>
}

func.func @viewed_weights(%w: tensor<12x8xf32>, %idx: tensor<6xi64>, %x: tensor<6x8xf32>) -> tensor<6x4xf32> {
  %zero = arith.constant 0.0 : f32
  %wv = tensor.expand_shape %w [[0, 1], [2]] output_shape [3, 4, 8] : tensor<12x8xf32> into tensor<3x4x8xf32>
  %e = tensor.empty() : tensor<6x4x8xf32>
  %g = linalg.generic {indexing_maps = [#rows, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<6xi64>) outs(%e : tensor<6x4x8xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = arith.index_cast %i : i64 to index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = tensor.extract %wv[%row, %j, %k] : tensor<3x4x8xf32>
    linalg.yield %v : f32
  } -> tensor<6x4x8xf32>
  %acc0 = tensor.empty() : tensor<6x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #xk, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %x : tensor<6x4x8xf32>, tensor<6x8xf32>) outs(%acc : tensor<6x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
