// A reduction to a 0-d result with a gather fused into it (a loss's picked
// target logit: linalg.index + tensor.extract, then a full sum, as a
// training step's cross-entropy exports) is expanded to write tensor<1xT>
// like any full reduction, its linalg.index shifted past the new unit loop
// (gpu/folds.py expand_scalar_result); it was refused: "prepare: full
// reductions (to a 0-d result) are not lowered to one kernel".
// RUN: %mlirfuse compile %s --chip sm_90 --jobs 1 --emit-gpu %t.gpu.mlir -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=COMPILED
// RUN: %FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// RUN: %mlirfuse verify %s --schedule gpu | %FileCheck %s --check-prefix=VERIFIED
// COMPILED-NOT: error
// COMPILED: kernels: 1
// GPU: gpu.func @nll_sum_k0(%[[OUT:.*]]: memref<1xf32>, %[[LABELS:.*]]: memref<32xi64>, %[[LOGITS:.*]]: memref<32x96xf32>)
// GPU: scf.for %[[I:.*]] = 
// GPU: memref.load %[[LABELS]][%[[I]]]
// GPU: memref.load %[[LOGITS]][%[[I]], %{{.*}}]
// Labels are masked to [0, 63]: verify's random integers include negatives.
// VERIFIED: result0: tensor<f32> {{.*}} ok
// VERIFIED: verify: ok

#map = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
module {
  func.func @nll_sum(%logits: tensor<32x96xf32>, %labels: tensor<32xi64>) -> tensor<f32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32xf32>
    %picked = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%labels : tensor<32xi64>) outs(%e : tensor<32xf32>) {
    ^bb0(%l: i64, %o: f32):
      %i = linalg.index 0 : index
      %c63 = arith.constant 63 : i64
      %in_range = arith.andi %l, %c63 : i64
      %j = arith.index_cast %in_range : i64 to index
      %v = tensor.extract %logits[%i, %j] : tensor<32x96xf32>
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    } -> tensor<32xf32>
    %se = tensor.empty() : tensor<f32>
    %init = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [#map, #red], iterator_types = ["reduction"]} ins(%picked : tensor<32xf32>) outs(%init : tensor<f32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    return %sum : tensor<f32>
  }
}
