// se_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 28, 28)]; 9 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @se_block(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<64x32x3x3xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<16x64x1x1xf32>, %arg5: tensor<16xf32>, %arg6: tensor<64x16x1x1xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>) -> tensor<1x64x28x28xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 7.840000e+02 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg10: index, %arg11: index, %arg12: index, %arg13: index):
      tensor.yield %cst : f32
    } : tensor<1x32x28x28xf32> to tensor<1x32x30x30xf32>
    %0 = tensor.empty() : tensor<1x64x28x28xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x32x30x30xf32>, tensor<64x32x3x3xf32>) outs(%1 : tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32>
    %3 = tensor.empty() : tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg9 : tensor<64xf32>) outs(%3 : tensor<64xf32>) {
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
    %expanded = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_3 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %22 = arith.subf %in, %in_7 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x28x28xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_3 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %22 = arith.mulf %in, %in_7 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x28x28xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_4 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %22 = arith.mulf %in, %in_7 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x28x28xf32>
    %expanded_5 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_5 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %22 = arith.addf %in, %in_7 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x28x28xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x64x28x28xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x64x28x28xf32>
    %12 = tensor.empty() : tensor<1x64x1x1xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<1x64x1x1xf32>) -> tensor<1x64x1x1xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%11 : tensor<1x64x28x28xf32>) outs(%13 : tensor<1x64x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.addf %in, %out : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x1x1xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x64x1x1xf32>) outs(%12 : tensor<1x64x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.divf %in, %cst_2 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x1x1xf32>
    %16 = tensor.empty() : tensor<1x16x1x1xf32>
    %broadcasted = linalg.broadcast ins(%arg5 : tensor<16xf32>) outs(%16 : tensor<1x16x1x1xf32>) dimensions = [0, 2, 3] 
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%15, %arg4 : tensor<1x64x1x1xf32>, tensor<16x64x1x1xf32>) outs(%broadcasted : tensor<1x16x1x1xf32>) -> tensor<1x16x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<1x16x1x1xf32>) outs(%16 : tensor<1x16x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.cmpf ugt, %in, %cst : f32
      %23 = arith.select %22, %in, %cst : f32
      linalg.yield %23 : f32
    } -> tensor<1x16x1x1xf32>
    %broadcasted_6 = linalg.broadcast ins(%arg7 : tensor<64xf32>) outs(%12 : tensor<1x64x1x1xf32>) dimensions = [0, 2, 3] 
    %19 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%18, %arg6 : tensor<1x16x1x1xf32>, tensor<64x16x1x1xf32>) outs(%broadcasted_6 : tensor<1x64x1x1xf32>) -> tensor<1x64x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<1x64x1x1xf32>) outs(%12 : tensor<1x64x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.negf %in : f32
      %23 = math.exp %22 : f32
      %24 = arith.addf %23, %cst_0 : f32
      %25 = arith.divf %cst_0, %24 : f32
      linalg.yield %25 : f32
    } -> tensor<1x64x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %11 : tensor<1x64x1x1xf32>, tensor<1x64x28x28xf32>) outs(%0 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %22 = arith.mulf %in, %in_7 : f32
      linalg.yield %22 : f32
    } -> tensor<1x64x28x28xf32>
    return %21 : tensor<1x64x28x28xf32>
  }
}
