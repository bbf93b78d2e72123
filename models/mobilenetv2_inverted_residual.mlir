// mobilenetv2_inverted_residual: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 28, 28)]; 15 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @mobilenetv2_inverted_residual(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<192x32x1x1xf32>, %arg2: tensor<192xf32>, %arg3: tensor<192xf32>, %arg4: tensor<192x1x3x3xf32>, %arg5: tensor<192xf32>, %arg6: tensor<192xf32>, %arg7: tensor<32x192x1x1xf32>, %arg8: tensor<32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<192xf32>, %arg11: tensor<192xf32>, %arg12: tensor<192xf32>, %arg13: tensor<192xf32>, %arg14: tensor<32xf32>, %arg15: tensor<32xf32>) -> tensor<1x32x28x28xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<1x192x28x28xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x192x28x28xf32>) -> tensor<1x192x28x28xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x32x28x28xf32>, tensor<192x32x1x1xf32>) outs(%1 : tensor<1x192x28x28xf32>) -> tensor<1x192x28x28xf32>
    %3 = tensor.empty() : tensor<192xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg11 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.truncf %cst_3 : f64 to f32
      %36 = arith.addf %in, %35 : f32
      linalg.yield %36 : f32
    } -> tensor<192xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = math.sqrt %in : f32
      linalg.yield %35 : f32
    } -> tensor<192xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf one, %in, %cst : f32
      cf.assert %35, "unimplemented: tensor with zero element"
      %36 = arith.divf %cst_0, %in : f32
      linalg.yield %36 : f32
    } -> tensor<192xf32>
    %expanded = tensor.expand_shape %arg10 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_4 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.subf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %expanded_5 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_5 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %expanded_6 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_6 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.addf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %cst_2 : tensor<1x192x28x28xf32>, tensor<f32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.cmpf ogt, %in, %in_15 : f32
      %36 = arith.select %35, %in, %in_15 : f32
      linalg.yield %36 : f32
    } -> tensor<1x192x28x28xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %11 : tensor<f32>, tensor<1x192x28x28xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.cmpf olt, %in, %in_15 : f32
      %36 = arith.select %35, %in, %in_15 : f32
      linalg.yield %36 : f32
    } -> tensor<1x192x28x28xf32>
    %padded = tensor.pad %12 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg16: index, %arg17: index, %arg18: index, %arg19: index):
      tensor.yield %cst : f32
    } : tensor<1x192x28x28xf32> to tensor<1x192x30x30xf32>
    %collapsed = tensor.collapse_shape %arg4 [[0, 1], [2], [3]] : tensor<192x1x3x3xf32> into tensor<192x3x3xf32>
    %13 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x192x30x30xf32>, tensor<192x3x3xf32>) outs(%1 : tensor<1x192x28x28xf32>) -> tensor<1x192x28x28xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg13 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.truncf %cst_3 : f64 to f32
      %36 = arith.addf %in, %35 : f32
      linalg.yield %36 : f32
    } -> tensor<192xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%14 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = math.sqrt %in : f32
      linalg.yield %35 : f32
    } -> tensor<192xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%15 : tensor<192xf32>) outs(%3 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf one, %in, %cst : f32
      cf.assert %35, "unimplemented: tensor with zero element"
      %36 = arith.divf %cst_0, %in : f32
      linalg.yield %36 : f32
    } -> tensor<192xf32>
    %expanded_7 = tensor.expand_shape %arg12 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_8 = tensor.expand_shape %16 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_7 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.subf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_8 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %expanded_9 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_9 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %expanded_10 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_10 : tensor<1x192x28x28xf32>, tensor<192x1x1xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.addf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x192x28x28xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %cst_2 : tensor<1x192x28x28xf32>, tensor<f32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.cmpf ogt, %in, %in_15 : f32
      %36 = arith.select %35, %in, %in_15 : f32
      linalg.yield %36 : f32
    } -> tensor<1x192x28x28xf32>
    %22 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %21 : tensor<f32>, tensor<1x192x28x28xf32>) outs(%0 : tensor<1x192x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.cmpf olt, %in, %in_15 : f32
      %36 = arith.select %35, %in, %in_15 : f32
      linalg.yield %36 : f32
    } -> tensor<1x192x28x28xf32>
    %23 = tensor.empty() : tensor<1x32x28x28xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%23 : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
    %25 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%22, %arg7 : tensor<1x192x28x28xf32>, tensor<32x192x1x1xf32>) outs(%24 : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
    %26 = tensor.empty() : tensor<32xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg15 : tensor<32xf32>) outs(%26 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.truncf %cst_3 : f64 to f32
      %36 = arith.addf %in, %35 : f32
      linalg.yield %36 : f32
    } -> tensor<32xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%27 : tensor<32xf32>) outs(%26 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = math.sqrt %in : f32
      linalg.yield %35 : f32
    } -> tensor<32xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%28 : tensor<32xf32>) outs(%26 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %35 = arith.cmpf one, %in, %cst : f32
      cf.assert %35, "unimplemented: tensor with zero element"
      %36 = arith.divf %cst_0, %in : f32
      linalg.yield %36 : f32
    } -> tensor<32xf32>
    %expanded_11 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_12 = tensor.expand_shape %29 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_11 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%23 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.subf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x32x28x28xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_12 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%23 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x32x28x28xf32>
    %expanded_13 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %expanded_13 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%23 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.mulf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x32x28x28xf32>
    %expanded_14 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_14 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%23 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.addf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x32x28x28xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %33 : tensor<1x32x28x28xf32>, tensor<1x32x28x28xf32>) outs(%23 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %35 = arith.addf %in, %in_15 : f32
      linalg.yield %35 : f32
    } -> tensor<1x32x28x28xf32>
    return %34 : tensor<1x32x28x28xf32>
  }
}
