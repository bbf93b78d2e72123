// GhostNet's module (bench/unseen_blocks_eighth.py), as torch-mlir exports it:
// a 1x1 conv + BN + hardswish, a cheap depthwise 3x3 conv + BN + hardswish,
// concatenated, sliced, and a residual (test_lit/gpu/ptxas-occupancy-cap.test).
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @ghost_module(%arg0: tensor<1x24x12x12xf32>, %arg1: tensor<12x24x1x1xf32>, %arg2: tensor<12xf32>, %arg3: tensor<12xf32>, %arg4: tensor<12x1x3x3xf32>, %arg5: tensor<12xf32>, %arg6: tensor<12xf32>, %arg7: tensor<12xf32>, %arg8: tensor<12xf32>, %arg9: tensor<12xf32>, %arg10: tensor<12xf32>) -> tensor<1x24x12x12xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 3.000000e+00 : f32
    %cst_3 = arith.constant 6.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x12x12x12xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x12x12x12xf32>) -> tensor<1x12x12x12xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x24x12x12xf32>, tensor<12x24x1x1xf32>) outs(%1 : tensor<1x12x12x12xf32>) -> tensor<1x12x12x12xf32>
    %3 = tensor.empty() : tensor<12xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.truncf %cst_1 : f64 to f32
      %32 = arith.addf %in, %31 : f32
      linalg.yield %32 : f32
    } -> tensor<12xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = math.sqrt %in : f32
      linalg.yield %31 : f32
    } -> tensor<12xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf one, %in, %cst : f32
      cf.assert %31, "unimplemented: tensor with zero element"
      %32 = arith.divf %cst_0, %in : f32
      linalg.yield %32 : f32
    } -> tensor<12xf32>
    %expanded = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %expanded_4 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.subf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %expanded_5 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %expanded_6 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_6 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.addf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.addf %in, %cst_2 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf ult, %in, %cst : f32
      %32 = arith.select %31, %cst, %in : f32
      linalg.yield %32 : f32
    } -> tensor<1x12x12x12xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf ugt, %in, %cst_3 : f32
      %32 = arith.select %31, %cst_3, %in : f32
      linalg.yield %32 : f32
    } -> tensor<1x12x12x12xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %13 : tensor<1x12x12x12xf32>, tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.divf %in, %cst_3 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %padded = tensor.pad %15 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f32
    } : tensor<1x12x12x12xf32> to tensor<1x12x14x14xf32>
    %collapsed = tensor.collapse_shape %arg4 [[0, 1], [2], [3]] : tensor<12x1x3x3xf32> into tensor<12x3x3xf32>
    %16 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x12x14x14xf32>, tensor<12x3x3xf32>) outs(%1 : tensor<1x12x12x12xf32>) -> tensor<1x12x12x12xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.truncf %cst_1 : f64 to f32
      %32 = arith.addf %in, %31 : f32
      linalg.yield %32 : f32
    } -> tensor<12xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%17 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = math.sqrt %in : f32
      linalg.yield %31 : f32
    } -> tensor<12xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%18 : tensor<12xf32>) outs(%3 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf one, %in, %cst : f32
      cf.assert %31, "unimplemented: tensor with zero element"
      %32 = arith.divf %cst_0, %in : f32
      linalg.yield %32 : f32
    } -> tensor<12xf32>
    %expanded_7 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %expanded_8 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_7 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.subf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_8 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %expanded_9 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_9 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %expanded_10 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [12, 1, 1] : tensor<12xf32> into tensor<12x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_10 : tensor<1x12x12x12xf32>, tensor<12x1x1xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.addf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.addf %in, %cst_2 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf ult, %in, %cst : f32
      %32 = arith.select %31, %cst, %in : f32
      linalg.yield %32 : f32
    } -> tensor<1x12x12x12xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.cmpf ugt, %in, %cst_3 : f32
      %32 = arith.select %31, %cst_3, %in : f32
      linalg.yield %32 : f32
    } -> tensor<1x12x12x12xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %26 : tensor<1x12x12x12xf32>, tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.mulf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<1x12x12x12xf32>) outs(%0 : tensor<1x12x12x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.divf %in, %cst_3 : f32
      linalg.yield %31 : f32
    } -> tensor<1x12x12x12xf32>
    %concat = tensor.concat dim(1) %15, %28 : (tensor<1x12x12x12xf32>, tensor<1x12x12x12xf32>) -> tensor<1x24x12x12xf32>
    %29 = tensor.empty() : tensor<1x24x12x12xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %concat : tensor<1x24x12x12xf32>, tensor<1x24x12x12xf32>) outs(%29 : tensor<1x24x12x12xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.addf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x24x12x12xf32>
    return %30 : tensor<1x24x12x12xf32>
  }
}
