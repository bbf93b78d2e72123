// The attention kernel over a dynamic sequence length (docs/attention.md, "A
// dynamic sequence length"): query rows and keys may be dynamic, the depths
// stay static. The CPU form's key loop runs to the key count, an index
// argument of the kernel, by blocks of 16 whose last is partial
// (min(16, N - n0) keys: nothing past the count is read); the GPU kernel
// reads N from K and counts its rows at run time, in blocks of 128 rows
// whose last is short (its threads past the rows store the last row
// again). @causal is GPT-2's block as torch-mlir exports it with a dynamic
// S (trimmed to 2 heads of 4): the heads' transposes, identity copies of a unit batch (`expand` of a dynamic shape),
// a causal mask built from an arange (an index-only generator, merged into
// the score op that adds it before the chain is matched: the kernel computes
// it per key block from the row and the block's key offset, so no S x S mask
// is written, nor a kernel launched for it), the row max with its argmax. @cross has
// distinct dynamic row and key counts and a padding mask over the keys.
// Checked on the CPU against the unfused function, fused and under the GPU
// schedule, at S = 37 (two full key blocks and one of 5) and S = 5 (one
// partial block); @cross at 3 rows x 37 keys and 20 x 5.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/causal{s}.npz', arg0=f(1,s,2,4), arg1=f(1,s,2,4), arg2=f(1,s,2,4)) for s in (37, 5)]; [n.savez(f'%t/cross{m}.npz', arg0=f(2,m,8), arg1=f(2,8,k), arg2=f(2,k,8), arg3=n.where(r.random((2,1,k)) < 0.2, -1e4, 0).astype(n.float32)) for m, k in ((3, 37), (20, 5))]"
//
// RUN: %mlirfuse-opt %t/causal.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse compile %t/causal.mlir -o %t/causal.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: %mlirfuse verify %t/causal.mlir --func causal --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/causal37.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/causal.mlir --func causal --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/causal5.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/causal.mlir --func causal --schedule gpu --inputs %t/causal37.npz | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/causal.mlir --func causal --schedule gpu --inputs %t/causal5.npz | %FileCheck %s --check-prefix=ONE
// FUSED-LABEL: func.func @causal
// FUSED-NOT: linalg.batch_matmul
// FUSED: %[[S:.*]] = tensor.dim %arg0, %c1
// FUSED: "fusion.group"
// FUSED: tensor.empty(%[[S]]) : tensor<1x2x?xf32>
// FUSED: scf.for %[[N0:.*]] = %c0 to %[[S]] step %c16
// FUSED: %[[LEFT:.*]] = arith.subi %[[S]], %[[N0]] : index
// FUSED: %[[BS:.*]] = arith.minui %[[LEFT]], %c16 : index
// FUSED: tensor.extract_slice %{{.*}}[0, %[[N0]], 0, 0] [1, %[[BS]], 2, 4] [1, 1, 1, 1] : tensor<1x?x2x4xf32> to tensor<1x?x2x4xf32>
// FUSED: %[[ROW:.*]] = linalg.index 2 : index
// FUSED: %[[KEY:.*]] = linalg.index 3 : index
// FUSED: %[[AT:.*]] = arith.addi %[[KEY]], %[[N0]] : index
// FUSED: arith.cmpi sgt
// FUSED: fusion.pattern = "attention"
// FUSED-SAME: () -> tensor<1x?x2x4xf32>
// FUSED-NOT: linalg.transpose
// FUSED: return
// KERNEL: kernels: 1
// KERNEL: attention schedule, block (128, 1, 1)
// ONE: kernels: {{[0-9]+}} before, 1 after
// ONE: verify: ok
// OK: verify: ok
//
// RUN: %mlirfuse explain %t/cross.mlir | %FileCheck %s --check-prefix=CROSS
// RUN: %mlirfuse-opt %t/cross.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=CROSSFUSED
// RUN: %mlirfuse compile %t/cross.mlir -o %t/cross.ptx | %FileCheck %s --check-prefix=CROSSKERNEL
// RUN: %FileCheck %s --check-prefix=CROSSGRID < %t/cross.json
// RUN: %mlirfuse verify %t/cross.mlir --func cross --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/cross3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/cross.mlir --func cross --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/cross20.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/cross.mlir --func cross --schedule gpu --inputs %t/cross3.npz | %FileCheck %s --check-prefix=CROSSONE
// RUN: %mlirfuse verify %t/cross.mlir --func cross --schedule gpu --inputs %t/cross20.npz | %FileCheck %s --check-prefix=CROSSONE
// CROSS: attention cross:{{[0-9]+}}: ok [ok]: attention over 2x?x? scores
// CROSSFUSED-LABEL: func.func @cross
// CROSSFUSED-DAG: %[[M:.*]] = tensor.dim %arg0, %c1
// CROSSFUSED-DAG: %[[N:.*]] = tensor.dim %arg1, %c2
// CROSSFUSED: "fusion.group"
// CROSSFUSED: scf.for %[[N0:.*]] = %c0 to %[[N]] step %c16
// CROSSFUSED: tensor.extract_slice %arg3[0, 0, %[[N0]]] [2, 1, %{{.*}}] [1, 1, 1] : tensor<2x1x?xf32> to tensor<2x1x?xf32>
// CROSSFUSED: fusion.pattern = "attention"
// CROSSKERNEL: kernels: 1
// CROSSKERNEL-NEXT: k0: attention schedule, block (128, 1, 1)
// The grid: ceil(2 M / 128) blocks of 128 rows, the last one short.
// CROSSGRID: "grid": [
// CROSSGRID-NEXT: {
// CROSSGRID-NEXT: "ceildiv": [
// CROSSGRID-NEXT: {
// CROSSGRID-NEXT: "mul": [
// CROSSGRID-NEXT: {
// CROSSGRID-NEXT: "arg": 0,
// CROSSGRID-NEXT: "dim": 1
// CROSSGRID-NEXT: },
// CROSSGRID-NEXT: 2
// CROSSGRID-NEXT: ]
// CROSSGRID-NEXT: },
// CROSSGRID-NEXT: 128
// CROSSONE: kernels: 7 before, 1 after
// CROSSONE: verify: ok

