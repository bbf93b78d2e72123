// pooling_head: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(2, 256, 7, 7)]; 2 weight/buffer args follow
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @pooling_head(%arg0: tensor<2x256x7x7xf32>, %arg1: tensor<100x256xf32>, %arg2: tensor<100xf32>) -> tensor<2x100xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.900000e+01 : f32
    %0 = tensor.empty() : tensor<2x256x1x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x256x1x1xf32>) -> tensor<2x256x1x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x256x7x7xf32>) outs(%1 : tensor<2x256x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<2x256x1x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x256x1x1xf32>) outs(%0 : tensor<2x256x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.divf %in, %cst_0 : f32
      linalg.yield %9 : f32
    } -> tensor<2x256x1x1xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2, 3]] : tensor<2x256x1x1xf32> into tensor<2x256xf32>
    %4 = tensor.empty() : tensor<256x100xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<100x256xf32>) outs(%4 : tensor<256x100xf32>) permutation = [1, 0] 
    %5 = tensor.empty() : tensor<2x100xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<2x100xf32>) -> tensor<2x100xf32>
    %7 = linalg.matmul ins(%collapsed, %transposed : tensor<2x256xf32>, tensor<256x100xf32>) outs(%6 : tensor<2x100xf32>) -> tensor<2x100xf32>
    %8 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%7, %arg2 : tensor<2x100xf32>, tensor<100xf32>) outs(%5 : tensor<2x100xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.addf %in, %in_1 : f32
      linalg.yield %9 : f32
    } -> tensor<2x100xf32>
    return %8 : tensor<2x100xf32>
  }
}
