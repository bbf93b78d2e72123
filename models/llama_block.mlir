// llama_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 64)]; 10 weight/buffer args follow
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map3 = affine_map<(d0, d1, d2) -> (d2)>
#map4 = affine_map<(d0, d1) -> (0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1) -> ()>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map11 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map13 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @llama_block(%arg0: tensor<1x32x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<32x64xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<176x64xf32>, %arg6: tensor<176x64xf32>, %arg7: tensor<64x176xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<8xf32>) -> tensor<1x32x64xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f32
    %cst_6 = arith.constant 2.500000e-01 : f32
    %0 = tensor.empty() : tensor<32xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %88 = linalg.index 0 : index
      %89 = arith.index_cast %88 : index to i64
      linalg.yield %89 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1, 2]] output_shape [1, 32, 1] : tensor<32xi64> into tensor<1x32x1xi64>
    %2 = tensor.empty() : tensor<1x32x1xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x32x1xi64>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %88 = arith.sitofp %in : i64 to f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %4 = tensor.empty() : tensor<1x32x8xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %arg10 : tensor<1x32x1xf32>, tensor<8xf32>) outs(%4 : tensor<1x32x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x8xf32>
    %concat = tensor.concat dim(2) %5, %5 : (tensor<1x32x8xf32>, tensor<1x32x8xf32>) -> tensor<1x32x16xf32>
    %6 = tensor.empty() : tensor<1x32x16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x32x16xf32>) outs(%6 : tensor<1x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.cos %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x32x16xf32>) outs(%6 : tensor<1x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.sin %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x16xf32>
    %expanded_7 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_8 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %9 = tensor.empty() : tensor<32x32xi1>
    %10 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_7, %expanded_8 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%9 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_46: i64, %out: i1):
      %88 = arith.cmpi sgt, %in, %in_46 : i64
      linalg.yield %88 : i1
    } -> tensor<32x32xi1>
    %11 = tensor.empty() : tensor<32x32xf32>
    %12 = linalg.generic {indexing_maps = [#map6, #map7, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%10, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<f32>, tensor<32x32xf32>) outs(%11 : tensor<32x32xf32>) {
    ^bb0(%in: i1, %in_46: f32, %in_47: f32, %out: f32):
      %88 = arith.select %in, %in_46, %in_47 : f32
      linalg.yield %88 : f32
    } -> tensor<32x32xf32>
    %expanded_9 = tensor.expand_shape %12 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xf32> into tensor<1x1x32x32xf32>
    %13 = tensor.empty() : tensor<1x32x64xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<1x32x64xf32>) outs(%15 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_5 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.truncf %cst_4 : f64 to f32
      %89 = arith.addf %in, %88 : f32
      linalg.yield %89 : f32
    } -> tensor<1x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %19 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8, %20 : tensor<64xf32>, tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %22 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %23 = tensor.empty() : tensor<32x64xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%23 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<32x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_10 = tensor.expand_shape %25 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %26 = tensor.empty() : tensor<1x4x32x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x32x4x16xf32>) outs(%26 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %27 = tensor.empty() : tensor<64x32xf32>
    %transposed_12 = linalg.transpose ins(%arg2 : tensor<32x64xf32>) outs(%27 : tensor<64x32xf32>) permutation = [1, 0] 
    %28 = linalg.fill ins(%cst : f32) outs(%11 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %29 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<32x64xf32>, tensor<64x32xf32>) outs(%28 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %expanded_13 = tensor.expand_shape %29 [[0, 1], [2, 3]] output_shape [1, 32, 2, 16] : tensor<32x32xf32> into tensor<1x32x2x16xf32>
    %30 = tensor.empty() : tensor<1x2x32x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x32x2x16xf32>) outs(%30 : tensor<1x2x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_15 = linalg.transpose ins(%arg3 : tensor<32x64xf32>) outs(%27 : tensor<64x32xf32>) permutation = [1, 0] 
    %31 = linalg.matmul ins(%collapsed, %transposed_15 : tensor<32x64xf32>, tensor<64x32xf32>) outs(%28 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %expanded_16 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 32, 2, 16] : tensor<32x32xf32> into tensor<1x32x2x16xf32>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x32x2x16xf32>) outs(%30 : tensor<1x2x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_18 = tensor.expand_shape %7 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32>
    %expanded_19 = tensor.expand_shape %8 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xf32> into tensor<1x1x32x16xf32>
    %32 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11, %expanded_18 : tensor<1x4x32x16xf32>, tensor<1x1x32x16xf32>) outs(%26 : tensor<1x4x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x16xf32>
    %extracted_slice = tensor.extract_slice %transposed_11[0, 0, 0, 0] [1, 4, 32, 8] [1, 1, 1, 1] : tensor<1x4x32x16xf32> to tensor<1x4x32x8xf32>
    %extracted_slice_20 = tensor.extract_slice %transposed_11[0, 0, 0, 8] [1, 4, 32, 8] [1, 1, 1, 1] : tensor<1x4x32x16xf32> to tensor<1x4x32x8xf32>
    %33 = tensor.empty() : tensor<1x4x32x8xf32>
    %34 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_20 : tensor<1x4x32x8xf32>) outs(%33 : tensor<1x4x32x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.negf %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x8xf32>
    %concat_21 = tensor.concat dim(3) %34, %extracted_slice : (tensor<1x4x32x8xf32>, tensor<1x4x32x8xf32>) -> tensor<1x4x32x16xf32>
    %35 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_21, %expanded_19 : tensor<1x4x32x16xf32>, tensor<1x1x32x16xf32>) outs(%26 : tensor<1x4x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x16xf32>
    %36 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %35 : tensor<1x4x32x16xf32>, tensor<1x4x32x16xf32>) outs(%26 : tensor<1x4x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.addf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x16xf32>
    %37 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_14, %expanded_18 : tensor<1x2x32x16xf32>, tensor<1x1x32x16xf32>) outs(%30 : tensor<1x2x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x2x32x16xf32>
    %extracted_slice_22 = tensor.extract_slice %transposed_14[0, 0, 0, 0] [1, 2, 32, 8] [1, 1, 1, 1] : tensor<1x2x32x16xf32> to tensor<1x2x32x8xf32>
    %extracted_slice_23 = tensor.extract_slice %transposed_14[0, 0, 0, 8] [1, 2, 32, 8] [1, 1, 1, 1] : tensor<1x2x32x16xf32> to tensor<1x2x32x8xf32>
    %38 = tensor.empty() : tensor<1x2x32x8xf32>
    %39 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<1x2x32x8xf32>) outs(%38 : tensor<1x2x32x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.negf %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x2x32x8xf32>
    %concat_24 = tensor.concat dim(3) %39, %extracted_slice_22 : (tensor<1x2x32x8xf32>, tensor<1x2x32x8xf32>) -> tensor<1x2x32x16xf32>
    %40 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_24, %expanded_19 : tensor<1x2x32x16xf32>, tensor<1x1x32x16xf32>) outs(%30 : tensor<1x2x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x2x32x16xf32>
    %41 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %40 : tensor<1x2x32x16xf32>, tensor<1x2x32x16xf32>) outs(%30 : tensor<1x2x32x16xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.addf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x2x32x16xf32>
    %42 = tensor.empty() : tensor<1x2x2x32x16xf32>
    %43 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<1x2x32x16xf32>) outs(%42 : tensor<1x2x2x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x32x16xf32>
    %collapsed_25 = tensor.collapse_shape %43 [[0], [1, 2], [3], [4]] : tensor<1x2x2x32x16xf32> into tensor<1x4x32x16xf32>
    %44 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_17 : tensor<1x2x32x16xf32>) outs(%42 : tensor<1x2x2x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x32x16xf32>
    %45 = tensor.empty() : tensor<1x4x16x32xf32>
    %transposed_26 = linalg.transpose ins(%collapsed_25 : tensor<1x4x32x16xf32>) outs(%45 : tensor<1x4x16x32xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_27 = tensor.collapse_shape %36 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_28 = tensor.collapse_shape %transposed_26 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %46 = tensor.empty() : tensor<4x32x32xf32>
    %47 = linalg.fill ins(%cst : f32) outs(%46 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %48 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%47 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_29 = tensor.expand_shape %48 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %49 = tensor.empty() : tensor<1x4x32x32xf32>
    %50 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x4x32x32xf32>) outs(%49 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.mulf %in, %cst_6 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x32xf32>
    %51 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_9 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%49 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.addf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x32xf32>
    %52 = tensor.empty() : tensor<1x4x32xi64>
    %53 = linalg.fill ins(%c0_i64 : i64) outs(%52 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %54 = tensor.empty() : tensor<1x4x32xf32>
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %56:2 = linalg.generic {indexing_maps = [#map8, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%51 : tensor<1x4x32x32xf32>) outs(%55, %53 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_46: i64):
      %88 = linalg.index 3 : index
      %89 = arith.index_cast %88 : index to i64
      %90 = arith.maximumf %in, %out : f32
      %91 = arith.cmpf ogt, %in, %out : f32
      %92 = arith.select %91, %89, %out_46 : i64
      linalg.yield %90, %92 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_30 = tensor.expand_shape %56#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %57 = linalg.generic {indexing_maps = [#map8, #map13, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_30 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%49 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.subf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x32xf32>
    %58 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<1x4x32x32xf32>) outs(%49 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.exp %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x32xf32>
    %59 = tensor.empty() : tensor<1x4x32x1xf32>
    %60 = linalg.fill ins(%cst : f32) outs(%59 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %61 = linalg.generic {indexing_maps = [#map8, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%58 : tensor<1x4x32x32xf32>) outs(%60 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x1xf32>
    %62 = linalg.generic {indexing_maps = [#map8, #map13, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %61 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%49 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.divf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_31 = tensor.collapse_shape %62 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_32 = tensor.collapse_shape %44 [[0, 1, 2], [3], [4]] : tensor<1x2x2x32x16xf32> into tensor<4x32x16xf32>
    %63 = tensor.empty() : tensor<4x32x16xf32>
    %64 = linalg.fill ins(%cst : f32) outs(%63 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %65 = linalg.batch_matmul ins(%collapsed_31, %collapsed_32 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%64 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_33 = tensor.expand_shape %65 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %66 = tensor.empty() : tensor<1x32x4x16xf32>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<1x4x32x16xf32>) outs(%66 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_35 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_36 = tensor.collapse_shape %transposed_34 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %67 = linalg.matmul ins(%collapsed_36, %transposed_35 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_37 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_37 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.addf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<1x32x64xf32>) outs(%15 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %out : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_5 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.truncf %cst_4 : f64 to f32
      %89 = arith.addf %in, %88 : f32
      linalg.yield %89 : f32
    } -> tensor<1x32x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x1xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %73 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %75 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %74 : tensor<64xf32>, tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    %76 = tensor.empty() : tensor<64x176xf32>
    %transposed_38 = linalg.transpose ins(%arg5 : tensor<176x64xf32>) outs(%76 : tensor<64x176xf32>) permutation = [1, 0] 
    %collapsed_39 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %77 = tensor.empty() : tensor<32x176xf32>
    %78 = linalg.fill ins(%cst : f32) outs(%77 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %79 = linalg.matmul ins(%collapsed_39, %transposed_38 : tensor<32x64xf32>, tensor<64x176xf32>) outs(%78 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %expanded_40 = tensor.expand_shape %79 [[0, 1], [2]] output_shape [1, 32, 176] : tensor<32x176xf32> into tensor<1x32x176xf32>
    %80 = tensor.empty() : tensor<1x32x176xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<1x32x176xf32>) outs(%80 : tensor<1x32x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.negf %in : f32
      %89 = math.exp %88 : f32
      %90 = arith.addf %89, %cst_1 : f32
      %91 = arith.divf %cst_1, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x32x176xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40, %81 : tensor<1x32x176xf32>, tensor<1x32x176xf32>) outs(%80 : tensor<1x32x176xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x176xf32>
    %transposed_41 = linalg.transpose ins(%arg6 : tensor<176x64xf32>) outs(%76 : tensor<64x176xf32>) permutation = [1, 0] 
    %83 = linalg.matmul ins(%collapsed_39, %transposed_41 : tensor<32x64xf32>, tensor<64x176xf32>) outs(%78 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %expanded_42 = tensor.expand_shape %83 [[0, 1], [2]] output_shape [1, 32, 176] : tensor<32x176xf32> into tensor<1x32x176xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %expanded_42 : tensor<1x32x176xf32>, tensor<1x32x176xf32>) outs(%80 : tensor<1x32x176xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.mulf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x176xf32>
    %85 = tensor.empty() : tensor<176x64xf32>
    %transposed_43 = linalg.transpose ins(%arg7 : tensor<64x176xf32>) outs(%85 : tensor<176x64xf32>) permutation = [1, 0] 
    %collapsed_44 = tensor.collapse_shape %84 [[0, 1], [2]] : tensor<1x32x176xf32> into tensor<32x176xf32>
    %86 = linalg.matmul ins(%collapsed_44, %transposed_43 : tensor<32x176xf32>, tensor<176x64xf32>) outs(%24 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_45 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %expanded_45 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%13 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %88 = arith.addf %in, %in_46 : f32
      linalg.yield %88 : f32
    } -> tensor<1x32x64xf32>
    return %87 : tensor<1x32x64xf32>
  }
}