//--- causal.mlir
#a1 = affine_map<(d0) -> (d0)>
#row2 = affine_map<(d0, d1) -> (0, d1)>
#col2 = affine_map<(d0, d1) -> (d0, 0)>
#m2 = affine_map<(d0, d1) -> (d0, d1)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#r3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#r4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @causal(%q: tensor<1x?x2x4xf32>, %k: tensor<1x?x2x4xf32>, %v: tensor<1x?x2x4xf32>) -> tensor<1x?x2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %c0_i64 = arith.constant 0 : i64
  %s = tensor.dim %q, %c1 : tensor<1x?x2x4xf32>
  %ei = tensor.empty(%s) : tensor<?xi64>
  %ar = linalg.generic {indexing_maps = [#a1], iterator_types = ["parallel"]} outs(%ei : tensor<?xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<?xi64>
  %arr = tensor.expand_shape %ar [[0, 1]] output_shape [1, %s] : tensor<?xi64> into tensor<1x?xi64>
  %arc = tensor.expand_shape %ar [[0, 1]] output_shape [%s, 1] : tensor<?xi64> into tensor<?x1xi64>
  %eb = tensor.empty(%s, %s) : tensor<?x?xi1>
  %above = linalg.generic {indexing_maps = [#row2, #col2, #m2], iterator_types = ["parallel", "parallel"]} ins(%arr, %arc : tensor<1x?xi64>, tensor<?x1xi64>) outs(%eb : tensor<?x?xi1>) {
  ^bb0(%a: i64, %b: i64, %o: i1):
    %gt = arith.cmpi sgt, %a, %b : i64
    linalg.yield %gt : i1
  } -> tensor<?x?xi1>
  %ef = tensor.empty(%s, %s) : tensor<?x?xf32>
  %m = linalg.generic {indexing_maps = [#m2, #m2], iterator_types = ["parallel", "parallel"]} ins(%above : tensor<?x?xi1>) outs(%ef : tensor<?x?xf32>) {
  ^bb0(%a: i1, %o: f32):
    %y = arith.select %a, %ninf, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %mask4 = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [1, 1, %s, %s] : tensor<?x?xf32> into tensor<1x1x?x?xf32>
  // The heads' transposes, then torch-mlir's `expand` of a dynamic shape: a
  // copy reading the unit batch at 0 and a dim of size 1 at 0 (never here).
  %eq = tensor.empty(%s) : tensor<1x2x?x4xf32>
  %qt = linalg.transpose ins(%q : tensor<1x?x2x4xf32>) outs(%eq : tensor<1x2x?x4xf32>) permutation = [0, 2, 1, 3]
  %qc = linalg.generic {indexing_maps = [#m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%eq : tensor<1x2x?x4xf32>) {
  ^bb0(%o: f32):
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %one = arith.cmpi eq, %s, %c1 : index
    %i2s = arith.select %one, %c0, %i2 : index
    %x = tensor.extract %qt[%c0, %i1, %i2s, %i3] : tensor<1x2x?x4xf32>
    linalg.yield %x : f32
  } -> tensor<1x2x?x4xf32>
  %q3 = tensor.collapse_shape %qc [[0, 1], [2], [3]] : tensor<1x2x?x4xf32> into tensor<2x?x4xf32>
  %ek = tensor.empty(%s) : tensor<1x2x4x?xf32>
  %kt = linalg.transpose ins(%k : tensor<1x?x2x4xf32>) outs(%ek : tensor<1x2x4x?xf32>) permutation = [0, 2, 3, 1]
  %k3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x2x4x?xf32> into tensor<2x4x?xf32>
  %ev = tensor.empty(%s) : tensor<1x2x?x4xf32>
  %vt = linalg.transpose ins(%v : tensor<1x?x2x4xf32>) outs(%ev : tensor<1x2x?x4xf32>) permutation = [0, 2, 1, 3]
  %v3 = tensor.collapse_shape %vt [[0, 1], [2], [3]] : tensor<1x2x?x4xf32> into tensor<2x?x4xf32>
  %es3 = tensor.empty(%s, %s) : tensor<2x?x?xf32>
  %fs3 = linalg.fill ins(%zero : f32) outs(%es3 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  %s3 = linalg.batch_matmul ins(%q3, %k3 : tensor<2x?x4xf32>, tensor<2x4x?xf32>) outs(%fs3 : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  %sc = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [1, 2, %s, %s] : tensor<2x?x?xf32> into tensor<1x2x?x?xf32>
  %e4 = tensor.empty(%s, %s) : tensor<1x2x?x?xf32>
  %x1 = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc : tensor<1x2x?x?xf32>) outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.mulf %a, %scale : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x1, %mask4 : tensor<1x2x?x?xf32>, tensor<1x1x?x?xf32>) outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %eai = tensor.empty(%s) : tensor<1x2x?xi64>
  %ai = linalg.fill ins(%c0_i64 : i64) outs(%eai : tensor<1x2x?xi64>) -> tensor<1x2x?xi64>
  %emx = tensor.empty(%s) : tensor<1x2x?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%emx : tensor<1x2x?xf32>) -> tensor<1x2x?xf32>
  %mx:2 = linalg.generic {indexing_maps = [#m4, #r3, #r3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<1x2x?x?xf32>) outs(%mi, %ai : tensor<1x2x?xf32>, tensor<1x2x?xi64>) {
  ^bb0(%a: f32, %o: f32, %oi: i64):
    %i = linalg.index 3 : index
    %ii = arith.index_cast %i : index to i64
    %y = arith.maximumf %a, %o : f32
    %gt = arith.cmpf ogt, %a, %o : f32
    %yi = arith.select %gt, %ii, %oi : i64
    linalg.yield %y, %yi : f32, i64
  } -> (tensor<1x2x?xf32>, tensor<1x2x?xi64>)
  %mx4 = tensor.expand_shape %mx#0 [[0], [1], [2, 3]] output_shape [1, 2, %s, 1] : tensor<1x2x?xf32> into tensor<1x2x?x1xf32>
  %d = linalg.generic {indexing_maps = [#m4, #r4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %mx4 : tensor<1x2x?x?xf32>, tensor<1x2x?x1xf32>) outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.subf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d : tensor<1x2x?x?xf32>) outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %esum = tensor.empty(%s) : tensor<1x2x?x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%esum : tensor<1x2x?x1xf32>) -> tensor<1x2x?x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #r4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x2x?x?xf32>) outs(%si : tensor<1x2x?x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x1xf32>
  %p = linalg.generic {indexing_maps = [#m4, #r4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<1x2x?x?xf32>, tensor<1x2x?x1xf32>) outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %pc = linalg.generic {indexing_maps = [#m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e4 : tensor<1x2x?x?xf32>) {
  ^bb0(%o: f32):
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %one = arith.cmpi eq, %s, %c1 : index
    %i2s = arith.select %one, %c0, %i2 : index
    %i3s = arith.select %one, %c0, %i3 : index
    %y = tensor.extract %p[%c0, %i1, %i2s, %i3s] : tensor<1x2x?x?xf32>
    linalg.yield %y : f32
  } -> tensor<1x2x?x?xf32>
  %p3 = tensor.collapse_shape %pc [[0, 1], [2], [3]] : tensor<1x2x?x?xf32> into tensor<2x?x?xf32>
  %eo = tensor.empty(%s) : tensor<2x?x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v3 : tensor<2x?x?xf32>, tensor<2x?x4xf32>) outs(%fo : tensor<2x?x4xf32>) -> tensor<2x?x4xf32>
  %oh = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 2, %s, 4] : tensor<2x?x4xf32> into tensor<1x2x?x4xf32>
  %et = tensor.empty(%s) : tensor<1x?x2x4xf32>
  %t = linalg.transpose ins(%oh : tensor<1x2x?x4xf32>) outs(%et : tensor<1x?x2x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<1x?x2x4xf32>
}

//--- cross.mlir
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#pad = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @cross(%q: tensor<2x?x8xf32>, %kt: tensor<2x8x?xf32>, %v: tensor<2x?x8xf32>, %pad: tensor<2x1x?xf32>) -> tensor<2x?x8xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.35355339 : f32
  %m = tensor.dim %q, %c1 : tensor<2x?x8xf32>
  %n = tensor.dim %kt, %c2 : tensor<2x8x?xf32>
  %es = tensor.empty(%m, %n) : tensor<2x?x?xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x?x8xf32>, tensor<2x8x?xf32>) outs(%fs : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  %x = linalg.generic {indexing_maps = [#m3, #pad, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%s, %pad : tensor<2x?x?xf32>, tensor<2x1x?xf32>) outs(%es : tensor<2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y0 = arith.mulf %a, %scale : f32
    %y = arith.addf %y0, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x?x?xf32>
  %er = tensor.empty(%m) : tensor<2x?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x?xf32>) -> tensor<2x?xf32>
  %mx = linalg.generic {indexing_maps = [#m3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x?x?xf32>) outs(%mi : tensor<2x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x?xf32>
  %ex = linalg.generic {indexing_maps = [#m3, #row3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<2x?x?xf32>, tensor<2x?xf32>) outs(%es : tensor<2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x?x?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<2x?xf32>) -> tensor<2x?xf32>
  %sum = linalg.generic {indexing_maps = [#m3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%ex : tensor<2x?x?xf32>) outs(%si : tensor<2x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x?xf32>
  %p = linalg.generic {indexing_maps = [#m3, #row3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<2x?x?xf32>, tensor<2x?xf32>) outs(%es : tensor<2x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x?x?xf32>
  %eo = tensor.empty(%m) : tensor<2x?x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x?x?xf32>, tensor<2x?x8xf32>) outs(%fo : tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
  return %o : tensor<2x?x8xf32>
}
