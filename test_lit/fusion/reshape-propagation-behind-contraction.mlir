// A per-token scale computed before a matmul costs no fusion when a generic
// after that matmul reads it through a new reshape: no kernel holds both the
// reduction that computed it and the matmul's epilogue (a reduction never
// shares a kernel with a contraction; transforms/reshape_views.py,
// `behind_other_anchor`). W8A8 linear layers (SmoothQuant-style) quantize
// each token by its absmax (2x16 rows of 64), multiply in int8 on the
// collapsed 32x64 tokens, and dequantize the int32 result expanded back to
// 2x16x128 with that per-token scale. The dequantisation moves onto 32x128
// (the small scale chain recomputed there from the row max, read as 32x1):
// it is the matmul's epilogue, which writes f32 instead of the int32
// accumulators the dequantisation's own kernel read back.
// @dequant: the dequantised result is returned.
// @dequant_then_rows: a second row reduction reads it (the next token's
// absmax): the reshape back stands before that reduction, which cannot
// share the matmul's kernel anyway.
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-propagate-reshapes,mlirfuse-propagate-reshapes)' | %FileCheck %s
// RUN: %mlirfuse plan %s --backend gpu --search auto | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s --check-prefix=COMPILE
// RUN: %mlirfuse verify %s --func dequant --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func dequant_then_rows --schedule gpu | %FileCheck %s --check-prefix=OK

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>

// CHECK-LABEL: func.func @dequant(
// CHECK: %[[MAX:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: %[[F:.+]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<32x128xi32>)
// CHECK: %[[FLAT:.+]] = tensor.collapse_shape %[[MAX]] {{\[\[}}0, 1]] : tensor<2x16xf32> into tensor<32xf32>
// CHECK: %[[COL:.+]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [32, 1]
// CHECK: %[[S:.+]] = linalg.generic {{.*}} ins(%[[COL]] : tensor<32x1xf32>)
// CHECK: %[[DQ:.+]] = linalg.generic {{.*}} ins(%[[F]], %[[S]], %arg2 : tensor<32x128xf32>, tensor<32x1xf32>, tensor<128xf32>)
// CHECK: %[[OUT:.+]] = tensor.expand_shape %[[DQ]] {{\[\[}}0, 1], [2]] output_shape [2, 16, 128]
// CHECK: return %[[OUT]]

// PLAN-LABEL: @dequant: 2 kernels
// PLAN: group 0: reduction-epilogue
// PLAN: group 1: contraction-epilogue ops [10,11,13,16,17,19,23,25] root 17
func.func @dequant(%x: tensor<2x16x64xf32>, %w: tensor<128x64xi8>, %ws: tensor<128xf32>) -> tensor<2x16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2x16xf32>
  %m0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x16xf32>) -> tensor<2x16xf32>
  %max = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x16x64xf32>) outs(%m0 : tensor<2x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %a = math.absf %i : f32
    %v = arith.maximumf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<2x16xf32>
  %e2b = tensor.empty() : tensor<2x16xf32>
  %scale = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%max : tensor<2x16xf32>) outs(%e2b : tensor<2x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %c127 = arith.constant 127.0 : f32
    %tiny = arith.constant 1.0e-5 : f32
    %c = arith.maximumf %i, %tiny : f32
    %v = arith.divf %c, %c127 : f32
    linalg.yield %v : f32
  } -> tensor<2x16xf32>
  %s3 = tensor.expand_shape %scale [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
  %e3 = tensor.empty() : tensor<2x16x64xi8>
  %q = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s3 : tensor<2x16x64xf32>, tensor<2x16x1xf32>) outs(%e3 : tensor<2x16x64xi8>) {
  ^bb0(%i: f32, %sc: f32, %o: i8):
    %d = arith.divf %i, %sc : f32
    %r = math.roundeven %d : f32
    %t = arith.fptosi %r : f32 to i8
    linalg.yield %t : i8
  } -> tensor<2x16x64xi8>
  %qf = tensor.collapse_shape %q [[0, 1], [2]] : tensor<2x16x64xi8> into tensor<32x64xi8>
  %e32 = tensor.empty() : tensor<32x64xi32>
  %qi = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%qf : tensor<32x64xi8>) outs(%e32 : tensor<32x64xi32>) {
  ^bb0(%i: i8, %o: i32):
    %v = arith.extsi %i : i8 to i32
    linalg.yield %v : i32
  } -> tensor<32x64xi32>
  %ewt = tensor.empty() : tensor<64x128xi32>
  %wt = linalg.generic {indexing_maps = [#tr2, #id2], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<128x64xi8>) outs(%ewt : tensor<64x128xi32>) {
  ^bb0(%i: i8, %o: i32):
    %v = arith.extsi %i : i8 to i32
    linalg.yield %v : i32
  } -> tensor<64x128xi32>
  %c0 = arith.constant 0 : i32
  %eacc = tensor.empty() : tensor<32x128xi32>
  %acc0 = linalg.fill ins(%c0 : i32) outs(%eacc : tensor<32x128xi32>) -> tensor<32x128xi32>
  %mm = linalg.matmul ins(%qi, %wt : tensor<32x64xi32>, tensor<64x128xi32>) outs(%acc0 : tensor<32x128xi32>) -> tensor<32x128xi32>
  %ef = tensor.empty() : tensor<32x128xf32>
  %mf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<32x128xi32>) outs(%ef : tensor<32x128xf32>) {
  ^bb0(%i: i32, %o: f32):
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  } -> tensor<32x128xf32>
  %m3 = tensor.expand_shape %mf [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
  %eo = tensor.empty() : tensor<2x16x128xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m3, %s3, %ws : tensor<2x16x128xf32>, tensor<2x16x1xf32>, tensor<128xf32>) outs(%eo : tensor<2x16x128xf32>) {
  ^bb0(%i: f32, %sx: f32, %sw: f32, %o: f32):
    %a = arith.mulf %i, %sx : f32
    %v = arith.mulf %a, %sw : f32
    linalg.yield %v : f32
  } -> tensor<2x16x128xf32>
  return %y : tensor<2x16x128xf32>
}

