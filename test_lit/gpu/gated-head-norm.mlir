// Qwen-4-style gated head norm (qwen4_exp_text, an unseen model): one kernel
// RMS-normalizes q and k per head, takes their per-head dot product (a
// generic the contraction test accepts: two inputs, each missing a parallel
// loop), turns it into a sigmoid gate that scales v, and normalizes the
// gated v again. The dot's value is read back broadcast along the row, so it
// is one more row reduction of a norm kernel, not a matmul with an epilogue
// (`schedule._broadcast_back`): under the contraction schedule each of the 16
// threads reduced the kernel's other rows whole and stored the kept gated v
// for the whole row beside the threads' slots, which the race check refused
// ("a store writes the whole buffer while threads write their slots").
// RUN: %mlirfuse compile %s --no-fuse --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s
// RUN: %mlirfuse verify %s --no-fuse --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK-NEXT: k0: row schedule
// OK: result0: tensor<2x16x2x64xf32> {{.*}} ok
// OK: result1: tensor<2x16x2x64xf32> {{.*}} ok
// OK: verify: ok
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0)>
module {
  func.func @gated_head_norm(%arg0: tensor<2x16xi64>, %arg1: tensor<128xf32>, %arg2: tensor<32x64xf32>, %arg3: tensor<32x128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<2x16x64xf32>, %arg6: tensor<128xf32>) -> (tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>) {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 9.9999999999999995E-7 : f64
    %cst_1 = arith.constant 6.400000e+01 : f32
    %cst_2 = arith.constant 8.000000e+00 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x16x2x64xf32>
    %expanded = tensor.expand_shape %arg3 [[0, 1], [2, 3]] output_shape [2, 16, 2, 64] : tensor<32x128xf32> into tensor<2x16x2x64xf32>
    %1 = tensor.empty() : tensor<2x16x2x1xf32>
    %2 = linalg.fill ins(%cst_3 : f32) outs(%1 : tensor<2x16x2x1xf32>) -> tensor<2x16x2x1xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1], [2, 3]] output_shape [2, 16, 1, 64] : tensor<32x64xf32> into tensor<2x16x1x64xf32>
    %expanded_5 = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xi64> into tensor<2x16x1xi64>
    %3 = tensor.empty() : tensor<2x16x2x64xf32>
    %4:2 = "fusion.group"() ({
      %expanded_6 = tensor.expand_shape %arg3 [[0, 1], [2, 3]] output_shape [2, 16, 2, 64] : tensor<32x128xf32> into tensor<2x16x2x64xf32>
      %5 = tensor.empty() : tensor<2x16x2x64xf32>
      %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_6 : tensor<2x16x2x64xf32>) outs(%5 : tensor<2x16x2x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        %13 = math.fpowi %in, %c2_i64 : f32, i64
        linalg.yield %13 : f32
      } -> tensor<2x16x2x64xf32>
      %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%6 : tensor<2x16x2x64xf32>) outs(%2 : tensor<2x16x2x1xf32>) {
      ^bb0(%in: f32, %out: f32):
        %13 = arith.addf %in, %out : f32
        linalg.yield %13 : f32
      } -> tensor<2x16x2x1xf32>
      %expanded_7 = tensor.expand_shape %arg6 [[0, 1]] output_shape [2, 64] : tensor<128xf32> into tensor<2x64xf32>
      %8 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg5 : tensor<2x16x64xf32>) outs(%2 : tensor<2x16x2x1xf32>) {
      ^bb0(%in: f32, %out: f32):
        %13 = math.fpowi %in, %c2_i64 : f32, i64
        %14 = arith.addf %13, %out : f32
        linalg.yield %14 : f32
      } -> tensor<2x16x2x1xf32>
      %expanded_8 = tensor.expand_shape %arg4 [[0, 1]] output_shape [2, 64] : tensor<128xf32> into tensor<2x64xf32>
      %9 = linalg.generic {indexing_maps = [#map, #map1, #map3, #map2, #map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded, %7, %expanded_7, %arg5, %8, %expanded_8 : tensor<2x16x2x64xf32>, tensor<2x16x2x1xf32>, tensor<2x64xf32>, tensor<2x16x64xf32>, tensor<2x16x2x1xf32>, tensor<2x64xf32>) outs(%2 : tensor<2x16x2x1xf32>) {
      ^bb0(%in: f32, %in_10: f32, %in_11: f32, %in_12: f32, %in_13: f32, %in_14: f32, %out: f32):
        %13 = arith.addf %in_14, %cst : f32
        %14 = arith.divf %in_13, %cst_1 : f32
        %15 = arith.truncf %cst_0 : f64 to f32
        %16 = arith.addf %14, %15 : f32
        %17 = math.rsqrt %16 : f32
        %18 = arith.mulf %in_12, %17 : f32
        %19 = arith.mulf %18, %13 : f32
        %20 = arith.addf %in_11, %cst : f32
        %21 = arith.divf %in_10, %cst_1 : f32
        %22 = arith.truncf %cst_0 : f64 to f32
        %23 = arith.addf %21, %22 : f32
        %24 = math.rsqrt %23 : f32
        %25 = arith.mulf %in, %24 : f32
        %26 = arith.mulf %25, %20 : f32
        %27 = arith.mulf %26, %19 : f32
        %28 = arith.addf %27, %out : f32
        linalg.yield %28 : f32
      } -> tensor<2x16x2x1xf32>
      %10:2 = linalg.generic {indexing_maps = [#map1, #map4, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_4 : tensor<2x16x2x1xf32>, tensor<2x16x1x64xf32>) outs(%0, %0 : tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>) {
      ^bb0(%in: f32, %in_10: f32, %out: f32, %out_11: f32):
        %13 = arith.divf %in, %cst_2 : f32
        %14 = arith.cmpf ogt, %13, %cst_3 : f32
        %cst_12 = arith.constant 1.000000e+00 : f32
        %cst_13 = arith.constant 0.000000e+00 : f32
        %15 = arith.select %14, %cst_12, %cst_13 : f32
        %16 = arith.cmpf olt, %13, %cst_3 : f32
        %17 = math.absf %13 : f32
        %18 = arith.truncf %cst_0 : f64 to f32
        %19 = arith.cmpf ult, %17, %18 : f32
        %20 = arith.select %19, %18, %17 : f32
        %21 = math.sqrt %20 : f32
        %cst_14 = arith.constant -1.000000e+00 : f32
        %22 = arith.select %16, %cst_14, %15 : f32
        %23 = arith.mulf %21, %22 : f32
        %24 = arith.negf %23 : f32
        %25 = math.exp %24 : f32
        %26 = arith.addf %25, %cst : f32
        %27 = arith.divf %cst, %26 : f32
        %28 = arith.mulf %27, %in_10 : f32
        %29 = math.fpowi %28, %c2_i64 : f32, i64
        linalg.yield %29, %28 : f32, f32
      } -> (tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>)
      %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%10#0 : tensor<2x16x2x64xf32>) outs(%2 : tensor<2x16x2x1xf32>) {
      ^bb0(%in: f32, %out: f32):
        %13 = arith.addf %in, %out : f32
        linalg.yield %13 : f32
      } -> tensor<2x16x2x1xf32>
      %expanded_9 = tensor.expand_shape %arg1 [[0, 1]] output_shape [2, 64] : tensor<128xf32> into tensor<2x64xf32>
      %12 = linalg.generic {indexing_maps = [#map, #map1, #map3, #map5, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10#1, %11, %expanded_9, %expanded_5 : tensor<2x16x2x64xf32>, tensor<2x16x2x1xf32>, tensor<2x64xf32>, tensor<2x16x1xi64>) outs(%3 : tensor<2x16x2x64xf32>) {
      ^bb0(%in: f32, %in_10: f32, %in_11: f32, %in_12: i64, %out: f32):
        %13 = arith.addf %in_11, %cst : f32
        %14 = arith.divf %in_10, %cst_1 : f32
        %15 = arith.truncf %cst_0 : f64 to f32
        %16 = arith.addf %14, %15 : f32
        %17 = math.rsqrt %16 : f32
        %18 = arith.mulf %in, %17 : f32
        %19 = arith.mulf %18, %13 : f32
        %20 = arith.sitofp %in_12 : i64 to f32
        %21 = arith.mulf %19, %20 : f32
        linalg.yield %21 : f32
      } -> tensor<2x16x2x64xf32>
      gpu.yield %10#1, %12 : tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>
    }) {fusion.id = 0 : i64, fusion.pattern = "reduction-epilogue", resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>)
    return %4#0, %4#1 : tensor<2x16x2x64xf32>, tensor<2x16x2x64xf32>
  }
}
