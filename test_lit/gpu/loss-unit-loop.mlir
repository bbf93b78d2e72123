// A training step's cross-entropy: one kernel (as planned: a fusion.group)
// computes the label mask, the labels kept for the backward (sibling roots
// of 32x1) and the sum of the picked, masked log-probabilities, which reads
// the select's 32 values through a 32x1 expand_shape over loops (32, 1).
// Folding the view left the unit loop in no map, so it stayed, the select
// fed the root only through a reshape: "prepare: an op of the kernel feeds
// none of its roots" (and tile-and-fuse cannot fuse through a reshape). The
// unit loop is now dropped (gpu/unit_loops.py). Labels are masked to
// [0, 63]: verify's random integers include negatives.
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED-NOT: error
// COMPILED: kernels: 1
// COMPILED-NEXT: k0: partitioned(elementwise+fallback) schedule
// VERIFIED: result3: tensor<f32> {{.*}} ok
// VERIFIED: verify: ok

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> ()>
module {
  func.func @loss_terms(%arg0: tensor<2x16xi64>, %arg1: tensor<32x96xf32>) -> (tensor<32xi1>, tensor<32x1xi1>, tensor<32x1xi64>, tensor<f32>) {
    %c96 = arith.constant 96 : index
    %cst = arith.constant dense<0.000000e+00> : tensor<f32>
    %c-100_i64 = arith.constant -100 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense<0> : tensor<i64>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1]] : tensor<2x16xi64> into tensor<32xi64>
    %0 = tensor.empty() : tensor<32xi64>
    %1 = tensor.empty() : tensor<32xi1>
    %collapsed_2 = tensor.collapse_shape %arg0 [[0, 1]] : tensor<2x16xi64> into tensor<32xi64>
    %expanded = tensor.expand_shape %collapsed_2 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %2 = tensor.empty() : tensor<f32>
    %expanded_3 = tensor.expand_shape %collapsed [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %3 = tensor.empty() : tensor<32x1xi1>
    %4 = tensor.empty() : tensor<32x1xi64>
    %5:4 = "fusion.group"() ({
      %6:2 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel"]} ins(%collapsed, %cst_1 : tensor<32xi64>, tensor<i64>) outs(%0, %1 : tensor<32xi64>, tensor<32xi1>) {
      ^bb0(%in: i64, %in_5: i64, %out: i64, %out_6: i1):
        %10 = arith.cmpi ne, %in, %c-100_i64 : i64
        %11 = arith.select %10, %in, %in_5 : i64
        linalg.yield %11, %10 : i64, i1
      } -> (tensor<32xi64>, tensor<32xi1>)
      %expanded_4 = tensor.expand_shape %6#0 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
      %7 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<f32>) -> tensor<f32>
      %8:2 = linalg.generic {indexing_maps = [#map2, #map3, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%expanded_3, %cst_1 : tensor<32x1xi64>, tensor<i64>) outs(%4, %3 : tensor<32x1xi64>, tensor<32x1xi1>) {
      ^bb0(%in: i64, %in_5: i64, %out: i64, %out_6: i1):
        %10 = arith.cmpi ne, %in, %c-100_i64 : i64
        %11 = arith.select %10, %in, %in_5 : i64
        linalg.yield %11, %10 : i64, i1
      } -> (tensor<32x1xi64>, tensor<32x1xi1>)
      %9 = linalg.generic {indexing_maps = [#map2, #map2, #map3, #map3], iterator_types = ["reduction", "reduction"]} ins(%expanded, %expanded_4, %cst : tensor<32x1xi64>, tensor<32x1xi64>, tensor<f32>) outs(%7 : tensor<f32>) {
      ^bb0(%in: i64, %in_5: i64, %in_6: f32, %out: f32):
        %10 = linalg.index 0 : index
        %c63 = arith.constant 63 : i64
        %in_range = arith.andi %in_5, %c63 : i64
        %11 = arith.index_cast %in_range : i64 to index
        %extracted = tensor.extract %arg1[%10, %11] : tensor<32x96xf32>
        %14 = arith.negf %extracted : f32
        %15 = arith.cmpi ne, %in, %c-100_i64 : i64
        %16 = arith.select %15, %14, %in_6 : f32
        %17 = arith.addf %16, %out : f32
        linalg.yield %17 : f32
      } -> tensor<f32>
      gpu.yield %6#1, %8#1, %8#0, %9 : tensor<32xi1>, tensor<32x1xi1>, tensor<32x1xi64>, tensor<f32>
    }) {fusion.id = 0 : i64, fusion.pattern = "reduction-prologue", resultSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0>} : () -> (tensor<32xi1>, tensor<32x1xi1>, tensor<32x1xi64>, tensor<f32>)
    return %5#0, %5#1, %5#2, %5#3 : tensor<32xi1>, tensor<32x1xi1>, tensor<32x1xi64>, tensor<f32>
  }
}
