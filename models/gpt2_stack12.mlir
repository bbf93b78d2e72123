// gpt2_stack12: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 64)]; 146 weight/buffer args follow
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
  func.func @gpt2_stack12(%arg0: tensor<1x32x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x192xf32>, %arg4: tensor<192xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128x64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64x192xf32>, %arg16: tensor<192xf32>, %arg17: tensor<64x64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64x128xf32>, %arg22: tensor<128xf32>, %arg23: tensor<128x64xf32>, %arg24: tensor<64xf32>, %arg25: tensor<64xf32>, %arg26: tensor<64xf32>, %arg27: tensor<64x192xf32>, %arg28: tensor<192xf32>, %arg29: tensor<64x64xf32>, %arg30: tensor<64xf32>, %arg31: tensor<64xf32>, %arg32: tensor<64xf32>, %arg33: tensor<64x128xf32>, %arg34: tensor<128xf32>, %arg35: tensor<128x64xf32>, %arg36: tensor<64xf32>, %arg37: tensor<64xf32>, %arg38: tensor<64xf32>, %arg39: tensor<64x192xf32>, %arg40: tensor<192xf32>, %arg41: tensor<64x64xf32>, %arg42: tensor<64xf32>, %arg43: tensor<64xf32>, %arg44: tensor<64xf32>, %arg45: tensor<64x128xf32>, %arg46: tensor<128xf32>, %arg47: tensor<128x64xf32>, %arg48: tensor<64xf32>, %arg49: tensor<64xf32>, %arg50: tensor<64xf32>, %arg51: tensor<64x192xf32>, %arg52: tensor<192xf32>, %arg53: tensor<64x64xf32>, %arg54: tensor<64xf32>, %arg55: tensor<64xf32>, %arg56: tensor<64xf32>, %arg57: tensor<64x128xf32>, %arg58: tensor<128xf32>, %arg59: tensor<128x64xf32>, %arg60: tensor<64xf32>, %arg61: tensor<64xf32>, %arg62: tensor<64xf32>, %arg63: tensor<64x192xf32>, %arg64: tensor<192xf32>, %arg65: tensor<64x64xf32>, %arg66: tensor<64xf32>, %arg67: tensor<64xf32>, %arg68: tensor<64xf32>, %arg69: tensor<64x128xf32>, %arg70: tensor<128xf32>, %arg71: tensor<128x64xf32>, %arg72: tensor<64xf32>, %arg73: tensor<64xf32>, %arg74: tensor<64xf32>, %arg75: tensor<64x192xf32>, %arg76: tensor<192xf32>, %arg77: tensor<64x64xf32>, %arg78: tensor<64xf32>, %arg79: tensor<64xf32>, %arg80: tensor<64xf32>, %arg81: tensor<64x128xf32>, %arg82: tensor<128xf32>, %arg83: tensor<128x64xf32>, %arg84: tensor<64xf32>, %arg85: tensor<64xf32>, %arg86: tensor<64xf32>, %arg87: tensor<64x192xf32>, %arg88: tensor<192xf32>, %arg89: tensor<64x64xf32>, %arg90: tensor<64xf32>, %arg91: tensor<64xf32>, %arg92: tensor<64xf32>, %arg93: tensor<64x128xf32>, %arg94: tensor<128xf32>, %arg95: tensor<128x64xf32>, %arg96: tensor<64xf32>, %arg97: tensor<64xf32>, %arg98: tensor<64xf32>, %arg99: tensor<64x192xf32>, %arg100: tensor<192xf32>, %arg101: tensor<64x64xf32>, %arg102: tensor<64xf32>, %arg103: tensor<64xf32>, %arg104: tensor<64xf32>, %arg105: tensor<64x128xf32>, %arg106: tensor<128xf32>, %arg107: tensor<128x64xf32>, %arg108: tensor<64xf32>, %arg109: tensor<64xf32>, %arg110: tensor<64xf32>, %arg111: tensor<64x192xf32>, %arg112: tensor<192xf32>, %arg113: tensor<64x64xf32>, %arg114: tensor<64xf32>, %arg115: tensor<64xf32>, %arg116: tensor<64xf32>, %arg117: tensor<64x128xf32>, %arg118: tensor<128xf32>, %arg119: tensor<128x64xf32>, %arg120: tensor<64xf32>, %arg121: tensor<64xf32>, %arg122: tensor<64xf32>, %arg123: tensor<64x192xf32>, %arg124: tensor<192xf32>, %arg125: tensor<64x64xf32>, %arg126: tensor<64xf32>, %arg127: tensor<64xf32>, %arg128: tensor<64xf32>, %arg129: tensor<64x128xf32>, %arg130: tensor<128xf32>, %arg131: tensor<128x64xf32>, %arg132: tensor<64xf32>, %arg133: tensor<64xf32>, %arg134: tensor<64xf32>, %arg135: tensor<64x192xf32>, %arg136: tensor<192xf32>, %arg137: tensor<64x64xf32>, %arg138: tensor<64xf32>, %arg139: tensor<64xf32>, %arg140: tensor<64xf32>, %arg141: tensor<64x128xf32>, %arg142: tensor<128xf32>, %arg143: tensor<128x64xf32>, %arg144: tensor<64xf32>, %arg145: tensor<64xf32>, %arg146: tensor<64xf32>) -> tensor<1x32x64xf32> {
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
      %757 = linalg.index 0 : index
      %758 = arith.index_cast %757 : index to i64
      linalg.yield %758 : i64
    } -> tensor<32xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_12 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %2 = tensor.empty() : tensor<32x32xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_12 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%2 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %in_311: i64, %out: i1):
      %757 = arith.cmpi sgt, %in, %in_311 : i64
      linalg.yield %757 : i1
    } -> tensor<32x32xi1>
    %4 = tensor.empty() : tensor<32x32xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_2, %cst_3 : tensor<32x32xi1>, tensor<f32>, tensor<32x32xf32>) outs(%4 : tensor<32x32xf32>) {
    ^bb0(%in: i1, %in_311: f32, %in_312: f32, %out: f32):
      %757 = arith.select %in, %in_311, %in_312 : f32
      linalg.yield %757 : f32
    } -> tensor<32x32xf32>
    %expanded_13 = tensor.expand_shape %5 [[0, 1, 2], [3]] output_shape [1, 1, 32, 32] : tensor<32x32xf32> into tensor<1x1x32x32xf32>
    %6 = tensor.empty() : tensor<1x32x64xf64>
    %7 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %8 = tensor.empty() : tensor<1x32x1xf64>
    %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<1x32x1xf64>) -> tensor<1x32x1xf64>
    %10 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %11 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %12 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %11 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %13 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12, %12 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %14 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %15 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %16 = tensor.empty() : tensor<1x32x1xf32>
    %17 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %20 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %22 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %23 = tensor.empty() : tensor<1x32x64xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %20 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %25 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %22 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %26 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg1 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %27 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg2 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %28 = tensor.empty() : tensor<32x192xf32>
    %29 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %30 = linalg.matmul ins(%collapsed, %arg3 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%30, %arg4 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
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
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %39 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %40 = tensor.empty() : tensor<1x4x32xi64>
    %41 = linalg.fill ins(%c0_i64 : i64) outs(%40 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %42 = tensor.empty() : tensor<1x4x32xf32>
    %43 = linalg.fill ins(%cst_1 : f32) outs(%42 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %44:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%39 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_25 = tensor.expand_shape %44#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %45 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_25 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %46 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %47 = tensor.empty() : tensor<1x4x32x1xf32>
    %48 = linalg.fill ins(%cst_0 : f32) outs(%47 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %49 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%46 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %50 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %49 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
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
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_31 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_31, %arg0 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %61 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%60 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %62 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %63 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %62 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %64 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %63 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %65 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %66 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %67 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %68 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %69 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %70 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %71 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %72 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %69 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %73 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %71 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %arg7 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %arg8 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_32 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %76 = tensor.empty() : tensor<32x128xf32>
    %77 = linalg.fill ins(%cst_0 : f32) outs(%76 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %78 = linalg.matmul ins(%collapsed_32, %arg9 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%78, %arg10 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_33 = tensor.expand_shape %79 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %80 = tensor.empty() : tensor<1x32x128xf32>
    %81 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %82 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %83 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %84 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %83 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %85 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %86 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %87 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %88 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %87 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_34 = tensor.collapse_shape %88 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %89 = linalg.matmul ins(%collapsed_34, %arg11 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %90 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%89, %arg12 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_35 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %91 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %expanded_35 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %92 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %93 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%92 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %94 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %95 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %94 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %96 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %95 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %97 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%96 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %98 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %99 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %100 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %101 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %102 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %103 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %104 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %101 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %105 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %103 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %106 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %arg13 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %107 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %arg14 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_36 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %108 = linalg.matmul ins(%collapsed_36, %arg15 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %109 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%108, %arg16 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_37 = tensor.expand_shape %109 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_38 = tensor.extract_slice %expanded_37[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_39 = tensor.extract_slice %expanded_37[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_40 = tensor.extract_slice %expanded_37[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_41 = tensor.expand_shape %extracted_slice_39 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_42 = tensor.expand_shape %extracted_slice_40 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_43 = linalg.transpose ins(%expanded_42 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_44 = tensor.expand_shape %extracted_slice_38 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_45 = linalg.transpose ins(%expanded_44 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_46 = linalg.transpose ins(%expanded_41 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_47 = tensor.collapse_shape %transposed_45 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_48 = tensor.collapse_shape %transposed_46 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %110 = linalg.batch_matmul ins(%collapsed_47, %collapsed_48 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_49 = tensor.expand_shape %110 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %111 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_49 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %112 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%111, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %113:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%112 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_50 = tensor.expand_shape %113#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %114 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%112, %expanded_50 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %115 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %116 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%115 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %117 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%115, %116 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_51 = tensor.collapse_shape %117 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_52 = tensor.collapse_shape %transposed_43 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %118 = linalg.batch_matmul ins(%collapsed_51, %collapsed_52 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_53 = tensor.expand_shape %118 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_54 = linalg.transpose ins(%expanded_53 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_55 = tensor.collapse_shape %transposed_54 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %119 = linalg.matmul ins(%collapsed_55, %arg17 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %120 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%119, %arg18 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_56 = tensor.expand_shape %120 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %121 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_56, %91 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %122 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %123 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%122 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %124 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %125 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122, %124 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %126 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %125 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %127 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%126 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %128 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %129 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %130 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%121 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %131 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %132 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %133 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %134 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121, %131 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %135 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%134, %133 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %136 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%135, %arg19 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %137 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136, %arg20 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_57 = tensor.collapse_shape %137 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %138 = linalg.matmul ins(%collapsed_57, %arg21 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %139 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%138, %arg22 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_58 = tensor.expand_shape %139 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %140 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %141 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %142 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%141 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %143 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58, %142 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %144 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%143 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %145 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%144 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %146 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%145 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %147 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %146 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_59 = tensor.collapse_shape %147 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %148 = linalg.matmul ins(%collapsed_59, %arg23 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %149 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%148, %arg24 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_60 = tensor.expand_shape %149 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %150 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121, %expanded_60 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %151 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %152 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%151 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %153 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%152 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %154 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%151, %153 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %155 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %154 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %156 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%155 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %157 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%156 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %158 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %159 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%150 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %160 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %161 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %162 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %163 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150, %160 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %164 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %162 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %165 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %arg25 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %166 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165, %arg26 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_61 = tensor.collapse_shape %166 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %167 = linalg.matmul ins(%collapsed_61, %arg27 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %168 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%167, %arg28 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_62 = tensor.expand_shape %168 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_63 = tensor.extract_slice %expanded_62[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_64 = tensor.extract_slice %expanded_62[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_65 = tensor.extract_slice %expanded_62[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_66 = tensor.expand_shape %extracted_slice_64 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_67 = tensor.expand_shape %extracted_slice_65 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_68 = linalg.transpose ins(%expanded_67 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_69 = tensor.expand_shape %extracted_slice_63 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_70 = linalg.transpose ins(%expanded_69 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_71 = linalg.transpose ins(%expanded_66 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_72 = tensor.collapse_shape %transposed_70 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_73 = tensor.collapse_shape %transposed_71 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %169 = linalg.batch_matmul ins(%collapsed_72, %collapsed_73 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_74 = tensor.expand_shape %169 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %170 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_74 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %171 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%170, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %172:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%171 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_75 = tensor.expand_shape %172#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %173 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%171, %expanded_75 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %174 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%173 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %175 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%174 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %176 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%174, %175 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_76 = tensor.collapse_shape %176 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_77 = tensor.collapse_shape %transposed_68 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %177 = linalg.batch_matmul ins(%collapsed_76, %collapsed_77 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_78 = tensor.expand_shape %177 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_79 = linalg.transpose ins(%expanded_78 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_80 = tensor.collapse_shape %transposed_79 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %178 = linalg.matmul ins(%collapsed_80, %arg29 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %179 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%178, %arg30 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_81 = tensor.expand_shape %179 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %180 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_81, %150 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %181 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%180 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %182 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%181 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %183 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %184 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%181, %183 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %185 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%184, %184 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %186 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%185 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %187 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%186 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %188 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%187 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %189 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%180 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %190 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%189 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %191 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%188 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %192 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %193 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%180, %190 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %194 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193, %192 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %195 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%194, %arg31 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %196 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%195, %arg32 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_82 = tensor.collapse_shape %196 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %197 = linalg.matmul ins(%collapsed_82, %arg33 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %198 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%197, %arg34 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_83 = tensor.expand_shape %198 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %199 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_83 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %200 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_83 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %201 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%200 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %202 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_83, %201 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %203 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %204 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %205 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%204 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %206 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%199, %205 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_84 = tensor.collapse_shape %206 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %207 = linalg.matmul ins(%collapsed_84, %arg35 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %208 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%207, %arg36 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_85 = tensor.expand_shape %208 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %209 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%180, %expanded_85 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %210 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %211 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%210 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %212 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %213 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%210, %212 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %214 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %213 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %215 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%214 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %216 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%215 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %217 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%216 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %218 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%209 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %219 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%218 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %220 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%217 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %221 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%220 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %222 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209, %219 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %223 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%222, %221 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %224 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %arg37 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %225 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %arg38 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_86 = tensor.collapse_shape %225 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %226 = linalg.matmul ins(%collapsed_86, %arg39 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %227 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%226, %arg40 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_87 = tensor.expand_shape %227 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_88 = tensor.extract_slice %expanded_87[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_89 = tensor.extract_slice %expanded_87[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_90 = tensor.extract_slice %expanded_87[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_91 = tensor.expand_shape %extracted_slice_89 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_92 = tensor.expand_shape %extracted_slice_90 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_93 = linalg.transpose ins(%expanded_92 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_94 = tensor.expand_shape %extracted_slice_88 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_95 = linalg.transpose ins(%expanded_94 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_96 = linalg.transpose ins(%expanded_91 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_97 = tensor.collapse_shape %transposed_95 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_98 = tensor.collapse_shape %transposed_96 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %228 = linalg.batch_matmul ins(%collapsed_97, %collapsed_98 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_99 = tensor.expand_shape %228 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %229 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_99 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %230 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%229, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %231:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%230 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_100 = tensor.expand_shape %231#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %232 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%230, %expanded_100 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %233 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%232 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %234 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%233 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %235 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%233, %234 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_101 = tensor.collapse_shape %235 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_102 = tensor.collapse_shape %transposed_93 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %236 = linalg.batch_matmul ins(%collapsed_101, %collapsed_102 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_103 = tensor.expand_shape %236 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_104 = linalg.transpose ins(%expanded_103 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_105 = tensor.collapse_shape %transposed_104 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %237 = linalg.matmul ins(%collapsed_105, %arg41 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %238 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%237, %arg42 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_106 = tensor.expand_shape %238 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %239 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_106, %209 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %240 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %241 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%240 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %242 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%241 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %243 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%240, %242 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %244 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%243, %243 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %245 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%244 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %246 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%245 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %247 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%246 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %248 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%239 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %249 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %250 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%247 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %251 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%250 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %252 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %249 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %253 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%252, %251 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %254 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%253, %arg43 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %255 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254, %arg44 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_107 = tensor.collapse_shape %255 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %256 = linalg.matmul ins(%collapsed_107, %arg45 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %257 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%256, %arg46 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_108 = tensor.expand_shape %257 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %258 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_108 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %259 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_108 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %260 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%259 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %261 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_108, %260 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %262 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %263 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %264 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%263 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %265 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%258, %264 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_109 = tensor.collapse_shape %265 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %266 = linalg.matmul ins(%collapsed_109, %arg47 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %267 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%266, %arg48 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_110 = tensor.expand_shape %267 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %268 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %expanded_110 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %269 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%268 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %270 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%269 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %271 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%270 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %272 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%269, %271 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %273 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%272, %272 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %274 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%273 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %275 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%274 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %276 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%275 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %277 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%268 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %278 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%277 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %279 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %280 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%279 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %281 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%268, %278 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %282 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%281, %280 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %283 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%282, %arg49 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %284 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%283, %arg50 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_111 = tensor.collapse_shape %284 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %285 = linalg.matmul ins(%collapsed_111, %arg51 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %286 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%285, %arg52 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_112 = tensor.expand_shape %286 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_113 = tensor.extract_slice %expanded_112[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_114 = tensor.extract_slice %expanded_112[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_115 = tensor.extract_slice %expanded_112[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_116 = tensor.expand_shape %extracted_slice_114 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_117 = tensor.expand_shape %extracted_slice_115 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_118 = linalg.transpose ins(%expanded_117 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_119 = tensor.expand_shape %extracted_slice_113 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_120 = linalg.transpose ins(%expanded_119 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_121 = linalg.transpose ins(%expanded_116 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_122 = tensor.collapse_shape %transposed_120 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_123 = tensor.collapse_shape %transposed_121 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %287 = linalg.batch_matmul ins(%collapsed_122, %collapsed_123 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_124 = tensor.expand_shape %287 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %288 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_124 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %289 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%288, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %290:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%289 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_125 = tensor.expand_shape %290#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %291 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%289, %expanded_125 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %292 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%291 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %293 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%292 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %294 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%292, %293 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_126 = tensor.collapse_shape %294 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_127 = tensor.collapse_shape %transposed_118 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %295 = linalg.batch_matmul ins(%collapsed_126, %collapsed_127 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_128 = tensor.expand_shape %295 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_129 = linalg.transpose ins(%expanded_128 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_130 = tensor.collapse_shape %transposed_129 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %296 = linalg.matmul ins(%collapsed_130, %arg53 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %297 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%296, %arg54 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_131 = tensor.expand_shape %297 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %298 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_131, %268 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %299 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %300 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%299 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %301 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%300 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %302 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %301 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %303 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%302, %302 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %304 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%303 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %305 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%304 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %306 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%305 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %307 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%298 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %308 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %309 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%306 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %310 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %311 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298, %308 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %312 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%311, %310 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %313 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%312, %arg55 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %314 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313, %arg56 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_132 = tensor.collapse_shape %314 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %315 = linalg.matmul ins(%collapsed_132, %arg57 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %316 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%315, %arg58 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_133 = tensor.expand_shape %316 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %317 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_133 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %318 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_133 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %319 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%318 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %320 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_133, %319 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %321 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%320 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %322 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%321 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %323 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%322 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %324 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%317, %323 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_134 = tensor.collapse_shape %324 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %325 = linalg.matmul ins(%collapsed_134, %arg59 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %326 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%325, %arg60 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_135 = tensor.expand_shape %326 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %327 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298, %expanded_135 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %328 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%327 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %329 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%328 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %330 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%329 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %331 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%328, %330 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %332 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%331, %331 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %333 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%332 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %334 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%333 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %335 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%334 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %336 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%327 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %337 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%336 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %338 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%335 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %339 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%338 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %340 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%327, %337 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %341 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%340, %339 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %342 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%341, %arg61 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %343 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%342, %arg62 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_136 = tensor.collapse_shape %343 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %344 = linalg.matmul ins(%collapsed_136, %arg63 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %345 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%344, %arg64 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_137 = tensor.expand_shape %345 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_138 = tensor.extract_slice %expanded_137[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_139 = tensor.extract_slice %expanded_137[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_140 = tensor.extract_slice %expanded_137[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_141 = tensor.expand_shape %extracted_slice_139 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_142 = tensor.expand_shape %extracted_slice_140 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_143 = linalg.transpose ins(%expanded_142 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_144 = tensor.expand_shape %extracted_slice_138 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_145 = linalg.transpose ins(%expanded_144 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_146 = linalg.transpose ins(%expanded_141 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_147 = tensor.collapse_shape %transposed_145 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_148 = tensor.collapse_shape %transposed_146 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %346 = linalg.batch_matmul ins(%collapsed_147, %collapsed_148 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_149 = tensor.expand_shape %346 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %347 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_149 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %348 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%347, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %349:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%348 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_150 = tensor.expand_shape %349#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %350 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%348, %expanded_150 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %351 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%350 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %352 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%351 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %353 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%351, %352 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_151 = tensor.collapse_shape %353 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_152 = tensor.collapse_shape %transposed_143 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %354 = linalg.batch_matmul ins(%collapsed_151, %collapsed_152 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_153 = tensor.expand_shape %354 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_154 = linalg.transpose ins(%expanded_153 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_155 = tensor.collapse_shape %transposed_154 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %355 = linalg.matmul ins(%collapsed_155, %arg65 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %356 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%355, %arg66 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_156 = tensor.expand_shape %356 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %357 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_156, %327 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %358 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%357 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %359 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%358 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %360 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%359 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %361 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%358, %360 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %362 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%361, %361 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %363 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%362 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %364 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%363 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %365 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%364 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %366 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%357 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %367 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%366 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %368 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%365 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %369 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%368 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %370 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%357, %367 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %371 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%370, %369 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %372 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%371, %arg67 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %373 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%372, %arg68 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_157 = tensor.collapse_shape %373 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %374 = linalg.matmul ins(%collapsed_157, %arg69 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %375 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%374, %arg70 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_158 = tensor.expand_shape %375 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %376 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_158 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %377 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_158 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %378 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%377 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %379 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_158, %378 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %380 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%379 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %381 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%380 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %382 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%381 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %383 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%376, %382 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_159 = tensor.collapse_shape %383 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %384 = linalg.matmul ins(%collapsed_159, %arg71 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %385 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%384, %arg72 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_160 = tensor.expand_shape %385 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %386 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%357, %expanded_160 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %387 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%386 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %388 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%387 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %389 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%388 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %390 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%387, %389 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %391 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%390, %390 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %392 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%391 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %393 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%392 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %394 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%393 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %395 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%386 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %396 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%395 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %397 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%394 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %398 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%397 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %399 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%386, %396 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %400 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%399, %398 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %401 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%400, %arg73 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %402 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%401, %arg74 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_161 = tensor.collapse_shape %402 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %403 = linalg.matmul ins(%collapsed_161, %arg75 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %404 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%403, %arg76 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_162 = tensor.expand_shape %404 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_163 = tensor.extract_slice %expanded_162[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_164 = tensor.extract_slice %expanded_162[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_165 = tensor.extract_slice %expanded_162[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_166 = tensor.expand_shape %extracted_slice_164 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_167 = tensor.expand_shape %extracted_slice_165 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_168 = linalg.transpose ins(%expanded_167 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_169 = tensor.expand_shape %extracted_slice_163 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_170 = linalg.transpose ins(%expanded_169 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_171 = linalg.transpose ins(%expanded_166 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_172 = tensor.collapse_shape %transposed_170 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_173 = tensor.collapse_shape %transposed_171 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %405 = linalg.batch_matmul ins(%collapsed_172, %collapsed_173 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_174 = tensor.expand_shape %405 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %406 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_174 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %407 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%406, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %408:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%407 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_175 = tensor.expand_shape %408#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %409 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%407, %expanded_175 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %410 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%409 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %411 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%410 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %412 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%410, %411 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_176 = tensor.collapse_shape %412 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_177 = tensor.collapse_shape %transposed_168 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %413 = linalg.batch_matmul ins(%collapsed_176, %collapsed_177 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_178 = tensor.expand_shape %413 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_179 = linalg.transpose ins(%expanded_178 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_180 = tensor.collapse_shape %transposed_179 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %414 = linalg.matmul ins(%collapsed_180, %arg77 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %415 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%414, %arg78 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_181 = tensor.expand_shape %415 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %416 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_181, %386 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %417 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%416 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %418 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%417 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %419 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%418 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %420 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%417, %419 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %421 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%420, %420 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %422 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%421 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %423 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%422 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %424 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%423 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %425 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%416 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %426 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%425 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %427 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%424 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %428 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%427 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %429 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%416, %426 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %430 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%429, %428 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %431 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%430, %arg79 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %432 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%431, %arg80 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_182 = tensor.collapse_shape %432 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %433 = linalg.matmul ins(%collapsed_182, %arg81 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %434 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%433, %arg82 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_183 = tensor.expand_shape %434 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %435 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_183 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %436 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_183 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %437 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%436 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %438 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_183, %437 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %439 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%438 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %440 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%439 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %441 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%440 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %442 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%435, %441 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_184 = tensor.collapse_shape %442 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %443 = linalg.matmul ins(%collapsed_184, %arg83 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %444 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%443, %arg84 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_185 = tensor.expand_shape %444 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %445 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%416, %expanded_185 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %446 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%445 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %447 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%446 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %448 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%447 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %449 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%446, %448 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %450 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%449, %449 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %451 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%450 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %452 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%451 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %453 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%452 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %454 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%445 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %455 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%454 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %456 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%453 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %457 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%456 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %458 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%445, %455 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %459 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%458, %457 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %460 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%459, %arg85 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %461 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%460, %arg86 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_186 = tensor.collapse_shape %461 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %462 = linalg.matmul ins(%collapsed_186, %arg87 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %463 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%462, %arg88 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_187 = tensor.expand_shape %463 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_188 = tensor.extract_slice %expanded_187[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_189 = tensor.extract_slice %expanded_187[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_190 = tensor.extract_slice %expanded_187[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_191 = tensor.expand_shape %extracted_slice_189 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_192 = tensor.expand_shape %extracted_slice_190 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_193 = linalg.transpose ins(%expanded_192 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_194 = tensor.expand_shape %extracted_slice_188 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_195 = linalg.transpose ins(%expanded_194 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_196 = linalg.transpose ins(%expanded_191 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_197 = tensor.collapse_shape %transposed_195 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_198 = tensor.collapse_shape %transposed_196 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %464 = linalg.batch_matmul ins(%collapsed_197, %collapsed_198 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_199 = tensor.expand_shape %464 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %465 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_199 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %466 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%465, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %467:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%466 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_200 = tensor.expand_shape %467#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %468 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%466, %expanded_200 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %469 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%468 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %470 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%469 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %471 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%469, %470 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_201 = tensor.collapse_shape %471 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_202 = tensor.collapse_shape %transposed_193 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %472 = linalg.batch_matmul ins(%collapsed_201, %collapsed_202 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_203 = tensor.expand_shape %472 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_204 = linalg.transpose ins(%expanded_203 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_205 = tensor.collapse_shape %transposed_204 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %473 = linalg.matmul ins(%collapsed_205, %arg89 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %474 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%473, %arg90 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_206 = tensor.expand_shape %474 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %475 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_206, %445 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %476 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%475 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %477 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%476 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %478 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%477 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %479 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%476, %478 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %480 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%479, %479 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %481 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%480 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %482 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%481 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %483 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%482 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %484 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%475 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %485 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%484 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %486 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%483 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %487 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%486 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %488 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%475, %485 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %489 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%488, %487 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %490 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%489, %arg91 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %491 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%490, %arg92 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_207 = tensor.collapse_shape %491 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %492 = linalg.matmul ins(%collapsed_207, %arg93 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %493 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%492, %arg94 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_208 = tensor.expand_shape %493 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %494 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_208 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %495 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_208 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %496 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%495 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %497 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_208, %496 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %498 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%497 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %499 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%498 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %500 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%499 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %501 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%494, %500 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_209 = tensor.collapse_shape %501 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %502 = linalg.matmul ins(%collapsed_209, %arg95 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %503 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%502, %arg96 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_210 = tensor.expand_shape %503 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %504 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%475, %expanded_210 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %505 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%504 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %506 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%505 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %507 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%506 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %508 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%505, %507 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %509 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%508, %508 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %510 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%509 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %511 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%510 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %512 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%511 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %513 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%504 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %514 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%513 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %515 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%512 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %516 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%515 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %517 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%504, %514 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %518 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%517, %516 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %519 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%518, %arg97 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %520 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%519, %arg98 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_211 = tensor.collapse_shape %520 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %521 = linalg.matmul ins(%collapsed_211, %arg99 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %522 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%521, %arg100 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_212 = tensor.expand_shape %522 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_213 = tensor.extract_slice %expanded_212[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_214 = tensor.extract_slice %expanded_212[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_215 = tensor.extract_slice %expanded_212[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_216 = tensor.expand_shape %extracted_slice_214 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_217 = tensor.expand_shape %extracted_slice_215 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_218 = linalg.transpose ins(%expanded_217 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_219 = tensor.expand_shape %extracted_slice_213 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_220 = linalg.transpose ins(%expanded_219 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_221 = linalg.transpose ins(%expanded_216 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_222 = tensor.collapse_shape %transposed_220 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_223 = tensor.collapse_shape %transposed_221 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %523 = linalg.batch_matmul ins(%collapsed_222, %collapsed_223 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_224 = tensor.expand_shape %523 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %524 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_224 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %525 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%524, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %526:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%525 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_225 = tensor.expand_shape %526#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %527 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%525, %expanded_225 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %528 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%527 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %529 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%528 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %530 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%528, %529 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_226 = tensor.collapse_shape %530 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_227 = tensor.collapse_shape %transposed_218 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %531 = linalg.batch_matmul ins(%collapsed_226, %collapsed_227 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_228 = tensor.expand_shape %531 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_229 = linalg.transpose ins(%expanded_228 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_230 = tensor.collapse_shape %transposed_229 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %532 = linalg.matmul ins(%collapsed_230, %arg101 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %533 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%532, %arg102 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_231 = tensor.expand_shape %533 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %534 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_231, %504 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %535 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%534 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %536 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%535 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %537 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%536 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %538 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%535, %537 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %539 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%538, %538 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %540 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%539 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %541 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%540 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %542 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%541 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %543 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%534 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %544 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%543 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %545 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%542 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %546 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%545 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %547 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%534, %544 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %548 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%547, %546 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %549 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%548, %arg103 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %550 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%549, %arg104 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_232 = tensor.collapse_shape %550 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %551 = linalg.matmul ins(%collapsed_232, %arg105 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %552 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%551, %arg106 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_233 = tensor.expand_shape %552 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %553 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_233 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %554 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_233 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %555 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%554 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %556 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_233, %555 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %557 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%556 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %558 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%557 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %559 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%558 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %560 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%553, %559 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_234 = tensor.collapse_shape %560 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %561 = linalg.matmul ins(%collapsed_234, %arg107 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %562 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%561, %arg108 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_235 = tensor.expand_shape %562 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %563 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%534, %expanded_235 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %564 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%563 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %565 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%564 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %566 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%565 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %567 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%564, %566 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %568 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%567, %567 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %569 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%568 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %570 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%569 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %571 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%570 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %572 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%563 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %573 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%572 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %574 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%571 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %575 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%574 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %576 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%563, %573 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %577 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%576, %575 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %578 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%577, %arg109 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %579 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%578, %arg110 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_236 = tensor.collapse_shape %579 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %580 = linalg.matmul ins(%collapsed_236, %arg111 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %581 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%580, %arg112 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_237 = tensor.expand_shape %581 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_238 = tensor.extract_slice %expanded_237[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_239 = tensor.extract_slice %expanded_237[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_240 = tensor.extract_slice %expanded_237[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_241 = tensor.expand_shape %extracted_slice_239 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_242 = tensor.expand_shape %extracted_slice_240 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_243 = linalg.transpose ins(%expanded_242 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_244 = tensor.expand_shape %extracted_slice_238 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_245 = linalg.transpose ins(%expanded_244 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_246 = linalg.transpose ins(%expanded_241 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_247 = tensor.collapse_shape %transposed_245 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_248 = tensor.collapse_shape %transposed_246 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %582 = linalg.batch_matmul ins(%collapsed_247, %collapsed_248 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_249 = tensor.expand_shape %582 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %583 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_249 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %584 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%583, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %585:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%584 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_250 = tensor.expand_shape %585#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %586 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%584, %expanded_250 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %587 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%586 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %588 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%587 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %589 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%587, %588 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_251 = tensor.collapse_shape %589 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_252 = tensor.collapse_shape %transposed_243 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %590 = linalg.batch_matmul ins(%collapsed_251, %collapsed_252 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_253 = tensor.expand_shape %590 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_254 = linalg.transpose ins(%expanded_253 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_255 = tensor.collapse_shape %transposed_254 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %591 = linalg.matmul ins(%collapsed_255, %arg113 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %592 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%591, %arg114 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_256 = tensor.expand_shape %592 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %593 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_256, %563 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %594 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%593 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %595 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%594 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %596 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%595 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %597 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%594, %596 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %598 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%597, %597 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %599 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%598 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %600 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%599 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %601 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%600 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %602 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%593 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %603 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%602 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %604 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%601 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %605 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%604 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %606 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%593, %603 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %607 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%606, %605 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %608 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%607, %arg115 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %609 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%608, %arg116 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_257 = tensor.collapse_shape %609 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %610 = linalg.matmul ins(%collapsed_257, %arg117 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %611 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%610, %arg118 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_258 = tensor.expand_shape %611 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %612 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_258 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %613 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_258 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %614 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%613 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %615 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_258, %614 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %616 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%615 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %617 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%616 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %618 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%617 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %619 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%612, %618 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_259 = tensor.collapse_shape %619 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %620 = linalg.matmul ins(%collapsed_259, %arg119 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %621 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%620, %arg120 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_260 = tensor.expand_shape %621 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %622 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%593, %expanded_260 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %623 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%622 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %624 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%623 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %625 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%624 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %626 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%623, %625 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %627 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%626, %626 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %628 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%627 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %629 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%628 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %630 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%629 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %631 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%622 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %632 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%631 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %633 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%630 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %634 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%633 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %635 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%622, %632 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %636 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%635, %634 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %637 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%636, %arg121 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %638 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%637, %arg122 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_261 = tensor.collapse_shape %638 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %639 = linalg.matmul ins(%collapsed_261, %arg123 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %640 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%639, %arg124 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_262 = tensor.expand_shape %640 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_263 = tensor.extract_slice %expanded_262[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_264 = tensor.extract_slice %expanded_262[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_265 = tensor.extract_slice %expanded_262[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_266 = tensor.expand_shape %extracted_slice_264 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_267 = tensor.expand_shape %extracted_slice_265 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_268 = linalg.transpose ins(%expanded_267 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_269 = tensor.expand_shape %extracted_slice_263 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_270 = linalg.transpose ins(%expanded_269 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_271 = linalg.transpose ins(%expanded_266 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_272 = tensor.collapse_shape %transposed_270 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_273 = tensor.collapse_shape %transposed_271 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %641 = linalg.batch_matmul ins(%collapsed_272, %collapsed_273 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_274 = tensor.expand_shape %641 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %642 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_274 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %643 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%642, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %644:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%643 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_275 = tensor.expand_shape %644#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %645 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%643, %expanded_275 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %646 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%645 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %647 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%646 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %648 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%646, %647 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_276 = tensor.collapse_shape %648 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_277 = tensor.collapse_shape %transposed_268 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %649 = linalg.batch_matmul ins(%collapsed_276, %collapsed_277 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_278 = tensor.expand_shape %649 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_279 = linalg.transpose ins(%expanded_278 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_280 = tensor.collapse_shape %transposed_279 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %650 = linalg.matmul ins(%collapsed_280, %arg125 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %651 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%650, %arg126 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_281 = tensor.expand_shape %651 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %652 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_281, %622 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %653 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%652 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %654 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%653 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %655 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%654 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %656 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%653, %655 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %657 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%656, %656 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %658 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%657 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %659 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%658 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %660 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%659 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %661 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%652 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %662 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%661 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %663 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%660 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %664 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%663 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %665 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%652, %662 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %666 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%665, %664 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %667 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%666, %arg127 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %668 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%667, %arg128 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_282 = tensor.collapse_shape %668 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %669 = linalg.matmul ins(%collapsed_282, %arg129 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %670 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%669, %arg130 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_283 = tensor.expand_shape %670 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %671 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_283 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %672 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_283 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %673 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%672 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %674 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_283, %673 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %675 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%674 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %676 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%675 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %677 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%676 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %678 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%671, %677 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_284 = tensor.collapse_shape %678 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %679 = linalg.matmul ins(%collapsed_284, %arg131 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %680 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%679, %arg132 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_285 = tensor.expand_shape %680 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %681 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%652, %expanded_285 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %682 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%681 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %683 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%682 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %684 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%683 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %685 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%682, %684 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %686 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%685, %685 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %687 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%686 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %688 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%687 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %689 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%688 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %690 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%681 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %691 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%690 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %692 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%689 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %693 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%692 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %694 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%681, %691 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %695 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%694, %693 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %696 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%695, %arg133 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %697 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%696, %arg134 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_286 = tensor.collapse_shape %697 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %698 = linalg.matmul ins(%collapsed_286, %arg135 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%29 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %699 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%698, %arg136 : tensor<32x192xf32>, tensor<192xf32>) outs(%28 : tensor<32x192xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x192xf32>
    %expanded_287 = tensor.expand_shape %699 [[0, 1], [2]] output_shape [1, 32, 192] : tensor<32x192xf32> into tensor<1x32x192xf32>
    %extracted_slice_288 = tensor.extract_slice %expanded_287[0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_289 = tensor.extract_slice %expanded_287[0, 0, 64] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %extracted_slice_290 = tensor.extract_slice %expanded_287[0, 0, 128] [1, 32, 64] [1, 1, 1] : tensor<1x32x192xf32> to tensor<1x32x64xf32>
    %expanded_291 = tensor.expand_shape %extracted_slice_289 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %expanded_292 = tensor.expand_shape %extracted_slice_290 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_293 = linalg.transpose ins(%expanded_292 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_294 = tensor.expand_shape %extracted_slice_288 [[0], [1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<1x32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_295 = linalg.transpose ins(%expanded_294 : tensor<1x32x4x16xf32>) outs(%32 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_296 = linalg.transpose ins(%expanded_291 : tensor<1x32x4x16xf32>) outs(%33 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_297 = tensor.collapse_shape %transposed_295 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_298 = tensor.collapse_shape %transposed_296 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %700 = linalg.batch_matmul ins(%collapsed_297, %collapsed_298 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%35 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_299 = tensor.expand_shape %700 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %701 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_299 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_9 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %702 = linalg.generic {indexing_maps = [#map9, #map10, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%701, %expanded_13 : tensor<1x4x32x32xf32>, tensor<1x1x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %703:2 = linalg.generic {indexing_maps = [#map9, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%702 : tensor<1x4x32x32xf32>) outs(%43, %41 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_311: i64):
      %757 = linalg.index 3 : index
      %758 = arith.index_cast %757 : index to i64
      %759 = arith.maximumf %in, %out : f32
      %760 = arith.cmpf ogt, %in, %out : f32
      %761 = arith.select %760, %758, %out_311 : i64
      linalg.yield %759, %761 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_300 = tensor.expand_shape %703#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %704 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%702, %expanded_300 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %705 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%704 : tensor<1x4x32x32xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.exp %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %706 = linalg.generic {indexing_maps = [#map9, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%705 : tensor<1x4x32x32xf32>) outs(%48 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x1xf32>
    %707 = linalg.generic {indexing_maps = [#map9, #map12, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%705, %706 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%37 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.divf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_301 = tensor.collapse_shape %707 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_302 = tensor.collapse_shape %transposed_293 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %708 = linalg.batch_matmul ins(%collapsed_301, %collapsed_302 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%52 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_303 = tensor.expand_shape %708 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %transposed_304 = linalg.transpose ins(%expanded_303 : tensor<1x4x32x16xf32>) outs(%54 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_305 = tensor.collapse_shape %transposed_304 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %709 = linalg.matmul ins(%collapsed_305, %arg137 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %710 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%709, %arg138 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_306 = tensor.expand_shape %710 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %711 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_306, %681 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %712 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%711 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %713 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%712 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %714 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%713 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %715 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%712, %714 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %716 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%715, %715 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %717 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%716 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %718 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%717 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %719 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%718 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %720 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%711 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %721 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%720 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %722 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%719 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %723 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%722 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %724 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%711, %721 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %725 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%724, %723 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %726 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%725, %arg139 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %727 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%726, %arg140 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %collapsed_307 = tensor.collapse_shape %727 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %728 = linalg.matmul ins(%collapsed_307, %arg141 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %729 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%728, %arg142 : tensor<32x128xf32>, tensor<128xf32>) outs(%76 : tensor<32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x128xf32>
    %expanded_308 = tensor.expand_shape %729 [[0, 1], [2]] output_shape [1, 32, 128] : tensor<32x128xf32> into tensor<1x32x128xf32>
    %730 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_308 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.mulf %in, %cst_10 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %731 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_308 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %732 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%731 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_5 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %733 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_308, %732 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %734 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%733 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_4 : f64 to f32
      %758 = arith.mulf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x128xf32>
    %735 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%734 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.tanh %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %736 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%735 : tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %cst_11 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %737 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%730, %736 : tensor<1x32x128xf32>, tensor<1x32x128xf32>) outs(%80 : tensor<1x32x128xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x128xf32>
    %collapsed_309 = tensor.collapse_shape %737 [[0, 1], [2]] : tensor<1x32x128xf32> into tensor<32x128xf32>
    %738 = linalg.matmul ins(%collapsed_309, %arg143 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %739 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel"]} ins(%738, %arg144 : tensor<32x64xf32>, tensor<64xf32>) outs(%55 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<32x64xf32>
    %expanded_310 = tensor.expand_shape %739 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %740 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%711, %expanded_310 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %741 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%740 : tensor<1x32x64xf32>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %757 = arith.extf %in : f32 to f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %742 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%741 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %743 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%742 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %744 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%741, %743 : tensor<1x32x64xf64>, tensor<1x32x1xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.subf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %745 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%744, %744 : tensor<1x32x64xf64>, tensor<1x32x64xf64>) outs(%6 : tensor<1x32x64xf64>) {
    ^bb0(%in: f64, %in_311: f64, %out: f64):
      %757 = arith.mulf %in, %in_311 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x64xf64>
    %746 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%745 : tensor<1x32x64xf64>) outs(%9 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.addf %in, %out : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %747 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%746 : tensor<1x32x1xf64>) outs(%8 : tensor<1x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %757 = arith.divf %in, %cst_7 : f64
      linalg.yield %757 : f64
    } -> tensor<1x32x1xf64>
    %748 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%747 : tensor<1x32x1xf64>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %757 = arith.truncf %in : f64 to f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %749 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%740 : tensor<1x32x64xf32>) outs(%18 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.addf %in, %out : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %750 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%749 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.divf %in, %cst_8 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %751 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%748 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = arith.truncf %cst_6 : f64 to f32
      %758 = arith.addf %in, %757 : f32
      linalg.yield %758 : f32
    } -> tensor<1x32x1xf32>
    %752 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%751 : tensor<1x32x1xf32>) outs(%16 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %757 = math.rsqrt %in : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x1xf32>
    %753 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%740, %750 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.subf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %754 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%753, %752 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %755 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%754, %arg145 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.mulf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    %756 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%755, %arg146 : tensor<1x32x64xf32>, tensor<64xf32>) outs(%23 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_311: f32, %out: f32):
      %757 = arith.addf %in, %in_311 : f32
      linalg.yield %757 : f32
    } -> tensor<1x32x64xf32>
    return %756 : tensor<1x32x64xf32>
  }
}
