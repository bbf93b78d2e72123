// Tables computed from constants alone are computed at compile time
// (transforms/const_eval.py) when they would stay kernels of their own.
// @upsample_rows: a nearest-neighbour upsampling's source column, computed
// from an iota as torch exports `upsample_nearest` (scale, clamp, floor,
// convert: ten ops, past the generators' copy bound), read by the gather's
// `tensor.extract` of two gathers: before, the table was a kernel of its own
// (3 kernels); now it is a constant the two gathers read (2; and since
// the two gathers, 4x16 and 3x16, which no edge joins, are two parts of
// one launch under --backend gpu, the partitioned schedule: 1).
// @reference_grid: Deformable-DETR's reference points, a meshgrid of an
// iota divided by the grid size and interleaved by a concat, added to the
// predicted offsets: the grid is a constant read by the add (one kernel
// before and after: the concat joined the add's kernel, computing the grid
// on every call).
// @resize_rows: BEiT's resize row indices (an index-only generator of ten
// ops, read by two elementwise generics; generators.py copies no generator
// that big into two readers): the table is a constant of seven values the
// one kernel reads (test_lit/fusion/generators-after-fusion.mlir has one of
// 4100 rows, computed in the kernel).
// @too_large: a table of 32768 elements stays computed (in the add's kernel);
// read through an identity transpose, which `linalg-generalize-named-ops`
// folds away: the generic it stands for is an identity copy
// (transforms/generalize.py; the generators' pass alone stopped there).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-inline-generators)' | %FileCheck %s --check-prefix=GEN
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse,mlirfuse-fuse)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --func upsample_rows --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func reference_grid --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func too_large | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func resize_rows --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @upsample_rows
// CHECK: arith.constant dense<[0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]> : tensor<16xi64>
// CHECK-NOT: math.floor
// CHECK: tensor.extract %arg0
// CHECK-NOT: math.floor
// CHECK: tensor.extract %arg1
// CHECK-NOT: math.floor
// CHECK: return
func.func @upsample_rows(%img: tensor<4x8xf32>, %img2: tensor<3x8xf32>) -> (tensor<4x16xf32>, tensor<3x16xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %last = arith.constant 7 : i64
  %e = tensor.empty() : tensor<16xi64>
  %iota = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<16xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  } -> tensor<16xi64>
  %ef = tensor.empty() : tensor<16xf32>
  %x = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%iota : tensor<16xi64>) outs(%ef : tensor<16xf32>) {
  ^bb0(%i: i64, %o: f32):
    %f = arith.sitofp %i : i64 to f32
    %a = arith.addf %f, %half : f32
    %s = arith.mulf %a, %half : f32
    %b = arith.subf %s, %half : f32
    %c = arith.maximumf %b, %zero : f32
    %d = math.floor %c : f32
    %g = arith.addf %d, %half : f32
    %h = math.floor %g : f32
    linalg.yield %h : f32
  } -> tensor<16xf32>
  %src = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xi64>) {
  ^bb0(%f: f32, %o: i64):
    %i = arith.fptosi %f : f32 to i64
    %m = arith.minsi %i, %last : i64
    linalg.yield %m : i64
  } -> tensor<16xi64>
  %eo = tensor.empty() : tensor<4x16xf32>
  %up = linalg.generic {indexing_maps = [#col, #id2], iterator_types = ["parallel", "parallel"]} ins(%src : tensor<16xi64>) outs(%eo : tensor<4x16xf32>) {
  ^bb0(%s: i64, %o: f32):
    %r = linalg.index 0 : index
    %c = arith.index_cast %s : i64 to index
    %v = tensor.extract %img[%r, %c] : tensor<4x8xf32>
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  %eo2 = tensor.empty() : tensor<3x16xf32>
  %up2 = linalg.generic {indexing_maps = [#col, #id2], iterator_types = ["parallel", "parallel"]} ins(%src : tensor<16xi64>) outs(%eo2 : tensor<3x16xf32>) {
  ^bb0(%s: i64, %o: f32):
    %r = linalg.index 0 : index
    %c = arith.index_cast %s : i64 to index
    %v = tensor.extract %img2[%r, %c] : tensor<3x8xf32>
    %w = arith.mulf %v, %half : f32
    linalg.yield %w : f32
  } -> tensor<3x16xf32>
  return %up, %up2 : tensor<4x16xf32>, tensor<3x16xf32>
}

// CHECK-LABEL: func.func @reference_grid
// CHECK: arith.constant dense<{{\[\[}}1.250000e-01, 1.250000e-01], [3.750000e-01, 1.250000e-01]
// CHECK-SAME: tensor<16x2xf32>
// CHECK-NOT: tensor.concat
// CHECK: return
func.func @reference_grid(%offsets: tensor<16x2xf32>) -> tensor<16x2xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %n = arith.constant 4.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %lin = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    %a = arith.addf %f, %half : f32
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %ys = linalg.broadcast ins(%lin : tensor<4xf32>) outs(%e2 : tensor<4x4xf32>) dimensions = [1]
  %xs = linalg.broadcast ins(%lin : tensor<4xf32>) outs(%e2 : tensor<4x4xf32>) dimensions = [0]
  %yf = tensor.collapse_shape %ys [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  %xf = tensor.collapse_shape %xs [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  %y1 = tensor.expand_shape %yf [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
  %x1 = tensor.expand_shape %xf [[0, 1]] output_shape [16, 1] : tensor<16xf32> into tensor<16x1xf32>
  %grid = tensor.concat dim(1) %x1, %y1 : (tensor<16x1xf32>, tensor<16x1xf32>) -> tensor<16x2xf32>
  %eo = tensor.empty() : tensor<16x2xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%grid, %offsets : tensor<16x2xf32>, tensor<16x2xf32>) outs(%eo : tensor<16x2xf32>) {
  ^bb0(%g: f32, %o: f32, %out: f32):
    %s = arith.addf %g, %o : f32
    linalg.yield %s : f32
  } -> tensor<16x2xf32>
  return %r : tensor<16x2xf32>
}

// CHECK-LABEL: func.func @resize_rows
// CHECK: arith.constant dense<{{\[\[}}1], [2], [3], [4], [5], [6], [6]]> : tensor<7x1xi64>
// CHECK-NOT: math.
// CHECK-NOT: arith.fptosi
// CHECK: return
#col3 = affine_map<(d0, d1, d2) -> (d1, 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @resize_rows(%x: tensor<2x7x7xf32>) -> tensor<2x7x7xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %c1 = arith.constant 1 : i64
  %c6 = arith.constant 6 : i64
  %e = tensor.empty() : tensor<7x1xi64>
  %src = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<7x1xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %a = arith.addf %f, %half : f32
    %s = arith.subf %a, %half : f32
    %neg = arith.cmpf ult, %s, %zero : f32
    %c = arith.select %neg, %zero, %s : f32
    %t = arith.fptosi %c : f32 to i64
    %n = arith.addi %t, %c1 : i64
    %m = arith.minsi %n, %c6 : i64
    linalg.yield %m : i64
  } -> tensor<7x1xi64>
  %e3 = tensor.empty() : tensor<2x7x7xf32>
  %r1 = linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %src : tensor<2x7x7xf32>, tensor<7x1xi64>) outs(%e3 : tensor<2x7x7xf32>) {
  ^bb0(%in: f32, %k: i64, %out: f32):
    %kf = arith.sitofp %k : i64 to f32
    %v = arith.addf %in, %kf : f32
    linalg.yield %v : f32
  } -> tensor<2x7x7xf32>
  %r2 = linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r1, %src : tensor<2x7x7xf32>, tensor<7x1xi64>) outs(%e3 : tensor<2x7x7xf32>) {
  ^bb0(%in: f32, %k: i64, %out: f32):
    %kf = arith.sitofp %k : i64 to f32
    %v = arith.mulf %in, %kf : f32
    linalg.yield %v : f32
  } -> tensor<2x7x7xf32>
  return %r2 : tensor<2x7x7xf32>
}

