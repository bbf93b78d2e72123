// swin_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 64, 64)]; 36 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map10 = affine_map<(d0) -> (d0)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map13 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map14 = affine_map<(d0, d1, d2) -> ()>
module {
  func.func @swin_block(%arg0: tensor<1x64x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<49x4xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<256x64xf32>, %arg15: tensor<256xf32>, %arg16: tensor<64x256xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64x64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64x64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<64x64xf32>, %arg23: tensor<64xf32>, %arg24: tensor<64x64xf32>, %arg25: tensor<64xf32>, %arg26: tensor<49x4xf32>, %arg27: tensor<64xf32>, %arg28: tensor<64xf32>, %arg29: tensor<64xf32>, %arg30: tensor<64xf32>, %arg31: tensor<256x64xf32>, %arg32: tensor<256xf32>, %arg33: tensor<64x256xf32>, %arg34: tensor<64xf32>, %arg35: tensor<256xi64>, %arg36: tensor<256xi64>) -> tensor<1x64x64xf32> {
    %c6_i64 = arith.constant 6 : i64
    %c3_i64 = arith.constant 3 : i64
    %c4_i64 = arith.constant 4 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c49_i64 = arith.constant 49 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = arith.constant dense<-1.000000e+02> : tensor<f32>
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %cst_9 = arith.constant 2.500000e-01 : f32
    %cst_10 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x64x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x64x64xf32>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %162 = arith.extf %in : f32 to f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %2 = tensor.empty() : tensor<1x64x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x64x1xf64>) -> tensor<1x64x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x64x64xf64>, tensor<1x64x1xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.subf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x64x64xf64>, tensor<1x64x64xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.mulf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %10 = tensor.empty() : tensor<1x64x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x64x1xf64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %162 = arith.truncf %in : f64 to f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x64x1xf32>) -> tensor<1x64x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x64x64xf32>) outs(%12 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_8 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.truncf %cst_6 : f64 to f32
      %163 = arith.addf %in, %162 : f32
      linalg.yield %163 : f32
    } -> tensor<1x64x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.rsqrt %in : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %17 = tensor.empty() : tensor<1x64x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg10 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg11 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %expanded = tensor.expand_shape %21 [[0], [1, 2, 3, 4], [5]] output_shape [1, 2, 4, 2, 4, 64] : tensor<1x64x64xf32> into tensor<1x2x4x2x4x64xf32>
    %22 = tensor.empty() : tensor<1x2x2x4x4x64xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<1x2x4x2x4x64xf32>) outs(%22 : tensor<1x2x2x4x4x64xf32>) permutation = [0, 1, 3, 2, 4, 5] 
    %collapsed = tensor.collapse_shape %transposed [[0, 1, 2, 3, 4], [5]] : tensor<1x2x2x4x4x64xf32> into tensor<64x64xf32>
    %23 = tensor.empty() : tensor<64x64xf32>
    %transposed_11 = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%25, %arg2 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_12 = tensor.expand_shape %26 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %27 = tensor.empty() : tensor<4x4x16x16xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_14 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %28 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%28, %arg4 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_15 = tensor.expand_shape %29 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %transposed_16 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed, %transposed_16 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%30, %arg6 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_17 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %transposed_18 = linalg.transpose ins(%expanded_17 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %32 = tensor.empty() : tensor<256x4xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg35 : tensor<256xi64>) outs(%32 : tensor<256x4xf32>) {
    ^bb0(%in: i64, %out: f32):
      %162 = arith.cmpi slt, %in, %c0_i64 : i64
      %163 = arith.addi %in, %c49_i64 : i64
      %164 = arith.select %162, %163, %in : i64
      %165 = arith.index_cast %164 : i64 to index
      %166 = linalg.index 1 : index
      %extracted = tensor.extract %arg9[%165, %166] : tensor<49x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<256x4xf32>
    %expanded_19 = tensor.expand_shape %33 [[0, 1], [2]] output_shape [16, 16, 4] : tensor<256x4xf32> into tensor<16x16x4xf32>
    %34 = tensor.empty() : tensor<4x16x16xf32>
    %transposed_20 = linalg.transpose ins(%expanded_19 : tensor<16x16x4xf32>) outs(%34 : tensor<4x16x16xf32>) permutation = [2, 0, 1] 
    %expanded_21 = tensor.expand_shape %transposed_20 [[0, 1], [2], [3]] output_shape [1, 4, 16, 16] : tensor<4x16x16xf32> into tensor<1x4x16x16xf32>
    %transposed_22 = linalg.transpose ins(%expanded_15 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_23 = tensor.collapse_shape %transposed_13 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_22 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %35 = tensor.empty() : tensor<16x16x16xf32>
    %36 = linalg.fill ins(%cst_0 : f32) outs(%35 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %37 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<16x16x16xf32>, tensor<16x16x16xf32>) outs(%36 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %expanded_25 = tensor.expand_shape %37 [[0, 1], [2], [3]] output_shape [4, 4, 16, 16] : tensor<16x16x16xf32> into tensor<4x4x16x16xf32>
    %38 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<4x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.mulf %in, %cst_9 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %39 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_21 : tensor<4x4x16x16xf32>, tensor<1x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %40 = tensor.empty() : tensor<4x4x16xi64>
    %41 = linalg.fill ins(%c0_i64 : i64) outs(%40 : tensor<4x4x16xi64>) -> tensor<4x4x16xi64>
    %42 = tensor.empty() : tensor<4x4x16xf32>
    %43 = linalg.fill ins(%cst_1 : f32) outs(%42 : tensor<4x4x16xf32>) -> tensor<4x4x16xf32>
    %44:2 = linalg.generic {indexing_maps = [#map6, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%39 : tensor<4x4x16x16xf32>) outs(%43, %41 : tensor<4x4x16xf32>, tensor<4x4x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_103: i64):
      %162 = linalg.index 3 : index
      %163 = arith.index_cast %162 : index to i64
      %164 = arith.maximumf %in, %out : f32
      %165 = arith.cmpf ogt, %in, %out : f32
      %166 = arith.select %165, %163, %out_103 : i64
      linalg.yield %164, %166 : f32, i64
    } -> (tensor<4x4x16xf32>, tensor<4x4x16xi64>)
    %expanded_26 = tensor.expand_shape %44#0 [[0], [1], [2, 3]] output_shape [4, 4, 16, 1] : tensor<4x4x16xf32> into tensor<4x4x16x1xf32>
    %45 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_26 : tensor<4x4x16x16xf32>, tensor<4x4x16x1xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %46 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<4x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.exp %in : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %47 = tensor.empty() : tensor<4x4x16x1xf32>
    %48 = linalg.fill ins(%cst_0 : f32) outs(%47 : tensor<4x4x16x1xf32>) -> tensor<4x4x16x1xf32>
    %49 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%46 : tensor<4x4x16x16xf32>) outs(%48 : tensor<4x4x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x1xf32>
    %50 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %49 : tensor<4x4x16x16xf32>, tensor<4x4x16x1xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.divf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %collapsed_27 = tensor.collapse_shape %50 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %collapsed_28 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %51 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<16x16x16xf32>, tensor<16x16x16xf32>) outs(%36 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %expanded_29 = tensor.expand_shape %51 [[0, 1], [2], [3]] output_shape [4, 4, 16, 16] : tensor<16x16x16xf32> into tensor<4x4x16x16xf32>
    %52 = tensor.empty() : tensor<4x16x4x16xf32>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<4x4x16x16xf32>) outs(%52 : tensor<4x16x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_31 = tensor.collapse_shape %transposed_30 [[0, 1], [2, 3]] : tensor<4x16x4x16xf32> into tensor<64x64xf32>
    %transposed_32 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %53 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %54 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%53, %arg8 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_33 = tensor.expand_shape %54 [[0, 1, 2, 3, 4], [5]] output_shape [1, 2, 2, 4, 4, 64] : tensor<64x64xf32> into tensor<1x2x2x4x4x64xf32>
    %55 = tensor.empty() : tensor<1x2x4x2x4x64xf32>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<1x2x2x4x4x64xf32>) outs(%55 : tensor<1x2x4x2x4x64xf32>) permutation = [0, 1, 3, 2, 4, 5] 
    %collapsed_35 = tensor.collapse_shape %transposed_34 [[0], [1, 2, 3, 4], [5]] : tensor<1x2x4x2x4x64xf32> into tensor<1x64x64xf32>
    %56 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %collapsed_35 : tensor<1x64x64xf32>, tensor<1x64x64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x64x64xf32>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %162 = arith.extf %in : f32 to f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %58 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %59 : tensor<1x64x64xf64>, tensor<1x64x1xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.subf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %60 : tensor<1x64x64xf64>, tensor<1x64x64xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.mulf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%61 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x64x1xf64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %162 = arith.truncf %in : f64 to f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%56 : tensor<1x64x64xf32>) outs(%12 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_8 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.truncf %cst_6 : f64 to f32
      %163 = arith.addf %in, %162 : f32
      linalg.yield %163 : f32
    } -> tensor<1x64x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.rsqrt %in : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %66 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %68 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %arg12 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %arg13 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %collapsed_36 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
    %73 = tensor.empty() : tensor<64x256xf32>
    %transposed_37 = linalg.transpose ins(%arg14 : tensor<256x64xf32>) outs(%73 : tensor<64x256xf32>) permutation = [1, 0] 
    %74 = linalg.fill ins(%cst_0 : f32) outs(%73 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %75 = linalg.matmul ins(%collapsed_36, %transposed_37 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%74 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %76 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%75, %arg15 : tensor<64x256xf32>, tensor<256xf32>) outs(%73 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x256xf32>
    %expanded_38 = tensor.expand_shape %76 [[0, 1], [2]] output_shape [1, 64, 256] : tensor<64x256xf32> into tensor<1x64x256xf32>
    %77 = tensor.empty() : tensor<1x64x256xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<1x64x256xf32>) outs(%77 : tensor<1x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_10 : f32
      %163 = math.erf %162 : f32
      %164 = arith.addf %163, %cst_2 : f32
      %165 = arith.mulf %164, %cst_3 : f32
      %166 = arith.mulf %in, %165 : f32
      linalg.yield %166 : f32
    } -> tensor<1x64x256xf32>
    %collapsed_39 = tensor.collapse_shape %78 [[0, 1], [2]] : tensor<1x64x256xf32> into tensor<64x256xf32>
    %79 = tensor.empty() : tensor<256x64xf32>
    %transposed_40 = linalg.transpose ins(%arg16 : tensor<64x256xf32>) outs(%79 : tensor<256x64xf32>) permutation = [1, 0] 
    %80 = linalg.matmul ins(%collapsed_39, %transposed_40 : tensor<64x256xf32>, tensor<256x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %81 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%80, %arg17 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_41 = tensor.expand_shape %81 [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41, %56 : tensor<1x64x64xf32>, tensor<1x64x64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x64x64xf32>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %162 = arith.extf %in : f32 to f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %84 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%83 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %85 : tensor<1x64x64xf64>, tensor<1x64x1xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.subf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %86 : tensor<1x64x64xf64>, tensor<1x64x64xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.mulf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %88 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%87 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x64x1xf64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %162 = arith.truncf %in : f64 to f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%82 : tensor<1x64x64xf32>) outs(%12 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_8 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.truncf %cst_6 : f64 to f32
      %163 = arith.addf %in, %162 : f32
      linalg.yield %163 : f32
    } -> tensor<1x64x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.rsqrt %in : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %92 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %94 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96, %arg27 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %arg28 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %expanded_42 = tensor.expand_shape %98 [[0], [1, 2], [3]] output_shape [1, 8, 8, 64] : tensor<1x64x64xf32> into tensor<1x8x8x64xf32>
    %extracted_slice = tensor.extract_slice %expanded_42[0, 2, 0, 0] [1, 6, 8, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x6x8x64xf32>
    %cast = tensor.cast %extracted_slice : tensor<1x6x8x64xf32> to tensor<1x?x8x64xf32>
    %extracted_slice_43 = tensor.extract_slice %expanded_42[0, 0, 0, 0] [1, 2, 8, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x2x8x64xf32>
    %cast_44 = tensor.cast %extracted_slice_43 : tensor<1x2x8x64xf32> to tensor<1x?x8x64xf32>
    %concat = tensor.concat dim(1) %cast, %cast_44 : (tensor<1x?x8x64xf32>, tensor<1x?x8x64xf32>) -> tensor<1x8x8x64xf32>
    %extracted_slice_45 = tensor.extract_slice %concat[0, 0, 2, 0] [1, 8, 6, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x8x6x64xf32>
    %cast_46 = tensor.cast %extracted_slice_45 : tensor<1x8x6x64xf32> to tensor<1x8x?x64xf32>
    %extracted_slice_47 = tensor.extract_slice %concat[0, 0, 0, 0] [1, 8, 2, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x8x2x64xf32>
    %cast_48 = tensor.cast %extracted_slice_47 : tensor<1x8x2x64xf32> to tensor<1x8x?x64xf32>
    %concat_49 = tensor.concat dim(2) %cast_46, %cast_48 : (tensor<1x8x?x64xf32>, tensor<1x8x?x64xf32>) -> tensor<1x8x8x64xf32>
    %expanded_50 = tensor.expand_shape %concat_49 [[0], [1, 2], [3, 4], [5]] output_shape [1, 2, 4, 2, 4, 64] : tensor<1x8x8x64xf32> into tensor<1x2x4x2x4x64xf32>
    %transposed_51 = linalg.transpose ins(%expanded_50 : tensor<1x2x4x2x4x64xf32>) outs(%22 : tensor<1x2x2x4x4x64xf32>) permutation = [0, 1, 3, 2, 4, 5] 
    %99 = tensor.empty() : tensor<8xi64>
    %100 = linalg.generic {indexing_maps = [#map10], iterator_types = ["parallel"]} outs(%99 : tensor<8xi64>) {
    ^bb0(%out: i64):
      %162 = linalg.index 0 : index
      %163 = arith.index_cast %162 : index to i64
      linalg.yield %163 : i64
    } -> tensor<8xi64>
    %101 = tensor.empty() : tensor<8xi1>
    %102 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel"]} ins(%100 : tensor<8xi64>) outs(%101 : tensor<8xi1>) {
    ^bb0(%in: i64, %out: i1):
      %162 = arith.cmpi sge, %in, %c4_i64 : i64
      linalg.yield %162 : i1
    } -> tensor<8xi1>
    %103 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel"]} ins(%102 : tensor<8xi1>) outs(%99 : tensor<8xi64>) {
    ^bb0(%in: i1, %out: i64):
      %162 = arith.extui %in : i1 to i64
      linalg.yield %162 : i64
    } -> tensor<8xi64>
    %104 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel"]} ins(%100 : tensor<8xi64>) outs(%101 : tensor<8xi1>) {
    ^bb0(%in: i64, %out: i1):
      %162 = arith.cmpi sge, %in, %c6_i64 : i64
      linalg.yield %162 : i1
    } -> tensor<8xi1>
    %105 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel"]} ins(%104 : tensor<8xi1>) outs(%99 : tensor<8xi64>) {
    ^bb0(%in: i1, %out: i64):
      %162 = arith.extui %in : i1 to i64
      linalg.yield %162 : i64
    } -> tensor<8xi64>
    %106 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel"]} ins(%103, %105 : tensor<8xi64>, tensor<8xi64>) outs(%99 : tensor<8xi64>) {
    ^bb0(%in: i64, %in_103: i64, %out: i64):
      %162 = arith.addi %in, %in_103 : i64
      linalg.yield %162 : i64
    } -> tensor<8xi64>
    %expanded_52 = tensor.expand_shape %106 [[0, 1, 2, 3]] output_shape [1, 8, 1, 1] : tensor<8xi64> into tensor<1x8x1x1xi64>
    %107 = tensor.empty() : tensor<1x8x1x1xi64>
    %108 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_52 : tensor<1x8x1x1xi64>) outs(%107 : tensor<1x8x1x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %162 = arith.muli %in, %c3_i64 : i64
      linalg.yield %162 : i64
    } -> tensor<1x8x1x1xi64>
    %expanded_53 = tensor.expand_shape %106 [[0, 1, 2, 3]] output_shape [1, 1, 8, 1] : tensor<8xi64> into tensor<1x1x8x1xi64>
    %109 = tensor.empty() : tensor<1x8x8x1xi64>
    %110 = linalg.generic {indexing_maps = [#map11, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%108, %expanded_53 : tensor<1x8x1x1xi64>, tensor<1x1x8x1xi64>) outs(%109 : tensor<1x8x8x1xi64>) {
    ^bb0(%in: i64, %in_103: i64, %out: i64):
      %162 = arith.addi %in, %in_103 : i64
      linalg.yield %162 : i64
    } -> tensor<1x8x8x1xi64>
    %111 = tensor.empty() : tensor<1x8x8x1xf32>
    %112 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110 : tensor<1x8x8x1xi64>) outs(%111 : tensor<1x8x8x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %162 = arith.sitofp %in : i64 to f32
      linalg.yield %162 : f32
    } -> tensor<1x8x8x1xf32>
    %expanded_54 = tensor.expand_shape %112 [[0], [1, 2], [3, 4], [5]] output_shape [1, 2, 4, 2, 4, 1] : tensor<1x8x8x1xf32> into tensor<1x2x4x2x4x1xf32>
    %113 = tensor.empty() : tensor<1x2x2x4x4x1xf32>
    %transposed_55 = linalg.transpose ins(%expanded_54 : tensor<1x2x4x2x4x1xf32>) outs(%113 : tensor<1x2x2x4x4x1xf32>) permutation = [0, 1, 3, 2, 4, 5] 
    %collapsed_56 = tensor.collapse_shape %transposed_55 [[0, 1, 2], [3, 4, 5]] : tensor<1x2x2x4x4x1xf32> into tensor<4x16xf32>
    %expanded_57 = tensor.expand_shape %collapsed_56 [[0], [1, 2]] output_shape [4, 1, 16] : tensor<4x16xf32> into tensor<4x1x16xf32>
    %collapsed_58 = tensor.collapse_shape %transposed_55 [[0, 1, 2], [3, 4], [5]] : tensor<1x2x2x4x4x1xf32> into tensor<4x16x1xf32>
    %114 = linalg.generic {indexing_maps = [#map13, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_57, %collapsed_58 : tensor<4x1x16xf32>, tensor<4x16x1xf32>) outs(%34 : tensor<4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x16x16xf32>
    %115 = tensor.empty() : tensor<4x16x16xi1>
    %116 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<4x16x16xf32>) outs(%115 : tensor<4x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %162 = arith.cmpf une, %in, %cst_0 : f32
      linalg.yield %162 : i1
    } -> tensor<4x16x16xi1>
    %117 = linalg.generic {indexing_maps = [#map, #map14, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %cst_5, %114 : tensor<4x16x16xi1>, tensor<f32>, tensor<4x16x16xf32>) outs(%34 : tensor<4x16x16xf32>) {
    ^bb0(%in: i1, %in_103: f32, %in_104: f32, %out: f32):
      %162 = arith.select %in, %in_103, %in_104 : f32
      linalg.yield %162 : f32
    } -> tensor<4x16x16xf32>
    %118 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<4x16x16xf32>) outs(%115 : tensor<4x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %162 = arith.cmpf oeq, %in, %cst_0 : f32
      linalg.yield %162 : i1
    } -> tensor<4x16x16xi1>
    %119 = linalg.generic {indexing_maps = [#map, #map14, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %cst_4, %117 : tensor<4x16x16xi1>, tensor<f32>, tensor<4x16x16xf32>) outs(%34 : tensor<4x16x16xf32>) {
    ^bb0(%in: i1, %in_103: f32, %in_104: f32, %out: f32):
      %162 = arith.select %in, %in_103, %in_104 : f32
      linalg.yield %162 : f32
    } -> tensor<4x16x16xf32>
    %collapsed_59 = tensor.collapse_shape %transposed_51 [[0, 1, 2, 3, 4], [5]] : tensor<1x2x2x4x4x64xf32> into tensor<64x64xf32>
    %transposed_60 = linalg.transpose ins(%arg18 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %120 = linalg.matmul ins(%collapsed_59, %transposed_60 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %121 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%120, %arg19 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_61 = tensor.expand_shape %121 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %transposed_62 = linalg.transpose ins(%expanded_61 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_63 = linalg.transpose ins(%arg20 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %122 = linalg.matmul ins(%collapsed_59, %transposed_63 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%122, %arg21 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_64 = tensor.expand_shape %123 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %transposed_65 = linalg.transpose ins(%arg22 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %124 = linalg.matmul ins(%collapsed_59, %transposed_65 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %125 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%124, %arg23 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_66 = tensor.expand_shape %125 [[0, 1], [2, 3]] output_shape [4, 16, 4, 16] : tensor<64x64xf32> into tensor<4x16x4x16xf32>
    %transposed_67 = linalg.transpose ins(%expanded_66 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %126 = linalg.generic {indexing_maps = [#map5, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg36 : tensor<256xi64>) outs(%32 : tensor<256x4xf32>) {
    ^bb0(%in: i64, %out: f32):
      %162 = arith.cmpi slt, %in, %c0_i64 : i64
      %163 = arith.addi %in, %c49_i64 : i64
      %164 = arith.select %162, %163, %in : i64
      %165 = arith.index_cast %164 : i64 to index
      %166 = linalg.index 1 : index
      %extracted = tensor.extract %arg26[%165, %166] : tensor<49x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<256x4xf32>
    %expanded_68 = tensor.expand_shape %126 [[0, 1], [2]] output_shape [16, 16, 4] : tensor<256x4xf32> into tensor<16x16x4xf32>
    %transposed_69 = linalg.transpose ins(%expanded_68 : tensor<16x16x4xf32>) outs(%34 : tensor<4x16x16xf32>) permutation = [2, 0, 1] 
    %expanded_70 = tensor.expand_shape %transposed_69 [[0, 1], [2], [3]] output_shape [1, 4, 16, 16] : tensor<4x16x16xf32> into tensor<1x4x16x16xf32>
    %expanded_71 = tensor.expand_shape %119 [[0], [1, 2], [3]] output_shape [4, 1, 16, 16] : tensor<4x16x16xf32> into tensor<4x1x16x16xf32>
    %127 = linalg.generic {indexing_maps = [#map7, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_70, %expanded_71 : tensor<1x4x16x16xf32>, tensor<4x1x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %transposed_72 = linalg.transpose ins(%expanded_64 : tensor<4x16x4x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_73 = tensor.collapse_shape %transposed_62 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %collapsed_74 = tensor.collapse_shape %transposed_72 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %128 = linalg.batch_matmul ins(%collapsed_73, %collapsed_74 : tensor<16x16x16xf32>, tensor<16x16x16xf32>) outs(%36 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %expanded_75 = tensor.expand_shape %128 [[0, 1], [2], [3]] output_shape [4, 4, 16, 16] : tensor<16x16x16xf32> into tensor<4x4x16x16xf32>
    %129 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_75 : tensor<4x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.mulf %in, %cst_9 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %130 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129, %127 : tensor<4x4x16x16xf32>, tensor<4x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %131:2 = linalg.generic {indexing_maps = [#map6, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%130 : tensor<4x4x16x16xf32>) outs(%43, %41 : tensor<4x4x16xf32>, tensor<4x4x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_103: i64):
      %162 = linalg.index 3 : index
      %163 = arith.index_cast %162 : index to i64
      %164 = arith.maximumf %in, %out : f32
      %165 = arith.cmpf ogt, %in, %out : f32
      %166 = arith.select %165, %163, %out_103 : i64
      linalg.yield %164, %166 : f32, i64
    } -> (tensor<4x4x16xf32>, tensor<4x4x16xi64>)
    %expanded_76 = tensor.expand_shape %131#0 [[0], [1], [2, 3]] output_shape [4, 4, 16, 1] : tensor<4x4x16xf32> into tensor<4x4x16x1xf32>
    %132 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%130, %expanded_76 : tensor<4x4x16x16xf32>, tensor<4x4x16x1xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %133 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%132 : tensor<4x4x16x16xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.exp %in : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %134 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%133 : tensor<4x4x16x16xf32>) outs(%48 : tensor<4x4x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x1xf32>
    %135 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%133, %134 : tensor<4x4x16x16xf32>, tensor<4x4x16x1xf32>) outs(%27 : tensor<4x4x16x16xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.divf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<4x4x16x16xf32>
    %collapsed_77 = tensor.collapse_shape %135 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %collapsed_78 = tensor.collapse_shape %transposed_67 [[0, 1], [2], [3]] : tensor<4x4x16x16xf32> into tensor<16x16x16xf32>
    %136 = linalg.batch_matmul ins(%collapsed_77, %collapsed_78 : tensor<16x16x16xf32>, tensor<16x16x16xf32>) outs(%36 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %expanded_79 = tensor.expand_shape %136 [[0, 1], [2], [3]] output_shape [4, 4, 16, 16] : tensor<16x16x16xf32> into tensor<4x4x16x16xf32>
    %transposed_80 = linalg.transpose ins(%expanded_79 : tensor<4x4x16x16xf32>) outs(%52 : tensor<4x16x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_81 = tensor.collapse_shape %transposed_80 [[0, 1], [2, 3]] : tensor<4x16x4x16xf32> into tensor<64x64xf32>
    %transposed_82 = linalg.transpose ins(%arg24 : tensor<64x64xf32>) outs(%23 : tensor<64x64xf32>) permutation = [1, 0] 
    %137 = linalg.matmul ins(%collapsed_81, %transposed_82 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %138 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%137, %arg25 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_83 = tensor.expand_shape %138 [[0, 1, 2, 3, 4], [5]] output_shape [1, 2, 2, 4, 4, 64] : tensor<64x64xf32> into tensor<1x2x2x4x4x64xf32>
    %transposed_84 = linalg.transpose ins(%expanded_83 : tensor<1x2x2x4x4x64xf32>) outs(%55 : tensor<1x2x4x2x4x64xf32>) permutation = [0, 1, 3, 2, 4, 5] 
    %collapsed_85 = tensor.collapse_shape %transposed_84 [[0], [1, 2], [3, 4], [5]] : tensor<1x2x4x2x4x64xf32> into tensor<1x8x8x64xf32>
    %extracted_slice_86 = tensor.extract_slice %collapsed_85[0, 6, 0, 0] [1, 2, 8, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x2x8x64xf32>
    %cast_87 = tensor.cast %extracted_slice_86 : tensor<1x2x8x64xf32> to tensor<1x?x8x64xf32>
    %extracted_slice_88 = tensor.extract_slice %collapsed_85[0, 0, 0, 0] [1, 6, 8, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x6x8x64xf32>
    %cast_89 = tensor.cast %extracted_slice_88 : tensor<1x6x8x64xf32> to tensor<1x?x8x64xf32>
    %concat_90 = tensor.concat dim(1) %cast_87, %cast_89 : (tensor<1x?x8x64xf32>, tensor<1x?x8x64xf32>) -> tensor<1x8x8x64xf32>
    %extracted_slice_91 = tensor.extract_slice %concat_90[0, 0, 6, 0] [1, 8, 2, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x8x2x64xf32>
    %cast_92 = tensor.cast %extracted_slice_91 : tensor<1x8x2x64xf32> to tensor<1x8x?x64xf32>
    %extracted_slice_93 = tensor.extract_slice %concat_90[0, 0, 0, 0] [1, 8, 6, 64] [1, 1, 1, 1] : tensor<1x8x8x64xf32> to tensor<1x8x6x64xf32>
    %cast_94 = tensor.cast %extracted_slice_93 : tensor<1x8x6x64xf32> to tensor<1x8x?x64xf32>
    %concat_95 = tensor.concat dim(2) %cast_92, %cast_94 : (tensor<1x8x?x64xf32>, tensor<1x8x?x64xf32>) -> tensor<1x8x8x64xf32>
    %collapsed_96 = tensor.collapse_shape %concat_95 [[0], [1, 2], [3]] : tensor<1x8x8x64xf32> into tensor<1x64x64xf32>
    %139 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %collapsed_96 : tensor<1x64x64xf32>, tensor<1x64x64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %140 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139 : tensor<1x64x64xf32>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %162 = arith.extf %in : f32 to f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %141 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%140 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %142 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%141 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %143 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %142 : tensor<1x64x64xf64>, tensor<1x64x1xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.subf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %144 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%143, %143 : tensor<1x64x64xf64>, tensor<1x64x64xf64>) outs(%0 : tensor<1x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %162 = arith.mulf %in, %in_103 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x64xf64>
    %145 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%144 : tensor<1x64x64xf64>) outs(%3 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.addf %in, %out : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %146 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%145 : tensor<1x64x1xf64>) outs(%2 : tensor<1x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %162 = arith.divf %in, %cst_7 : f64
      linalg.yield %162 : f64
    } -> tensor<1x64x1xf64>
    %147 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%146 : tensor<1x64x1xf64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %162 = arith.truncf %in : f64 to f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %148 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%139 : tensor<1x64x64xf32>) outs(%12 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.addf %in, %out : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %149 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_8 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %150 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%147 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.truncf %cst_6 : f64 to f32
      %163 = arith.addf %in, %162 : f32
      linalg.yield %163 : f32
    } -> tensor<1x64x1xf32>
    %151 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150 : tensor<1x64x1xf32>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = math.rsqrt %in : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x1xf32>
    %152 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %149 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.subf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %153 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%152, %151 : tensor<1x64x64xf32>, tensor<1x64x1xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %154 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153, %arg29 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.mulf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %155 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %arg30 : tensor<1x64x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    %collapsed_97 = tensor.collapse_shape %155 [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
    %transposed_98 = linalg.transpose ins(%arg31 : tensor<256x64xf32>) outs(%73 : tensor<64x256xf32>) permutation = [1, 0] 
    %156 = linalg.matmul ins(%collapsed_97, %transposed_98 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%74 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %157 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%156, %arg32 : tensor<64x256xf32>, tensor<256xf32>) outs(%73 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x256xf32>
    %expanded_99 = tensor.expand_shape %157 [[0, 1], [2]] output_shape [1, 64, 256] : tensor<64x256xf32> into tensor<1x64x256xf32>
    %158 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_99 : tensor<1x64x256xf32>) outs(%77 : tensor<1x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %162 = arith.divf %in, %cst_10 : f32
      %163 = math.erf %162 : f32
      %164 = arith.addf %163, %cst_2 : f32
      %165 = arith.mulf %164, %cst_3 : f32
      %166 = arith.mulf %in, %165 : f32
      linalg.yield %166 : f32
    } -> tensor<1x64x256xf32>
    %collapsed_100 = tensor.collapse_shape %158 [[0, 1], [2]] : tensor<1x64x256xf32> into tensor<64x256xf32>
    %transposed_101 = linalg.transpose ins(%arg33 : tensor<64x256xf32>) outs(%79 : tensor<256x64xf32>) permutation = [1, 0] 
    %159 = linalg.matmul ins(%collapsed_100, %transposed_101 : tensor<64x256xf32>, tensor<256x64xf32>) outs(%24 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %160 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%159, %arg34 : tensor<64x64xf32>, tensor<64xf32>) outs(%23 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<64x64xf32>
    %expanded_102 = tensor.expand_shape %160 [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
    %161 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_102, %139 : tensor<1x64x64xf32>, tensor<1x64x64xf32>) outs(%17 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %162 = arith.addf %in, %in_103 : f32
      linalg.yield %162 : f32
    } -> tensor<1x64x64xf32>
    return %161 : tensor<1x64x64xf32>
  }
}
