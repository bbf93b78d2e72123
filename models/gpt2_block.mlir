// gpt2_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 64)]; 12 weight/buffer args follow
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
  func.func @gpt2_block(%arg0: tensor<1x32x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x192xf32>, %arg4: tensor<192xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x256xf32>, %arg10: tensor<256xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<64xf32>) -> tensor<1x32x64xf32> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_4 = arith.constant 0.79788456080286541 : f64
    %cst_5 = arith.constant 4.471500e-02 : f64
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %cst_9 = arith.constant 2.500000e-01 : f32
    %cst_10 = arith.constant 5.000000e-01 : f32
    %cst_11 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<32xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %92 = linalg.index 0 : index
      %93 = arith.index_cast %92 : index to i64
      linalg.yield %93 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_12 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %2 = tensor.empty() : tensor<32x32xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_12 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%2 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_36: i64, %out: i1):
      %92 = arith.cmpi sgt, %in, %in_36 : i64
      linalg.yield %92 : i1
    } -> tensor<32x32xi1>
    %4 = tensor.empty() : tensor<32x32xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<f32>, tensor<32x32xf32>) outs(%4 : tensor<32x32xf32>) {
    ^bb0(%in: i1, %in_36: f32, %in_37: f32, %out: f32):
      %92 = arith.select %in, %in_36, %in_37 : f32
      linalg.yield %92 : f32
    } -> tensor<32x32xf32>
    %expanded_13 = tensor.expand_shape %5 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xf32> into tensor<1x1x32x32xf32>
    %6 = tensor.empty() : tensor<1x32x64xf64>
    %7 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %92 = arith.extf %in : f32 to f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %8 = tensor.empty() : tensor<1x32x1xf64>
    %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<1x32x1xf64>) -> tensor<1x32x1xf64>
    %10 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %11 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_7 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %12 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %11 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %92 = arith.subf %in, %in_36 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %13 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12, %12 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %92 = arith.mulf %in, %in_36 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %14 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %15 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_7 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %16 = tensor.empty() : tensor<1x32x1xf32>
    %17 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %92 = arith.truncf %in : f64 to f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.divf %in, %cst_8 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_6 : f64 to f32
      %93 = arith.addf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.rsqrt %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %23 = tensor.empty() : tensor<1x32x64xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %20 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.subf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %25 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %22 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.mulf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %26 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg1 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.mulf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %27 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg2 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %28 = tensor.empty() : tensor<32x192xf32>
    %29 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %30 = linalg.matmul ins(%collapsed, %arg3 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%30, %arg4 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<32x192xf32>
    %expanded_14 = tensor.expand_shape %31 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice = tensor.extract_slice %expanded_14[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_15 = tensor.extract_slice %expanded_14[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_16 = tensor.extract_slice %expanded_14[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_17 = tensor.expand_shape %extracted_slice_15 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_18 = tensor.expand_shape %extracted_slice_16 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %32 = tensor.empty() : tensor<1x4x32x16xf32>
    %transposed = linalg.transpose ins(%expanded_18 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_19 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_20 = linalg.transpose ins(%expanded_19 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %33 = tensor.empty() : tensor<1x4x16x32xf32>
    %transposed_21 = linalg.transpose ins(%expanded_17 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_22 = tensor.collapse_shape %transposed_20 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_23 = tensor.collapse_shape %transposed_21 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %34 = tensor.empty() : tensor<4x32x32xf32>
    %35 = linalg.fill ins(%cst_0 : f32) outs(%34 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %36 = linalg.batch_matmul ins(%collapsed_22, %collapsed_23 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_24 = tensor.expand_shape %36 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %37 = tensor.empty() : tensor<1x4x32x32xf32>
    %38 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_24 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.mulf %in, %cst_9 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x32xf32>
    %39 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x32xf32>
    %40 = tensor.empty() : tensor<1x4x32xi64>
    %41 = linalg.fill ins(%c0_i64 : i64) outs(%40 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %42 = tensor.empty() : tensor<1x4x32xf32>
    %43 = linalg.fill ins(%cst_1 : f32) outs(%42 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %44:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%39 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_36: i64):
      %92 = linalg.index 3 : index
      %93 = arith.index_cast %92 : index to i64
      %94 = arith.maximumf %in, %out : f32
      %95 = arith.cmpf ogt, %in, %out : f32
      %96 = arith.select %95, %93, %out_36 : i64
      linalg.yield %94, %96 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_25 = tensor.expand_shape %44#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %45 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_25 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.subf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x32xf32>
    %46 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.exp %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x32xf32>
    %47 = tensor.empty() : tensor<1x4x32x1xf32>
    %48 = linalg.fill ins(%cst_0 : f32) outs(%47 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %49 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%46 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x1xf32>
    %50 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %49 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.divf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_26 = tensor.collapse_shape %50 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_27 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %51 = tensor.empty() : tensor<4x32x16xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %53 = linalg.batch_matmul ins(%collapsed_26, %collapsed_27 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_28 = tensor.expand_shape %53 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %54 = tensor.empty() : tensor<1x32x4x16xf32>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_30 = tensor.collapse_shape %transposed_29 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %55 = tensor.empty() : tensor<32x64xf32>
    %56 = linalg.fill ins(%cst_0 : f32) outs(%55 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %57 = linalg.matmul ins(%collapsed_30, %arg5 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %58 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%57, %arg6 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<32x64xf32>
    %expanded_31 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_31, %arg0 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %92 = arith.extf %in : f32 to f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %61 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%60 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %62 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_7 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %63 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %62 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %92 = arith.subf %in, %in_36 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %64 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %63 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %92 = arith.mulf %in, %in_36 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x64xf64>
    %65 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.addf %in, %out : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %66 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %92 = arith.divf %in, %cst_7 : f64
      linalg.yield %92 : f64
    } -> tensor<1x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %92 = arith.truncf %in : f64 to f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %68 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %out : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %69 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.divf %in, %cst_8 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %70 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_6 : f64 to f32
      %93 = arith.addf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x32x1xf32>
    %71 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.rsqrt %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x1xf32>
    %72 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %69 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.subf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %73 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %71 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.mulf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %arg7 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.mulf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %arg8 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_32 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %76 = tensor.empty() : tensor<32x256xf32>
    %77 = linalg.fill ins(%cst_0 : f32) outs(%76 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %78 = linalg.matmul ins(%collapsed_32, %arg9 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%77 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%78, %arg10 : tensor<32x256xf32>, tensor<256xf32>) outs(%76 : tensor<32x256xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<32x256xf32>
    %expanded_33 = tensor.expand_shape %79 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf32> into tensor<1x32x256xf32>
    %80 = tensor.empty() : tensor<1x32x256xf32>
    %81 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.mulf %in, %cst_10 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %82 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %83 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_5 : f64 to f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x32x256xf32>
    %84 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %83 : tensor<1x32x256xf32>, tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %85 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.truncf %cst_4 : f64 to f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x32x256xf32>
    %86 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = math.tanh %in : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %87 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %92 = arith.addf %in, %cst_11 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %88 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %87 : tensor<1x32x256xf32>, tensor<1x32x256xf32>) outs(%80 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.mulf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x256xf32>
    %collapsed_34 = tensor.collapse_shape %88 [[0, 1], [2]] : tensor<1x32x256xf32> into tensor<32x256xf32>
    %89 = linalg.matmul ins(%collapsed_34, %arg11 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %90 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%89, %arg12 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<32x64xf32>
    %expanded_35 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %91 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %expanded_35 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %92 = arith.addf %in, %in_36 : f32
      linalg.yield %92 : f32
    } -> tensor<1x32x64xf32>
    return %91 : tensor<1x32x64xf32>
  }
}
