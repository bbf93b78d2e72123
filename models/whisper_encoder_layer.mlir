// whisper_encoder_layer: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 16, 64)]; 22 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map6 = affine_map<(d0, d1, d2) -> (d2)>
#map7 = affine_map<(d0, d1) -> (d1)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @whisper_encoder_layer(%arg0: tensor<1x16x64xf32>, %arg1: tensor<64x16x3xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64x3xf32>, %arg4: tensor<64xf32>, %arg5: tensor<32x64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64x64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<256x64xf32>, %arg16: tensor<256xf32>, %arg17: tensor<64x256xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<64xf32>) -> tensor<1x32x64xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %c32 = arith.constant 32 : index
    %cst_2 = arith.constant 0.000000e+00 : f64
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 1.41421354 : f32
    %cst_6 = arith.constant 6.400000e+01 : f64
    %cst_7 = arith.constant 6.400000e+01 : f32
    %cst_8 = arith.constant 2.500000e-01 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
    ^bb0(%arg23: index, %arg24: index, %arg25: index):
      tensor.yield %cst : f32
    } : tensor<1x16x64xf32> to tensor<1x16x66xf32>
    %0 = tensor.empty() : tensor<1x64x64xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<64xf32>) outs(%0 : tensor<1x64x64xf32>) dimensions = [0, 2] 
    %1 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %arg1 : tensor<1x16x66xf32>, tensor<64x16x3xf32>) outs(%broadcasted : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x64x64xf32>) outs(%0 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_5 : f32
      %109 = math.erf %108 : f32
      %110 = arith.addf %109, %cst_0 : f32
      %111 = arith.mulf %110, %cst_1 : f32
      %112 = arith.mulf %in, %111 : f32
      linalg.yield %112 : f32
    } -> tensor<1x64x64xf32>
    %padded_9 = tensor.pad %2 low[0, 0, 1] high[0, 0, 1] {
    ^bb0(%arg23: index, %arg24: index, %arg25: index):
      tensor.yield %cst : f32
    } : tensor<1x64x64xf32> to tensor<1x64x66xf32>
    %3 = tensor.empty() : tensor<1x64x32xf32>
    %broadcasted_10 = linalg.broadcast ins(%arg4 : tensor<64xf32>) outs(%3 : tensor<1x64x32xf32>) dimensions = [0, 2] 
    %4 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%padded_9, %arg3 : tensor<1x64x66xf32>, tensor<64x64x3xf32>) outs(%broadcasted_10 : tensor<1x64x32xf32>) -> tensor<1x64x32xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x64x32xf32>) outs(%3 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_5 : f32
      %109 = math.erf %108 : f32
      %110 = arith.addf %109, %cst_0 : f32
      %111 = arith.mulf %110, %cst_1 : f32
      %112 = arith.mulf %in, %111 : f32
      linalg.yield %112 : f32
    } -> tensor<1x64x32xf32>
    %6 = tensor.empty() : tensor<1x32x64xf32>
    %transposed = linalg.transpose ins(%5 : tensor<1x64x32xf32>) outs(%6 : tensor<1x32x64xf32>) permutation = [0, 2, 1] 
    %7 = tensor.empty() : tensor<32xi64>
    %8 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%7 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %108 = linalg.index 0 : index
      %109 = arith.index_cast %108 : index to i64
      linalg.yield %109 : i64
    } -> tensor<32xi64>
    %9 = tensor.empty() : tensor<32x64xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<32xi64>) outs(%9 : tensor<32x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %108 = arith.index_cast %in : i64 to index
      %109 = linalg.index 1 : index
      %110 = arith.cmpi slt, %108, %c32 : index
      cf.assert %110, "index must be smaller than dim size"
      %111 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %111, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg5[%108, %109] : tensor<32x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<32x64xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed, %10 : tensor<1x32x64xf32>, tensor<32x64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %12 = tensor.empty() : tensor<1x32x64xf64>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x32x64xf32>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %108 = arith.extf %in : f32 to f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %14 = tensor.empty() : tensor<1x32x1xf64>
    %15 = linalg.fill ins(%cst_2 : f64) outs(%14 : tensor<1x32x1xf64>) -> tensor<1x32x1xf64>
    %16 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %18 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %17 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.subf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %19 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %18 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.mulf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %20 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%19 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %22 = tensor.empty() : tensor<1x32x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf64>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %108 = arith.truncf %in : f64 to f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%22 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<1x32x64xf32>) outs(%24 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.addf %in, %out : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_7 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.truncf %cst_4 : f64 to f32
      %109 = arith.addf %in, %108 : f32
      linalg.yield %109 : f32
    } -> tensor<1x32x1xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = math.rsqrt %in : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %26 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.subf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %28 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30, %arg13 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31, %arg14 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %collapsed = tensor.collapse_shape %32 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %33 = tensor.empty() : tensor<64x64xf32>
    %transposed_11 = linalg.transpose ins(%arg9 : tensor<64x64xf32>) outs(%33 : tensor<64x64xf32>) permutation = [1, 0] 
    %34 = linalg.fill ins(%cst : f32) outs(%9 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %35 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%34 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%35, %arg10 : tensor<32x64xf32>, tensor<64xf32>) outs(%9 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %36 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.mulf %in, %cst_8 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %expanded_12 = tensor.expand_shape %37 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %38 = tensor.empty() : tensor<1x4x32x16xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x32x4x16xf32>) outs(%38 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_14 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%33 : tensor<64x64xf32>) permutation = [1, 0] 
    %39 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%34 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_15 = tensor.expand_shape %39 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_16 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%33 : tensor<64x64xf32>) permutation = [1, 0] 
    %40 = linalg.matmul ins(%collapsed, %transposed_16 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%34 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %41 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%40, %arg8 : tensor<32x64xf32>, tensor<64xf32>) outs(%9 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<32x64xf32>
    %expanded_17 = tensor.expand_shape %41 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_18 = linalg.transpose ins(%expanded_17 : tensor<1x32x4x16xf32>) outs(%38 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %42 = tensor.empty() : tensor<1x4x16x32xf32>
    %transposed_19 = linalg.transpose ins(%expanded_15 : tensor<1x32x4x16xf32>) outs(%42 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_20 = tensor.collapse_shape %transposed_13 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_19 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %43 = tensor.empty() : tensor<4x32x32xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %45 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%44 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_22 = tensor.expand_shape %45 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %46 = tensor.empty() : tensor<1x4x32xi64>
    %47 = linalg.fill ins(%c0_i64 : i64) outs(%46 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %48 = tensor.empty() : tensor<1x4x32xf32>
    %49 = linalg.fill ins(%cst_3 : f32) outs(%48 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %50:2 = linalg.generic {indexing_maps = [#map8, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_22 : tensor<1x4x32x32xf32>) outs(%49, %47 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_37: i64):
      %108 = linalg.index 3 : index
      %109 = arith.index_cast %108 : index to i64
      %110 = arith.maximumf %in, %out : f32
      %111 = arith.cmpf ogt, %in, %out : f32
      %112 = arith.select %111, %109, %out_37 : i64
      linalg.yield %110, %112 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_23 = tensor.expand_shape %50#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %51 = tensor.empty() : tensor<1x4x32x32xf32>
    %52 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22, %expanded_23 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%51 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.subf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x4x32x32xf32>
    %53 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x4x32x32xf32>) outs(%51 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = math.exp %in : f32
      linalg.yield %108 : f32
    } -> tensor<1x4x32x32xf32>
    %54 = tensor.empty() : tensor<1x4x32x1xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %56 = linalg.generic {indexing_maps = [#map8, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%53 : tensor<1x4x32x32xf32>) outs(%55 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.addf %in, %out : f32
      linalg.yield %108 : f32
    } -> tensor<1x4x32x1xf32>
    %57 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %56 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%51 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.divf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_24 = tensor.collapse_shape %57 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_25 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %58 = tensor.empty() : tensor<4x32x16xf32>
    %59 = linalg.fill ins(%cst : f32) outs(%58 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %60 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%59 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_26 = tensor.expand_shape %60 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %61 = tensor.empty() : tensor<1x32x4x16xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x32x16xf32>) outs(%61 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_28 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %transposed_29 = linalg.transpose ins(%arg11 : tensor<64x64xf32>) outs(%33 : tensor<64x64xf32>) permutation = [1, 0] 
    %62 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%34 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %63 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%62, %arg12 : tensor<32x64xf32>, tensor<64xf32>) outs(%9 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<32x64xf32>
    %expanded_30 = tensor.expand_shape %63 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %expanded_30 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x32x64xf32>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %108 = arith.extf %in : f32 to f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %68 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %67 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.subf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %68 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.mulf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %70 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<1x32x1xf64>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %108 = arith.truncf %in : f64 to f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x32x64xf32>) outs(%24 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.addf %in, %out : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_7 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.truncf %cst_4 : f64 to f32
      %109 = arith.addf %in, %108 : f32
      linalg.yield %109 : f32
    } -> tensor<1x32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = math.rsqrt %in : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %74 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.subf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %76 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %arg19 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %arg20 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_31 = tensor.collapse_shape %80 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %81 = tensor.empty() : tensor<64x256xf32>
    %transposed_32 = linalg.transpose ins(%arg15 : tensor<256x64xf32>) outs(%81 : tensor<64x256xf32>) permutation = [1, 0] 
    %82 = tensor.empty() : tensor<32x256xf32>
    %83 = linalg.fill ins(%cst : f32) outs(%82 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %84 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%83 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%84, %arg16 : tensor<32x256xf32>, tensor<256xf32>) outs(%82 : tensor<32x256xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<32x256xf32>
    %expanded_33 = tensor.expand_shape %85 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf32> into tensor<1x32x256xf32>
    %86 = tensor.empty() : tensor<1x32x256xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x256xf32>) outs(%86 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_5 : f32
      %109 = math.erf %108 : f32
      %110 = arith.addf %109, %cst_0 : f32
      %111 = arith.mulf %110, %cst_1 : f32
      %112 = arith.mulf %in, %111 : f32
      linalg.yield %112 : f32
    } -> tensor<1x32x256xf32>
    %collapsed_34 = tensor.collapse_shape %87 [[0, 1], [2]] : tensor<1x32x256xf32> into tensor<32x256xf32>
    %88 = tensor.empty() : tensor<256x64xf32>
    %transposed_35 = linalg.transpose ins(%arg17 : tensor<64x256xf32>) outs(%88 : tensor<256x64xf32>) permutation = [1, 0] 
    %89 = linalg.matmul ins(%collapsed_34, %transposed_35 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%34 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %90 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel"]} ins(%89, %arg18 : tensor<32x64xf32>, tensor<64xf32>) outs(%9 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<32x64xf32>
    %expanded_36 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %expanded_36 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x32x64xf32>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %108 = arith.extf %in : f32 to f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %93 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%92 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %94 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.subf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %96 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %95 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%12 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_37: f64, %out: f64):
      %108 = arith.mulf %in, %in_37 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x64xf64>
    %97 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%96 : tensor<1x32x64xf64>) outs(%15 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.addf %in, %out : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<1x32x1xf64>) outs(%14 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %108 = arith.divf %in, %cst_6 : f64
      linalg.yield %108 : f64
    } -> tensor<1x32x1xf64>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x32x1xf64>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %108 = arith.truncf %in : f64 to f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<1x32x64xf32>) outs(%24 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.addf %in, %out : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.divf %in, %cst_7 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = arith.truncf %cst_4 : f64 to f32
      %109 = arith.addf %in, %108 : f32
      linalg.yield %109 : f32
    } -> tensor<1x32x1xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<1x32x1xf32>) outs(%22 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %108 = math.rsqrt %in : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x1xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %101 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.subf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %103 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %arg21 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.mulf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map6, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %arg22 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_37: f32, %out: f32):
      %108 = arith.addf %in, %in_37 : f32
      linalg.yield %108 : f32
    } -> tensor<1x32x64xf32>
    return %107 : tensor<1x32x64xf32>
  }
}
