// A chain of dependent reductions (a CRF's log partition unrolled over its
// steps: each step sums over the previous step's whole vector): stage 1's
// tile-and-fuse time grew with every reduction in one kernel (nine steps
// ran past the 900 s stage limit). The GPU back end refuses a kernel with
// more than 4 reductions in one chain (`gpu-reduction-depth`), so the plan
// splits the chain and the compile takes seconds.
// RUN: %mlirfuse plan %s --backend gpu | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse explain %s --backend gpu --group 3,4,5,6,7,8,9,10,11,12,13,14 | FileCheck %s --check-prefix=EXPLAIN
// RUN: %mlirfuse compile %s | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// PLAN: gpu-reduction-depth
// EXPLAIN: group log_partition:3,{{.*}},log_partition:14: refused [gpu-reduction-depth]: 6 reductions in one chain, more than 4 in one kernel
// CHECK-NOT: error
// CHECK: kernels: 2
// OK: verify: ok
#prev = affine_map<(d0, d1) -> (d0)>
#pair = affine_map<(d0, d1) -> (d0, d1)>
#next = affine_map<(d0, d1) -> (d1)>
#vec = affine_map<(d0) -> (d0)>
func.func @log_partition(%start: tensor<5xf32>, %trans: tensor<5x5xf32>) -> tensor<5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %sum0 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%start, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha0 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum0 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  %sum1 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%alpha0, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha1 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum1 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  %sum2 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%alpha1, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha2 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum2 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  %sum3 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%alpha2, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha3 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum3 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  %sum4 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%alpha3, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha4 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum4 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  %sum5 = linalg.generic {indexing_maps = [#prev, #pair, #next], iterator_types = ["reduction", "parallel"]} ins(%alpha4, %trans : tensor<5xf32>, tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%a: f32, %t: f32, %acc: f32):
    %s = arith.addf %a, %t : f32
    %v = math.exp %s : f32
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %alpha5 = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]} ins(%sum5 : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = math.log %in : f32
    linalg.yield %l : f32
  } -> tensor<5xf32>
  return %alpha5 : tensor<5xf32>
}
