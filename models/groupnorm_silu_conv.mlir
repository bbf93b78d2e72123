// groupnorm_silu_conv: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 64, 16, 16), (1, 128)]; 10 weight/buffer args follow
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map3 = affine_map<(d0, d1) -> (0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @groupnorm_silu_conv(%arg0: tensor<1x64x16x16xf32>, %arg1: tensor<1x128xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64x3x3xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64x128xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x64x3x3xf32>, %arg11: tensor<64xf32>) -> tensor<1x64x16x16xf32> {
    %c1_i64 = arith.constant 1 : i64
    %c32_i64 = arith.constant 32 : i64
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 9.9999999999999995E-7 : f64
    %cst_3 = arith.constant 5.120000e+02 : f64
    %cst_4 = arith.constant 5.120000e+02 : f32
    %cst_5 = arith.constant dense_resource<torch_tensor_1_64_torch.int64> : tensor<1x64xi64>
    %cst_6 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_1> : tensor<1x64xi64>
    %cst_7 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_2> : tensor<1x64xi64>
    %cst_8 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_3> : tensor<1x64xi64>
    %cst_9 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_4> : tensor<1x64xi64>
    %cst_10 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_5> : tensor<1x64xi64>
    %cst_11 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_6> : tensor<1x64xi64>
    %cst_12 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_7> : tensor<1x64xi64>
    %cst_13 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_8> : tensor<1x64xi64>
    %cst_14 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_9> : tensor<1x64xi64>
    %cst_15 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_10> : tensor<1x64xi64>
    %cst_16 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_11> : tensor<1x64xi64>
    %cst_17 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_12> : tensor<1x64xi64>
    %cst_18 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_13> : tensor<1x64xi64>
    %cst_19 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_14> : tensor<1x64xi64>
    %cst_20 = arith.constant dense_resource<torch_tensor_1_64_torch.int64_15> : tensor<1x64xi64>
    %collapsed = tensor.collapse_shape %arg0 [[0], [1], [2, 3]] : tensor<1x64x16x16xf32> into tensor<1x64x256xf32>
    %expanded = tensor.expand_shape %collapsed [[0], [1, 2], [3]] output_shape [1, 32, 2, 256] : tensor<1x64x256xf32> into tensor<1x32x2x256xf32>
    %0 = tensor.empty() : tensor<1x32x2x256xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x32x2x256xf32>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %63 = arith.extf %in : f32 to f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %2 = tensor.empty() : tensor<1x32x1x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x32x1x1xf64>) -> tensor<1x32x1x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%1 : tensor<1x32x2x256xf64>) outs(%3 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.addf %in, %out : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<1x32x1x1xf64>) outs(%2 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.divf %in, %cst_3 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x32x2x256xf64>, tensor<1x32x1x1xf64>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %63 = arith.subf %in, %in_34 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x32x2x256xf64>, tensor<1x32x2x256xf64>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %63 = arith.mulf %in, %in_34 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%7 : tensor<1x32x2x256xf64>) outs(%3 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.addf %in, %out : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x32x1x1xf64>) outs(%2 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.divf %in, %cst_3 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %10 = tensor.empty() : tensor<1x32x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x32x1x1xf64>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %63 = arith.truncf %in : f64 to f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x32x1x1xf32>) -> tensor<1x32x1x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%expanded : tensor<1x32x2x256xf32>) outs(%12 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.addf %in, %out : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.divf %in, %cst_4 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.truncf %cst_2 : f64 to f32
      %64 = arith.addf %in, %63 : f32
      linalg.yield %64 : f32
    } -> tensor<1x32x1x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = math.rsqrt %in : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %expanded_21 = tensor.expand_shape %arg2 [[0, 1, 2, 3]] output_shape [1, 32, 2, 1] : tensor<64xf32> into tensor<1x32x2x1xf32>
    %17 = tensor.empty() : tensor<1x32x2x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_21 : tensor<1x32x1x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.negf %in : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x32x1x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %expanded_22 = tensor.expand_shape %arg3 [[0, 1, 2, 3]] output_shape [1, 32, 2, 1] : tensor<64xf32> into tensor<1x32x2x1xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_22 : tensor<1x32x2x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %22 = tensor.empty() : tensor<1x64xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %cst_6, %cst_7, %cst_8 : tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>) outs(%22 : tensor<1x64xf32>) {
    ^bb0(%in: i64, %in_34: i64, %in_35: i64, %in_36: i64, %out: f32):
      %63 = arith.cmpi slt, %in, %c0_i64 : i64
      %64 = arith.addi %in, %c1_i64 : i64
      %65 = arith.select %63, %64, %in : i64
      %66 = arith.index_cast %65 : i64 to index
      %67 = arith.cmpi slt, %in_34, %c0_i64 : i64
      %68 = arith.addi %in_34, %c32_i64 : i64
      %69 = arith.select %67, %68, %in_34 : i64
      %70 = arith.index_cast %69 : i64 to index
      %71 = arith.cmpi slt, %in_35, %c0_i64 : i64
      %72 = arith.addi %in_35, %c2_i64 : i64
      %73 = arith.select %71, %72, %in_35 : i64
      %74 = arith.index_cast %73 : i64 to index
      %75 = arith.cmpi slt, %in_36, %c0_i64 : i64
      %76 = arith.addi %in_36, %c1_i64 : i64
      %77 = arith.select %75, %76, %in_36 : i64
      %78 = arith.index_cast %77 : i64 to index
      %extracted = tensor.extract %18[%66, %70, %74, %78] : tensor<1x32x2x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x64xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_9, %cst_10, %cst_11, %cst_12 : tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>) outs(%22 : tensor<1x64xf32>) {
    ^bb0(%in: i64, %in_34: i64, %in_35: i64, %in_36: i64, %out: f32):
      %63 = arith.cmpi slt, %in, %c0_i64 : i64
      %64 = arith.addi %in, %c1_i64 : i64
      %65 = arith.select %63, %64, %in : i64
      %66 = arith.index_cast %65 : i64 to index
      %67 = arith.cmpi slt, %in_34, %c0_i64 : i64
      %68 = arith.addi %in_34, %c32_i64 : i64
      %69 = arith.select %67, %68, %in_34 : i64
      %70 = arith.index_cast %69 : i64 to index
      %71 = arith.cmpi slt, %in_35, %c0_i64 : i64
      %72 = arith.addi %in_35, %c2_i64 : i64
      %73 = arith.select %71, %72, %in_35 : i64
      %74 = arith.index_cast %73 : i64 to index
      %75 = arith.cmpi slt, %in_36, %c0_i64 : i64
      %76 = arith.addi %in_36, %c1_i64 : i64
      %77 = arith.select %75, %76, %in_36 : i64
      %78 = arith.index_cast %77 : i64 to index
      %extracted = tensor.extract %21[%66, %70, %74, %78] : tensor<1x32x2x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x64xf32>
    %expanded_23 = tensor.expand_shape %23 [[0], [1, 2, 3]] output_shape [1, 64, 1, 1] : tensor<1x64xf32> into tensor<1x64x1x1xf32>
    %expanded_24 = tensor.expand_shape %24 [[0], [1, 2, 3]] output_shape [1, 64, 1, 1] : tensor<1x64xf32> into tensor<1x64x1x1xf32>
    %25 = tensor.empty() : tensor<1x64x16x16xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %expanded_23 : tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_24 : tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<1x64x16x16xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.negf %in : f32
      %64 = math.exp %63 : f32
      %65 = arith.addf %64, %cst_1 : f32
      %66 = arith.divf %cst_1, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<1x64x16x16xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %28 : tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %padded = tensor.pad %29 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst_0 : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %broadcasted = linalg.broadcast ins(%arg5 : tensor<64xf32>) outs(%25 : tensor<1x64x16x16xf32>) dimensions = [0, 2, 3] 
    %30 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg4 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%broadcasted : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %31 = tensor.empty() : tensor<1x128xf32>
    %32 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<1x128xf32>) outs(%31 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.negf %in : f32
      %64 = math.exp %63 : f32
      %65 = arith.addf %64, %cst_1 : f32
      %66 = arith.divf %cst_1, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<1x128xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg1, %32 : tensor<1x128xf32>, tensor<1x128xf32>) outs(%31 : tensor<1x128xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x128xf32>
    %34 = tensor.empty() : tensor<128x64xf32>
    %transposed = linalg.transpose ins(%arg6 : tensor<64x128xf32>) outs(%34 : tensor<128x64xf32>) permutation = [1, 0] 
    %35 = linalg.fill ins(%cst_0 : f32) outs(%22 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %36 = linalg.matmul ins(%33, %transposed : tensor<1x128xf32>, tensor<128x64xf32>) outs(%35 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %37 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%36, %arg7 : tensor<1x64xf32>, tensor<64xf32>) outs(%22 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64xf32>
    %expanded_25 = tensor.expand_shape %37 [[0], [1, 2, 3]] output_shape [1, 64, 1, 1] : tensor<1x64xf32> into tensor<1x64x1x1xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_25 : tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %collapsed_26 = tensor.collapse_shape %38 [[0], [1], [2, 3]] : tensor<1x64x16x16xf32> into tensor<1x64x256xf32>
    %expanded_27 = tensor.expand_shape %collapsed_26 [[0], [1, 2], [3]] output_shape [1, 32, 2, 256] : tensor<1x64x256xf32> into tensor<1x32x2x256xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_27 : tensor<1x32x2x256xf32>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %63 = arith.extf %in : f32 to f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %40 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%39 : tensor<1x32x2x256xf64>) outs(%3 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.addf %in, %out : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<1x32x1x1xf64>) outs(%2 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.divf %in, %cst_3 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %42 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %41 : tensor<1x32x2x256xf64>, tensor<1x32x1x1xf64>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %63 = arith.subf %in, %in_34 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %42 : tensor<1x32x2x256xf64>, tensor<1x32x2x256xf64>) outs(%0 : tensor<1x32x2x256xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %63 = arith.mulf %in, %in_34 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x2x256xf64>
    %44 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%43 : tensor<1x32x2x256xf64>) outs(%3 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.addf %in, %out : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<1x32x1x1xf64>) outs(%2 : tensor<1x32x1x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %63 = arith.divf %in, %cst_3 : f64
      linalg.yield %63 : f64
    } -> tensor<1x32x1x1xf64>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<1x32x1x1xf64>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %63 = arith.truncf %in : f64 to f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%expanded_27 : tensor<1x32x2x256xf32>) outs(%12 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.addf %in, %out : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.divf %in, %cst_4 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.truncf %cst_2 : f64 to f32
      %64 = arith.addf %in, %63 : f32
      linalg.yield %64 : f32
    } -> tensor<1x32x1x1xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = math.rsqrt %in : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %expanded_28 = tensor.expand_shape %arg8 [[0, 1, 2, 3]] output_shape [1, 32, 2, 1] : tensor<64xf32> into tensor<1x32x2x1xf32>
    %51 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_28 : tensor<1x32x1x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %52 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<1x32x1x1xf32>) outs(%10 : tensor<1x32x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.negf %in : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x1x1xf32>
    %53 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %51 : tensor<1x32x1x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %expanded_29 = tensor.expand_shape %arg9 [[0, 1, 2, 3]] output_shape [1, 32, 2, 1] : tensor<64xf32> into tensor<1x32x2x1xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %expanded_29 : tensor<1x32x2x1xf32>, tensor<1x32x2x1xf32>) outs(%17 : tensor<1x32x2x1xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x32x2x1xf32>
    %55 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_13, %cst_14, %cst_15, %cst_16 : tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>) outs(%22 : tensor<1x64xf32>) {
    ^bb0(%in: i64, %in_34: i64, %in_35: i64, %in_36: i64, %out: f32):
      %63 = arith.cmpi slt, %in, %c0_i64 : i64
      %64 = arith.addi %in, %c1_i64 : i64
      %65 = arith.select %63, %64, %in : i64
      %66 = arith.index_cast %65 : i64 to index
      %67 = arith.cmpi slt, %in_34, %c0_i64 : i64
      %68 = arith.addi %in_34, %c32_i64 : i64
      %69 = arith.select %67, %68, %in_34 : i64
      %70 = arith.index_cast %69 : i64 to index
      %71 = arith.cmpi slt, %in_35, %c0_i64 : i64
      %72 = arith.addi %in_35, %c2_i64 : i64
      %73 = arith.select %71, %72, %in_35 : i64
      %74 = arith.index_cast %73 : i64 to index
      %75 = arith.cmpi slt, %in_36, %c0_i64 : i64
      %76 = arith.addi %in_36, %c1_i64 : i64
      %77 = arith.select %75, %76, %in_36 : i64
      %78 = arith.index_cast %77 : i64 to index
      %extracted = tensor.extract %51[%66, %70, %74, %78] : tensor<1x32x2x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x64xf32>
    %56 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_17, %cst_18, %cst_19, %cst_20 : tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>, tensor<1x64xi64>) outs(%22 : tensor<1x64xf32>) {
    ^bb0(%in: i64, %in_34: i64, %in_35: i64, %in_36: i64, %out: f32):
      %63 = arith.cmpi slt, %in, %c0_i64 : i64
      %64 = arith.addi %in, %c1_i64 : i64
      %65 = arith.select %63, %64, %in : i64
      %66 = arith.index_cast %65 : i64 to index
      %67 = arith.cmpi slt, %in_34, %c0_i64 : i64
      %68 = arith.addi %in_34, %c32_i64 : i64
      %69 = arith.select %67, %68, %in_34 : i64
      %70 = arith.index_cast %69 : i64 to index
      %71 = arith.cmpi slt, %in_35, %c0_i64 : i64
      %72 = arith.addi %in_35, %c2_i64 : i64
      %73 = arith.select %71, %72, %in_35 : i64
      %74 = arith.index_cast %73 : i64 to index
      %75 = arith.cmpi slt, %in_36, %c0_i64 : i64
      %76 = arith.addi %in_36, %c1_i64 : i64
      %77 = arith.select %75, %76, %in_36 : i64
      %78 = arith.index_cast %77 : i64 to index
      %extracted = tensor.extract %54[%66, %70, %74, %78] : tensor<1x32x2x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x64xf32>
    %expanded_30 = tensor.expand_shape %55 [[0], [1, 2, 3]] output_shape [1, 64, 1, 1] : tensor<1x64xf32> into tensor<1x64x1x1xf32>
    %expanded_31 = tensor.expand_shape %56 [[0], [1, 2, 3]] output_shape [1, 64, 1, 1] : tensor<1x64xf32> into tensor<1x64x1x1xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_30 : tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %expanded_31 : tensor<1x64x16x16xf32>, tensor<1x64x1x1xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58 : tensor<1x64x16x16xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %63 = arith.negf %in : f32
      %64 = math.exp %63 : f32
      %65 = arith.addf %64, %cst_1 : f32
      %66 = arith.divf %cst_1, %65 : f32
      linalg.yield %66 : f32
    } -> tensor<1x64x16x16xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %59 : tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.mulf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    %padded_32 = tensor.pad %60 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg12: index, %arg13: index, %arg14: index, %arg15: index):
      tensor.yield %cst_0 : f32
    } : tensor<1x64x16x16xf32> to tensor<1x64x18x18xf32>
    %broadcasted_33 = linalg.broadcast ins(%arg11 : tensor<64xf32>) outs(%25 : tensor<1x64x16x16xf32>) dimensions = [0, 2, 3] 
    %61 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_32, %arg10 : tensor<1x64x18x18xf32>, tensor<64x64x3x3xf32>) outs(%broadcasted_33 : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %61 : tensor<1x64x16x16xf32>, tensor<1x64x16x16xf32>) outs(%25 : tensor<1x64x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %63 = arith.addf %in, %in_34 : f32
      linalg.yield %63 : f32
    } -> tensor<1x64x16x16xf32>
    return %62 : tensor<1x64x16x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_64_torch.int64: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_1: "0x08000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000030000000000000003000000000000000400000000000000040000000000000005000000000000000500000000000000060000000000000006000000000000000700000000000000070000000000000008000000000000000800000000000000090000000000000009000000000000000A000000000000000A000000000000000B000000000000000B000000000000000C000000000000000C000000000000000D000000000000000D000000000000000E000000000000000E000000000000000F000000000000000F00000000000000100000000000000010000000000000001100000000000000110000000000000012000000000000001200000000000000130000000000000013000000000000001400000000000000140000000000000015000000000000001500000000000000160000000000000016000000000000001700000000000000170000000000000018000000000000001800000000000000190000000000000019000000000000001A000000000000001A000000000000001B000000000000001B000000000000001C000000000000001C000000000000001D000000000000001D000000000000001E000000000000001E000000000000001F000000000000001F00000000000000",
      torch_tensor_1_64_torch.int64_2: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_1_64_torch.int64_3: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_4: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_5: "0x08000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000030000000000000003000000000000000400000000000000040000000000000005000000000000000500000000000000060000000000000006000000000000000700000000000000070000000000000008000000000000000800000000000000090000000000000009000000000000000A000000000000000A000000000000000B000000000000000B000000000000000C000000000000000C000000000000000D000000000000000D000000000000000E000000000000000E000000000000000F000000000000000F00000000000000100000000000000010000000000000001100000000000000110000000000000012000000000000001200000000000000130000000000000013000000000000001400000000000000140000000000000015000000000000001500000000000000160000000000000016000000000000001700000000000000170000000000000018000000000000001800000000000000190000000000000019000000000000001A000000000000001A000000000000001B000000000000001B000000000000001C000000000000001C000000000000001D000000000000001D000000000000001E000000000000001E000000000000001F000000000000001F00000000000000",
      torch_tensor_1_64_torch.int64_6: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_1_64_torch.int64_7: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_8: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_9: "0x08000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000030000000000000003000000000000000400000000000000040000000000000005000000000000000500000000000000060000000000000006000000000000000700000000000000070000000000000008000000000000000800000000000000090000000000000009000000000000000A000000000000000A000000000000000B000000000000000B000000000000000C000000000000000C000000000000000D000000000000000D000000000000000E000000000000000E000000000000000F000000000000000F00000000000000100000000000000010000000000000001100000000000000110000000000000012000000000000001200000000000000130000000000000013000000000000001400000000000000140000000000000015000000000000001500000000000000160000000000000016000000000000001700000000000000170000000000000018000000000000001800000000000000190000000000000019000000000000001A000000000000001A000000000000001B000000000000001B000000000000001C000000000000001C000000000000001D000000000000001D000000000000001E000000000000001E000000000000001F000000000000001F00000000000000",
      torch_tensor_1_64_torch.int64_10: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_1_64_torch.int64_11: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_12: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_1_64_torch.int64_13: "0x08000000000000000000000000000000000000000100000000000000010000000000000002000000000000000200000000000000030000000000000003000000000000000400000000000000040000000000000005000000000000000500000000000000060000000000000006000000000000000700000000000000070000000000000008000000000000000800000000000000090000000000000009000000000000000A000000000000000A000000000000000B000000000000000B000000000000000C000000000000000C000000000000000D000000000000000D000000000000000E000000000000000E000000000000000F000000000000000F00000000000000100000000000000010000000000000001100000000000000110000000000000012000000000000001200000000000000130000000000000013000000000000001400000000000000140000000000000015000000000000001500000000000000160000000000000016000000000000001700000000000000170000000000000018000000000000001800000000000000190000000000000019000000000000001A000000000000001A000000000000001B000000000000001B000000000000001C000000000000001C000000000000001D000000000000001D000000000000001E000000000000001E000000000000001F000000000000001F00000000000000",
      torch_tensor_1_64_torch.int64_14: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_1_64_torch.int64_15: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
