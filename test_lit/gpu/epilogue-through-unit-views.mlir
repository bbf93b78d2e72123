// A row reduction whose unit output dim is dropped (drop_constant_output_dims
// leaves an expand_shape after it) read by its epilogue through a collapse of
// that expand (a training step's top-2 router gradient: the renormalised
// weights' backward). read_through_unit_collapse made the epilogue read the
// expand, which was not folded any more, and tile-and-fuse cannot fuse
// through it: "could not find next producer to fuse into container". The
// expand is now folded after (gpu/prepare.py). The gathered expert index is
// masked to [0, 3]: verify's random integers include negatives.
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED-NOT: error
// COMPILED: kernels: 1
// COMPILED-NEXT: k0: row schedule
// VERIFIED: verify: ok

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @router_grad(%arg0: tensor<24x1xf32>, %arg1: tensor<24x2xf32>, %arg2: tensor<24x2xi64>, %arg3: tensor<24x1x4xf32>) -> tensor<24x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %c4 = arith.constant 4 : index
    %0 = tensor.empty() : tensor<24x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<24x1xf32>) -> tensor<24x1xf32>
    %2 = tensor.empty() : tensor<24x2xf32>
    %collapsed = tensor.collapse_shape %arg3 [[0], [1, 2]] : tensor<24x1x4xf32> into tensor<24x4xf32>
    %3 = "fusion.group"() ({
      %4:2 = linalg.generic {indexing_maps = [#map, #map, #map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2, %arg1, %arg0 : tensor<24x2xi64>, tensor<24x2xf32>, tensor<24x1xf32>) outs(%2, %2 : tensor<24x2xf32>, tensor<24x2xf32>) {
      ^bb0(%in: i64, %in_1: f32, %in_2: f32, %out: f32, %out_3: f32):
        %7 = arith.divf %in_1, %in_2 : f32
        %8 = linalg.index 0 : index
        %c3 = arith.constant 3 : i64
        %in_range = arith.andi %in, %c3 : i64
        %9 = arith.index_cast %in_range : i64 to index
        %extracted = tensor.extract %collapsed[%8, %9] : tensor<24x4xf32>
        %12 = arith.negf %extracted : f32
        %13 = arith.mulf %12, %7 : f32
        %14 = arith.divf %extracted, %in_2 : f32
        linalg.yield %14, %13 : f32, f32
      } -> (tensor<24x2xf32>, tensor<24x2xf32>)
      %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4#1 : tensor<24x2xf32>) outs(%1 : tensor<24x1xf32>) {
      ^bb0(%in: f32, %out: f32):
        %7 = arith.addf %in, %out : f32
        linalg.yield %7 : f32
      } -> tensor<24x1xf32>
      %collapsed_0 = tensor.collapse_shape %5 [[0, 1]] : tensor<24x1xf32> into tensor<24xf32>
      %6 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%4#0, %collapsed_0 : tensor<24x2xf32>, tensor<24xf32>) outs(%2 : tensor<24x2xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %7 = arith.addf %in, %in_1 : f32
        linalg.yield %7 : f32
      } -> tensor<24x2xf32>
      gpu.yield %6 : tensor<24x2xf32>
    }) {fusion.id = 0 : i64, fusion.pattern = "reduction-epilogue", resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>} : () -> tensor<24x2xf32>
    return %3 : tensor<24x2xf32>
  }
}
