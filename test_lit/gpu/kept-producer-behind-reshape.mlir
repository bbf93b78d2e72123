// A kernel whose elementwise producer is kept and read through a reshape
// inside the kernel, as the fuser builds it for SAM-HQ's mask decoder: its
// dense positional embedding repeated over the batch (`%b`), flattened, and
// read transposed by the first keys' add here and by later kernels through
// the same view (so the group yields `%b` itself). The back end's
// predicate accepts the reshape because the producer moves past it
// (`inner_reshapes.sink_plan`), but the kept producer had a second use, the
// yield, and the move refused it: tile-and-fuse then stopped at the
// collapse ("could not find next producer to fuse"). The moved producer
// now serves the yield through the inverse reshape.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: elementwise schedule
// OK: verify: ok
#map = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @repeated_embedding(%keys: tensor<2x32x8x8xf32>, %pe: tensor<32x8x8xf32>) -> (tensor<2x32x8x8xf32>, tensor<2x64x32xf32>, tensor<2x64x32xf32>) {
    %0 = tensor.empty() : tensor<2x32x8x8xf32>
    %collapsed = tensor.collapse_shape %keys [[0], [1], [2, 3]] : tensor<2x32x8x8xf32> into tensor<2x32x64xf32>
    %1 = tensor.empty() : tensor<2x64x32xf32>
    %2 = tensor.empty() : tensor<2x64x32xf32>
    %3:3 = "fusion.group"() ({
      %b = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pe : tensor<32x8x8xf32>) outs(%0 : tensor<2x32x8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x32x8x8xf32>
      %collapsed_0 = tensor.collapse_shape %b [[0], [1], [2, 3]] : tensor<2x32x8x8xf32> into tensor<2x32x64xf32>
      %5:2 = linalg.generic {indexing_maps = [#map2, #map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed, %collapsed_0 : tensor<2x32x64xf32>, tensor<2x32x64xf32>) outs(%2, %1 : tensor<2x64x32xf32>, tensor<2x64x32xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32, %out_2: f32):
        %6 = arith.addf %in, %in_1 : f32
        linalg.yield %6, %in : f32, f32
      } -> (tensor<2x64x32xf32>, tensor<2x64x32xf32>)
      gpu.yield %b, %5#1, %5#0 : tensor<2x32x8x8xf32>, tensor<2x64x32xf32>, tensor<2x64x32xf32>
    }) {fusion.id = 0 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0>} : () -> (tensor<2x32x8x8xf32>, tensor<2x64x32xf32>, tensor<2x64x32xf32>)
    return %3#0, %3#1, %3#2 : tensor<2x32x8x8xf32>, tensor<2x64x32xf32>, tensor<2x64x32xf32>
  }
}
