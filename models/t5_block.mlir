// t5_block: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 32, 64)]; 9 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @t5_block(%arg0: tensor<1x32x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<32x4xf32>, %arg6: tensor<64xf32>, %arg7: tensor<256x64xf32>, %arg8: tensor<64x256xf32>, %arg9: tensor<64xf32>) -> tensor<1x32x64xf32> {
    %c8_i64 = arith.constant 8 : i64
    %c16_i64 = arith.constant 16 : i64
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c32 = arith.constant 32 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.0794415416798357 : f64
    %cst_2 = arith.constant 9.9999999999999995E-7 : f64
    %cst_3 = arith.constant 6.400000e+01 : f32
    %cst_4 = arith.constant 8.000000e+00 : f32
    %cst_5 = arith.constant dense<15> : tensor<32x32xi64>
    %0 = tensor.empty() : tensor<1x32x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %2 = tensor.empty() : tensor<1x32x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x32x1xf32>) -> tensor<1x32x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x32x64xf32>) outs(%3 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.addf %in, %out : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.divf %in, %cst_3 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.truncf %cst_2 : f64 to f32
      %80 = arith.addf %in, %79 : f32
      linalg.yield %80 : f32
    } -> tensor<1x32x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.rsqrt %in : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.mulf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg6, %8 : tensor<64xf32>, tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.mulf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %10 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %11 = tensor.empty() : tensor<32x64xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %13 = linalg.matmul ins(%collapsed, %transposed : tensor<32x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %13 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %14 = tensor.empty() : tensor<1x4x32x16xf32>
    %transposed_6 = linalg.transpose ins(%expanded : tensor<1x32x4x16xf32>) outs(%14 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_7 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %15 = linalg.matmul ins(%collapsed, %transposed_7 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_8 = tensor.expand_shape %15 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_9 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_10 = tensor.expand_shape %16 [[0, 1], [2, 3]] output_shape [1, 32, 4, 16] : tensor<32x64xf32> into tensor<1x32x4x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x32x4x16xf32>) outs(%14 : tensor<1x4x32x16xf32>) permutation = [0, 2, 1, 3] 
    %17 = tensor.empty() : tensor<32xi64>
    %18 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%17 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %79 = linalg.index 0 : index
      %80 = arith.index_cast %79 : index to i64
      linalg.yield %80 : i64
    } -> tensor<32xi64>
    %expanded_12 = tensor.expand_shape %18 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %expanded_13 = tensor.expand_shape %18 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %19 = tensor.empty() : tensor<32x32xi64>
    %20 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%expanded_13, %expanded_12 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %in_34: i64, %out: i64):
      %79 = arith.subi %in, %in_34 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %21 = tensor.empty() : tensor<32x32xi1>
    %22 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<32x32xi64>) outs(%21 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %out: i1):
      %79 = arith.cmpi sgt, %in, %c0_i64 : i64
      linalg.yield %79 : i1
    } -> tensor<32x32xi1>
    %23 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<32x32xi1>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i1, %out: i64):
      %79 = arith.extui %in : i1 to i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %24 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %out: i64):
      %79 = arith.muli %in, %c16_i64 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %25 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %out: i64):
      %79 = math.absi %in : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %26 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<32x32xi64>) outs(%21 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %out: i1):
      %79 = arith.cmpi slt, %in, %c8_i64 : i64
      linalg.yield %79 : i1
    } -> tensor<32x32xi1>
    %27 = tensor.empty() : tensor<32x32xf32>
    %28 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<32x32xi64>) outs(%27 : tensor<32x32xf32>) {
    ^bb0(%in: i64, %out: f32):
      %79 = arith.sitofp %in : i64 to f32
      linalg.yield %79 : f32
    } -> tensor<32x32xf32>
    %29 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%28 : tensor<32x32xf32>) outs(%27 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.divf %in, %cst_4 : f32
      linalg.yield %79 : f32
    } -> tensor<32x32xf32>
    %30 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<32x32xf32>) outs(%27 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.log %in : f32
      linalg.yield %79 : f32
    } -> tensor<32x32xf32>
    %31 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%30 : tensor<32x32xf32>) outs(%27 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.truncf %cst_1 : f64 to f32
      %80 = arith.divf %in, %79 : f32
      linalg.yield %80 : f32
    } -> tensor<32x32xf32>
    %32 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<32x32xf32>) outs(%27 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.mulf %in, %cst_4 : f32
      linalg.yield %79 : f32
    } -> tensor<32x32xf32>
    %33 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%32 : tensor<32x32xf32>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: f32, %out: i64):
      %79 = arith.fptosi %in : f32 to i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %34 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%33 : tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %out: i64):
      %79 = arith.addi %in, %c8_i64 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %35 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%34, %cst_5 : tensor<32x32xi64>, tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %in_34: i64, %out: i64):
      %79 = arith.minsi %in, %in_34 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %36 = linalg.generic {indexing_maps = [#map6, #map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%26, %25, %35 : tensor<32x32xi1>, tensor<32x32xi64>, tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i1, %in_34: i64, %in_35: i64, %out: i64):
      %79 = arith.select %in, %in_34, %in_35 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %37 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%24, %36 : tensor<32x32xi64>, tensor<32x32xi64>) outs(%19 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %in_34: i64, %out: i64):
      %79 = arith.addi %in, %in_34 : i64
      linalg.yield %79 : i64
    } -> tensor<32x32xi64>
    %38 = tensor.empty() : tensor<32x32x4xf32>
    %39 = linalg.generic {indexing_maps = [#map7, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37 : tensor<32x32xi64>) outs(%38 : tensor<32x32x4xf32>) {
    ^bb0(%in: i64, %out: f32):
      %79 = arith.index_cast %in : i64 to index
      %80 = linalg.index 2 : index
      %81 = arith.cmpi slt, %79, %c32 : index
      cf.assert %81, "index must be smaller than dim size"
      %82 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %82, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg5[%79, %80] : tensor<32x4xf32>
      linalg.yield %extracted : f32
    } -> tensor<32x32x4xf32>
    %40 = tensor.empty() : tensor<4x32x32xf32>
    %transposed_14 = linalg.transpose ins(%39 : tensor<32x32x4xf32>) outs(%40 : tensor<4x32x32xf32>) permutation = [2, 0, 1] 
    %expanded_15 = tensor.expand_shape %transposed_14 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %41 = tensor.empty() : tensor<1x4x16x32xf32>
    %transposed_16 = linalg.transpose ins(%expanded_8 : tensor<1x32x4x16xf32>) outs(%41 : tensor<1x4x16x32xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_17 = tensor.collapse_shape %transposed_6 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %collapsed_18 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
    %42 = linalg.fill ins(%cst : f32) outs(%40 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %43 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%42 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_19 = tensor.expand_shape %43 [[0, 1], [2], [3]] output_shape [1, 4, 32, 32] : tensor<4x32x32xf32> into tensor<1x4x32x32xf32>
    %44 = tensor.empty() : tensor<1x4x32x32xf32>
    %45 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19, %expanded_15 : tensor<1x4x32x32xf32>, tensor<1x4x32x32xf32>) outs(%44 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.addf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x4x32x32xf32>
    %46 = tensor.empty() : tensor<1x4x32xi64>
    %47 = linalg.fill ins(%c0_i64 : i64) outs(%46 : tensor<1x4x32xi64>) -> tensor<1x4x32xi64>
    %48 = tensor.empty() : tensor<1x4x32xf32>
    %49 = linalg.fill ins(%cst_0 : f32) outs(%48 : tensor<1x4x32xf32>) -> tensor<1x4x32xf32>
    %50:2 = linalg.generic {indexing_maps = [#map8, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x4x32x32xf32>) outs(%49, %47 : tensor<1x4x32xf32>, tensor<1x4x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_34: i64):
      %79 = linalg.index 3 : index
      %80 = arith.index_cast %79 : index to i64
      %81 = arith.maximumf %in, %out : f32
      %82 = arith.cmpf ogt, %in, %out : f32
      %83 = arith.select %82, %80, %out_34 : i64
      linalg.yield %81, %83 : f32, i64
    } -> (tensor<1x4x32xf32>, tensor<1x4x32xi64>)
    %expanded_20 = tensor.expand_shape %50#0 [[0], [1], [2, 3]] output_shape [1, 4, 32, 1] : tensor<1x4x32xf32> into tensor<1x4x32x1xf32>
    %51 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_20 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%44 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.subf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x4x32x32xf32>
    %52 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x4x32x32xf32>) outs(%44 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.exp %in : f32
      linalg.yield %79 : f32
    } -> tensor<1x4x32x32xf32>
    %53 = tensor.empty() : tensor<1x4x32x1xf32>
    %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<1x4x32x1xf32>) -> tensor<1x4x32x1xf32>
    %55 = linalg.generic {indexing_maps = [#map8, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%52 : tensor<1x4x32x32xf32>) outs(%54 : tensor<1x4x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.addf %in, %out : f32
      linalg.yield %79 : f32
    } -> tensor<1x4x32x1xf32>
    %56 = linalg.generic {indexing_maps = [#map8, #map10, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %55 : tensor<1x4x32x32xf32>, tensor<1x4x32x1xf32>) outs(%44 : tensor<1x4x32x32xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.divf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x4x32x32xf32>
    %collapsed_21 = tensor.collapse_shape %56 [[0, 1], [2], [3]] : tensor<1x4x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_22 = tensor.collapse_shape %transposed_11 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
    %57 = tensor.empty() : tensor<4x32x16xf32>
    %58 = linalg.fill ins(%cst : f32) outs(%57 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %59 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<4x32x32xf32>, tensor<4x32x16xf32>) outs(%58 : tensor<4x32x16xf32>) -> tensor<4x32x16xf32>
    %expanded_23 = tensor.expand_shape %59 [[0, 1], [2], [3]] output_shape [1, 4, 32, 16] : tensor<4x32x16xf32> into tensor<1x4x32x16xf32>
    %60 = tensor.empty() : tensor<1x32x4x16xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x32x16xf32>) outs(%60 : tensor<1x32x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_25 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_26 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x32x4x16xf32> into tensor<32x64xf32>
    %61 = linalg.matmul ins(%collapsed_26, %transposed_25 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_27 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_27 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.addf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<1x32x64xf32>) outs(%3 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.addf %in, %out : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.divf %in, %cst_3 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.truncf %cst_2 : f64 to f32
      %80 = arith.addf %in, %79 : f32
      linalg.yield %80 : f32
    } -> tensor<1x32x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x32x1xf32>) outs(%2 : tensor<1x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = math.rsqrt %in : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %67 : tensor<1x32x64xf32>, tensor<1x32x1xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.mulf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %68 : tensor<64xf32>, tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.mulf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    %70 = tensor.empty() : tensor<64x256xf32>
    %transposed_28 = linalg.transpose ins(%arg7 : tensor<256x64xf32>) outs(%70 : tensor<64x256xf32>) permutation = [1, 0] 
    %collapsed_29 = tensor.collapse_shape %69 [[0, 1], [2]] : tensor<1x32x64xf32> into tensor<32x64xf32>
    %71 = tensor.empty() : tensor<32x256xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %73 = linalg.matmul ins(%collapsed_29, %transposed_28 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%72 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %expanded_30 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 32, 256] : tensor<32x256xf32> into tensor<1x32x256xf32>
    %74 = tensor.empty() : tensor<1x32x256xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x32x256xf32>) outs(%74 : tensor<1x32x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %79 = arith.cmpf ugt, %in, %cst : f32
      %80 = arith.select %79, %in, %cst : f32
      linalg.yield %80 : f32
    } -> tensor<1x32x256xf32>
    %76 = tensor.empty() : tensor<256x64xf32>
    %transposed_31 = linalg.transpose ins(%arg8 : tensor<64x256xf32>) outs(%76 : tensor<256x64xf32>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x32x256xf32> into tensor<32x256xf32>
    %77 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%12 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_33 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [1, 32, 64] : tensor<32x64xf32> into tensor<1x32x64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %expanded_33 : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%0 : tensor<1x32x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %79 = arith.addf %in, %in_34 : f32
      linalg.yield %79 : f32
    } -> tensor<1x32x64xf32>
    return %78 : tensor<1x32x64xf32>
  }
}
