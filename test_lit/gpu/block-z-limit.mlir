// CUDA launches at most 64 threads along a block's z (x and y: 1024). The
// elementwise schedule gave Deformable-DETR's sampling-offset transpose
// (1x80x4x2x2 -> 1x4x80x2x2) a block of 2 x 2 x 80 threads, and the thread
// mapping refused it ("block_dims is too large"): the model did not compile.
// Now the third thread dim takes at most 64 (a divisor: 40, two blocks along it), and
// a fourth loop is never a thread dim (5x3x3x3: 3 x 3 x 3 threads, 5 blocks).
// RUN: %mlirfuse compile %s -o %t.ptx | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %mlirfuse verify %s --func offsets --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %s --func four_loops --schedule gpu | %FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// CHECK-NEXT: k0: elementwise schedule, block (2, 2, 40)
// CHECK-NEXT: k1: elementwise schedule, block (3, 3, 3)
// PTX: .maxntid 2, 2, 40
// PTX: .maxntid 3, 3, 3
// OK: verify: ok
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @offsets(%arg0: tensor<1x80x4x2x2xf32>) -> tensor<1x4x80x2x2xf32> {
  %0 = tensor.empty() : tensor<1x4x80x2x2xf32>
  %t = linalg.transpose ins(%arg0 : tensor<1x80x4x2x2xf32>) outs(%0 : tensor<1x4x80x2x2xf32>) permutation = [0, 2, 1, 3, 4]
  return %t : tensor<1x4x80x2x2xf32>
}
func.func @four_loops(%arg0: tensor<5x3x3x3xf32>) -> tensor<5x3x3x3xf32> {
  %0 = tensor.empty() : tensor<5x3x3x3xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<5x3x3x3xf32>) outs(%0 : tensor<5x3x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = math.exp %in : f32
    linalg.yield %2 : f32
  } -> tensor<5x3x3x3xf32>
  return %1 : tensor<5x3x3x3xf32>
}
