// bert_layer: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(2, 32, 128), (2, 1, 1, 32)]; 16 weight/buffer args follow
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @bert_layer(%arg0: tensor<2x32x128xf32>, %arg1: tensor<2x1x1x32xf32>, %arg2: tensor<128x128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<128x128xf32>, %arg5: tensor<128xf32>, %arg6: tensor<128x128xf32>, %arg7: tensor<128xf32>, %arg8: tensor<128x128xf32>, %arg9: tensor<128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128xf32>, %arg12: tensor<512x128xf32>, %arg13: tensor<512xf32>, %arg14: tensor<128x512xf32>, %arg15: tensor<128xf32>, %arg16: tensor<128xf32>, %arg17: tensor<128xf32>) -> tensor<2x32x128xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999998E-13 : f64
    %cst_5 = arith.constant 0.17677669529663689 : f64
    %cst_6 = arith.constant 1.280000e+02 : f64
    %cst_7 = arith.constant 1.280000e+02 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x128xf32> into tensor<64x128xf32>
    %0 = tensor.empty() : tensor<128x128xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<128x128xf32>) outs(%0 : tensor<128x128xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64x128xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<64x128xf32>, tensor<128x128xf32>) outs(%2 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg3 : tensor<64x128xf32>, tensor<128xf32>) outs(%1 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x128xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2, 3]] output_shape [2, 32, 4, 32] : tensor<64x128xf32> into tensor<2x32x4x32xf32>
    %5 = tensor.empty() : tensor<2x4x32x32xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<2x32x4x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg4 : tensor<128x128xf32>) outs(%0 : tensor<128x128xf32>) permutation = [1, 0] 
    %6 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%2 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %arg5 : tensor<64x128xf32>, tensor<128xf32>) outs(%1 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x128xf32>
    %expanded_11 = tensor.expand_shape %7 [[0, 1], [2, 3]] output_shape [2, 32, 4, 32] : tensor<64x128xf32> into tensor<2x32x4x32xf32>
    %transposed_12 = linalg.transpose ins(%arg6 : tensor<128x128xf32>) outs(%0 : tensor<128x128xf32>) permutation = [1, 0] 
    %8 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%2 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %arg7 : tensor<64x128xf32>, tensor<128xf32>) outs(%1 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x128xf32>
    %expanded_13 = tensor.expand_shape %9 [[0, 1], [2, 3]] output_shape [2, 32, 4, 32] : tensor<64x128xf32> into tensor<2x32x4x32xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<2x32x4x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<2x32x4x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<2x4x32x32xf32> into tensor<8x32x32xf32>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<2x4x32x32xf32> into tensor<8x32x32xf32>
    %10 = tensor.empty() : tensor<8x32x32xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %12 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<8x32x32xf32>, tensor<8x32x32xf32>) outs(%11 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %expanded_18 = tensor.expand_shape %12 [[0, 1], [2], [3]] output_shape [2, 4, 32, 32] : tensor<8x32x32xf32> into tensor<2x4x32x32xf32>
    %13 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<2x4x32x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.truncf %cst_5 : f64 to f32
      %81 = arith.mulf %in, %80 : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x32xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %arg1 : tensor<2x4x32x32xf32>, tensor<2x1x1x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x4x32x32xf32>
    %15 = tensor.empty() : tensor<2x4x32xi64>
    %16 = linalg.fill ins(%c0_i64 : i64) outs(%15 : tensor<2x4x32xi64>) -> tensor<2x4x32xi64>
    %17 = tensor.empty() : tensor<2x4x32xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<2x4x32xf32>) -> tensor<2x4x32xf32>
    %19:2 = linalg.generic {indexing_maps = [#map2, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%14 : tensor<2x4x32x32xf32>) outs(%18, %16 : tensor<2x4x32xf32>, tensor<2x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %80 = linalg.index 3 : index
      %81 = arith.index_cast %80 : index to i64
      %82 = arith.maximumf %in, %out : f32
      %83 = arith.cmpf ogt, %in, %out : f32
      %84 = arith.select %83, %81, %out_33 : i64
      linalg.yield %82, %84 : f32, i64
    } -> (tensor<2x4x32xf32>, tensor<2x4x32xi64>)
    %expanded_19 = tensor.expand_shape %19#0 [[0], [1], [2, 3]] output_shape [2, 4, 32, 1] : tensor<2x4x32xf32> into tensor<2x4x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14, %expanded_19 : tensor<2x4x32x32xf32>, tensor<2x4x32x1xf32>) outs(%5 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.subf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x4x32x32xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x4x32x32xf32>) outs(%5 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = math.exp %in : f32
      linalg.yield %80 : f32
    } -> tensor<2x4x32x32xf32>
    %22 = tensor.empty() : tensor<2x4x32x1xf32>
    %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<2x4x32x1xf32>) -> tensor<2x4x32x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%21 : tensor<2x4x32x32xf32>) outs(%23 : tensor<2x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.addf %in, %out : f32
      linalg.yield %80 : f32
    } -> tensor<2x4x32x1xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %24 : tensor<2x4x32x32xf32>, tensor<2x4x32x1xf32>) outs(%5 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.divf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x4x32x32xf32>
    %collapsed_20 = tensor.collapse_shape %25 [[0, 1], [2], [3]] : tensor<2x4x32x32xf32> into tensor<8x32x32xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<2x4x32x32xf32> into tensor<8x32x32xf32>
    %26 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<8x32x32xf32>, tensor<8x32x32xf32>) outs(%11 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %expanded_22 = tensor.expand_shape %26 [[0, 1], [2], [3]] output_shape [2, 4, 32, 32] : tensor<8x32x32xf32> into tensor<2x4x32x32xf32>
    %27 = tensor.empty() : tensor<2x32x4x32xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<2x4x32x32xf32>) outs(%27 : tensor<2x32x4x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<2x32x4x32xf32> into tensor<64x128xf32>
    %transposed_25 = linalg.transpose ins(%arg8 : tensor<128x128xf32>) outs(%0 : tensor<128x128xf32>) permutation = [1, 0] 
    %28 = linalg.matmul ins(%collapsed_24, %transposed_25 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%2 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%28, %arg9 : tensor<64x128xf32>, tensor<128xf32>) outs(%1 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x128xf32>
    %expanded_26 = tensor.expand_shape %29 [[0, 1], [2]] output_shape [2, 32, 128] : tensor<64x128xf32> into tensor<2x32x128xf32>
    %30 = tensor.empty() : tensor<2x32x128xf32>
    %31 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<2x32x128xf32>, tensor<2x32x128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %32 = tensor.empty() : tensor<2x32x128xf64>
    %33 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<2x32x128xf32>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %80 = arith.extf %in : f32 to f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %34 = tensor.empty() : tensor<2x32x1xf64>
    %35 = linalg.fill ins(%cst_1 : f64) outs(%34 : tensor<2x32x1xf64>) -> tensor<2x32x1xf64>
    %36 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%33 : tensor<2x32x128xf64>) outs(%35 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.addf %in, %out : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %37 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36 : tensor<2x32x1xf64>) outs(%34 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.divf %in, %cst_6 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %38 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33, %37 : tensor<2x32x128xf64>, tensor<2x32x1xf64>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %80 = arith.subf %in, %in_33 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %39 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38, %38 : tensor<2x32x128xf64>, tensor<2x32x128xf64>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %80 = arith.mulf %in, %in_33 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %40 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%39 : tensor<2x32x128xf64>) outs(%35 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.addf %in, %out : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40 : tensor<2x32x1xf64>) outs(%34 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.divf %in, %cst_6 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %42 = tensor.empty() : tensor<2x32x1xf32>
    %43 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41 : tensor<2x32x1xf64>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %80 = arith.truncf %in : f64 to f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%42 : tensor<2x32x1xf32>) -> tensor<2x32x1xf32>
    %45 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%31 : tensor<2x32x128xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.addf %in, %out : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %46 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.divf %in, %cst_7 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %47 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.truncf %cst_4 : f64 to f32
      %81 = arith.addf %in, %80 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %48 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = math.rsqrt %in : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %49 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31, %46 : tensor<2x32x128xf32>, tensor<2x32x1xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.subf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %50 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49, %48 : tensor<2x32x128xf32>, tensor<2x32x1xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.mulf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %51 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %arg10 : tensor<2x32x128xf32>, tensor<128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.mulf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %52 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %arg11 : tensor<2x32x128xf32>, tensor<128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %collapsed_27 = tensor.collapse_shape %52 [[0, 1], [2]] : tensor<2x32x128xf32> into tensor<64x128xf32>
    %53 = tensor.empty() : tensor<128x512xf32>
    %transposed_28 = linalg.transpose ins(%arg12 : tensor<512x128xf32>) outs(%53 : tensor<128x512xf32>) permutation = [1, 0] 
    %54 = tensor.empty() : tensor<64x512xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %56 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<64x128xf32>, tensor<128x512xf32>) outs(%55 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%56, %arg13 : tensor<64x512xf32>, tensor<512xf32>) outs(%54 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x512xf32>
    %expanded_29 = tensor.expand_shape %57 [[0, 1], [2]] output_shape [2, 32, 512] : tensor<64x512xf32> into tensor<2x32x512xf32>
    %58 = tensor.empty() : tensor<2x32x512xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<2x32x512xf32>) outs(%58 : tensor<2x32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.divf %in, %cst_8 : f32
      %81 = math.erf %80 : f32
      %82 = arith.addf %81, %cst_2 : f32
      %83 = arith.mulf %82, %cst_3 : f32
      %84 = arith.mulf %in, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<2x32x512xf32>
    %collapsed_30 = tensor.collapse_shape %59 [[0, 1], [2]] : tensor<2x32x512xf32> into tensor<64x512xf32>
    %60 = tensor.empty() : tensor<512x128xf32>
    %transposed_31 = linalg.transpose ins(%arg14 : tensor<128x512xf32>) outs(%60 : tensor<512x128xf32>) permutation = [1, 0] 
    %61 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<64x512xf32>, tensor<512x128xf32>) outs(%2 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%61, %arg15 : tensor<64x128xf32>, tensor<128xf32>) outs(%1 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<64x128xf32>
    %expanded_32 = tensor.expand_shape %62 [[0, 1], [2]] output_shape [2, 32, 128] : tensor<64x128xf32> into tensor<2x32x128xf32>
    %63 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %52 : tensor<2x32x128xf32>, tensor<2x32x128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %64 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<2x32x128xf32>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %80 = arith.extf %in : f32 to f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %65 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<2x32x128xf64>) outs(%35 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.addf %in, %out : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %66 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x32x1xf64>) outs(%34 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.divf %in, %cst_6 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %66 : tensor<2x32x128xf64>, tensor<2x32x1xf64>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %80 = arith.subf %in, %in_33 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %68 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %67 : tensor<2x32x128xf64>, tensor<2x32x128xf64>) outs(%32 : tensor<2x32x128xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %80 = arith.mulf %in, %in_33 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x128xf64>
    %69 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%68 : tensor<2x32x128xf64>) outs(%35 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.addf %in, %out : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %70 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<2x32x1xf64>) outs(%34 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %80 = arith.divf %in, %cst_6 : f64
      linalg.yield %80 : f64
    } -> tensor<2x32x1xf64>
    %71 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x32x1xf64>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %80 = arith.truncf %in : f64 to f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %72 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<2x32x128xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.addf %in, %out : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %73 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.divf %in, %cst_7 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = arith.truncf %cst_4 : f64 to f32
      %81 = arith.addf %in, %80 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %75 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<2x32x1xf32>) outs(%42 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %80 = math.rsqrt %in : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %73 : tensor<2x32x128xf32>, tensor<2x32x1xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.subf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %77 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %75 : tensor<2x32x128xf32>, tensor<2x32x1xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.mulf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %78 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %arg16 : tensor<2x32x128xf32>, tensor<128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.mulf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    %79 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %arg17 : tensor<2x32x128xf32>, tensor<128xf32>) outs(%30 : tensor<2x32x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %80 = arith.addf %in, %in_33 : f32
      linalg.yield %80 : f32
    } -> tensor<2x32x128xf32>
    return %79 : tensor<2x32x128xf32>
  }
}
