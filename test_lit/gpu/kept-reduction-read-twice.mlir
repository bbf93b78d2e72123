// A reduction the kernel keeps (a result) and two of its ops read: the
// count of a padding mask in PE-Audio's masked GroupNorm, returned and
// read by the variance and by the norm. Tile and fuse yielded the count
// through a shared output of the kernel's loop, and each clone of it (one
// per reader) accumulated onto a slice of that output, which the fused
// fill initialised for one clone only: the count and the norm were wrong
// under the GPU schedule (counts ~1e14). The kept value is now an identity
// copy (`kernels._copy_kept_accumulators`): still one kernel.
// RUN: %mlirfuse compile %s -o %t.ptx | FileCheck %s
// RUN: %mlirfuse verify %s --schedule gpu | FileCheck %s --check-prefix=OK
// CHECK: kernels: 1
// CHECK-NEXT: k0: reduce schedule
// OK: result0: tensor<2x1x1x1xi64> max_abs_err=0.000e+00
// OK: verify: ok
#in = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#sc = affine_map<(d0, d1, d2, d3) -> ()>
func.func @masked_group_norm(%ids: tensor<2x33xi64>, %x: tensor<2x1x64x33xf32>) -> (tensor<2x1x1x1xi64>, tensor<2x1x64x33xf32>) {
  %z64 = arith.constant 0 : i64
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %zt = arith.constant dense<0.000000e+00> : tensor<f32>
  %em = tensor.empty() : tensor<2x1x64x33xi1>
  %mask = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%ids : tensor<2x33xi64>) outs(%em : tensor<2x1x64x33xi1>) {
  ^bb0(%a: i64, %o: i1):
    %b = arith.cmpi ne, %a, %z64 : i64
    linalg.yield %b : i1
  } -> tensor<2x1x64x33xi1>
  %ec = tensor.empty() : tensor<2x1x1x1xi64>
  %fc = linalg.fill ins(%z64 : i64) outs(%ec : tensor<2x1x1x1xi64>) -> tensor<2x1x1x1xi64>
  %count = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
           ins(%mask : tensor<2x1x64x33xi1>) outs(%fc : tensor<2x1x1x1xi64>) {
  ^bb0(%b: i1, %o: i64):
    %w = arith.extui %b : i1 to i64
    %s = arith.addi %w, %o : i64
    linalg.yield %s : i64
  } -> tensor<2x1x1x1xi64>
  %es = tensor.empty() : tensor<2x1x1x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x1x1x1xf32>) -> tensor<2x1x1x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #sc, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
         ins(%mask, %x, %zt : tensor<2x1x64x33xi1>, tensor<2x1x64x33xf32>, tensor<f32>) outs(%fs : tensor<2x1x1x1xf32>) {
  ^bb0(%b: i1, %a: f32, %z: f32, %o: f32):
    %v = arith.select %b, %a, %z : f32
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x1x1x1xf32>
  %ex = tensor.empty() : tensor<2x1x64x33xf32>
  %dev:2 = linalg.generic {indexing_maps = [#id, #id, #red, #red, #sc, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%mask, %x, %sum, %count, %zt : tensor<2x1x64x33xi1>, tensor<2x1x64x33xf32>, tensor<2x1x1x1xf32>, tensor<2x1x1x1xi64>, tensor<f32>) outs(%ex, %ex : tensor<2x1x64x33xf32>, tensor<2x1x64x33xf32>) {
  ^bb0(%b: i1, %a: f32, %s: f32, %c: i64, %z: f32, %o: f32, %o2: f32):
    %cf = arith.sitofp %c : i64 to f32
    %m = arith.divf %s, %cf : f32
    %d = arith.subf %a, %m : f32
    %sq = arith.mulf %d, %d : f32
    %v = arith.select %b, %sq, %z : f32
    linalg.yield %v, %d : f32, f32
  } -> (tensor<2x1x64x33xf32>, tensor<2x1x64x33xf32>)
  %fv = linalg.fill ins(%zero : f32) outs(%es : tensor<2x1x1x1xf32>) -> tensor<2x1x1x1xf32>
  %var = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
         ins(%dev#0 : tensor<2x1x64x33xf32>) outs(%fv : tensor<2x1x1x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x1x1x1xf32>
  %y = linalg.generic {indexing_maps = [#id, #red, #red, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%dev#1, %var, %count : tensor<2x1x64x33xf32>, tensor<2x1x1x1xf32>, tensor<2x1x1x1xi64>) outs(%ex : tensor<2x1x64x33xf32>) {
  ^bb0(%d: f32, %v: f32, %c: i64, %o: f32):
    %cf = arith.sitofp %c : i64 to f32
    %m = arith.divf %v, %cf : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    %n = arith.mulf %d, %r : f32
    linalg.yield %n : f32
  } -> tensor<2x1x64x33xf32>
  return %count, %y : tensor<2x1x1x1xi64>, tensor<2x1x64x33xf32>
}
