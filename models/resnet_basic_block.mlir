// resnet_basic_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 64, 56, 56)]; 10 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @resnet_basic_block(%arg0: tensor<1x64x56x56xf32>, %arg1: tensor<64x64x3x3xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64x3x3xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f32
    } : tensor<1x64x56x56xf32> to tensor<1x64x58x58xf32>
    %0 = tensor.empty() : tensor<1x64x56x56xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%1 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %3 = tensor.empty() : tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.truncf %cst_1 : f64 to f32
      %23 = arith.addf %in, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.sqrt %in : f32
      linalg.yield %22 : f32
    } -> tensor<64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf one, %in, %cst : f32
      cf.assert %22, "unimplemented: tensor with zero element"
      %23 = arith.divf %cst_0, %in : f32
      linalg.yield %23 : f32
    } -> tensor<64xf32>
    %expanded = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_2 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.subf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_2 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.mulf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_3 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_3 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.mulf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_4 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_4 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.addf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x64x56x56xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x64x56x56xf32>
    %padded_5 = tensor.pad %11 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f32
    } : tensor<1x64x56x56xf32> to tensor<1x64x58x58xf32>
    %12 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_5, %arg4 : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>) outs(%1 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.truncf %cst_1 : f64 to f32
      %23 = arith.addf %in, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<64xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%13 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.sqrt %in : f32
      linalg.yield %22 : f32
    } -> tensor<64xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%14 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf one, %in, %cst : f32
      cf.assert %22, "unimplemented: tensor with zero element"
      %23 = arith.divf %cst_0, %in : f32
      linalg.yield %23 : f32
    } -> tensor<64xf32>
    %expanded_6 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_7 = tensor.expand_shape %15 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_6 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.subf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_7 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.mulf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_8 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_8 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.mulf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %expanded_9 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_9 : tensor<1x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.addf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %arg0 : tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %22 = arith.addf %in, %in_10 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x56x56xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<1x64x56x56xf32>) outs(%0 : tensor<1x64x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x64x56x56xf32>
    return %21 : tensor<1x64x56x56xf32>
  }
}