// CHECK-LABEL: func.func @dequant_then_rows
// CHECK: %[[DQ:.+]] = linalg.generic {{.*}} ins(%{{.+}}, %{{.+}}, %arg2 : tensor<32x128xf32>, tensor<32x1xf32>, tensor<128xf32>)
// CHECK: %[[Y:.+]] = tensor.expand_shape %[[DQ]] {{\[\[}}0, 1], [2]] output_shape [2, 16, 128]
// CHECK: %[[NEXT:.+]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<2x16x128xf32>)
// CHECK: return %[[Y]], %[[NEXT]]

// PLAN-LABEL: @dequant_then_rows: 3 kernels
// PLAN: group 1: contraction-epilogue ops [10,11,13,16,17,19,23,25] root 17
// PLAN: group 2: single ops [29]

// The two functions' kernels: before, six (the dequantisations apart).
// COMPILE: kernels: 5

// OK: ok
func.func @dequant_then_rows(%x: tensor<2x16x64xf32>, %w: tensor<128x64xi8>, %ws: tensor<128xf32>) -> (tensor<2x16x128xf32>, tensor<2x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2x16xf32>
  %m0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x16xf32>) -> tensor<2x16xf32>
  %max = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x16x64xf32>) outs(%m0 : tensor<2x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %a = math.absf %i : f32
    %v = arith.maximumf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<2x16xf32>
  %e2b = tensor.empty() : tensor<2x16xf32>
  %scale = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%max : tensor<2x16xf32>) outs(%e2b : tensor<2x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %c127 = arith.constant 127.0 : f32
    %tiny = arith.constant 1.0e-5 : f32
    %c = arith.maximumf %i, %tiny : f32
    %v = arith.divf %c, %c127 : f32
    linalg.yield %v : f32
  } -> tensor<2x16xf32>
  %s3 = tensor.expand_shape %scale [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
  %e3 = tensor.empty() : tensor<2x16x64xi8>
  %q = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s3 : tensor<2x16x64xf32>, tensor<2x16x1xf32>) outs(%e3 : tensor<2x16x64xi8>) {
  ^bb0(%i: f32, %sc: f32, %o: i8):
    %d = arith.divf %i, %sc : f32
    %r = math.roundeven %d : f32
    %t = arith.fptosi %r : f32 to i8
    linalg.yield %t : i8
  } -> tensor<2x16x64xi8>
  %qf = tensor.collapse_shape %q [[0, 1], [2]] : tensor<2x16x64xi8> into tensor<32x64xi8>
  %e32 = tensor.empty() : tensor<32x64xi32>
  %qi = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%qf : tensor<32x64xi8>) outs(%e32 : tensor<32x64xi32>) {
  ^bb0(%i: i8, %o: i32):
    %v = arith.extsi %i : i8 to i32
    linalg.yield %v : i32
  } -> tensor<32x64xi32>
  %ewt = tensor.empty() : tensor<64x128xi32>
  %wt = linalg.generic {indexing_maps = [#tr2, #id2], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<128x64xi8>) outs(%ewt : tensor<64x128xi32>) {
  ^bb0(%i: i8, %o: i32):
    %v = arith.extsi %i : i8 to i32
    linalg.yield %v : i32
  } -> tensor<64x128xi32>
  %c0 = arith.constant 0 : i32
  %eacc = tensor.empty() : tensor<32x128xi32>
  %acc0 = linalg.fill ins(%c0 : i32) outs(%eacc : tensor<32x128xi32>) -> tensor<32x128xi32>
  %mm = linalg.matmul ins(%qi, %wt : tensor<32x64xi32>, tensor<64x128xi32>) outs(%acc0 : tensor<32x128xi32>) -> tensor<32x128xi32>
  %ef = tensor.empty() : tensor<32x128xf32>
  %mf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<32x128xi32>) outs(%ef : tensor<32x128xf32>) {
  ^bb0(%i: i32, %o: f32):
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  } -> tensor<32x128xf32>
  %m3 = tensor.expand_shape %mf [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
  %eo = tensor.empty() : tensor<2x16x128xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m3, %s3, %ws : tensor<2x16x128xf32>, tensor<2x16x1xf32>, tensor<128xf32>) outs(%eo : tensor<2x16x128xf32>) {
  ^bb0(%i: f32, %sx: f32, %sw: f32, %o: f32):
    %a = arith.mulf %i, %sx : f32
    %v = arith.mulf %a, %sw : f32
    linalg.yield %v : f32
  } -> tensor<2x16x128xf32>
  %e2c = tensor.empty() : tensor<2x16xf32>
  %n0 = linalg.fill ins(%zero : f32) outs(%e2c : tensor<2x16xf32>) -> tensor<2x16xf32>
  %next = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y : tensor<2x16x128xf32>) outs(%n0 : tensor<2x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %a = math.absf %i : f32
    %v = arith.maximumf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<2x16xf32>
  return %y, %next : tensor<2x16x128xf32>, tensor<2x16xf32>
}
