// Reductions whose lowering raced between a block's threads, which the CPU
// check (threads run one after another) did not see; `race_check.py` now
// refuses such a kernel at compile time, and these build race-free.
//
// layer_norm: the mean's and the variance's per-thread partials were one
// buffer (the tiling cleanup's CSE merged their identical fills), so
// bufferization copied it for the first reduction with a loop every thread
// ran over the whole buffer while others accumulated into their slots. Each
// partials fill is now marked apart (`ScriptBuilder.keep_apart`): no loop.
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/layer_norm.mlir --emit-gpu %t/layer_norm.gpu.mlir | %FileCheck %s --check-prefix=LN
// RUN: %FileCheck %s --check-prefix=LNGPU < %t/layer_norm.gpu.mlir
// RUN: %mlirfuse verify %t/layer_norm.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// LN: kernels: 1
// LN-NEXT: k0: row schedule
// LNGPU: gpu.func @layer_norm_k0
// LNGPU-NOT: scf.for
// LNGPU: gpu.return
//
// masked_group_norm: a dynamic batch, and a mask count the kernel keeps and
// reads twice (PE-Audio's, `kept-reduction-read-twice.mlir` has it static).
// The reduce schedule needed static extents, and the fallback accumulated
// the kept count with every thread into its output (wrong values on the CPU
// too: counts ~1e14). The reduce schedule now takes a dynamic loop that is
// one index per block, and the count is copied for dynamic shapes too.
// RUN: %python -c "import numpy as n; r = n.random.default_rng(0); n.savez('%t.gn.npz', arg0=r.integers(0, 3, (3, 33)).astype(n.int64), arg1=r.standard_normal((3, 1, 64, 33)).astype(n.float32))"
// RUN: %mlirfuse compile %t/masked_group_norm.mlir | %FileCheck %s --check-prefix=GN
// RUN: %mlirfuse verify %t/masked_group_norm.mlir --schedule gpu --inputs %t.gn.npz | %FileCheck %s --check-prefix=GNOK
// GN: kernels: 1
// GN-NEXT: k0: reduce schedule
// GNOK: result0: tensor<?x1x1x1xi64> max_abs_err=0.000e+00
// GNOK: verify: ok
//
// kept_sum: a row sum over a dynamic row length, also returned. Only the
// fallback schedule reduces a dynamic loop; fused with its epilogue it
// accumulated the kept sum with every thread into one address. The plan
// keeps it apart (`gpu-kept-dynamic-reduction`); alone, one thread per row.
// RUN: %mlirfuse explain %t/kept_sum.mlir --backend gpu --group 7,9 | %FileCheck %s --check-prefix=REFUSED
// RUN: %mlirfuse compile %t/kept_sum.mlir | %FileCheck %s --check-prefix=SUM
// REFUSED: group kept_sum:7,kept_sum:9: refused [gpu-kept-dynamic-reduction]: 'linalg.generic' reduces a dynamic loop and is read after the kernel
// SUM-NOT: error
// SUM: kernels: 2
// OK: verify: ok

//--- layer_norm.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @layer_norm(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %er = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x256xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  %e = tensor.empty() : tensor<16x256xf32>
  %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : tensor<16x256xf32>, tensor<16xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    %c = arith.subf %v, %m : f32
    linalg.yield %c : f32
  } -> tensor<16x256xf32>
  %var = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<16x256xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %q = arith.mulf %v, %v : f32
    %a = arith.addf %q, %acc : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%d, %var : tensor<16x256xf32>, tensor<16xf32>) outs(%e : tensor<16x256xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    %o2 = arith.mulf %v, %r : f32
    linalg.yield %o2 : f32
  } -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}
