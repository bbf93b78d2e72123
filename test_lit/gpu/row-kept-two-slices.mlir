// PVT's patch embedding: a LayerNorm (kept: the stage's residual stream)
// then a second one whose result feeds a [0, 2, 1] transpose, one kernel.
// The transpose is the root, so a row block covers one channel of every
// token, and the first LayerNorm's result is staged at two slices: the
// block's column (kept) and the second LayerNorm's whole rows. Tile and fuse
// gave both clones slices of the kept result as destinations: the whole-row
// clone wrote every row of the kernel's result while the threads wrote their
// column ("races: ... a store writes the whole buffer while threads write
// their slots"). `row_staging.check_row_staging` now refuses a row schedule
// that stages a kept result at two slices: the kernel takes the reduce
// schedule.
// A hand-written group (as the planner formed it in pvt).
// RUN: %mlirfuse compile %s --no-fuse -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | FileCheck %s --check-prefix=OK
// CHECK-NOT: error
// CHECK: kernels: 1
// CHECK: k0: reduce schedule
// OK: verify: ok

#t = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#r = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#c = affine_map<(d0, d1, d2) -> (d2)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @two_norms(%x: tensor<2x32x64xf32>, %g: tensor<32xf32>, %h: tensor<32xf32>) -> (tensor<2x64x32xf32>, tensor<2x32x64xf32>) {
  %cst = arith.constant 0.0 : f32
  %n = arith.constant 32.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %r:2 = "fusion.group"() ({
    %e1 = tensor.empty() : tensor<2x64x1xf32>
    %z = linalg.fill ins(%cst : f32) outs(%e1 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %e = tensor.empty() : tensor<2x64x32xf32>
    %sum = linalg.generic {indexing_maps = [#t, #r], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x32x64xf32>) outs(%z : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
    } -> tensor<2x64x1xf32>
    %var = linalg.generic {indexing_maps = [#t, #r, #r], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %sum : tensor<2x32x64xf32>, tensor<2x64x1xf32>) outs(%z : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %s: f32, %out: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %q = arith.mulf %d, %d : f32
      %a = arith.addf %q, %out : f32
      linalg.yield %a : f32
    } -> tensor<2x64x1xf32>
    %y = linalg.generic {indexing_maps = [#t, #r, #r, #c, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %sum, %var, %g : tensor<2x32x64xf32>, tensor<2x64x1xf32>, tensor<2x64x1xf32>, tensor<32xf32>) outs(%e : tensor<2x64x32xf32>) {
    ^bb0(%in: f32, %s: f32, %v: f32, %w: f32, %out: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %vm = arith.divf %v, %n : f32
      %ve = arith.addf %vm, %eps : f32
      %rs = math.rsqrt %ve : f32
      %o = arith.mulf %d, %rs : f32
      %o2 = arith.mulf %o, %w : f32
      linalg.yield %o2 : f32
    } -> tensor<2x64x32xf32>
    %sum2 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y : tensor<2x64x32xf32>) outs(%z : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
    } -> tensor<2x64x1xf32>
    %var2 = linalg.generic {indexing_maps = [#id, #r, #r], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y, %sum2 : tensor<2x64x32xf32>, tensor<2x64x1xf32>) outs(%z : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %s: f32, %out: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %q = arith.mulf %d, %d : f32
      %a = arith.addf %q, %out : f32
      linalg.yield %a : f32
    } -> tensor<2x64x1xf32>
    %e2 = tensor.empty() : tensor<2x64x32xf32>
    %y2 = linalg.generic {indexing_maps = [#id, #r, #r, #c, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y, %sum2, %var2, %h : tensor<2x64x32xf32>, tensor<2x64x1xf32>, tensor<2x64x1xf32>, tensor<32xf32>) outs(%e2 : tensor<2x64x32xf32>) {
    ^bb0(%in: f32, %s: f32, %v: f32, %w: f32, %out: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %in, %m : f32
      %vm = arith.divf %v, %n : f32
      %ve = arith.addf %vm, %eps : f32
      %rs = math.rsqrt %ve : f32
      %o = arith.mulf %d, %rs : f32
      %o2 = arith.mulf %o, %w : f32
      linalg.yield %o2 : f32
    } -> tensor<2x64x32xf32>
    %et = tensor.empty() : tensor<2x32x64xf32>
    %tr = linalg.transpose ins(%y2 : tensor<2x64x32xf32>) outs(%et : tensor<2x32x64xf32>) permutation = [0, 2, 1]
    "gpu.yield"(%y, %tr) : (tensor<2x64x32xf32>, tensor<2x32x64xf32>) -> ()
  }) {fusion.pattern = "reduction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<2x64x32xf32>, tensor<2x32x64xf32>)
  return %r#0, %r#1 : tensor<2x64x32xf32>, tensor<2x32x64xf32>
}
