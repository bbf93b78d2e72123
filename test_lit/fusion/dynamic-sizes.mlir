// A dynamic batch as torch-mlir spells it (transforms/dynamic_sizes.py,
// docs/dynamic-shapes.md): the batch B is `%dim`, `s0 * 4` rows, `divsi(.., 4)`,
// an i64 round trip through `view(-1, ...)`'s inference into a
// `tensor.reshape`, and a broadcast of dim 0 written as
// `extract %t[select(B == 1, 0, i)]`. `mlirfuse-dynamic-sizes` says B once:
// every size operand is `%dim`, the reshape is the expand it is, the broadcast of a dim that already has size B is the
// tensor itself, the asserts that always hold are gone. @other_size: a
// broadcast and an assert on another argument's dim (not proven equal) stay.
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes)' | FileCheck %s
// RUN: %mlirfuse-opt %s --split-input-file --pass-pipeline='builtin.module(mlirfuse-dynamic-sizes,mlirfuse-dynamic-sizes)' | FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=PLAN

// CHECK-LABEL: func.func @heads(
// CHECK-NOT: tensor.reshape
// CHECK-NOT: cf.assert
// CHECK-NOT: arith.divsi
// CHECK: %[[DIM:.+]] = tensor.dim %arg0, %{{.+}} : tensor<?x4x8xf32>
// CHECK: %[[ROWS:.+]] = affine.apply #{{.+}}()[%[[DIM]]]
// CHECK: tensor.empty(%[[ROWS]]) : tensor<?x8xf32>
// CHECK: %[[BIAS:.+]] = linalg.generic
// CHECK: %[[X3:.+]] = tensor.expand_shape %[[BIAS]] {{\[}}[0, 1], [2]] output_shape [%[[DIM]], 4, 8] : tensor<?x8xf32> into tensor<?x4x8xf32>
// CHECK: tensor.empty(%[[DIM]]) : tensor<?x4x8xf32>
// CHECK: %[[EXP:.+]] = linalg.generic {{.*}} ins(%[[X3]] : tensor<?x4x8xf32>)
// CHECK: %[[X4:.+]] = tensor.expand_shape %[[EXP]] {{\[}}[0], [1], [2, 3]] output_shape [%[[DIM]], 4, 2, 4] : tensor<?x4x8xf32> into tensor<?x4x2x4xf32>
// CHECK: %[[INIT:.+]] = tensor.empty(%[[DIM]]) : tensor<?x2x4x4xf32>
// CHECK: %[[T:.+]] = linalg.transpose ins(%[[X4]] : tensor<?x4x2x4xf32>) outs(%[[INIT]] : tensor<?x2x4x4xf32>)
// CHECK-NOT: tensor.extract
// CHECK-NOT: arith.select
// CHECK: return %[[T]] : tensor<?x2x4x4xf32>

// Planned, the matmul, its bias and the exp (moved onto the matmul's 2-D
// space, mlirfuse-propagate-reshapes) are one kernel, the transpose another;
// no fusion is refused for a dynamic shape.
// PLAN: @heads: 2 kernels
// PLAN-NEXT: group 0: contraction-epilogue ops [{{[0-9,]+}}] root
// PLAN-NOT: {{[0-9]+ -> [0-9]+}}: dynamic-shape:
// PLAN: @other_size: 1 kernels

