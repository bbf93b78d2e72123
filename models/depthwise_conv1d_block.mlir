// depthwise_conv1d_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(2, 64, 64)]; 9 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1, d2) -> (d1, 0)>
module {
  func.func @depthwise_conv1d_block(%arg0: tensor<2x64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<128x64x1xf32>, %arg4: tensor<64x1x15xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64x1xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>) -> tensor<2x64x64xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 1.000000e-05 : f64
    %cst_3 = arith.constant 6.400000e+01 : f64
    %cst_4 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<2x64x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %42 = arith.extf %in : f32 to f64
      linalg.yield %42 : f64
    } -> tensor<2x64x64xf64>
    %2 = tensor.empty() : tensor<2x64x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<2x64x1xf64>) -> tensor<2x64x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x64x64xf64>) outs(%3 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %42 = arith.addf %in, %out : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x64x1xf64>) outs(%2 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %42 = arith.divf %in, %cst_3 : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%0 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %42 = arith.subf %in, %in_13 : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%0 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_13: f64, %out: f64):
      %42 = arith.mulf %in, %in_13 : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<2x64x64xf64>) outs(%3 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %42 = arith.addf %in, %out : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x64x1xf64>) outs(%2 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %42 = arith.divf %in, %cst_3 : f64
      linalg.yield %42 : f64
    } -> tensor<2x64x1xf64>
    %10 = tensor.empty() : tensor<2x64x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x64x1xf64>) outs(%10 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %42 = arith.truncf %in : f64 to f32
      linalg.yield %42 : f32
    } -> tensor<2x64x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x64x64xf32>) outs(%12 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.addf %in, %out : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x64x1xf32>) outs(%10 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.divf %in, %cst_4 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x64x1xf32>) outs(%10 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.truncf %cst_2 : f64 to f32
      %43 = arith.addf %in, %42 : f32
      linalg.yield %43 : f32
    } -> tensor<2x64x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x64x1xf32>) outs(%10 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = math.rsqrt %in : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x1xf32>
    %17 = tensor.empty() : tensor<2x64x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.subf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.addf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %transposed = linalg.transpose ins(%21 : tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) permutation = [0, 2, 1] 
    %22 = tensor.empty() : tensor<2x128x64xf32>
    %23 = linalg.fill ins(%cst_0 : f32) outs(%22 : tensor<2x128x64xf32>) -> tensor<2x128x64xf32>
    %24 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%transposed, %arg3 : tensor<2x64x64xf32>, tensor<128x64x1xf32>) outs(%23 : tensor<2x128x64xf32>) -> tensor<2x128x64xf32>
    %extracted_slice = tensor.extract_slice %24[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x128x64xf32> to tensor<2x64x64xf32>
    %extracted_slice_5 = tensor.extract_slice %24[0, 64, 0] [2, 64, 64] [1, 1, 1] : tensor<2x128x64xf32> to tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_5 : tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.negf %in : f32
      %43 = math.exp %42 : f32
      %44 = arith.addf %43, %cst_1 : f32
      %45 = arith.divf %cst_1, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<2x64x64xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %expanded = tensor.expand_shape %26 [[0], [1], [2, 3]] output_shape [2, 64, 64, 1] : tensor<2x64x64xf32> into tensor<2x64x64x1xf32>
    %expanded_6 = tensor.expand_shape %arg4 [[0], [1], [2, 3]] output_shape [64, 1, 15, 1] : tensor<64x1x15xf32> into tensor<64x1x15x1xf32>
    %padded = tensor.pad %expanded low[0, 0, 7, 0] high[0, 0, 7, 0] {
    ^bb0(%arg10: index, %arg11: index, %arg12: index, %arg13: index):
      tensor.yield %cst_0 : f32
    } : tensor<2x64x64x1xf32> to tensor<2x64x78x1xf32>
    %27 = tensor.empty() : tensor<2x64x64x1xf32>
    %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<2x64x64x1xf32>) -> tensor<2x64x64x1xf32>
    %collapsed = tensor.collapse_shape %expanded_6 [[0, 1], [2], [3]] : tensor<64x1x15x1xf32> into tensor<64x15x1xf32>
    %29 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x64x78x1xf32>, tensor<64x15x1xf32>) outs(%28 : tensor<2x64x64x1xf32>) -> tensor<2x64x64x1xf32>
    %collapsed_7 = tensor.collapse_shape %29 [[0], [1], [2, 3]] : tensor<2x64x64x1xf32> into tensor<2x64x64xf32>
    %30 = tensor.empty() : tensor<64xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg9 : tensor<64xf32>) outs(%30 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.truncf %cst_2 : f64 to f32
      %43 = arith.addf %in, %42 : f32
      linalg.yield %43 : f32
    } -> tensor<64xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%31 : tensor<64xf32>) outs(%30 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = math.sqrt %in : f32
      linalg.yield %42 : f32
    } -> tensor<64xf32>
    %33 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%32 : tensor<64xf32>) outs(%30 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %42, "unimplemented: tensor with zero element"
      %43 = arith.divf %cst_1, %in : f32
      linalg.yield %43 : f32
    } -> tensor<64xf32>
    %expanded_8 = tensor.expand_shape %arg8 [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
    %expanded_9 = tensor.expand_shape %33 [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
    %34 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_7, %expanded_8 : tensor<2x64x64xf32>, tensor<64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.subf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34, %expanded_9 : tensor<2x64x64xf32>, tensor<64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %expanded_10 = tensor.expand_shape %arg5 [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35, %expanded_10 : tensor<2x64x64xf32>, tensor<64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %expanded_11 = tensor.expand_shape %arg6 [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36, %expanded_11 : tensor<2x64x64xf32>, tensor<64x1xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.addf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37 : tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.negf %in : f32
      %43 = math.exp %42 : f32
      %44 = arith.addf %43, %cst_1 : f32
      %45 = arith.divf %cst_1, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<2x64x64xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37, %38 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %42 = arith.mulf %in, %in_13 : f32
      linalg.yield %42 : f32
    } -> tensor<2x64x64xf32>
    %40 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
    %41 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%39, %arg7 : tensor<2x64x64xf32>, tensor<64x64x1xf32>) outs(%40 : tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
    %transposed_12 = linalg.transpose ins(%41 : tensor<2x64x64xf32>) outs(%17 : tensor<2x64x64xf32>) permutation = [0, 2, 1] 
    return %transposed_12 : tensor<2x64x64xf32>
  }
}
