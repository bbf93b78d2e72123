// A row norm kept as `8x24x1` (keepdim) and read as `8x24` by the division
// it feeds (YOSO's L2-normalised keys: F.normalize on B*H rows, squeezed):
// the collapse_shape between the reduction and its epilogue only drops a
// unit dim, so it folds into the division's map (`(d0, d1, d2) -> (d0, d1,
// 0)` on the norm itself, gpu/folds_scalar.py) as a unit expand does, and
// the two share one kernel (before: gpu-reshape-inside, two kernels and the
// rows read twice).
// RUN: %mlirfuse plan %s --backend gpu --search auto | FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %s --jobs 1 | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// PLAN: @normalize_rows: 1 kernels
// PLAN-NOT: gpu-reshape-inside
// CHECK-NOT: error
// CHECK: kernels: 1
// OK: verify: ok

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rows = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @normalize_rows(%x: tensor<8x24x16xf32>) -> tensor<8x24x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x24x1xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x24x1xf32>) -> tensor<8x24x1xf32>
  %ss = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<8x24x16xf32>) outs(%s0 : tensor<8x24x1xf32>) {
  ^bb0(%i: f32, %o: f32):
    %sq = arith.mulf %i, %i : f32
    %v = arith.addf %sq, %o : f32
    linalg.yield %v : f32
  } -> tensor<8x24x1xf32>
  %norm = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ss : tensor<8x24x1xf32>) outs(%e1 : tensor<8x24x1xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = math.sqrt %i : f32
    %eps = arith.constant 1.0e-12 : f32
    %v = arith.maximumf %r, %eps : f32
    linalg.yield %v : f32
  } -> tensor<8x24x1xf32>
  %flat = tensor.collapse_shape %norm [[0], [1, 2]] : tensor<8x24x1xf32> into tensor<8x24xf32>
  %e = tensor.empty() : tensor<8x24x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #rows, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %flat : tensor<8x24x16xf32>, tensor<8x24xf32>) outs(%e : tensor<8x24x16xf32>) {
  ^bb0(%i: f32, %n: f32, %o: f32):
    %v = arith.divf %i, %n : f32
    linalg.yield %v : f32
  } -> tensor<8x24x16xf32>
  return %y : tensor<8x24x16xf32>
}
