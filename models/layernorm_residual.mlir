// layernorm_residual: exported by models/export.py with torch 2.13.0+cpu, torch-mlir fx.export_and_import(output_type='linalg-on-tensors')
// inputs: [(1, 128, 256), (1, 128, 256)]; 2 weight/buffer args follow
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @layernorm_residual(%arg0: tensor<1x128x256xf32>, %arg1: tensor<1x128x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256xf32>) -> tensor<1x128x256xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %cst_2 = arith.constant 2.560000e+02 : f64
    %cst_3 = arith.constant 2.560000e+02 : f32
    %0 = tensor.empty() : tensor<1x128x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<1x128x256xf32>, tensor<1x128x256xf32>) outs(%0 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %23 = arith.addf %in, %in_4 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x256xf32>
    %2 = tensor.empty() : tensor<1x128x256xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x128x256xf32>) outs(%2 : tensor<1x128x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %23 = arith.extf %in : f32 to f64
      linalg.yield %23 : f64
    } -> tensor<1x128x256xf64>
    %4 = tensor.empty() : tensor<1x128x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<1x128x1xf64>) -> tensor<1x128x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x128x256xf64>) outs(%5 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %23 = arith.addf %in, %out : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x128x1xf64>) outs(%4 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %23 = arith.divf %in, %cst_2 : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x128x256xf64>, tensor<1x128x1xf64>) outs(%2 : tensor<1x128x256xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %23 = arith.subf %in, %in_4 : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x256xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x128x256xf64>, tensor<1x128x256xf64>) outs(%2 : tensor<1x128x256xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %23 = arith.mulf %in, %in_4 : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x256xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x128x256xf64>) outs(%5 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %23 = arith.addf %in, %out : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x128x1xf64>) outs(%4 : tensor<1x128x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %23 = arith.divf %in, %cst_2 : f64
      linalg.yield %23 : f64
    } -> tensor<1x128x1xf64>
    %12 = tensor.empty() : tensor<1x128x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x128x1xf64>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %23 = arith.truncf %in : f64 to f32
      linalg.yield %23 : f32
    } -> tensor<1x128x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x128x256xf32>) outs(%14 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = arith.addf %in, %out : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x128x1xf32>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = arith.divf %in, %cst_3 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x128x1xf32>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = arith.truncf %cst_1 : f64 to f32
      %24 = arith.addf %in, %23 : f32
      linalg.yield %24 : f32
    } -> tensor<1x128x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x128x1xf32>) outs(%12 : tensor<1x128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = math.rsqrt %in : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%0 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %23 = arith.subf %in, %in_4 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x256xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x128x256xf32>, tensor<1x128x1xf32>) outs(%0 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %23 = arith.mulf %in, %in_4 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x256xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %23 = arith.mulf %in, %in_4 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x256xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg3 : tensor<1x128x256xf32>, tensor<256xf32>) outs(%0 : tensor<1x128x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %23 = arith.addf %in, %in_4 : f32
      linalg.yield %23 : f32
    } -> tensor<1x128x256xf32>
    return %22 : tensor<1x128x256xf32>
  }
}
