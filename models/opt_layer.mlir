// opt_layer: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 64)]; 16 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> ()>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @opt_layer(%arg0: tensor<1x32x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<256xf32>, %arg13: tensor<64x256xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>) -> tensor<1x32x64xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f32
    %0 = tensor.empty() : tensor<32xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %94 = linalg.index 0 : index
      %95 = arith.index_cast %94 : index to i64
      linalg.yield %95 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_8 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %2 = tensor.empty() : tensor<32x32xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_8 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%2 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_34: i64, %out: i1):
      %94 = arith.cmpi sgt, %in, %in_34 : i64
      linalg.yield %94 : i1
    } -> tensor<32x32xi1>
    %4 = tensor.empty() : tensor<32x32xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<f32>, tensor<32x32xf32>) outs(%4 : tensor<32x32xf32>) {
    ^bb0(%in: i1, %in_34: f32, %in_35: f32, %out: f32):
      %94 = arith.select %in, %in_34, %in_35 : f32
      linalg.yield %94 : f32
    } -> tensor<32x32xf32>
    %expanded_9 = tensor.expand_shape %5 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xf32> into tensor<1x1x32x32xf32>
    %6 = tensor.empty() : tensor<1x32x64xf64>
    %7 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %94 = arith.extf %in : f32 to f64
      linalg.yield %94 : f64
    } -> tensor<1x32x64xf64>
    %8 = tensor.empty() : tensor<1x32x1xf64>
    %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<1x32x1xf64>) -> tensor<1x32x1xf64>
    %10 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.addf %in, %out : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x1xf64>
    %11 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.divf %in, %cst_5 : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x1xf64>
    %12 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %11 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %94 = arith.subf %in, %in_34 : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x64xf64>
    %13 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12, %12 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %94 = arith.mulf %in, %in_34 : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x64xf64>
    %14 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.addf %in, %out : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x1xf64>
    %15 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.divf %in, %cst_5 : f64
      linalg.yield %94 : f64
    } -> tensor<1x32x1xf64>
    %16 = tensor.empty() : tensor<1x32x1xf32>
    %17 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %94 = arith.truncf %in : f64 to f32
      linalg.yield %94 : f32
    } -> tensor<1x32x1xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.addf %in, %out : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.divf %in, %cst_6 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x1xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.truncf %cst_4 : f64 to f32
      %95 = arith.addf %in, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<1x32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = math.rsqrt %in : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x1xf32>
    %23 = tensor.empty() : tensor<1x32x64xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %20 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.subf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %25 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %22 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.mulf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %26 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg9 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.mulf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %27 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg10 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %28 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %29 = tensor.empty() : tensor<32x64xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %31 = linalg.matmul ins(%collapsed, %transposed : tensor<32x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%31, %arg6 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %expanded_10 = tensor.expand_shape %32 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_10 : tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.mulf %in, %cst_7 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %expanded_11 = tensor.expand_shape %33 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %34 = tensor.empty() : tensor<1x4x32x16xf32>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<1x32x4x16xf32>) outs(%34 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_13 = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %35 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%35, %arg2 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %transposed_14 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %37 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %38 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%37, %arg4 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %expanded_15 = tensor.expand_shape %36 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_16 = tensor.expand_shape %38 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x32x4x16xf32>) outs(%34 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<1x4x16x32xf32>
    %transposed_18 = linalg.transpose ins(%expanded_15 : tensor<1x32x4x16xf32>) outs(%39 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed_12 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %40 = tensor.empty() : tensor<4x32x32xf32>
    %41 = linalg.fill ins(%cst_0 : f32) outs(%40 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %42 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%41 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_21 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %43 = tensor.empty() : tensor<1x4x32x32xf32>
    %44 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21, %expanded_9 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%43 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x4x32x32xf32>
    %45 = tensor.empty() : tensor<1x4x32xi64>
    %46 = linalg.fill ins(%c0_i64 : i64) outs(%45 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %47 = tensor.empty() : tensor<1x4x32xf32>
    %48 = linalg.fill ins(%cst_1 : f32) outs(%47 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %49:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%44 : tensor<1x4x32x32xf32>) outs(%48, %46 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_34: i64):
      %94 = linalg.index 3 : index
      %95 = arith.index_cast %94 : index to i64
      %96 = arith.maximumf %in, %out : f32
      %97 = arith.cmpf ogt, %in, %out : f32
      %98 = arith.select %97, %95, %out_34 : i64
      linalg.yield %96, %98 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_22 = tensor.expand_shape %49#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %50 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_22 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%43 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.subf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x4x32x32xf32>
    %51 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50 : tensor<1x4x32x32xf32>) outs(%43 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = math.exp %in : f32
      linalg.yield %94 : f32
    } -> tensor<1x4x32x32xf32>
    %52 = tensor.empty() : tensor<1x4x32x1xf32>
    %53 = linalg.fill ins(%cst_0 : f32) outs(%52 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %54 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%51 : tensor<1x4x32x32xf32>) outs(%53 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.addf %in, %out : f32
      linalg.yield %94 : f32
    } -> tensor<1x4x32x1xf32>
    %55 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %54 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%43 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.divf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_23 = tensor.collapse_shape %55 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %56 = tensor.empty() : tensor<4x32x16xf32>
    %57 = linalg.fill ins(%cst_0 : f32) outs(%56 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %58 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%57 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_25 = tensor.expand_shape %58 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %59 = tensor.empty() : tensor<1x32x4x16xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x4x32x16xf32>) outs(%59 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %transposed_28 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %60 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %61 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%60, %arg8 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %expanded_29 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %62 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_29 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_30 = tensor.collapse_shape %62 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %63 = tensor.empty() : tensor<32x64xf64>
    %64 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30 : tensor<32x64xf32>) outs(%63 : tensor<32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %94 = arith.extf %in : f32 to f64
      linalg.yield %94 : f64
    } -> tensor<32x64xf64>
    %65 = tensor.empty() : tensor<32x1xf64>
    %66 = linalg.fill ins(%cst : f64) outs(%65 : tensor<32x1xf64>) -> tensor<32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "reduction"]} ins(%64 : tensor<32x64xf64>) outs(%66 : tensor<32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.addf %in, %out : f64
      linalg.yield %94 : f64
    } -> tensor<32x1xf64>
    %68 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<32x1xf64>) outs(%65 : tensor<32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.divf %in, %cst_5 : f64
      linalg.yield %94 : f64
    } -> tensor<32x1xf64>
    %69 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%64, %68 : tensor<32x64xf64>, tensor<32x1xf64>) outs(%63 : tensor<32x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %94 = arith.subf %in, %in_34 : f64
      linalg.yield %94 : f64
    } -> tensor<32x64xf64>
    %70 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%69, %69 : tensor<32x64xf64>, tensor<32x64xf64>) outs(%63 : tensor<32x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %94 = arith.mulf %in, %in_34 : f64
      linalg.yield %94 : f64
    } -> tensor<32x64xf64>
    %71 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "reduction"]} ins(%70 : tensor<32x64xf64>) outs(%66 : tensor<32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.addf %in, %out : f64
      linalg.yield %94 : f64
    } -> tensor<32x1xf64>
    %72 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<32x1xf64>) outs(%65 : tensor<32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %94 = arith.divf %in, %cst_5 : f64
      linalg.yield %94 : f64
    } -> tensor<32x1xf64>
    %73 = tensor.empty() : tensor<32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%72 : tensor<32x1xf64>) outs(%73 : tensor<32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %94 = arith.truncf %in : f64 to f32
      linalg.yield %94 : f32
    } -> tensor<32x1xf32>
    %75 = linalg.fill ins(%cst_0 : f32) outs(%73 : tensor<32x1xf32>) -> tensor<32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "reduction"]} ins(%collapsed_30 : tensor<32x64xf32>) outs(%75 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.addf %in, %out : f32
      linalg.yield %94 : f32
    } -> tensor<32x1xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%76 : tensor<32x1xf32>) outs(%73 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.divf %in, %cst_6 : f32
      linalg.yield %94 : f32
    } -> tensor<32x1xf32>
    %78 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%74 : tensor<32x1xf32>) outs(%73 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.truncf %cst_4 : f64 to f32
      %95 = arith.addf %in, %94 : f32
      linalg.yield %95 : f32
    } -> tensor<32x1xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<32x1xf32>) outs(%73 : tensor<32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = math.rsqrt %in : f32
      linalg.yield %94 : f32
    } -> tensor<32x1xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30, %77 : tensor<32x64xf32>, tensor<32x1xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.subf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %81 = linalg.generic {indexing_maps = [#map3, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%80, %79 : tensor<32x64xf32>, tensor<32x1xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.mulf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %82 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%81, %arg15 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.mulf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %83 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%82, %arg16 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %84 = tensor.empty() : tensor<64x256xf32>
    %transposed_31 = linalg.transpose ins(%arg11 : tensor<256x64xf32>) outs(%84 : tensor<64x256xf32>) permutation = [1, 0] 
    %85 = tensor.empty() : tensor<32x256xf32>
    %86 = linalg.fill ins(%cst_0 : f32) outs(%85 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %87 = linalg.matmul ins(%83, %transposed_31 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%86 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %88 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%87, %arg12 : tensor<32x256xf32>, tensor<256xf32>) outs(%85 : tensor<32x256xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x256xf32>
    %89 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%88 : tensor<32x256xf32>) outs(%85 : tensor<32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %94 = arith.cmpf ugt, %in, %cst_0 : f32
      %95 = arith.select %94, %in, %cst_0 : f32
      linalg.yield %95 : f32
    } -> tensor<32x256xf32>
    %90 = tensor.empty() : tensor<256x64xf32>
    %transposed_32 = linalg.transpose ins(%arg13 : tensor<64x256xf32>) outs(%90 : tensor<256x64xf32>) permutation = [1, 0] 
    %91 = linalg.matmul ins(%89, %transposed_32 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %92 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%91, %arg14 : tensor<32x64xf32>, tensor<64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %93 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30, %92 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%29 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %94 = arith.addf %in, %in_34 : f32
      linalg.yield %94 : f32
    } -> tensor<32x64xf32>
    %expanded_33 = tensor.expand_shape %93 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    return %expanded_33 : tensor<1x32x64xf32>
  }
}
