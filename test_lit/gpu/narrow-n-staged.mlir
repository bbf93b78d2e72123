// A box head's last linear layer (OWLv2: Linear(64, 4) over 32 tokens): a
// contraction of N = 4 whose K stages through shared memory. The 4-wide
// thread tile covers N whole, so the launch has no thread along N
// (tiles.thread_counts: 8 threads for the 32 rows, block (8, 1, 1)), but
// the staged path tiled the accumulator's fill with the thread tile as
// given: a forall of (8, 1) that mapped the rows to thread y, of which the
// launch has one ("Trying to map to fewer GPU threads than loop
// iterations"). It now takes no thread loop along a dim one thread covers
// (script_matmul.staged_thread_level, tiles.sizes_within).
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 -o %t.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED: kernels: 1 (1 distinct)
// COMPILED-NEXT: k0: contraction schedule, block (8, 1, 1)
// COMPILED-NOT: error
// VERIFIED: verify: ok
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @box_head(%x: tensor<32x64xf32>, %w: tensor<4x64xf32>, %b: tensor<4xf32>) -> tensor<32x4xf32> {
  %cst = arith.constant 0.0 : f32
  %52 = tensor.empty() : tensor<64x4xf32>
  %t = linalg.transpose ins(%w : tensor<4x64xf32>) outs(%52 : tensor<64x4xf32>) permutation = [1, 0]
  %53 = tensor.empty() : tensor<32x4xf32>
  %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %55 = linalg.matmul ins(%x, %t : tensor<32x64xf32>, tensor<64x4xf32>) outs(%54 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %56 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%55, %b : tensor<32x4xf32>, tensor<4xf32>) outs(%53 : tensor<32x4xf32>) {
  ^bb0(%in: f32, %in_34: f32, %out: f32):
    %68 = arith.addf %in, %in_34 : f32
    linalg.yield %68 : f32
  } -> tensor<32x4xf32>
  return %56 : tensor<32x4xf32>
}
