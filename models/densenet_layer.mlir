// densenet_layer: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 28, 28)]; 10 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @densenet_layer(%arg0: tensor<1x32x28x28xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<64x32x1x1xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<16x64x3x3xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>) -> tensor<1x48x28x28xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : tensor<32xf32>) outs(%0 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_1 : f64 to f32
      %26 = arith.addf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<32xf32>) outs(%0 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.sqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<32xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<32xf32>) outs(%0 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.cmpf one, %in, %cst : f32
      cf.assert %25, "unimplemented: tensor with zero element"
      %26 = arith.divf %cst_0, %in : f32
      linalg.yield %26 : f32
    } -> tensor<32xf32>
    %expanded = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_2 = tensor.expand_shape %3 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %4 = tensor.empty() : tensor<1x32x28x28xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %expanded : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%4 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.subf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x32x28x28xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %expanded_2 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%4 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.mulf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x32x28x28xf32>
    %expanded_3 = tensor.expand_shape %arg1 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_3 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%4 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.mulf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x32x28x28xf32>
    %expanded_4 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_4 : tensor<1x32x28x28xf32>, tensor<32x1x1xf32>) outs(%4 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.addf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x32x28x28xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x32x28x28xf32>) outs(%4 : tensor<1x32x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.cmpf ugt, %in, %cst : f32
      %26 = arith.select %25, %in, %cst : f32
      linalg.yield %26 : f32
    } -> tensor<1x32x28x28xf32>
    %10 = tensor.empty() : tensor<1x64x28x28xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32>
    %12 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%9, %arg3 : tensor<1x32x28x28xf32>, tensor<64x32x1x1xf32>) outs(%11 : tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32>
    %13 = tensor.empty() : tensor<64xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf32>) outs(%13 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_1 : f64 to f32
      %26 = arith.addf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<64xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%14 : tensor<64xf32>) outs(%13 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.sqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<64xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%15 : tensor<64xf32>) outs(%13 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.cmpf one, %in, %cst : f32
      cf.assert %25, "unimplemented: tensor with zero element"
      %26 = arith.divf %cst_0, %in : f32
      linalg.yield %26 : f32
    } -> tensor<64xf32>
    %expanded_5 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_6 = tensor.expand_shape %16 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_5 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%10 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.subf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x64x28x28xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_6 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%10 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.mulf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x64x28x28xf32>
    %expanded_7 = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_7 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%10 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.mulf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x64x28x28xf32>
    %expanded_8 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_8 : tensor<1x64x28x28xf32>, tensor<64x1x1xf32>) outs(%10 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %25 = arith.addf %in, %in_9 : f32
      linalg.yield %25 : f32
    } -> tensor<1x64x28x28xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<1x64x28x28xf32>) outs(%10 : tensor<1x64x28x28xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.cmpf ugt, %in, %cst : f32
      %26 = arith.select %25, %in, %cst : f32
      linalg.yield %26 : f32
    } -> tensor<1x64x28x28xf32>
    %padded = tensor.pad %21 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f32
    } : tensor<1x64x28x28xf32> to tensor<1x64x30x30xf32>
    %22 = tensor.empty() : tensor<1x16x28x28xf32>
    %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
    %24 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg6 : tensor<1x64x30x30xf32>, tensor<16x64x3x3xf32>) outs(%23 : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
    %concat = tensor.concat dim(1) %arg0, %24 : (tensor<1x32x28x28xf32>, tensor<1x16x28x28xf32>) -> tensor<1x48x28x28xf32>
    return %concat : tensor<1x48x28x28xf32>
  }
}
