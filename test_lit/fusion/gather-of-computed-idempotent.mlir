// Fusing fused IR changes nothing (LongCat-Flash's MoE router, reduced): the
// top-2 expert weights are gathered from the router probabilities, scaled,
// and a generator reads the scaled weights by `tensor.extract` (flattening
// them for a scatter). The planning problem (cost/adapter.py) left out such a
// read of another op's result: dp's plan, which auto took, kept the gather
// chain and the generator apart (seen as unrelated, the weights as never
// written); fusing that output again, where the rest is opaque groups,
// auto kept greedy's plan, which merged them. The read is now an edge.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.once
// RUN: %mlirfuse-opt %t.once --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' > %t.twice
// RUN: cmp %t.once %t.twice
// RUN: FileCheck %s < %t.once
// The gather, its scaling and the generator reading it: one kernel.
// CHECK-LABEL: func.func @router
// CHECK: "fusion.group"
// CHECK: %[[W:.+]] = linalg.generic
// CHECK: tensor.extract %arg0[
// CHECK: arith.mulf
// CHECK-NOT: fusion.id
// CHECK: linalg.generic
// CHECK: tensor.extract %[[W]][
// CHECK: fusion.pattern = "elementwise-chain"
#id = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (0, d1)>
#flat = affine_map<(d0) -> (d0, 0)>
#vec = affine_map<(d0) -> (d0)>
func.func @router(%probs: tensor<32x6xf32>, %bias: tensor<6xbf16>) -> tensor<64xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c32 = arith.constant 32 : index
  %scale = arith.constant 1.500000e+00 : f32
  %e32x6 = tensor.empty() : tensor<32x6xf32>
  %bias2 = tensor.expand_shape %bias [[0, 1]] output_shape [1, 6] : tensor<6xbf16> into tensor<1x6xbf16>
  %scores = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%probs, %bias2 : tensor<32x6xf32>, tensor<1x6xbf16>) outs(%e32x6 : tensor<32x6xf32>) {
  ^bb0(%p: f32, %b: bf16, %o: f32):
    %w = arith.extf %b : bf16 to f32
    %s = arith.addf %p, %w : f32
    linalg.yield %s : f32
  } -> tensor<32x6xf32>
  %ei = tensor.empty() : tensor<32x6xi64>
  %iota = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ei : tensor<32x6xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    linalg.yield %ji : i64
  } -> tensor<32x6xi64>
  %sorted:2 = tm_tensor.sort dimension(1) outs(%scores, %iota : tensor<32x6xf32>, tensor<32x6xi64>) {
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %ge = arith.cmpf oge, %a, %b : f32
    tm_tensor.yield %ge : i1
  } -> tensor<32x6xf32>, tensor<32x6xi64>
  %top = tensor.extract_slice %sorted#1[0, 0] [32, 2] [1, 1] : tensor<32x6xi64> to tensor<32x2xi64>
  %e32x2 = tensor.empty() : tensor<32x2xf32>
  %f32x2 = linalg.fill ins(%zero : f32) outs(%e32x2 : tensor<32x2xf32>) -> tensor<32x2xf32>
  %picked = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%top : tensor<32x2xi64>) outs(%f32x2 : tensor<32x2xf32>) {
  ^bb0(%k: i64, %o: f32):
    %row = linalg.index 0 : index
    %col = arith.index_cast %k : i64 to index
    %in = arith.cmpi slt, %col, %c6 : index
    cf.assert %in, "index must be smaller than dim size"
    %nonneg = arith.cmpi sge, %k, %c0_i64 : i64
    cf.assert %nonneg, "index must be larger or equal to 0"
    %v = tensor.extract %probs[%row, %col] : tensor<32x6xf32>
    linalg.yield %v : f32
  } -> tensor<32x2xf32>
  %weights = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%picked : tensor<32x2xf32>) outs(%e32x2 : tensor<32x2xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %scale : f32
    linalg.yield %m : f32
  } -> tensor<32x2xf32>
  %e64x1 = tensor.empty() : tensor<64x1xi64>
  %f64x1 = linalg.fill ins(%c0_i64 : i64) outs(%e64x1 : tensor<64x1xi64>) -> tensor<64x1xi64>
  %e64 = tensor.empty() : tensor<64xf32>
  %f64 = linalg.fill ins(%zero : f32) outs(%e64 : tensor<64xf32>) -> tensor<64xf32>
  %flat:3 = linalg.generic {indexing_maps = [#flat, #flat, #vec], iterator_types = ["parallel"]}
      outs(%f64x1, %f64x1, %f64 : tensor<64x1xi64>, tensor<64x1xi64>, tensor<64xf32>) {
  ^bb0(%o0: i64, %o1: i64, %o2: f32):
    %i = linalg.index 0 : index
    %j = arith.remsi %i, %c2 : index
    %q = arith.divsi %i, %c2 : index
    %r = arith.remsi %q, %c32 : index
    %expert = tensor.extract %top[%r, %j] : tensor<32x2xi64>
    %weight = tensor.extract %weights[%r, %j] : tensor<32x2xf32>
    %token = arith.index_cast %r : index to i64
    linalg.yield %token, %expert, %weight : i64, i64, f32
  } -> (tensor<64x1xi64>, tensor<64x1xi64>, tensor<64xf32>)
  return %flat#2 : tensor<64xf32>
}
