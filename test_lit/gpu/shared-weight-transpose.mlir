// An RNN's recurrent weight: nn.Linear's weight [out, in] transposed once by
// torch-mlir and read by the matmul of every step. A transpose with several
// consumers in different kernels joins none of them, so it was a kernel of
// its own that moved the whole weight twice more (an LSTM tagger: 18 KB more
// than IREE O3). A copy read only by f32 contractions is read through by
// each of them (gpu/contraction_copies.fold_shared_copies), before planning,
// so the plan and the launches agree: two kernels, no transpose left.
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse plan --backend gpu %s | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 2
// PLAN: @steps: 2 kernels
// OK: verify: ok

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @steps(%w: tensor<16x16xf32>, %x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) permutation = [1, 0]
  %acc = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%acc : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m0 = linalg.matmul ins(%x, %wt : tensor<4x16xf32>, tensor<16x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  %h0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m0 : tensor<4x16xf32>) outs(%acc : tensor<4x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  %m1 = linalg.matmul ins(%h0, %wt : tensor<4x16xf32>, tensor<16x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  %h1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m1 : tensor<4x16xf32>) outs(%acc : tensor<4x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  return %h1 : tensor<4x16xf32>
}
