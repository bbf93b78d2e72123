// Index-only generators are computed where they are read, before planning
// (transforms/generators.py, transforms/gather_inline.py).
// @positions: Llama's position ids (an arange of 32) read through three
// expand_shapes: as 1x32x1 by the rotary angles, as 1x32 and 32x1 by the
// causal mask. Each reader computes the ids from its own loops, so no
// tensor<32xi64> is left and the mask reads no tensor at all (its 0-d splat
// constant, -3e38, is a scalar constant in its body).
// @returned: a generator the return reads stays (nothing can compute it).
// @collapsed_and_transposed: a 2x3x4 generator collapsed to 6x4 (its first
// two dims delinearized from the collapsed one), and transposed (the named
// transpose generalized, then merged): both readers compute it themselves.
// @rotary_concat: the angles (position x inverse frequency, then doubled: a
// chain of two producers) that only a concat's gather reads are computed at
// its tensor.extracts, both in one run.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-inline-generators,mlirfuse-inline-generators)' | %FileCheck %s
// RUN: %mlirfuse verify %s --func positions --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func collapsed_and_transposed --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func rotary_concat --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func positions --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func collapsed_and_transposed --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func rotary_concat --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse verify %s --func positions --schedule gpu | %FileCheck %s --check-prefix=VERIFY
// RUN: %mlirfuse plan %s --backend gpu 2>&1 | %FileCheck %s --check-prefix=PLAN

