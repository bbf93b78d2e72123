// vit_layer_sdpa: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 65, 64)]; 16 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @vit_layer_sdpa(%arg0: tensor<1x65x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<256x64xf32>, %arg14: tensor<256xf32>, %arg15: tensor<64x256xf32>, %arg16: tensor<64xf32>) -> tensor<1x65x64xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<1x4x65x65xf32>
    %cst_5 = arith.constant 0xFFF0000000000000 : f64
    %cst_6 = arith.constant 9.9999999999999998E-13 : f64
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %cst_9 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x65x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x65x64xf32>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %90 = arith.extf %in : f32 to f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %2 = tensor.empty() : tensor<1x65x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x65x1xf64>) -> tensor<1x65x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x65x64xf64>) outs(%3 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x65x1xf64>) outs(%2 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_7 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x65x64xf64>, tensor<1x65x1xf64>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %90 = arith.subf %in, %in_34 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x65x64xf64>, tensor<1x65x64xf64>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %90 = arith.mulf %in, %in_34 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x65x64xf64>) outs(%3 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x65x1xf64>) outs(%2 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_7 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %10 = tensor.empty() : tensor<1x65x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x65x1xf64>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %90 = arith.truncf %in : f64 to f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x65x1xf32>) -> tensor<1x65x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x65x64xf32>) outs(%12 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_8 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.truncf %cst_6 : f64 to f32
      %91 = arith.addf %in, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x65x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %17 = tensor.empty() : tensor<1x65x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x65x64xf32>, tensor<1x65x1xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.subf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x65x64xf32>, tensor<1x65x1xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.mulf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg9 : tensor<1x65x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.mulf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg10 : tensor<1x65x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x65x64xf32> into tensor<65x64xf32>
    %22 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<65x64xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<65x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%25, %arg2 : tensor<65x64xf32>, tensor<64xf32>) outs(%23 : tensor<65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x64xf32>
    %expanded = tensor.expand_shape %26 [[0, 1], [2, 3]] output_shape [1, 65, 4, 16] : tensor<65x64xf32> into tensor<1x65x4x16xf32>
    %27 = tensor.empty() : tensor<1x4x65x16xf32>
    %transposed_10 = linalg.transpose ins(%expanded : tensor<1x65x4x16xf32>) outs(%27 : tensor<1x4x65x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %28 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<65x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%28, %arg4 : tensor<65x64xf32>, tensor<64xf32>) outs(%23 : tensor<65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x64xf32>
    %expanded_12 = tensor.expand_shape %29 [[0, 1], [2, 3]] output_shape [1, 65, 4, 16] : tensor<65x64xf32> into tensor<1x65x4x16xf32>
    %transposed_13 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<65x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%30, %arg6 : tensor<65x64xf32>, tensor<64xf32>) outs(%23 : tensor<65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x64xf32>
    %expanded_14 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 65, 4, 16] : tensor<65x64xf32> into tensor<1x65x4x16xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x65x4x16xf32>) outs(%27 : tensor<1x4x65x16xf32>) permutation = [0, 2, 1, 3] 
    %32 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_10 : tensor<1x4x65x16xf32>) outs(%27 : tensor<1x4x65x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.mulf %in, %cst_3 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x16xf32>
    %33 = tensor.empty() : tensor<1x4x16x65xf32>
    %transposed_16 = linalg.transpose ins(%expanded_12 : tensor<1x65x4x16xf32>) outs(%33 : tensor<1x4x16x65xf32>) permutation = [0, 2, 3, 1] 
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_16 : tensor<1x4x16x65xf32>) outs(%33 : tensor<1x4x16x65xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.mulf %in, %cst_3 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x16x65xf32>
    %collapsed_17 = tensor.collapse_shape %32 [[0, 1], [2], [3]] : tensor<1x4x65x16xf32> into tensor<4x65x16xf32>
    %collapsed_18 = tensor.collapse_shape %34 [[0, 1], [2], [3]] : tensor<1x4x16x65xf32> into tensor<4x16x65xf32>
    %35 = tensor.empty() : tensor<4x65x65xf32>
    %36 = linalg.fill ins(%cst_0 : f32) outs(%35 : tensor<4x65x65xf32>) -> tensor<4x65x65xf32>
    %37 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<4x65x16xf32>, tensor<4x16x65xf32>) outs(%36 : tensor<4x65x65xf32>) -> tensor<4x65x65xf32>
    %expanded_19 = tensor.expand_shape %37 [[0, 1], [2], [3]] output_shape [1, 4, 65, 65] : tensor<4x65x65xf32> into tensor<1x4x65x65xf32>
    %38 = tensor.empty() : tensor<1x4x65xi64>
    %39 = linalg.fill ins(%c0_i64 : i64) outs(%38 : tensor<1x4x65xi64>) -> tensor<1x4x65xi64>
    %40 = tensor.empty() : tensor<1x4x65xf32>
    %41 = linalg.fill ins(%cst_1 : f32) outs(%40 : tensor<1x4x65xf32>) -> tensor<1x4x65xf32>
    %42:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_19 : tensor<1x4x65x65xf32>) outs(%41, %39 : tensor<1x4x65xf32>, tensor<1x4x65xi64>) {
    ^bb0(%in: f32, %out: f32, %out_34: i64):
      %90 = linalg.index 3 : index
      %91 = arith.index_cast %90 : index to i64
      %92 = arith.maximumf %in, %out : f32
      %93 = arith.cmpf ogt, %in, %out : f32
      %94 = arith.select %93, %91, %out_34 : i64
      linalg.yield %92, %94 : f32, i64
    } -> (tensor<1x4x65xf32>, tensor<1x4x65xi64>)
    %expanded_20 = tensor.expand_shape %42#0 [[0], [1], [2, 3]] output_shape [1, 4, 65, 1] : tensor<1x4x65xf32> into tensor<1x4x65x1xf32>
    %43 = tensor.empty() : tensor<1x4x65x65xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19, %expanded_20 : tensor<1x4x65x65xf32>, tensor<1x4x65x1xf32>) outs(%43 : tensor<1x4x65x65xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.subf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x65xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<1x4x65x65xf32>) outs(%43 : tensor<1x4x65x65xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.exp %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x65xf32>
    %46 = tensor.empty() : tensor<1x4x65x1xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<1x4x65x1xf32>) -> tensor<1x4x65x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x4x65x65xf32>) outs(%47 : tensor<1x4x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x1xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %48 : tensor<1x4x65x65xf32>, tensor<1x4x65x1xf32>) outs(%43 : tensor<1x4x65x65xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.divf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x65xf32>
    %50 = tensor.empty() : tensor<1x4x65x65xi1>
    %51 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<1x4x65x65xf32>) outs(%50 : tensor<1x4x65x65xi1>) {
    ^bb0(%in: f32, %out: i1):
      %90 = arith.extf %in : f32 to f64
      %91 = arith.cmpf oeq, %90, %cst_5 : f64
      linalg.yield %91 : i1
    } -> tensor<1x4x65x65xi1>
    %52 = tensor.empty() : tensor<1x4x65x1xi1>
    %53 = linalg.fill ins(%true : i1) outs(%52 : tensor<1x4x65x1xi1>) -> tensor<1x4x65x1xi1>
    %54 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%51 : tensor<1x4x65x65xi1>) outs(%53 : tensor<1x4x65x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %90 = arith.andi %in, %out : i1
      linalg.yield %90 : i1
    } -> tensor<1x4x65x1xi1>
    %55 = linalg.generic {indexing_maps = [#map7, #map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54, %cst_4, %49 : tensor<1x4x65x1xi1>, tensor<1x4x65x65xf32>, tensor<1x4x65x65xf32>) outs(%43 : tensor<1x4x65x65xf32>) {
    ^bb0(%in: i1, %in_34: f32, %in_35: f32, %out: f32):
      %90 = arith.select %in, %in_34, %in_35 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x65x65xf32>
    %collapsed_21 = tensor.collapse_shape %55 [[0, 1], [2], [3]] : tensor<1x4x65x65xf32> into tensor<4x65x65xf32>
    %collapsed_22 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x65x16xf32> into tensor<4x65x16xf32>
    %56 = tensor.empty() : tensor<4x65x16xf32>
    %57 = linalg.fill ins(%cst_0 : f32) outs(%56 : tensor<4x65x16xf32>) -> tensor<4x65x16xf32>
    %58 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<4x65x65xf32>, tensor<4x65x16xf32>) outs(%57 : tensor<4x65x16xf32>) -> tensor<4x65x16xf32>
    %expanded_23 = tensor.expand_shape %58 [[0, 1], [2], [3]] output_shape [1, 4, 65, 16] : tensor<4x65x16xf32> into tensor<1x4x65x16xf32>
    %59 = tensor.empty() : tensor<1x65x4x16xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x65x16xf32>) outs(%59 : tensor<1x65x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_25 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x65x4x16xf32> into tensor<65x64xf32>
    %transposed_26 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %60 = linalg.matmul ins(%collapsed_25, %transposed_26 : tensor<65x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %61 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%60, %arg8 : tensor<65x64xf32>, tensor<64xf32>) outs(%23 : tensor<65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x64xf32>
    %expanded_27 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 65, 64] : tensor<65x64xf32> into tensor<1x65x64xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_27, %arg0 : tensor<1x65x64xf32>, tensor<1x65x64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x65x64xf32>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %90 = arith.extf %in : f32 to f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<1x65x64xf64>) outs(%3 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x65x1xf64>) outs(%2 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_7 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %65 : tensor<1x65x64xf64>, tensor<1x65x1xf64>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %90 = arith.subf %in, %in_34 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66, %66 : tensor<1x65x64xf64>, tensor<1x65x64xf64>) outs(%0 : tensor<1x65x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %90 = arith.mulf %in, %in_34 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x64xf64>
    %68 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%67 : tensor<1x65x64xf64>) outs(%3 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x65x1xf64>) outs(%2 : tensor<1x65x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_7 : f64
      linalg.yield %90 : f64
    } -> tensor<1x65x1xf64>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<1x65x1xf64>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %90 = arith.truncf %in : f64 to f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%62 : tensor<1x65x64xf32>) outs(%12 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_8 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.truncf %cst_6 : f64 to f32
      %91 = arith.addf %in, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x65x1xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<1x65x1xf32>) outs(%10 : tensor<1x65x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x1xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %72 : tensor<1x65x64xf32>, tensor<1x65x1xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.subf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %74 : tensor<1x65x64xf32>, tensor<1x65x1xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.mulf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %arg11 : tensor<1x65x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.mulf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %arg12 : tensor<1x65x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    %collapsed_28 = tensor.collapse_shape %78 [[0, 1], [2]] : tensor<1x65x64xf32> into tensor<65x64xf32>
    %79 = tensor.empty() : tensor<64x256xf32>
    %transposed_29 = linalg.transpose ins(%arg13 : tensor<256x64xf32>) outs(%79 : tensor<64x256xf32>) permutation = [1, 0] 
    %80 = tensor.empty() : tensor<65x256xf32>
    %81 = linalg.fill ins(%cst_0 : f32) outs(%80 : tensor<65x256xf32>) -> tensor<65x256xf32>
    %82 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<65x64xf32>, tensor<64x256xf32>) outs(%81 : tensor<65x256xf32>) -> tensor<65x256xf32>
    %83 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%82, %arg14 : tensor<65x256xf32>, tensor<256xf32>) outs(%80 : tensor<65x256xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x256xf32>
    %expanded_30 = tensor.expand_shape %83 [[0, 1], [2]] output_shape [1, 65, 256] : tensor<65x256xf32> into tensor<1x65x256xf32>
    %84 = tensor.empty() : tensor<1x65x256xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x65x256xf32>) outs(%84 : tensor<1x65x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_9 : f32
      %91 = math.erf %90 : f32
      %92 = arith.addf %91, %cst_2 : f32
      %93 = arith.mulf %92, %cst_3 : f32
      %94 = arith.mulf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x65x256xf32>
    %collapsed_31 = tensor.collapse_shape %85 [[0, 1], [2]] : tensor<1x65x256xf32> into tensor<65x256xf32>
    %86 = tensor.empty() : tensor<256x64xf32>
    %transposed_32 = linalg.transpose ins(%arg15 : tensor<64x256xf32>) outs(%86 : tensor<256x64xf32>) permutation = [1, 0] 
    %87 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<65x256xf32>, tensor<256x64xf32>) outs(%24 : tensor<65x64xf32>) -> tensor<65x64xf32>
    %88 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%87, %arg16 : tensor<65x64xf32>, tensor<64xf32>) outs(%23 : tensor<65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<65x64xf32>
    %expanded_33 = tensor.expand_shape %88 [[0, 1], [2]] output_shape [1, 65, 64] : tensor<65x64xf32> into tensor<1x65x64xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %62 : tensor<1x65x64xf32>, tensor<1x65x64xf32>) outs(%17 : tensor<1x65x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %90 = arith.addf %in, %in_34 : f32
      linalg.yield %90 : f32
    } -> tensor<1x65x64xf32>
    return %89 : tensor<1x65x64xf32>
  }
}
