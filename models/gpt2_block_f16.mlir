// gpt2_block_f16: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
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
  func.func @gpt2_block_f16(%arg0: tensor<1x32x64xf16>, %arg1: tensor<64xf16>, %arg2: tensor<64xf16>, %arg3: tensor<64x192xf16>, %arg4: tensor<192xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64xf16>, %arg7: tensor<64xf16>, %arg8: tensor<64xf16>, %arg9: tensor<64x256xf16>, %arg10: tensor<256xf16>, %arg11: tensor<256x64xf16>, %arg12: tensor<64xf16>) -> tensor<1x32x64xf16> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<-6.550400e+04> : tensor<f16>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xf16>
    %cst_4 = arith.constant 0.79788456080286541 : f64
    %cst_5 = arith.constant 4.471500e-02 : f64
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %cst_9 = arith.constant 2.500000e-01 : f16
    %cst_10 = arith.constant 5.000000e-01 : f16
    %cst_11 = arith.constant 1.000000e+00 : f16
    %0 = tensor.empty() : tensor<32xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %130 = linalg.index 0 : index
      %131 = arith.index_cast %130 : index to i64
      linalg.yield %131 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_12 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %2 = tensor.empty() : tensor<32x32xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_12 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%2 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_36: i64, %out: i1):
      %130 = arith.cmpi sgt, %in, %in_36 : i64
      linalg.yield %130 : i1
    } -> tensor<32x32xi1>
    %4 = tensor.empty() : tensor<32x32xf16>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<f16>, tensor<32x32xf16>) outs(%4 : tensor<32x32xf16>) {
    ^bb0(%in: i1, %in_36: f16, %in_37: f16, %out: f16):
      %130 = arith.select %in, %in_36, %in_37 : f16
      linalg.yield %130 : f16
    } -> tensor<32x32xf16>
    %expanded_13 = tensor.expand_shape %5 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xf16> into tensor<1x1x32x32xf16>
    %6 = tensor.empty() : tensor<1x32x64xf32>
    %7 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %8 = tensor.empty() : tensor<1x32x64xf64>
    %9 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x32x64xf32>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %10 = tensor.empty() : tensor<1x32x1xf64>
    %11 = linalg.fill ins(%cst : f64) outs(%10 : tensor<1x32x1xf64>) -> tensor<1x32x1xf64>
    %12 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x32x64xf64>) outs(%11 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %13 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x32x1xf64>) outs(%10 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_7 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %14 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %13 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %130 = arith.subf %in, %in_36 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %15 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %14 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %130 = arith.mulf %in, %in_36 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %16 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%15 : tensor<1x32x64xf64>) outs(%11 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %17 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x32x1xf64>) outs(%10 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_7 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %18 = tensor.empty() : tensor<1x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x1xf64>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %20 = linalg.fill ins(%cst_0 : f32) outs(%18 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x32x64xf32>) outs(%20 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_8 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %23 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_6 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x1xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %25 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %22 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.subf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %26 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %24 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.mulf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %27 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg1 : tensor<1x32x64xf32>, tensor<64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %130 = arith.extf %in_36 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x64xf32>
    %28 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27, %arg2 : tensor<1x32x64xf32>, tensor<64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %130 = arith.extf %in_36 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x64xf32>
    %29 = tensor.empty() : tensor<1x32x64xf16>
    %30 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<1x32x64xf32>) outs(%29 : tensor<1x32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x32x64xf16>
    %collapsed = tensor.collapse_shape %30 [[0, 1], [2]] : tensor<1x32x64xf16> into tensor<32x64xf16>
    %31 = tensor.empty() : tensor<192xf32>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<192xf16>) outs(%31 : tensor<192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<192xf32>
    %33 = tensor.empty() : tensor<32x64xf32>
    %34 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<32x64xf16>) outs(%33 : tensor<32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x64xf32>
    %35 = tensor.empty() : tensor<64x192xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x192xf16>) outs(%35 : tensor<64x192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x192xf32>
    %37 = tensor.empty() : tensor<32x192xf32>
    %38 = linalg.fill ins(%cst_0 : f32) outs(%37 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %39 = linalg.matmul ins(%34, %36 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%38 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %40 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%39, %32 : tensor<32x192xf32>, tensor<192xf32>) outs(%37 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.addf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<32x192xf32>
    %41 = tensor.empty() : tensor<32x192xf16>
    %42 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<32x192xf32>) outs(%41 : tensor<32x192xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<32x192xf16>
    %expanded_14 = tensor.expand_shape %42 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf16> into tensor<1x32x192xf16>
    %extracted_slice = tensor.extract_slice %expanded_14[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf16> to tensor<1x32x64xf16>
    %extracted_slice_15 = tensor.extract_slice %expanded_14[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf16> to tensor<1x32x64xf16>
    %extracted_slice_16 = tensor.extract_slice %expanded_14[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf16> to tensor<1x32x64xf16>
    %expanded_17 = tensor.expand_shape %extracted_slice_15 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf16> into tensor<1x32x4x16xf16>
    %expanded_18 = tensor.expand_shape %extracted_slice_16 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf16> into tensor<1x32x4x16xf16>
    %43 = tensor.empty() : tensor<1x4x32x16xf16>
    %transposed = linalg.transpose ins(%expanded_18 : tensor<1x32x4x16xf16>) outs(%43 : tensor<1x4x32x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_19 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf16> into tensor<1x32x4x16xf16>
    %transposed_20 = linalg.transpose ins(%expanded_19 : tensor<1x32x4x16xf16>) outs(%43 : tensor<1x4x32x16xf16>) permutation = [0, 2, 1, 3] 
    %44 = tensor.empty() : tensor<1x4x16x32xf16>
    %transposed_21 = linalg.transpose ins(%expanded_17 : tensor<1x32x4x16xf16>) outs(%44 : tensor<1x4x16x32xf16>) permutation = [0, 2, 3, 1] 
    %collapsed_22 = tensor.collapse_shape %transposed_20 [[0, 1], [2], [3]] : tensor<1x4x32x16xf16> into tensor<4x32x16xf16>
    %collapsed_23 = tensor.collapse_shape %transposed_21 [[0, 1], [2], [3]] : tensor<1x4x16x32xf16> into tensor<4x16x32xf16>
    %45 = tensor.empty() : tensor<4x32x32xf32>
    %46 = linalg.fill ins(%cst_0 : f32) outs(%45 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %47 = linalg.batch_matmul ins(%collapsed_22, %collapsed_23 : tensor<4x32x16xf16>, tensor<4x16x32xf16>) outs(%46 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %48 = tensor.empty() : tensor<4x32x32xf16>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<4x32x32xf32>) outs(%48 : tensor<4x32x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<4x32x32xf16>
    %expanded_24 = tensor.expand_shape %49 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf16> into tensor<1x4x32x32xf16>
    %50 = tensor.empty() : tensor<1x4x32x32xf16>
    %51 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_24 : tensor<1x4x32x32xf16>) outs(%50 : tensor<1x4x32x32xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.mulf %in, %cst_9 : f16
      linalg.yield %130 : f16
    } -> tensor<1x4x32x32xf16>
    %52 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_13 : tensor<1x4x32x32xf16>, tensor<1x1x32x32xf16>) outs(%50 : tensor<1x4x32x32xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %130 = arith.addf %in, %in_36 : f16
      linalg.yield %130 : f16
    } -> tensor<1x4x32x32xf16>
    %53 = tensor.empty() : tensor<1x4x32x32xf32>
    %54 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x4x32x32xf16>) outs(%53 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x4x32x32xf32>
    %55 = tensor.empty() : tensor<1x4x32xi64>
    %56 = linalg.fill ins(%c0_i64 : i64) outs(%55 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %57 = tensor.empty() : tensor<1x4x32xf32>
    %58 = linalg.fill ins(%cst_1 : f32) outs(%57 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %59:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%54 : tensor<1x4x32x32xf32>) outs(%58, %56 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_36: i64):
      %130 = linalg.index 3 : index
      %131 = arith.index_cast %130 : index to i64
      %132 = arith.maximumf %in, %out : f32
      %133 = arith.cmpf ogt, %in, %out : f32
      %134 = arith.select %133, %131, %out_36 : i64
      linalg.yield %132, %134 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_25 = tensor.expand_shape %59#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %60 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54, %expanded_25 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%53 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.subf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x32x32xf32>
    %61 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60 : tensor<1x4x32x32xf32>) outs(%53 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.exp %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x32x32xf32>
    %62 = tensor.empty() : tensor<1x4x32x1xf32>
    %63 = linalg.fill ins(%cst_0 : f32) outs(%62 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %64 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%61 : tensor<1x4x32x32xf32>) outs(%63 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x32x1xf32>
    %65 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %64 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%53 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.divf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x32x32xf32>
    %66 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<1x4x32x32xf32>) outs(%50 : tensor<1x4x32x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x4x32x32xf16>
    %collapsed_26 = tensor.collapse_shape %66 [[0, 1], [2], [3]] : tensor<1x4x32x32xf16> into tensor<4x32x32xf16>
    %collapsed_27 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x4x32x16xf16> into tensor<4x32x16xf16>
    %67 = tensor.empty() : tensor<4x32x16xf32>
    %68 = linalg.fill ins(%cst_0 : f32) outs(%67 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %69 = linalg.batch_matmul ins(%collapsed_26, %collapsed_27 : tensor<4x32x32xf16>, tensor<4x32x16xf16>) outs(%68 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %70 = tensor.empty() : tensor<4x32x16xf16>
    %71 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<4x32x16xf32>) outs(%70 : tensor<4x32x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<4x32x16xf16>
    %expanded_28 = tensor.expand_shape %71 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf16> into tensor<1x4x32x16xf16>
    %72 = tensor.empty() : tensor<1x32x4x16xf16>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<1x4x32x16xf16>) outs(%72 : tensor<1x32x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_30 = tensor.collapse_shape %transposed_29 [[0, 1], [2, 3]] : tensor<1x32x4x16xf16> into tensor<32x64xf16>
    %73 = tensor.empty() : tensor<64xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg6 : tensor<64xf16>) outs(%73 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %75 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30 : tensor<32x64xf16>) outs(%33 : tensor<32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x64xf32>
    %76 = tensor.empty() : tensor<64x64xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64x64xf16>) outs(%76 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x64xf32>
    %78 = linalg.fill ins(%cst_0 : f32) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %79 = linalg.matmul ins(%75, %77 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%78 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%79, %74 : tensor<32x64xf32>, tensor<64xf32>) outs(%33 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.addf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<32x64xf32>
    %81 = tensor.empty() : tensor<32x64xf16>
    %82 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%80 : tensor<32x64xf32>) outs(%81 : tensor<32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<32x64xf16>
    %expanded_31 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf16> into tensor<1x32x64xf16>
    %83 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_31, %arg0 : tensor<1x32x64xf16>, tensor<1x32x64xf16>) outs(%29 : tensor<1x32x64xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %130 = arith.addf %in, %in_36 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x64xf16>
    %84 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x32x64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %85 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x32x64xf32>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %86 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%85 : tensor<1x32x64xf64>) outs(%11 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %87 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x32x1xf64>) outs(%10 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_7 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %88 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %87 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %130 = arith.subf %in, %in_36 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %89 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %88 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%8 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %130 = arith.mulf %in, %in_36 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x64xf64>
    %90 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%89 : tensor<1x32x64xf64>) outs(%11 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %91 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x32x1xf64>) outs(%10 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_7 : f64
      linalg.yield %130 : f64
    } -> tensor<1x32x1xf64>
    %92 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x32x1xf64>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %93 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<1x32x64xf32>) outs(%20 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %94 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_8 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %95 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_6 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x1xf32>
    %96 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<1x32x1xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x1xf32>
    %97 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %94 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.subf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %98 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %96 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.mulf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<1x32x64xf32>
    %99 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %arg7 : tensor<1x32x64xf32>, tensor<64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %130 = arith.extf %in_36 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x64xf32>
    %100 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %arg8 : tensor<1x32x64xf32>, tensor<64xf16>) outs(%6 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %130 = arith.extf %in_36 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x32x64xf32>
    %101 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<1x32x64xf32>) outs(%29 : tensor<1x32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x32x64xf16>
    %collapsed_32 = tensor.collapse_shape %101 [[0, 1], [2]] : tensor<1x32x64xf16> into tensor<32x64xf16>
    %102 = tensor.empty() : tensor<256xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg10 : tensor<256xf16>) outs(%102 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<256xf32>
    %104 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_32 : tensor<32x64xf16>) outs(%33 : tensor<32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x64xf32>
    %105 = tensor.empty() : tensor<64x256xf32>
    %106 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<64x256xf16>) outs(%105 : tensor<64x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x256xf32>
    %107 = tensor.empty() : tensor<32x256xf32>
    %108 = linalg.fill ins(%cst_0 : f32) outs(%107 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %109 = linalg.matmul ins(%104, %106 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%108 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%109, %103 : tensor<32x256xf32>, tensor<256xf32>) outs(%107 : tensor<32x256xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.addf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<32x256xf32>
    %111 = tensor.empty() : tensor<32x256xf16>
    %112 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<32x256xf32>) outs(%111 : tensor<32x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<32x256xf16>
    %expanded_33 = tensor.expand_shape %112 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf16> into tensor<1x32x256xf16>
    %113 = tensor.empty() : tensor<1x32x256xf16>
    %114 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.mulf %in, %cst_10 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %115 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = math.fpowi %in, %c3_i64 : f16, i64
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %116 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.truncf %cst_5 : f64 to f16
      %131 = arith.mulf %in, %130 : f16
      linalg.yield %131 : f16
    } -> tensor<1x32x256xf16>
    %117 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %116 : tensor<1x32x256xf16>, tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %130 = arith.addf %in, %in_36 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %118 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.truncf %cst_4 : f64 to f16
      %131 = arith.mulf %in, %130 : f16
      linalg.yield %131 : f16
    } -> tensor<1x32x256xf16>
    %119 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = math.tanh %in : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %120 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.addf %in, %cst_11 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %121 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114, %120 : tensor<1x32x256xf16>, tensor<1x32x256xf16>) outs(%113 : tensor<1x32x256xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %130 = arith.mulf %in, %in_36 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x256xf16>
    %collapsed_34 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<1x32x256xf16> into tensor<32x256xf16>
    %122 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg12 : tensor<64xf16>) outs(%73 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapsed_34 : tensor<32x256xf16>) outs(%107 : tensor<32x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<32x256xf32>
    %124 = tensor.empty() : tensor<256x64xf32>
    %125 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256x64xf16>) outs(%124 : tensor<256x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<256x64xf32>
    %126 = linalg.matmul ins(%123, %125 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%78 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %127 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%126, %122 : tensor<32x64xf32>, tensor<64xf32>) outs(%33 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %130 = arith.addf %in, %in_36 : f32
      linalg.yield %130 : f32
    } -> tensor<32x64xf32>
    %128 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<32x64xf32>) outs(%81 : tensor<32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<32x64xf16>
    %expanded_35 = tensor.expand_shape %128 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf16> into tensor<1x32x64xf16>
    %129 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_35 : tensor<1x32x64xf16>, tensor<1x32x64xf16>) outs(%29 : tensor<1x32x64xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %130 = arith.addf %in, %in_36 : f16
      linalg.yield %130 : f16
    } -> tensor<1x32x64xf16>
    return %129 : tensor<1x32x64xf16>
  }
}
