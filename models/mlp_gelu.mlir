// mlp_gelu: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(8, 256)]; 6 weight/buffer args follow
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @mlp_gelu(%arg0: tensor<8x256xf32>, %arg1: tensor<512x256xf32>, %arg2: tensor<512xf32>, %arg3: tensor<512x512xf32>, %arg4: tensor<512xf32>, %arg5: tensor<128x512xf32>, %arg6: tensor<128xf32>) -> tensor<8x128xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<256x512xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x256xf32>) outs(%0 : tensor<256x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<8x256xf32>, tensor<256x512xf32>) outs(%2 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg2 : tensor<8x512xf32>, tensor<512xf32>) outs(%1 : tensor<8x512xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %15 = arith.addf %in, %in_5 : f32
      linalg.yield %15 : f32
    } -> tensor<8x512xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8x512xf32>) outs(%1 : tensor<8x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_2 : f32
      %16 = math.erf %15 : f32
      %17 = arith.addf %16, %cst_0 : f32
      %18 = arith.mulf %17, %cst_1 : f32
      %19 = arith.mulf %in, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<8x512xf32>
    %6 = tensor.empty() : tensor<512x512xf32>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<512x512xf32>) outs(%6 : tensor<512x512xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%5, %transposed_3 : tensor<8x512xf32>, tensor<512x512xf32>) outs(%2 : tensor<8x512xf32>) -> tensor<8x512xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %arg4 : tensor<8x512xf32>, tensor<512xf32>) outs(%1 : tensor<8x512xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %15 = arith.addf %in, %in_5 : f32
      linalg.yield %15 : f32
    } -> tensor<8x512xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<8x512xf32>) outs(%1 : tensor<8x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_2 : f32
      %16 = math.erf %15 : f32
      %17 = arith.addf %16, %cst_0 : f32
      %18 = arith.mulf %17, %cst_1 : f32
      %19 = arith.mulf %in, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<8x512xf32>
    %10 = tensor.empty() : tensor<512x128xf32>
    %transposed_4 = linalg.transpose ins(%arg5 : tensor<128x512xf32>) outs(%10 : tensor<512x128xf32>) permutation = [1, 0] 
    %11 = tensor.empty() : tensor<8x128xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %13 = linalg.matmul ins(%9, %transposed_4 : tensor<8x512xf32>, tensor<512x128xf32>) outs(%12 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%13, %arg6 : tensor<8x128xf32>, tensor<128xf32>) outs(%11 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %15 = arith.addf %in, %in_5 : f32
      linalg.yield %15 : f32
    } -> tensor<8x128xf32>
    return %14 : tensor<8x128xf32>
  }
}
