// A kernel whose outgoing values are of several types: a reduction with its
// elementwise prologue, each prologue value read outside (7 of them, f32),
// a compare (i1) and the row sum (a smaller f32 tensor). A fusion.group gives
// its first 7 results a type each and the rest one shared type, so yielded
// in op order (7 x f32, i1, the sum) the tail mixed types: the heuristic
// refused the join and search=auto's kernel stayed ungrouped with a warning.
// Now the group yields the rarer types first (context.group_result_order).
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' 2>&1 | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=auto})' 2>&1 | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse{search=greedy})' 2>&1 | FileCheck %s
// RUN: %mlirfuse-opt %s --pass-pipeline='builtin.module(mlirfuse-fuse)' | %mlirfuse-opt --pass-pipeline='builtin.module(mlirfuse-fuse)' | FileCheck %s

// CHECK-NOT: warning
// CHECK-LABEL: func.func @mixed_results
// CHECK: %[[G:.*]]:9 = "fusion.group"()
// CHECK: gpu.yield
// CHECK-SAME: : tensor<16x64xi1>, tensor<16xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>
// CHECK-NEXT: resultSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 2>
// CHECK-NOT: linalg.generic
// CHECK: return %[[G]]#2, %[[G]]#3, %[[G]]#4, %[[G]]#5, %[[G]]#6, %[[G]]#7, %[[G]]#8, %[[G]]#0, %[[G]]#1
// CHECK-NOT: warning

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @mixed_results(%x: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xi1>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16x64xf32>
  %b = tensor.empty() : tensor<16x64xi1>
  %c0 = arith.constant 0.0 : f32
  %r0 = tensor.empty() : tensor<16xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%r0 : tensor<16xf32>) -> tensor<16xf32>
  %a1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a1 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.mulf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a2 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a3 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.mulf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a4 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a6 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a5 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.mulf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %a7 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a6 : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a7 : tensor<16x64xf32>) outs(%b : tensor<16x64xi1>) {
  ^bb0(%i: f32, %o: i1):
    %r = arith.cmpf ogt, %i, %c0 : f32
    linalg.yield %r : i1
  } -> tensor<16x64xi1>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a7 : tensor<16x64xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %o : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %a1, %a2, %a3, %a4, %a5, %a6, %a7, %m, %s : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xi1>, tensor<16xf32>
}
