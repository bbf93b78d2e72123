// bert_layer_dynamic_batch: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(2, 32, 128), (2, 1, 1, 32)]; 16 weight/buffer args follow
#map = affine_map<()[s0] -> (s0 * 32)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<()[s0] -> (s0 * 4)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map10 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @bert_layer_dynamic_batch(%arg0: tensor<?x32x128xf32>, %arg1: tensor<?x1x1x32xf32>, %arg2: tensor<128x128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<128x128xf32>, %arg5: tensor<128xf32>, %arg6: tensor<128x128xf32>, %arg7: tensor<128xf32>, %arg8: tensor<128x128xf32>, %arg9: tensor<128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128xf32>, %arg12: tensor<512x128xf32>, %arg13: tensor<512xf32>, %arg14: tensor<128x512xf32>, %arg15: tensor<128xf32>, %arg16: tensor<128xf32>, %arg17: tensor<128xf32>) -> tensor<?x32x128xf32> {
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c32_i64 = arith.constant 32 : i64
    %c4 = arith.constant 4 : index
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999998E-13 : f64
    %cst_5 = arith.constant 0.17677669529663689 : f64
    %c1024_i64 = arith.constant 1024 : i64
    %c4096_i64 = arith.constant 4096 : i64
    %cst_6 = arith.constant 1.280000e+02 : f64
    %cst_7 = arith.constant 1.280000e+02 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %dim = tensor.dim %arg0, %c0 : tensor<?x32x128xf32>
    %0 = arith.index_cast %dim : index to i64
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<?x32x128xf32> into tensor<?x128xf32>
    %1 = tensor.empty() : tensor<128x128xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<128x128xf32>) outs(%1 : tensor<128x128xf32>) permutation = [1, 0] 
    %2 = affine.apply #map()[%dim]
    %3 = tensor.empty(%2) : tensor<?x128xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %5 = linalg.matmul ins(%collapsed, %transposed : tensor<?x128xf32>, tensor<128x128xf32>) outs(%4 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %arg3 : tensor<?x128xf32>, tensor<128xf32>) outs(%3 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x128xf32>
    %7 = arith.divsi %2, %c32 : index
    %expanded = tensor.expand_shape %6 [[0, 1], [2]] output_shape [%7, 32, 128] : tensor<?x128xf32> into tensor<?x32x128xf32>
    %8 = arith.cmpi slt, %0, %c0_i64 : i64
    %9 = arith.select %8, %c1_i64, %0 : i64
    %10 = arith.extui %8 : i1 to i64
    %11 = arith.addi %10, %c1_i64 : i64
    %12 = arith.muli %9, %c1024_i64 : i64
    %13 = arith.cmpi sle, %11, %c1_i64 : i64
    cf.assert %13, "must have at most one inferred (negative) dimension"
    %14 = arith.index_cast %7 : index to i64
    %15 = arith.muli %14, %c4096_i64 : i64
    %16 = arith.divsi %15, %12 : i64
    %17 = arith.select %8, %16, %0 : i64
    %from_elements = tensor.from_elements %17, %c32_i64, %16, %c32_i64 : tensor<4xi64>
    %reshape = tensor.reshape %expanded(%from_elements) : (tensor<?x32x128xf32>, tensor<4xi64>) -> tensor<?x32x4x32xf32>
    %18 = arith.index_cast %17 : i64 to index
    %19 = tensor.empty(%18) : tensor<?x4x32x32xf32>
    %transposed_9 = linalg.transpose ins(%reshape : tensor<?x32x4x32xf32>) outs(%19 : tensor<?x4x32x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg4 : tensor<128x128xf32>) outs(%1 : tensor<128x128xf32>) permutation = [1, 0] 
    %20 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<?x128xf32>, tensor<128x128xf32>) outs(%4 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %arg5 : tensor<?x128xf32>, tensor<128xf32>) outs(%3 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x128xf32>
    %expanded_11 = tensor.expand_shape %21 [[0, 1], [2]] output_shape [%7, 32, 128] : tensor<?x128xf32> into tensor<?x32x128xf32>
    cf.assert %13, "must have at most one inferred (negative) dimension"
    %reshape_12 = tensor.reshape %expanded_11(%from_elements) : (tensor<?x32x128xf32>, tensor<4xi64>) -> tensor<?x32x4x32xf32>
    %transposed_13 = linalg.transpose ins(%arg6 : tensor<128x128xf32>) outs(%1 : tensor<128x128xf32>) permutation = [1, 0] 
    %22 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<?x128xf32>, tensor<128x128xf32>) outs(%4 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %arg7 : tensor<?x128xf32>, tensor<128xf32>) outs(%3 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x128xf32>
    %expanded_14 = tensor.expand_shape %23 [[0, 1], [2]] output_shape [%7, 32, 128] : tensor<?x128xf32> into tensor<?x32x128xf32>
    cf.assert %13, "must have at most one inferred (negative) dimension"
    %reshape_15 = tensor.reshape %expanded_14(%from_elements) : (tensor<?x32x128xf32>, tensor<4xi64>) -> tensor<?x32x4x32xf32>
    %transposed_16 = linalg.transpose ins(%reshape_15 : tensor<?x32x4x32xf32>) outs(%19 : tensor<?x4x32x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_17 = linalg.transpose ins(%reshape_12 : tensor<?x32x4x32xf32>) outs(%19 : tensor<?x4x32x32xf32>) permutation = [0, 2, 3, 1] 
    %24 = arith.cmpi sge, %0, %c0_i64 : i64
    cf.assert %24, "unimplemented: dynamic negative broadcast sizes"
    %25 = tensor.empty(%dim) : tensor<?x4x32x32xf32>
    %26 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%25 : tensor<?x4x32x32xf32>) {
    ^bb0(%out: f32):
      %128 = linalg.index 0 : index
      %129 = linalg.index 1 : index
      %130 = linalg.index 2 : index
      %131 = linalg.index 3 : index
      %132 = arith.cmpi eq, %18, %c1 : index
      %133 = arith.select %132, %c0, %128 : index
      %extracted = tensor.extract %transposed_9[%133, %129, %130, %131] : tensor<?x4x32x32xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x4x32x32xf32>
    %collapsed_18 = tensor.collapse_shape %26 [[0, 1], [2], [3]] : tensor<?x4x32x32xf32> into tensor<?x32x32xf32>
    cf.assert %24, "unimplemented: dynamic negative broadcast sizes"
    %27 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%25 : tensor<?x4x32x32xf32>) {
    ^bb0(%out: f32):
      %128 = linalg.index 0 : index
      %129 = linalg.index 1 : index
      %130 = linalg.index 2 : index
      %131 = linalg.index 3 : index
      %132 = arith.cmpi eq, %18, %c1 : index
      %133 = arith.select %132, %c0, %128 : index
      %extracted = tensor.extract %transposed_17[%133, %129, %130, %131] : tensor<?x4x32x32xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x4x32x32xf32>
    %collapsed_19 = tensor.collapse_shape %27 [[0, 1], [2], [3]] : tensor<?x4x32x32xf32> into tensor<?x32x32xf32>
    %28 = affine.apply #map4()[%dim]
    %29 = tensor.empty(%28) : tensor<?x32x32xf32>
    %30 = linalg.fill ins(%cst : f32) outs(%29 : tensor<?x32x32xf32>) -> tensor<?x32x32xf32>
    %31 = linalg.batch_matmul ins(%collapsed_18, %collapsed_19 : tensor<?x32x32xf32>, tensor<?x32x32xf32>) outs(%30 : tensor<?x32x32xf32>) -> tensor<?x32x32xf32>
    %32 = arith.divsi %28, %c4 : index
    %expanded_20 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [%32, 4, 32, 32] : tensor<?x32x32xf32> into tensor<?x4x32x32xf32>
    %33 = tensor.empty(%32) : tensor<?x4x32x32xf32>
    %34 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<?x4x32x32xf32>) outs(%33 : tensor<?x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_5 : f64 to f32
      %129 = arith.mulf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<?x4x32x32xf32>
    %dim_21 = tensor.dim %arg1, %c0 : tensor<?x1x1x32xf32>
    %35 = arith.cmpi eq, %32, %dim_21 : index
    cf.assert %35, "mismatched size for broadcast"
    %36 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %arg1 : tensor<?x4x32x32xf32>, tensor<?x1x1x32xf32>) outs(%33 : tensor<?x4x32x32xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x4x32x32xf32>
    %37 = tensor.empty(%32) : tensor<?x4x32xi64>
    %38 = linalg.fill ins(%c0_i64 : i64) outs(%37 : tensor<?x4x32xi64>) -> tensor<?x4x32xi64>
    %39 = tensor.empty(%32) : tensor<?x4x32xf32>
    %40 = linalg.fill ins(%cst_0 : f32) outs(%39 : tensor<?x4x32xf32>) -> tensor<?x4x32xf32>
    %41:2 = linalg.generic {indexing_maps = [#map3, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%36 : tensor<?x4x32x32xf32>) outs(%40, %38 : tensor<?x4x32xf32>, tensor<?x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_38: i64):
      %128 = linalg.index 3 : index
      %129 = arith.index_cast %128 : index to i64
      %130 = arith.maximumf %in, %out : f32
      %131 = arith.cmpf ogt, %in, %out : f32
      %132 = arith.select %131, %129, %out_38 : i64
      linalg.yield %130, %132 : f32, i64
    } -> (tensor<?x4x32xf32>, tensor<?x4x32xi64>)
    %expanded_22 = tensor.expand_shape %41#0 [[0], [1], [2, 3]] output_shape [%32, 4, 32, 1] : tensor<?x4x32xf32> into tensor<?x4x32x1xf32>
    %42 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_22 : tensor<?x4x32x32xf32>, tensor<?x4x32x1xf32>) outs(%33 : tensor<?x4x32x32xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.subf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x4x32x32xf32>
    %43 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<?x4x32x32xf32>) outs(%33 : tensor<?x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.exp %in : f32
      linalg.yield %128 : f32
    } -> tensor<?x4x32x32xf32>
    %44 = tensor.empty(%32) : tensor<?x4x32x1xf32>
    %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<?x4x32x1xf32>) -> tensor<?x4x32x1xf32>
    %46 = linalg.generic {indexing_maps = [#map3, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%43 : tensor<?x4x32x32xf32>) outs(%45 : tensor<?x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<?x4x32x1xf32>
    %47 = linalg.generic {indexing_maps = [#map3, #map7, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<?x4x32x32xf32>, tensor<?x4x32x1xf32>) outs(%33 : tensor<?x4x32x32xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.divf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x4x32x32xf32>
    cf.assert %24, "unimplemented: dynamic negative broadcast sizes"
    %48 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%25 : tensor<?x4x32x32xf32>) {
    ^bb0(%out: f32):
      %128 = linalg.index 0 : index
      %129 = linalg.index 1 : index
      %130 = linalg.index 2 : index
      %131 = linalg.index 3 : index
      %132 = arith.cmpi eq, %32, %c1 : index
      %133 = arith.select %132, %c0, %128 : index
      %extracted = tensor.extract %47[%133, %129, %130, %131] : tensor<?x4x32x32xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x4x32x32xf32>
    %collapsed_23 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<?x4x32x32xf32> into tensor<?x32x32xf32>
    cf.assert %24, "unimplemented: dynamic negative broadcast sizes"
    %49 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%25 : tensor<?x4x32x32xf32>) {
    ^bb0(%out: f32):
      %128 = linalg.index 0 : index
      %129 = linalg.index 1 : index
      %130 = linalg.index 2 : index
      %131 = linalg.index 3 : index
      %132 = arith.cmpi eq, %18, %c1 : index
      %133 = arith.select %132, %c0, %128 : index
      %extracted = tensor.extract %transposed_16[%133, %129, %130, %131] : tensor<?x4x32x32xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x4x32x32xf32>
    %collapsed_24 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<?x4x32x32xf32> into tensor<?x32x32xf32>
    %50 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<?x32x32xf32>, tensor<?x32x32xf32>) outs(%30 : tensor<?x32x32xf32>) -> tensor<?x32x32xf32>
    %expanded_25 = tensor.expand_shape %50 [[0, 1], [2], [3]] output_shape [%32, 4, 32, 32] : tensor<?x32x32xf32> into tensor<?x4x32x32xf32>
    %51 = tensor.empty(%32) : tensor<?x32x4x32xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<?x4x32x32xf32>) outs(%51 : tensor<?x32x4x32xf32>) permutation = [0, 2, 1, 3] 
    %52 = arith.muli %9, %c32_i64 : i64
    cf.assert %13, "must have at most one inferred (negative) dimension"
    %53 = arith.index_cast %32 : index to i64
    %54 = arith.muli %53, %c4096_i64 : i64
    %55 = arith.divsi %54, %52 : i64
    %56 = arith.select %8, %55, %0 : i64
    %from_elements_27 = tensor.from_elements %56, %c32_i64, %55 : tensor<3xi64>
    %reshape_28 = tensor.reshape %transposed_26(%from_elements_27) : (tensor<?x32x4x32xf32>, tensor<3xi64>) -> tensor<?x32x128xf32>
    %collapsed_29 = tensor.collapse_shape %reshape_28 [[0, 1], [2]] : tensor<?x32x128xf32> into tensor<?x128xf32>
    %transposed_30 = linalg.transpose ins(%arg8 : tensor<128x128xf32>) outs(%1 : tensor<128x128xf32>) permutation = [1, 0] 
    %57 = arith.index_cast %56 : i64 to index
    %58 = affine.apply #map()[%57]
    %59 = tensor.empty(%58) : tensor<?x128xf32>
    %60 = linalg.fill ins(%cst : f32) outs(%59 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %61 = linalg.matmul ins(%collapsed_29, %transposed_30 : tensor<?x128xf32>, tensor<128x128xf32>) outs(%60 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%61, %arg9 : tensor<?x128xf32>, tensor<128xf32>) outs(%59 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x128xf32>
    %63 = arith.divsi %58, %c32 : index
    %expanded_31 = tensor.expand_shape %62 [[0, 1], [2]] output_shape [%63, 32, 128] : tensor<?x128xf32> into tensor<?x32x128xf32>
    %64 = arith.cmpi eq, %63, %dim : index
    cf.assert %64, "mismatched size for broadcast"
    %65 = tensor.empty(%63) : tensor<?x32x128xf32>
    %66 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_31, %arg0 : tensor<?x32x128xf32>, tensor<?x32x128xf32>) outs(%65 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %67 = tensor.empty(%63) : tensor<?x32x128xf64>
    %68 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<?x32x128xf32>) outs(%67 : tensor<?x32x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %128 = arith.extf %in : f32 to f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %69 = tensor.empty(%63) : tensor<?x32x1xf64>
    %70 = linalg.fill ins(%cst_1 : f64) outs(%69 : tensor<?x32x1xf64>) -> tensor<?x32x1xf64>
    %71 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%68 : tensor<?x32x128xf64>) outs(%70 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.addf %in, %out : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %72 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<?x32x1xf64>) outs(%69 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.divf %in, %cst_6 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %73 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %72 : tensor<?x32x128xf64>, tensor<?x32x1xf64>) outs(%67 : tensor<?x32x128xf64>) {
    ^bb0(%in: f64, %in_38: f64, %out: f64):
      %128 = arith.subf %in, %in_38 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %74 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %73 : tensor<?x32x128xf64>, tensor<?x32x128xf64>) outs(%67 : tensor<?x32x128xf64>) {
    ^bb0(%in: f64, %in_38: f64, %out: f64):
      %128 = arith.mulf %in, %in_38 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %75 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%74 : tensor<?x32x128xf64>) outs(%70 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.addf %in, %out : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %76 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<?x32x1xf64>) outs(%69 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.divf %in, %cst_6 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %77 = tensor.empty(%63) : tensor<?x32x1xf32>
    %78 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<?x32x1xf64>) outs(%77 : tensor<?x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %128 = arith.truncf %in : f64 to f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %79 = linalg.fill ins(%cst : f32) outs(%77 : tensor<?x32x1xf32>) -> tensor<?x32x1xf32>
    %80 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%66 : tensor<?x32x128xf32>) outs(%79 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %81 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<?x32x1xf32>) outs(%77 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_7 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %82 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<?x32x1xf32>) outs(%77 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_4 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<?x32x1xf32>
    %83 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<?x32x1xf32>) outs(%77 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %84 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66, %81 : tensor<?x32x128xf32>, tensor<?x32x1xf32>) outs(%65 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.subf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %85 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %83 : tensor<?x32x128xf32>, tensor<?x32x1xf32>) outs(%65 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.mulf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %86 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %arg10 : tensor<?x32x128xf32>, tensor<128xf32>) outs(%65 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.mulf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %87 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %arg11 : tensor<?x32x128xf32>, tensor<128xf32>) outs(%65 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %collapsed_32 = tensor.collapse_shape %87 [[0, 1], [2]] : tensor<?x32x128xf32> into tensor<?x128xf32>
    %88 = tensor.empty() : tensor<128x512xf32>
    %transposed_33 = linalg.transpose ins(%arg12 : tensor<512x128xf32>) outs(%88 : tensor<128x512xf32>) permutation = [1, 0] 
    %89 = affine.apply #map()[%63]
    %90 = tensor.empty(%89) : tensor<?x512xf32>
    %91 = linalg.fill ins(%cst : f32) outs(%90 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %92 = linalg.matmul ins(%collapsed_32, %transposed_33 : tensor<?x128xf32>, tensor<128x512xf32>) outs(%91 : tensor<?x512xf32>) -> tensor<?x512xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%92, %arg13 : tensor<?x512xf32>, tensor<512xf32>) outs(%90 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x512xf32>
    %94 = arith.divsi %89, %c32 : index
    %expanded_34 = tensor.expand_shape %93 [[0, 1], [2]] output_shape [%94, 32, 512] : tensor<?x512xf32> into tensor<?x32x512xf32>
    %95 = tensor.empty(%94) : tensor<?x32x512xf32>
    %96 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<?x32x512xf32>) outs(%95 : tensor<?x32x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_8 : f32
      %129 = math.erf %128 : f32
      %130 = arith.addf %129, %cst_2 : f32
      %131 = arith.mulf %130, %cst_3 : f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<?x32x512xf32>
    %collapsed_35 = tensor.collapse_shape %96 [[0, 1], [2]] : tensor<?x32x512xf32> into tensor<?x512xf32>
    %97 = tensor.empty() : tensor<512x128xf32>
    %transposed_36 = linalg.transpose ins(%arg14 : tensor<128x512xf32>) outs(%97 : tensor<512x128xf32>) permutation = [1, 0] 
    %98 = affine.apply #map()[%94]
    %99 = tensor.empty(%98) : tensor<?x128xf32>
    %100 = linalg.fill ins(%cst : f32) outs(%99 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %101 = linalg.matmul ins(%collapsed_35, %transposed_36 : tensor<?x512xf32>, tensor<512x128xf32>) outs(%100 : tensor<?x128xf32>) -> tensor<?x128xf32>
    %102 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%101, %arg15 : tensor<?x128xf32>, tensor<128xf32>) outs(%99 : tensor<?x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x128xf32>
    %103 = arith.divsi %98, %c32 : index
    %expanded_37 = tensor.expand_shape %102 [[0, 1], [2]] output_shape [%103, 32, 128] : tensor<?x128xf32> into tensor<?x32x128xf32>
    %104 = arith.cmpi eq, %103, %63 : index
    cf.assert %104, "mismatched size for broadcast"
    %105 = tensor.empty(%103) : tensor<?x32x128xf32>
    %106 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_37, %87 : tensor<?x32x128xf32>, tensor<?x32x128xf32>) outs(%105 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %107 = tensor.empty(%103) : tensor<?x32x128xf64>
    %108 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<?x32x128xf32>) outs(%107 : tensor<?x32x128xf64>) {
    ^bb0(%in: f32, %out: f64):
      %128 = arith.extf %in : f32 to f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %109 = tensor.empty(%103) : tensor<?x32x1xf64>
    %110 = linalg.fill ins(%cst_1 : f64) outs(%109 : tensor<?x32x1xf64>) -> tensor<?x32x1xf64>
    %111 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%108 : tensor<?x32x128xf64>) outs(%110 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.addf %in, %out : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %112 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<?x32x1xf64>) outs(%109 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.divf %in, %cst_6 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %113 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %112 : tensor<?x32x128xf64>, tensor<?x32x1xf64>) outs(%107 : tensor<?x32x128xf64>) {
    ^bb0(%in: f64, %in_38: f64, %out: f64):
      %128 = arith.subf %in, %in_38 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %114 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113, %113 : tensor<?x32x128xf64>, tensor<?x32x128xf64>) outs(%107 : tensor<?x32x128xf64>) {
    ^bb0(%in: f64, %in_38: f64, %out: f64):
      %128 = arith.mulf %in, %in_38 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x128xf64>
    %115 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%114 : tensor<?x32x128xf64>) outs(%110 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.addf %in, %out : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %116 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<?x32x1xf64>) outs(%109 : tensor<?x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %128 = arith.divf %in, %cst_6 : f64
      linalg.yield %128 : f64
    } -> tensor<?x32x1xf64>
    %117 = tensor.empty(%103) : tensor<?x32x1xf32>
    %118 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<?x32x1xf64>) outs(%117 : tensor<?x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %128 = arith.truncf %in : f64 to f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %119 = linalg.fill ins(%cst : f32) outs(%117 : tensor<?x32x1xf32>) -> tensor<?x32x1xf32>
    %120 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%106 : tensor<?x32x128xf32>) outs(%119 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.addf %in, %out : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %121 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<?x32x1xf32>) outs(%117 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.divf %in, %cst_7 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %122 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<?x32x1xf32>) outs(%117 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = arith.truncf %cst_4 : f64 to f32
      %129 = arith.addf %in, %128 : f32
      linalg.yield %129 : f32
    } -> tensor<?x32x1xf32>
    %123 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<?x32x1xf32>) outs(%117 : tensor<?x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %128 = math.rsqrt %in : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x1xf32>
    %124 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %121 : tensor<?x32x128xf32>, tensor<?x32x1xf32>) outs(%105 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.subf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %125 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124, %123 : tensor<?x32x128xf32>, tensor<?x32x1xf32>) outs(%105 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.mulf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %126 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %arg16 : tensor<?x32x128xf32>, tensor<128xf32>) outs(%105 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.mulf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    %127 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %arg17 : tensor<?x32x128xf32>, tensor<128xf32>) outs(%105 : tensor<?x32x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %128 = arith.addf %in, %in_38 : f32
      linalg.yield %128 : f32
    } -> tensor<?x32x128xf32>
    return %127 : tensor<?x32x128xf32>
  }
}
