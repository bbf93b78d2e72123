// llama_block_bf16: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
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
  func.func @llama_block_bf16(%arg0: tensor<1x32x64xbf16>, %arg1: tensor<64x64xbf16>, %arg2: tensor<32x64xbf16>, %arg3: tensor<32x64xbf16>, %arg4: tensor<64x64xbf16>, %arg5: tensor<176x64xbf16>, %arg6: tensor<176x64xbf16>, %arg7: tensor<64x176xbf16>, %arg8: tensor<64xbf16>, %arg9: tensor<64xbf16>, %arg10: tensor<8xf32>) -> tensor<1x32x64xbf16> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<-3.389530e+38> : tensor<bf16>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xbf16>
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f32
    %cst_6 = arith.constant 2.500000e-01 : bf16
    %0 = tensor.empty() : tensor<32xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %116 = linalg.index 0 : index
      %117 = arith.index_cast %116 : index to i64
      linalg.yield %117 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1, 2]] output_shape [1, 32, 1] : tensor<32xi64> into tensor<1x32x1xi64>
    %2 = tensor.empty() : tensor<1x32x1xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x32x1xi64>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %116 = arith.sitofp %in : i64 to f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %4 = tensor.empty() : tensor<1x32x8xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %arg10 : tensor<1x32x1xf32>, tensor<8xf32>) outs(%4 : tensor<1x32x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.mulf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x8xf32>
    %concat = tensor.concat dim(2) %5, %5 : (tensor<1x32x8xf32>, tensor<1x32x8xf32>) -> tensor<1x32x16xf32>
    %6 = tensor.empty() : tensor<1x32x16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x32x16xf32>) outs(%6 : tensor<1x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.cos %in : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x32x16xf32>) outs(%6 : tensor<1x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.sin %in : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x16xf32>
    %9 = tensor.empty() : tensor<1x32x16xbf16>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x32x16xf32>) outs(%9 : tensor<1x32x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x16xbf16>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x32x16xf32>) outs(%9 : tensor<1x32x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x16xbf16>
    %expanded_7 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_8 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %12 = tensor.empty() : tensor<32x32xi1>
    %13 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_7, %expanded_8 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%12 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_46: i64, %out: i1):
      %116 = arith.cmpi sgt, %in, %in_46 : i64
      linalg.yield %116 : i1
    } -> tensor<32x32xi1>
    %14 = tensor.empty() : tensor<32x32xbf16>
    %15 = linalg.generic {indexing_maps = [#map6, #map7, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%13, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<bf16>, tensor<32x32xbf16>) outs(%14 : tensor<32x32xbf16>) {
    ^bb0(%in: i1, %in_46: bf16, %in_47: bf16, %out: bf16):
      %116 = arith.select %in, %in_46, %in_47 : bf16
      linalg.yield %116 : bf16
    } -> tensor<32x32xbf16>
    %expanded_9 = tensor.expand_shape %15 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xbf16> into tensor<1x1x32x32xbf16>
    %16 = tensor.empty() : tensor<1x32x64xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xbf16>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %116 = arith.extf %in : bf16 to f32
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x64xf32>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%18 : tensor<1x32x64xf32>) outs(%19 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.addf %in, %out : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.divf %in, %cst_5 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.truncf %cst_4 : f64 to f32
      %117 = arith.addf %in, %116 : f32
      linalg.yield %117 : f32
    } -> tensor<1x32x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.rsqrt %in : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17, %23 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.mulf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %25 = tensor.empty() : tensor<1x32x64xbf16>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24 : tensor<1x32x64xf32>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    %27 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8, %26 : tensor<64xbf16>, tensor<1x32x64xbf16>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    %28 = tensor.empty() : tensor<64x64xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xbf16>) outs(%28 : tensor<64x64xbf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<1x32x64xbf16> into tensor<32x64xbf16>
    %29 = tensor.empty() : tensor<32x64xf32>
    %30 = linalg.fill ins(%cst : f32) outs(%29 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %31 = linalg.matmul ins(%collapsed, %transposed : tensor<32x64xbf16>, tensor<64x64xbf16>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %32 = tensor.empty() : tensor<32x64xbf16>
    %33 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<32x64xf32>) outs(%32 : tensor<32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x64xbf16>
    %expanded_10 = tensor.expand_shape %33 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xbf16> into tensor<1x32x4x16xbf16>
    %34 = tensor.empty() : tensor<1x4x32x16xbf16>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x32x4x16xbf16>) outs(%34 : tensor<1x4x32x16xbf16>) permutation = [0, 2, 1, 3] 
    %35 = tensor.empty() : tensor<64x32xbf16>
    %transposed_12 = linalg.transpose ins(%arg2 : tensor<32x64xbf16>) outs(%35 : tensor<64x32xbf16>) permutation = [1, 0] 
    %36 = tensor.empty() : tensor<32x32xf32>
    %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %38 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%37 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %39 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<32x32xf32>) outs(%14 : tensor<32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x32xbf16>
    %expanded_13 = tensor.expand_shape %39 [[0, 1], [2, 3]] output_shape [1, 32, 2, 16] : tensor<32x32xbf16> into tensor<1x32x2x16xbf16>
    %40 = tensor.empty() : tensor<1x2x32x16xbf16>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x32x2x16xbf16>) outs(%40 : tensor<1x2x32x16xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_15 = linalg.transpose ins(%arg3 : tensor<32x64xbf16>) outs(%35 : tensor<64x32xbf16>) permutation = [1, 0] 
    %41 = linalg.matmul ins(%collapsed, %transposed_15 : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%37 : tensor<32x32xf32>) -> tensor<32x32xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<32x32xf32>) outs(%14 : tensor<32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x32xbf16>
    %expanded_16 = tensor.expand_shape %42 [[0, 1], [2, 3]] output_shape [1, 32, 2, 16] : tensor<32x32xbf16> into tensor<1x32x2x16xbf16>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x32x2x16xbf16>) outs(%40 : tensor<1x2x32x16xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_18 = tensor.expand_shape %10 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xbf16> into tensor<1x1x32x16xbf16>
    %expanded_19 = tensor.expand_shape %11 [[0], [1, 2], [3]] output_shape [1, 1, 32, 16] : tensor<1x32x16xbf16> into tensor<1x1x32x16xbf16>
    %43 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11, %expanded_18 : tensor<1x4x32x16xbf16>, tensor<1x1x32x16xbf16>) outs(%34 : tensor<1x4x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x16xbf16>
    %extracted_slice = tensor.extract_slice %transposed_11[0, 0, 0, 0] [1, 4, 32, 8] [1, 1, 1, 1] : tensor<1x4x32x16xbf16> to tensor<1x4x32x8xbf16>
    %extracted_slice_20 = tensor.extract_slice %transposed_11[0, 0, 0, 8] [1, 4, 32, 8] [1, 1, 1, 1] : tensor<1x4x32x16xbf16> to tensor<1x4x32x8xbf16>
    %44 = tensor.empty() : tensor<1x4x32x8xbf16>
    %45 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_20 : tensor<1x4x32x8xbf16>) outs(%44 : tensor<1x4x32x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %116 = arith.negf %in : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x8xbf16>
    %concat_21 = tensor.concat dim(3) %45, %extracted_slice : (tensor<1x4x32x8xbf16>, tensor<1x4x32x8xbf16>) -> tensor<1x4x32x16xbf16>
    %46 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_21, %expanded_19 : tensor<1x4x32x16xbf16>, tensor<1x1x32x16xbf16>) outs(%34 : tensor<1x4x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x16xbf16>
    %47 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<1x4x32x16xbf16>, tensor<1x4x32x16xbf16>) outs(%34 : tensor<1x4x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.addf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x16xbf16>
    %48 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_14, %expanded_18 : tensor<1x2x32x16xbf16>, tensor<1x1x32x16xbf16>) outs(%40 : tensor<1x2x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x2x32x16xbf16>
    %extracted_slice_22 = tensor.extract_slice %transposed_14[0, 0, 0, 0] [1, 2, 32, 8] [1, 1, 1, 1] : tensor<1x2x32x16xbf16> to tensor<1x2x32x8xbf16>
    %extracted_slice_23 = tensor.extract_slice %transposed_14[0, 0, 0, 8] [1, 2, 32, 8] [1, 1, 1, 1] : tensor<1x2x32x16xbf16> to tensor<1x2x32x8xbf16>
    %49 = tensor.empty() : tensor<1x2x32x8xbf16>
    %50 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<1x2x32x8xbf16>) outs(%49 : tensor<1x2x32x8xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %116 = arith.negf %in : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x2x32x8xbf16>
    %concat_24 = tensor.concat dim(3) %50, %extracted_slice_22 : (tensor<1x2x32x8xbf16>, tensor<1x2x32x8xbf16>) -> tensor<1x2x32x16xbf16>
    %51 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_24, %expanded_19 : tensor<1x2x32x16xbf16>, tensor<1x1x32x16xbf16>) outs(%40 : tensor<1x2x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x2x32x16xbf16>
    %52 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %51 : tensor<1x2x32x16xbf16>, tensor<1x2x32x16xbf16>) outs(%40 : tensor<1x2x32x16xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.addf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x2x32x16xbf16>
    %53 = tensor.empty() : tensor<1x2x2x32x16xbf16>
    %54 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x2x32x16xbf16>) outs(%53 : tensor<1x2x2x32x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x2x2x32x16xbf16>
    %collapsed_25 = tensor.collapse_shape %54 [[0], [1, 2], [3], [4]] : tensor<1x2x2x32x16xbf16> into tensor<1x4x32x16xbf16>
    %55 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_17 : tensor<1x2x32x16xbf16>) outs(%53 : tensor<1x2x2x32x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1x2x2x32x16xbf16>
    %56 = tensor.empty() : tensor<1x4x16x32xbf16>
    %transposed_26 = linalg.transpose ins(%collapsed_25 : tensor<1x4x32x16xbf16>) outs(%56 : tensor<1x4x16x32xbf16>) permutation = [0, 1, 3, 2] 
    %collapsed_27 = tensor.collapse_shape %47 [[0, 1], [2], [3]] : tensor<1x4x32x16xbf16> into tensor<4x32x16xbf16>
    %collapsed_28 = tensor.collapse_shape %transposed_26 [[0, 1], [2], [3]] : tensor<1x4x16x32xbf16> into tensor<4x16x32xbf16>
    %57 = tensor.empty() : tensor<4x32x32xf32>
    %58 = linalg.fill ins(%cst : f32) outs(%57 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %59 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<4x32x16xbf16>, tensor<4x16x32xbf16>) outs(%58 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %60 = tensor.empty() : tensor<4x32x32xbf16>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<4x32x32xf32>) outs(%60 : tensor<4x32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<4x32x32xbf16>
    %expanded_29 = tensor.expand_shape %61 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xbf16> into tensor<1x4x32x32xbf16>
    %62 = tensor.empty() : tensor<1x4x32x32xbf16>
    %63 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x4x32x32xbf16>) outs(%62 : tensor<1x4x32x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %116 = arith.mulf %in, %cst_6 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x32xbf16>
    %64 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %expanded_9 : tensor<1x4x32x32xbf16>, tensor<1x1x32x32xbf16>) outs(%62 : tensor<1x4x32x32xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.addf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x32xbf16>
    %65 = tensor.empty() : tensor<1x4x32x32xf32>
    %66 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<1x4x32x32xbf16>) outs(%65 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %116 = arith.extf %in : bf16 to f32
      linalg.yield %116 : f32
    } -> tensor<1x4x32x32xf32>
    %67 = tensor.empty() : tensor<1x4x32xi64>
    %68 = linalg.fill ins(%c0_i64 : i64) outs(%67 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %69 = tensor.empty() : tensor<1x4x32xf32>
    %70 = linalg.fill ins(%cst_0 : f32) outs(%69 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %71:2 = linalg.generic {indexing_maps = [#map8, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%66 : tensor<1x4x32x32xf32>) outs(%70, %68 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_46: i64):
      %116 = linalg.index 3 : index
      %117 = arith.index_cast %116 : index to i64
      %118 = arith.maximumf %in, %out : f32
      %119 = arith.cmpf ogt, %in, %out : f32
      %120 = arith.select %119, %117, %out_46 : i64
      linalg.yield %118, %120 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_30 = tensor.expand_shape %71#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %72 = linalg.generic {indexing_maps = [#map8, #map13, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %expanded_30 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%65 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.subf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x4x32x32xf32>
    %73 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%72 : tensor<1x4x32x32xf32>) outs(%65 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.exp %in : f32
      linalg.yield %116 : f32
    } -> tensor<1x4x32x32xf32>
    %74 = tensor.empty() : tensor<1x4x32x1xf32>
    %75 = linalg.fill ins(%cst : f32) outs(%74 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %76 = linalg.generic {indexing_maps = [#map8, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%73 : tensor<1x4x32x32xf32>) outs(%75 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.addf %in, %out : f32
      linalg.yield %116 : f32
    } -> tensor<1x4x32x1xf32>
    %77 = linalg.generic {indexing_maps = [#map8, #map13, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %76 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%65 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.divf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x4x32x32xf32>
    %78 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%77 : tensor<1x4x32x32xf32>) outs(%62 : tensor<1x4x32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x4x32x32xbf16>
    %collapsed_31 = tensor.collapse_shape %78 [[0, 1], [2], [3]] : tensor<1x4x32x32xbf16> into tensor<4x32x32xbf16>
    %collapsed_32 = tensor.collapse_shape %55 [[0, 1, 2], [3], [4]] : tensor<1x2x2x32x16xbf16> into tensor<4x32x16xbf16>
    %79 = tensor.empty() : tensor<4x32x16xf32>
    %80 = linalg.fill ins(%cst : f32) outs(%79 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %81 = linalg.batch_matmul ins(%collapsed_31, %collapsed_32 : tensor<4x32x32xbf16>, tensor<4x32x16xbf16>) outs(%80 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %82 = tensor.empty() : tensor<4x32x16xbf16>
    %83 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<4x32x16xf32>) outs(%82 : tensor<4x32x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<4x32x16xbf16>
    %expanded_33 = tensor.expand_shape %83 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xbf16> into tensor<1x4x32x16xbf16>
    %84 = tensor.empty() : tensor<1x32x4x16xbf16>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<1x4x32x16xbf16>) outs(%84 : tensor<1x32x4x16xbf16>) permutation = [0, 2, 1, 3] 
    %transposed_35 = linalg.transpose ins(%arg4 : tensor<64x64xbf16>) outs(%28 : tensor<64x64xbf16>) permutation = [1, 0] 
    %collapsed_36 = tensor.collapse_shape %transposed_34 [[0, 1], [2, 3]] : tensor<1x32x4x16xbf16> into tensor<32x64xbf16>
    %85 = linalg.matmul ins(%collapsed_36, %transposed_35 : tensor<32x64xbf16>, tensor<64x64xbf16>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %86 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%85 : tensor<32x64xf32>) outs(%32 : tensor<32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x64xbf16>
    %expanded_37 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xbf16> into tensor<1x32x64xbf16>
    %87 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_37 : tensor<1x32x64xbf16>, tensor<1x32x64xbf16>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.addf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<1x32x64xbf16>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %116 = arith.extf %in : bf16 to f32
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<1x32x64xf32>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%89 : tensor<1x32x64xf32>) outs(%19 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.addf %in, %out : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.divf %in, %cst_5 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.truncf %cst_4 : f64 to f32
      %117 = arith.addf %in, %116 : f32
      linalg.yield %117 : f32
    } -> tensor<1x32x1xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = math.rsqrt %in : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x1xf32>
    %94 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %93 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%16 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.mulf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x64xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x32x64xf32>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    %96 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %95 : tensor<64xbf16>, tensor<1x32x64xbf16>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    %97 = tensor.empty() : tensor<64x176xbf16>
    %transposed_38 = linalg.transpose ins(%arg5 : tensor<176x64xbf16>) outs(%97 : tensor<64x176xbf16>) permutation = [1, 0] 
    %collapsed_39 = tensor.collapse_shape %96 [[0, 1], [2]] : tensor<1x32x64xbf16> into tensor<32x64xbf16>
    %98 = tensor.empty() : tensor<32x176xf32>
    %99 = linalg.fill ins(%cst : f32) outs(%98 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %100 = linalg.matmul ins(%collapsed_39, %transposed_38 : tensor<32x64xbf16>, tensor<64x176xbf16>) outs(%99 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %101 = tensor.empty() : tensor<32x176xbf16>
    %102 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%100 : tensor<32x176xf32>) outs(%101 : tensor<32x176xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x176xbf16>
    %expanded_40 = tensor.expand_shape %102 [[0, 1], [2]] output_shape [1, 32, 176] : tensor<32x176xbf16> into tensor<1x32x176xbf16>
    %103 = tensor.empty() : tensor<1x32x176xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<1x32x176xbf16>) outs(%103 : tensor<1x32x176xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %116 = arith.extf %in : bf16 to f32
      linalg.yield %116 : f32
    } -> tensor<1x32x176xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<1x32x176xf32>) outs(%103 : tensor<1x32x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %116 = arith.negf %in : f32
      %117 = math.exp %116 : f32
      %118 = arith.addf %117, %cst_1 : f32
      %119 = arith.divf %cst_1, %118 : f32
      linalg.yield %119 : f32
    } -> tensor<1x32x176xf32>
    %106 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %105 : tensor<1x32x176xf32>, tensor<1x32x176xf32>) outs(%103 : tensor<1x32x176xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %116 = arith.mulf %in, %in_46 : f32
      linalg.yield %116 : f32
    } -> tensor<1x32x176xf32>
    %107 = tensor.empty() : tensor<1x32x176xbf16>
    %108 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x32x176xf32>) outs(%107 : tensor<1x32x176xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x176xbf16>
    %transposed_41 = linalg.transpose ins(%arg6 : tensor<176x64xbf16>) outs(%97 : tensor<64x176xbf16>) permutation = [1, 0] 
    %109 = linalg.matmul ins(%collapsed_39, %transposed_41 : tensor<32x64xbf16>, tensor<64x176xbf16>) outs(%99 : tensor<32x176xf32>) -> tensor<32x176xf32>
    %110 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<32x176xf32>) outs(%101 : tensor<32x176xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x176xbf16>
    %expanded_42 = tensor.expand_shape %110 [[0, 1], [2]] output_shape [1, 32, 176] : tensor<32x176xbf16> into tensor<1x32x176xbf16>
    %111 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %expanded_42 : tensor<1x32x176xbf16>, tensor<1x32x176xbf16>) outs(%107 : tensor<1x32x176xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.mulf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x176xbf16>
    %112 = tensor.empty() : tensor<176x64xbf16>
    %transposed_43 = linalg.transpose ins(%arg7 : tensor<64x176xbf16>) outs(%112 : tensor<176x64xbf16>) permutation = [1, 0] 
    %collapsed_44 = tensor.collapse_shape %111 [[0, 1], [2]] : tensor<1x32x176xbf16> into tensor<32x176xbf16>
    %113 = linalg.matmul ins(%collapsed_44, %transposed_43 : tensor<32x176xbf16>, tensor<176x64xbf16>) outs(%30 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %114 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<32x64xf32>) outs(%32 : tensor<32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %116 = arith.truncf %in : f32 to bf16
      linalg.yield %116 : bf16
    } -> tensor<32x64xbf16>
    %expanded_45 = tensor.expand_shape %114 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xbf16> into tensor<1x32x64xbf16>
    %115 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %expanded_45 : tensor<1x32x64xbf16>, tensor<1x32x64xbf16>) outs(%25 : tensor<1x32x64xbf16>) {
    ^bb0(%in: bf16, %in_46: bf16, %out: bf16):
      %116 = arith.addf %in, %in_46 : bf16
      linalg.yield %116 : bf16
    } -> tensor<1x32x64xbf16>
    return %115 : tensor<1x32x64xbf16>
  }
}