#rows = affine_map<()[s0] -> (s0 * 4)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @heads(%x: tensor<?x4x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<?x2x4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %c2_i64 = arith.constant 2 : i64
  %c4_i64 = arith.constant 4 : i64
  %c32_i64 = arith.constant 32 : i64
  %zero = arith.constant 0.0 : f32
  %dim = tensor.dim %x, %c0 : tensor<?x4x8xf32>
  %n = arith.index_cast %dim : index to i64
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x4x8xf32> into tensor<?x8xf32>
  %rows = affine.apply #rows()[%dim]
  %e = tensor.empty(%rows) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %mm = linalg.matmul ins(%flat, %w : tensor<?x8xf32>, tensor<8x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %bias = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %s = arith.addf %in, %in_0 : f32
    linalg.yield %s : f32
  } -> tensor<?x8xf32>
  %batch = arith.divsi %rows, %c4 : index
  %x3 = tensor.expand_shape %bias [[0, 1], [2]] output_shape [%batch, 4, 8] : tensor<?x8xf32> into tensor<?x4x8xf32>
  %e3 = tensor.empty(%batch) : tensor<?x4x8xf32>
  %exp = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x3 : tensor<?x4x8xf32>) outs(%e3 : tensor<?x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<?x4x8xf32>
  // view(-1, 4, 2, 4): -1 is inferred when the batch is negative, never here.
  %negative = arith.cmpi slt, %n, %c0_i64 : i64
  %known = arith.select %negative, %c1_i64, %n : i64
  %per = arith.muli %known, %c32_i64 : i64
  %bi = arith.index_cast %batch : index to i64
  %total = arith.muli %bi, %c32_i64 : i64
  %inferred = arith.divsi %total, %per : i64
  %lead = arith.select %negative, %inferred, %n : i64
  %shape = tensor.from_elements %lead, %c4_i64, %c2_i64, %c4_i64 : tensor<4xi64>
  %x4 = tensor.reshape %exp(%shape) : (tensor<?x4x8xf32>, tensor<4xi64>) -> tensor<?x4x2x4xf32>
  %lead_index = arith.index_cast %lead : i64 to index
  %t0 = tensor.empty(%lead_index) : tensor<?x2x4x4xf32>
  %t = linalg.transpose ins(%x4 : tensor<?x4x2x4xf32>) outs(%t0 : tensor<?x2x4x4xf32>) permutation = [0, 2, 1, 3]
  %non_negative = arith.cmpi sge, %n, %c0_i64 : i64
  cf.assert %non_negative, "unimplemented: dynamic negative broadcast sizes"
  %o0 = tensor.empty(%dim) : tensor<?x2x4x4xf32>
  %bc = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%o0 : tensor<?x2x4x4xf32>) {
  ^bb0(%out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %one = arith.cmpi eq, %lead_index, %c1 : index
    %i = arith.select %one, %c0, %i0 : index
    %v = tensor.extract %t[%i, %i1, %i2, %i3] : tensor<?x2x4x4xf32>
    linalg.yield %v : f32
  } -> tensor<?x2x4x4xf32>
  return %bc : tensor<?x2x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @other_size(
// CHECK: %[[DY:.+]] = tensor.dim %arg1
// CHECK: %[[SAME:.+]] = arith.cmpi eq, %{{.+}}, %[[DY]] : index
// CHECK: cf.assert %[[SAME]], "mismatched size for broadcast"
// CHECK: linalg.generic
// CHECK: arith.cmpi eq, %[[DY]], %{{.+}} : index
// CHECK: arith.select
// CHECK: tensor.extract %arg0
#id1 = affine_map<(d0) -> (d0)>
func.func @other_size(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dx = tensor.dim %x, %c0 : tensor<?xf32>
  %dy = tensor.dim %y, %c0 : tensor<?xf32>
  %same = arith.cmpi eq, %dx, %dy : index
  cf.assert %same, "mismatched size for broadcast"
  %o = tensor.empty(%dx) : tensor<?xf32>
  %bc = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%o : tensor<?xf32>) {
  ^bb0(%out: f32):
    %i0 = linalg.index 0 : index
    %one = arith.cmpi eq, %dy, %c1 : index
    %i = arith.select %one, %c0, %i0 : index
    %v = tensor.extract %x[%i] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %bc : tensor<?xf32>
}

// -----

// A generic with no results (it only checks its input) is left as it is
// (fuzz seed 31, function 0, crashed the pass).
// CHECK-LABEL: func.func @no_results(
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<?xf32>) {
// CHECK: cf.assert
#id1n = affine_map<(d0) -> (d0)>
func.func @no_results(%x: tensor<?xf32>) -> tensor<?xf32> {
  linalg.generic {indexing_maps = [#id1n], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) {
  ^bb0(%in: f32):
    %ok = arith.cmpf oeq, %in, %in : f32
    cf.assert %ok, "not a NaN"
    linalg.yield
  }
  return %x : tensor<?xf32>
}