// GEN-LABEL: func.func @too_large
// GEN-NOT: linalg.transpose
// GEN: linalg.generic {{.*}} ins(%arg0 : tensor<32768xf32>)
// GEN: math.sqrt

// CHECK-LABEL: func.func @too_large
// CHECK-NOT: arith.constant dense<[
// CHECK: linalg.index
func.func @too_large(%x: tensor<32768xf32>) -> tensor<32768xf32> {
  %e = tensor.empty() : tensor<32768xf32>
  %r = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<32768xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    %s = math.sqrt %f : f32
    linalg.yield %s : f32
  } -> tensor<32768xf32>
  %e2 = tensor.empty() : tensor<32768xf32>
  %t = linalg.transpose ins(%r : tensor<32768xf32>) outs(%e2 : tensor<32768xf32>) permutation = [0]
  %y = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%t, %x : tensor<32768xf32>, tensor<32768xf32>) outs(%e : tensor<32768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<32768xf32>
  return %y : tensor<32768xf32>
}
// PLAN: @upsample_rows: 1 kernels
// PLAN: @reference_grid: 1 kernels
// PLAN: @resize_rows: 1 kernels
// PLAN: @too_large: 1 kernels

// OK: verify: ok

// COMPILE: upsample_rows_k0
// COMPILE-NEXT: reference_grid_k1
