// distilbert_layer: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(2, 32, 64)]; 16 weight/buffer args follow
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @distilbert_layer(%arg0: tensor<2x32x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<256xf32>, %arg13: tensor<64x256xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>) -> tensor<2x32x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999998E-13 : f64
    %cst_5 = arith.constant 2.500000e-01 : f32
    %cst_6 = arith.constant 6.400000e+01 : f64
    %cst_7 = arith.constant 6.400000e+01 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x64xf32> into tensor<64x64xf32>
    %0 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %2 = linalg.matmul ins(%collapsed, %transposed : tensor<64x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %arg2 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x64xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2, 3]] output_shape [2, 32, 4, 16] : tensor<64x64xf32> into tensor<2x32x4x16xf32>
    %4 = tensor.empty() : tensor<2x4x32x16xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<2x32x4x16xf32>) outs(%4 : tensor<2x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %5 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %arg4 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x64xf32>
    %expanded_11 = tensor.expand_shape %6 [[0, 1], [2, 3]] output_shape [2, 32, 4, 16] : tensor<64x64xf32> into tensor<2x32x4x16xf32>
    %transposed_12 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %arg6 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x64xf32>
    %expanded_13 = tensor.expand_shape %8 [[0, 1], [2, 3]] output_shape [2, 32, 4, 16] : tensor<64x64xf32> into tensor<2x32x4x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<2x32x4x16xf32>) outs(%4 : tensor<2x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %9 = tensor.empty() : tensor<2x4x16x32xf32>
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<2x32x4x16xf32>) outs(%9 : tensor<2x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<2x4x32x16xf32> into tensor<8x32x16xf32>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<2x4x16x32xf32> into tensor<8x16x32xf32>
    %10 = tensor.empty() : tensor<8x32x32xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %12 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<8x32x16xf32>, tensor<8x16x32xf32>) outs(%11 : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
    %expanded_18 = tensor.expand_shape %12 [[0, 1], [2], [3]] output_shape [2, 4, 32, 32] : tensor<8x32x32xf32> into tensor<2x4x32x32xf32>
    %13 = tensor.empty() : tensor<2x4x32x32xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<2x4x32x32xf32>) outs(%13 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.mulf %in, %cst_5 : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x32xf32>
    %15 = tensor.empty() : tensor<2x4x32xi64>
    %16 = linalg.fill ins(%c0_i64 : i64) outs(%15 : tensor<2x4x32xi64>) -> tensor<2x4x32xi64>
    %17 = tensor.empty() : tensor<2x4x32xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<2x4x32xf32>) -> tensor<2x4x32xf32>
    %19:2 = linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%14 : tensor<2x4x32x32xf32>) outs(%18, %16 : tensor<2x4x32xf32>, tensor<2x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %81 = linalg.index 3 : index
      %82 = arith.index_cast %81 : index to i64
      %83 = arith.maximumf %in, %out : f32
      %84 = arith.cmpf ogt, %in, %out : f32
      %85 = arith.select %84, %82, %out_33 : i64
      linalg.yield %83, %85 : f32, i64
    } -> (tensor<2x4x32xf32>, tensor<2x4x32xi64>)
    %expanded_19 = tensor.expand_shape %19#0 [[0], [1], [2, 3]] output_shape [2, 4, 32, 1] : tensor<2x4x32xf32> into tensor<2x4x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14, %expanded_19 : tensor<2x4x32x32xf32>, tensor<2x4x32x1xf32>) outs(%13 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.subf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x32xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x4x32x32xf32>) outs(%13 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.exp %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x32xf32>
    %22 = tensor.empty() : tensor<2x4x32x1xf32>
    %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<2x4x32x1xf32>) -> tensor<2x4x32x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%21 : tensor<2x4x32x32xf32>) outs(%23 : tensor<2x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x1xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %24 : tensor<2x4x32x32xf32>, tensor<2x4x32x1xf32>) outs(%13 : tensor<2x4x32x32xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.divf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x4x32x32xf32>
    %collapsed_20 = tensor.collapse_shape %25 [[0, 1], [2], [3]] : tensor<2x4x32x32xf32> into tensor<8x32x32xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<2x4x32x16xf32> into tensor<8x32x16xf32>
    %26 = tensor.empty() : tensor<8x32x16xf32>
    %27 = linalg.fill ins(%cst : f32) outs(%26 : tensor<8x32x16xf32>) -> tensor<8x32x16xf32>
    %28 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<8x32x32xf32>, tensor<8x32x16xf32>) outs(%27 : tensor<8x32x16xf32>) -> tensor<8x32x16xf32>
    %expanded_22 = tensor.expand_shape %28 [[0, 1], [2], [3]] output_shape [2, 4, 32, 16] : tensor<8x32x16xf32> into tensor<2x4x32x16xf32>
    %29 = tensor.empty() : tensor<2x32x4x16xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<2x4x32x16xf32>) outs(%29 : tensor<2x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<2x32x4x16xf32> into tensor<64x64xf32>
    %transposed_25 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed_24, %transposed_25 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%30, %arg8 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x64xf32>
    %expanded_26 = tensor.expand_shape %31 [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
    %32 = tensor.empty() : tensor<2x32x64xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<2x32x64xf32>, tensor<2x32x64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %34 = tensor.empty() : tensor<2x32x64xf64>
    %35 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33 : tensor<2x32x64xf32>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %81 = arith.extf %in : f32 to f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %36 = tensor.empty() : tensor<2x32x1xf64>
    %37 = linalg.fill ins(%cst_1 : f64) outs(%36 : tensor<2x32x1xf64>) -> tensor<2x32x1xf64>
    %38 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%35 : tensor<2x32x64xf64>) outs(%37 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %39 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38 : tensor<2x32x1xf64>) outs(%36 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_6 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %40 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35, %39 : tensor<2x32x64xf64>, tensor<2x32x1xf64>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %81 = arith.subf %in, %in_33 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %41 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %40 : tensor<2x32x64xf64>, tensor<2x32x64xf64>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %81 = arith.mulf %in, %in_33 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %42 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%41 : tensor<2x32x64xf64>) outs(%37 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %43 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<2x32x1xf64>) outs(%36 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_6 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %44 = tensor.empty() : tensor<2x32x1xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<2x32x1xf64>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %81 = arith.truncf %in : f64 to f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %46 = linalg.fill ins(%cst : f32) outs(%44 : tensor<2x32x1xf32>) -> tensor<2x32x1xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%33 : tensor<2x32x64xf32>) outs(%46 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_7 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.truncf %cst_4 : f64 to f32
      %82 = arith.addf %in, %81 : f32
      linalg.yield %82 : f32
    } -> tensor<2x32x1xf32>
    %50 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.rsqrt %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %51 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33, %48 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.subf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %52 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %50 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.mulf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %53 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %arg9 : tensor<2x32x64xf32>, tensor<64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.mulf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %54 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %arg10 : tensor<2x32x64xf32>, tensor<64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %collapsed_27 = tensor.collapse_shape %54 [[0, 1], [2]] : tensor<2x32x64xf32> into tensor<64x64xf32>
    %55 = tensor.empty() : tensor<64x256xf32>
    %transposed_28 = linalg.transpose ins(%arg11 : tensor<256x64xf32>) outs(%55 : tensor<64x256xf32>) permutation = [1, 0] 
    %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %57 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%56 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%57, %arg12 : tensor<64x256xf32>, tensor<256xf32>) outs(%55 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x256xf32>
    %expanded_29 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [2, 32, 256] : tensor<64x256xf32> into tensor<2x32x256xf32>
    %59 = tensor.empty() : tensor<2x32x256xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<2x32x256xf32>) outs(%59 : tensor<2x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_8 : f32
      %82 = math.erf %81 : f32
      %83 = arith.addf %82, %cst_2 : f32
      %84 = arith.mulf %83, %cst_3 : f32
      %85 = arith.mulf %in, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<2x32x256xf32>
    %collapsed_30 = tensor.collapse_shape %60 [[0, 1], [2]] : tensor<2x32x256xf32> into tensor<64x256xf32>
    %61 = tensor.empty() : tensor<256x64xf32>
    %transposed_31 = linalg.transpose ins(%arg13 : tensor<64x256xf32>) outs(%61 : tensor<256x64xf32>) permutation = [1, 0] 
    %62 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<64x256xf32>, tensor<256x64xf32>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%62, %arg14 : tensor<64x64xf32>, tensor<64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<64x64xf32>
    %expanded_32 = tensor.expand_shape %63 [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf32> into tensor<2x32x64xf32>
    %64 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %54 : tensor<2x32x64xf32>, tensor<2x32x64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %65 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<2x32x64xf32>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %81 = arith.extf %in : f32 to f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %66 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<2x32x64xf64>) outs(%37 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<2x32x1xf64>) outs(%36 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_6 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %68 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %67 : tensor<2x32x64xf64>, tensor<2x32x1xf64>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %81 = arith.subf %in, %in_33 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %69 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %68 : tensor<2x32x64xf64>, tensor<2x32x64xf64>) outs(%34 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %81 = arith.mulf %in, %in_33 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x64xf64>
    %70 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x32x64xf64>) outs(%37 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.addf %in, %out : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %71 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x32x1xf64>) outs(%36 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %81 = arith.divf %in, %cst_6 : f64
      linalg.yield %81 : f64
    } -> tensor<2x32x1xf64>
    %72 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<2x32x1xf64>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %81 = arith.truncf %in : f64 to f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %73 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<2x32x64xf32>) outs(%46 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.addf %in, %out : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.divf %in, %cst_7 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = arith.truncf %cst_4 : f64 to f32
      %82 = arith.addf %in, %81 : f32
      linalg.yield %82 : f32
    } -> tensor<2x32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<2x32x1xf32>) outs(%44 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %81 = math.rsqrt %in : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x1xf32>
    %77 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %74 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.subf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %78 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %76 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.mulf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %79 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %arg15 : tensor<2x32x64xf32>, tensor<64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.mulf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    %80 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %arg16 : tensor<2x32x64xf32>, tensor<64xf32>) outs(%32 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %81 = arith.addf %in, %in_33 : f32
      linalg.yield %81 : f32
    } -> tensor<2x32x64xf32>
    return %80 : tensor<2x32x64xf32>
  }
}