//--- masked_group_norm.mlir
#in = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#sc = affine_map<(d0, d1, d2, d3) -> ()>
func.func @masked_group_norm(%ids: tensor<?x33xi64>, %x: tensor<?x1x64x33xf32>) -> (tensor<?x1x1x1xi64>, tensor<?x1x64x33xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1x64x33xf32>
  %z64 = arith.constant 0 : i64
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %zt = arith.constant dense<0.000000e+00> : tensor<f32>
  %em = tensor.empty(%n) : tensor<?x1x64x33xi1>
  %mask = linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%ids : tensor<?x33xi64>) outs(%em : tensor<?x1x64x33xi1>) {
  ^bb0(%a: i64, %o: i1):
    %b = arith.cmpi ne, %a, %z64 : i64
    linalg.yield %b : i1
  } -> tensor<?x1x64x33xi1>
  %ec = tensor.empty(%n) : tensor<?x1x1x1xi64>
  %fc = linalg.fill ins(%z64 : i64) outs(%ec : tensor<?x1x1x1xi64>) -> tensor<?x1x1x1xi64>
  %count = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
           ins(%mask : tensor<?x1x64x33xi1>) outs(%fc : tensor<?x1x1x1xi64>) {
  ^bb0(%b: i1, %o: i64):
    %w = arith.extui %b : i1 to i64
    %s = arith.addi %w, %o : i64
    linalg.yield %s : i64
  } -> tensor<?x1x1x1xi64>
  %es = tensor.empty(%n) : tensor<?x1x1x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<?x1x1x1xf32>) -> tensor<?x1x1x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #sc, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
         ins(%mask, %x, %zt : tensor<?x1x64x33xi1>, tensor<?x1x64x33xf32>, tensor<f32>) outs(%fs : tensor<?x1x1x1xf32>) {
  ^bb0(%b: i1, %a: f32, %z: f32, %o: f32):
    %v = arith.select %b, %a, %z : f32
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  } -> tensor<?x1x1x1xf32>
  %ex = tensor.empty(%n) : tensor<?x1x64x33xf32>
  %dev:2 = linalg.generic {indexing_maps = [#id, #id, #red, #red, #sc, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%mask, %x, %sum, %count, %zt : tensor<?x1x64x33xi1>, tensor<?x1x64x33xf32>, tensor<?x1x1x1xf32>, tensor<?x1x1x1xi64>, tensor<f32>) outs(%ex, %ex : tensor<?x1x64x33xf32>, tensor<?x1x64x33xf32>) {
  ^bb0(%b: i1, %a: f32, %s: f32, %c: i64, %z: f32, %o: f32, %o2: f32):
    %cf = arith.sitofp %c : i64 to f32
    %m = arith.divf %s, %cf : f32
    %d = arith.subf %a, %m : f32
    %sq = arith.mulf %d, %d : f32
    %v = arith.select %b, %sq, %z : f32
    linalg.yield %v, %d : f32, f32
  } -> (tensor<?x1x64x33xf32>, tensor<?x1x64x33xf32>)
  %fv = linalg.fill ins(%zero : f32) outs(%es : tensor<?x1x1x1xf32>) -> tensor<?x1x1x1xf32>
  %var = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
         ins(%dev#0 : tensor<?x1x64x33xf32>) outs(%fv : tensor<?x1x1x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<?x1x1x1xf32>
  %y = linalg.generic {indexing_maps = [#id, #red, #red, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%dev#1, %var, %count : tensor<?x1x64x33xf32>, tensor<?x1x1x1xf32>, tensor<?x1x1x1xi64>) outs(%ex : tensor<?x1x64x33xf32>) {
  ^bb0(%d: f32, %v: f32, %c: i64, %o: f32):
    %cf = arith.sitofp %c : i64 to f32
    %m = arith.divf %v, %cf : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    %nn = arith.mulf %d, %r : f32
    linalg.yield %nn : f32
  } -> tensor<?x1x64x33xf32>
  return %count, %y : tensor<?x1x1x1xi64>, tensor<?x1x64x33xf32>
}
//--- kept_sum.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @kept_sum(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %es = tensor.empty(%n) : tensor<?xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
         ins(%x : tensor<?x?xf32>) outs(%fs : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %ex = tensor.empty(%n, %m) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #red, #id], iterator_types = ["parallel", "parallel"]}
       ins(%x, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%ex : tensor<?x?xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %d = arith.divf %a, %s : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %sum, %y : tensor<?xf32>, tensor<?x?xf32>
}
