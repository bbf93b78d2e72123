// resnet_bottleneck_downsample: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 28, 28)]; 20 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @resnet_bottleneck_downsample(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<16x32x1x1xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x16x3x3xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<64x16x1x1xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x32x1x1xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<16xf32>, %arg14: tensor<16xf32>, %arg15: tensor<16xf32>, %arg16: tensor<16xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64xf32>) -> tensor<1x64x14x14xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<1x64x14x14xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %arg10 : tensor<1x32x28x28xf32>, tensor<64x32x1x1xf32>) outs(%1 : tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
    %3 = tensor.empty() : tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg20 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.truncf %cst_1 : f64 to f32
      %45 = arith.addf %in, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = math.sqrt %in : f32
      linalg.yield %44 : f32
    } -> tensor<64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf one, %in, %cst : f32
      cf.assert %44, "unimplemented: tensor with zero element"
      %45 = arith.divf %cst_0, %in : f32
      linalg.yield %45 : f32
    } -> tensor<64xf32>
    %expanded = tensor.expand_shape %arg19 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_2 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.subf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_2 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %expanded_3 = tensor.expand_shape %arg11 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_3 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %expanded_4 = tensor.expand_shape %arg12 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_4 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.addf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %11 = tensor.empty() : tensor<1x16x28x28xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
    %13 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x32x28x28xf32>, tensor<16x32x1x1xf32>) outs(%12 : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
    %14 = tensor.empty() : tensor<16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg14 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.truncf %cst_1 : f64 to f32
      %45 = arith.addf %in, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%15 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = math.sqrt %in : f32
      linalg.yield %44 : f32
    } -> tensor<16xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%16 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf one, %in, %cst : f32
      cf.assert %44, "unimplemented: tensor with zero element"
      %45 = arith.divf %cst_0, %in : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %expanded_5 = tensor.expand_shape %arg13 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_6 = tensor.expand_shape %17 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_5 : tensor<1x16x28x28xf32>, tensor<16x1x1xf32>) outs(%11 : tensor<1x16x28x28xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.subf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x28x28xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_6 : tensor<1x16x28x28xf32>, tensor<16x1x1xf32>) outs(%11 : tensor<1x16x28x28xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x28x28xf32>
    %expanded_7 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_7 : tensor<1x16x28x28xf32>, tensor<16x1x1xf32>) outs(%11 : tensor<1x16x28x28xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x28x28xf32>
    %expanded_8 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_8 : tensor<1x16x28x28xf32>, tensor<16x1x1xf32>) outs(%11 : tensor<1x16x28x28xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.addf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x28x28xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<1x16x28x28xf32>) outs(%11 : tensor<1x16x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf ugt, %in, %cst : f32
      %45 = arith.select %44, %in, %cst : f32
      linalg.yield %45 : f32
    } -> tensor<1x16x28x28xf32>
    %padded = tensor.pad %22 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg21: index, %arg22: index, %arg23: index, %arg24: index):
      tensor.yield %cst : f32
    } : tensor<1x16x28x28xf32> to tensor<1x16x30x30xf32>
    %23 = tensor.empty() : tensor<1x16x14x14xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%23 : tensor<1x16x14x14xf32>) -> tensor<1x16x14x14xf32>
    %25 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %arg4 : tensor<1x16x30x30xf32>, tensor<16x16x3x3xf32>) outs(%24 : tensor<1x16x14x14xf32>) -> tensor<1x16x14x14xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg16 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.truncf %cst_1 : f64 to f32
      %45 = arith.addf %in, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%26 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = math.sqrt %in : f32
      linalg.yield %44 : f32
    } -> tensor<16xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%27 : tensor<16xf32>) outs(%14 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf one, %in, %cst : f32
      cf.assert %44, "unimplemented: tensor with zero element"
      %45 = arith.divf %cst_0, %in : f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %expanded_9 = tensor.expand_shape %arg15 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_10 = tensor.expand_shape %28 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_9 : tensor<1x16x14x14xf32>, tensor<16x1x1xf32>) outs(%23 : tensor<1x16x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.subf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x14x14xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_10 : tensor<1x16x14x14xf32>, tensor<16x1x1xf32>) outs(%23 : tensor<1x16x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x14x14xf32>
    %expanded_11 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_11 : tensor<1x16x14x14xf32>, tensor<16x1x1xf32>) outs(%23 : tensor<1x16x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x14x14xf32>
    %expanded_12 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %expanded_12 : tensor<1x16x14x14xf32>, tensor<16x1x1xf32>) outs(%23 : tensor<1x16x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.addf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x16x14x14xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<1x16x14x14xf32>) outs(%23 : tensor<1x16x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf ugt, %in, %cst : f32
      %45 = arith.select %44, %in, %cst : f32
      linalg.yield %45 : f32
    } -> tensor<1x16x14x14xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%33, %arg7 : tensor<1x16x14x14xf32>, tensor<64x16x1x1xf32>) outs(%1 : tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg18 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.truncf %cst_1 : f64 to f32
      %45 = arith.addf %in, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<64xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%35 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = math.sqrt %in : f32
      linalg.yield %44 : f32
    } -> tensor<64xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%36 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf one, %in, %cst : f32
      cf.assert %44, "unimplemented: tensor with zero element"
      %45 = arith.divf %cst_0, %in : f32
      linalg.yield %45 : f32
    } -> tensor<64xf32>
    %expanded_13 = tensor.expand_shape %arg17 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_14 = tensor.expand_shape %37 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_13 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.subf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_14 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %expanded_15 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_15 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.mulf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %expanded_16 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_16 : tensor<1x64x14x14xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.addf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %42 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %10 : tensor<1x64x14x14xf32>, tensor<1x64x14x14xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %44 = arith.addf %in, %in_17 : f32
      linalg.yield %44 : f32
    } -> tensor<1x64x14x14xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<1x64x14x14xf32>) outs(%0 : tensor<1x64x14x14xf32>) {
    ^bb0(%in: f32, %out: f32):
      %44 = arith.cmpf ugt, %in, %cst : f32
      %45 = arith.select %44, %in, %cst : f32
      linalg.yield %45 : f32
    } -> tensor<1x64x14x14xf32>
    return %43 : tensor<1x64x14x14xf32>
  }
}