// VERIFY: verify: ok
// PLAN-LABEL: @positions: 2 kernels
// PLAN-LABEL: @returned: 1 kernels
// PLAN-LABEL: @collapsed_and_transposed: 2 kernels
// PLAN-LABEL: @rotary_concat: 1 kernels

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1) -> (0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
#unit = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#last = affine_map<(d0, d1, d2) -> (d2)>
#scalar = affine_map<(d0, d1) -> ()>

// CHECK-LABEL: func.func @positions
// CHECK-NOT: tensor<32xi64>
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[ANGLES:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[POS:.+]] = linalg.index 1 : index
// CHECK-NEXT: %[[POS64:.+]] = arith.index_cast %[[POS]] : index to i64
// CHECK-NEXT: arith.sitofp %[[POS64]]
// CHECK: %[[MASK:.+]] = linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = ["parallel", "parallel"]} outs(%{{.+}} : tensor<32x32xf32>)
// CHECK-NEXT: ^bb0(%{{.+}}: f32):
// CHECK-NEXT: arith.constant -3.000000e+38 : f32
// CHECK-DAG: linalg.index 0
// CHECK-DAG: linalg.index 1
// CHECK: arith.cmpi sgt
// CHECK: return %[[ANGLES]], %[[MASK]]
func.func @positions(%inv_freq: tensor<8xf32>) -> (tensor<1x32x8xf32>, tensor<32x32xf32>) {
  %neg = arith.constant dense<-3.0e+38> : tensor<f32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xi64>
  %pos = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<32xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<32xi64>
  %p3 = tensor.expand_shape %pos [[0, 1, 2]] output_shape [1, 32, 1] : tensor<32xi64> into tensor<1x32x1xi64>
  %ef = tensor.empty() : tensor<1x32x1xf32>
  %pf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p3 : tensor<1x32x1xi64>) outs(%ef : tensor<1x32x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %f = arith.sitofp %in : i64 to f32
    linalg.yield %f : f32
  } -> tensor<1x32x1xf32>
  %ea = tensor.empty() : tensor<1x32x8xf32>
  %angles = linalg.generic {indexing_maps = [#unit, #last, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pf, %inv_freq : tensor<1x32x1xf32>, tensor<8xf32>) outs(%ea : tensor<1x32x8xf32>) {
  ^bb0(%p: f32, %w: f32, %out: f32):
    %m = arith.mulf %p, %w : f32
    linalg.yield %m : f32
  } -> tensor<1x32x8xf32>
  %rows = tensor.expand_shape %pos [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
  %cols = tensor.expand_shape %pos [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
  %eb = tensor.empty() : tensor<32x32xi1>
  %later = linalg.generic {indexing_maps = [#row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%rows, %cols : tensor<1x32xi64>, tensor<32x1xi64>) outs(%eb : tensor<32x32xi1>) {
  ^bb0(%r: i64, %c: i64, %out: i1):
    %gt = arith.cmpi sgt, %r, %c : i64
    linalg.yield %gt : i1
  } -> tensor<32x32xi1>
  %em = tensor.empty() : tensor<32x32xf32>
  %mask = linalg.generic {indexing_maps = [#id2, #scalar, #id2], iterator_types = ["parallel", "parallel"]} ins(%later, %neg : tensor<32x32xi1>, tensor<f32>) outs(%em : tensor<32x32xf32>) {
  ^bb0(%l: i1, %n: f32, %out: f32):
    %s = arith.select %l, %n, %zero : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %angles, %mask : tensor<1x32x8xf32>, tensor<32x32xf32>
}

// CHECK-LABEL: func.func @returned
// CHECK: %[[POS:.+]] = linalg.generic
// CHECK: linalg.index 0
// CHECK: return %[[POS]]
func.func @returned() -> tensor<16xi32> {
  %e = tensor.empty() : tensor<16xi32>
  %pos = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<16xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<16xi32>
  return %pos : tensor<16xi32>
}

// CHECK-LABEL: func.func @collapsed_and_transposed
// CHECK-NOT: tensor<2x3x4xi32>
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<6x4xi32>)
// CHECK-DAG: arith.divui %{{.+}}, %{{.+}} : index
// CHECK-DAG: arith.remui %{{.+}}, %{{.+}} : index
// CHECK: linalg.generic {{.*}} ins(%arg1 : tensor<4x3x2xi32>)
func.func @collapsed_and_transposed(%x: tensor<6x4xi32>, %y: tensor<4x3x2xi32>) -> (tensor<6x4xi32>, tensor<4x3x2xi32>) {
  %e = tensor.empty() : tensor<2x3x4xi32>
  %g = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x3x4xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %ab = arith.addi %a, %b : index
    %abk = arith.addi %ab, %k : index
    %v = arith.index_cast %abk : index to i32
    linalg.yield %v : i32
  } -> tensor<2x3x4xi32>
  %flat = tensor.collapse_shape %g [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  %ef = tensor.empty() : tensor<6x4xi32>
  %sum = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %flat : tensor<6x4xi32>, tensor<6x4xi32>) outs(%ef : tensor<6x4xi32>) {
  ^bb0(%p: i32, %q: i32, %out: i32):
    %s = arith.addi %p, %q : i32
    linalg.yield %s : i32
  } -> tensor<6x4xi32>
  %et = tensor.empty() : tensor<4x3x2xi32>
  %t = linalg.transpose ins(%g : tensor<2x3x4xi32>) outs(%et : tensor<4x3x2xi32>) permutation = [2, 1, 0]
  %prod = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y, %t : tensor<4x3x2xi32>, tensor<4x3x2xi32>) outs(%et : tensor<4x3x2xi32>) {
  ^bb0(%p: i32, %q: i32, %out: i32):
    %m = arith.muli %p, %q : i32
    linalg.yield %m : i32
  } -> tensor<4x3x2xi32>
  return %sum, %prod : tensor<6x4xi32>, tensor<4x3x2xi32>
}

// CHECK-LABEL: func.func @rotary_concat
// CHECK-NOT: tensor<4x8xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.+}} : tensor<4x16xf32>)
// CHECK: tensor.extract %arg0[%{{.+}}] : tensor<4xf32>
// CHECK: tensor.extract %arg1[%{{.+}}] : tensor<8xf32>
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: tensor.extract %arg0[%{{.+}}] : tensor<4xf32>
// CHECK: tensor.extract %arg1[%{{.+}}] : tensor<8xf32>
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: arith.select
func.func @rotary_concat(%pos: tensor<4xf32>, %inv_freq: tensor<8xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %freqs = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, #id2], iterator_types = ["parallel", "parallel"]} ins(%pos, %inv_freq : tensor<4xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %w: f32, %out: f32):
    %m = arith.mulf %p, %w : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %scaled = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%freqs : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%f: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %f, %two : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %ec = tensor.empty() : tensor<4x16xf32>
  %cat = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%ec : tensor<4x16xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c8 = arith.constant 8 : index
    %low = arith.cmpi ult, %j, %c8 : index
    %hi = arith.subi %j, %c8 : index
    %k = arith.select %low, %j, %hi : index
    %a = tensor.extract %scaled[%i, %k] : tensor<4x8xf32>
    %b = tensor.extract %scaled[%i, %k] : tensor<4x8xf32>
    %v = arith.select %low, %a, %b : f32
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  return %cat : tensor<4x16xf32>
}
