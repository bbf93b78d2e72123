// The attention kernel over a dynamic batch (docs/attention.md,
// docs/dynamic-shapes.md): only batch dims (heads included) may be dynamic;
// query rows, keys and depths stay static, so the key loop and one thread
// per query row are sized at compile time and the grid counts the rows at
// run time (one block per 16 rows here: the rows of one batch element, so a
// batch of 1 fills a block). @heads splits the heads of a dynamic B*H batch
// (the heads' expand_shape gives the kernel B), masks with a B x 1 x 1 x N
// additive mask and writes the [b, m, h, dv] layout itself; @flat is a
// causal chain on a plain dynamic batch (B read with tensor.dim of Q).
// Checked on the CPU against the unfused function at two batch sizes, as
// fused and under the GPU schedule.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/heads{b}.npz', arg0=f(2*b,8,4), arg1=f(2*b,4,48), arg2=f(2*b,48,4), arg3=f(b,1,1,48)) for b in (1, 3)]; [n.savez(f'%t/flat{b}.npz', arg0=f(b,16,8), arg1=f(b,8,16), arg2=f(b,16,8)) for b in (1, 3)]"
//
// RUN: %mlirfuse explain %t/heads.mlir | %FileCheck %s --check-prefix=EXPLAIN
// Without the kernel (greedy forms none) the head split is planned as it is:
// B*H and B are two sizes nothing relates, so the batch matmuls keep their
// collapsed batch (the expansion is refused before anything is built; it
// asserted once it had started).
// RUN: %mlirfuse plan --search greedy %t/heads.mlir | %FileCheck %s --check-prefix=GREEDY
// GREEDY: @heads: 3 kernels
// RUN: %mlirfuse-opt %t/heads.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=FUSED
// RUN: %mlirfuse compile %t/heads.mlir --attention on -o %t/heads.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: %FileCheck %s --check-prefix=HEADSGRID < %t/heads.json
// RUN: %mlirfuse verify %t/heads.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/heads1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/heads.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/heads3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/heads.mlir --schedule gpu --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/heads1.npz | %FileCheck %s --check-prefix=ONE
// RUN: %mlirfuse verify %t/heads.mlir --schedule gpu --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/heads3.npz | %FileCheck %s --check-prefix=ONE
// EXPLAIN: attention heads:7: ok [ok]: attention over ?x2x8x48 scores
// FUSED-LABEL: func.func @heads
// FUSED-NOT: linalg.batch_matmul
// FUSED: %[[B:.*]] = tensor.dim %arg3, %c0
// FUSED: "fusion.group"
// FUSED: tensor.expand_shape %arg0 {{\[\[}}0, 1], [2], [3]] output_shape [%[[B]], 2, 8, 4]
// FUSED: tensor.empty(%[[B]]) : tensor<?x2x8xf32>
// FUSED: scf.for
// FUSED: tensor.extract_slice %arg3[0, 0, 0, %{{.*}}] [%[[B]], 1, 1, 16] [1, 1, 1, 1] : tensor<?x1x1x48xf32> to tensor<?x1x1x16xf32>
// FUSED: fusion.pattern = "attention"
// FUSED-SAME: () -> tensor<?x8x2x4xf32>
// FUSED-NOT: linalg.transpose
// FUSED: return
// KERNEL: kernels: 1
// KERNEL-NEXT: k0: attention schedule, block (16, 1, 1)
// HEADSGRID: "grid": [
// HEADSGRID-NEXT: {
// HEADSGRID-NEXT: "arg": 3,
// HEADSGRID-NEXT: "dim": 0
// ONE: kernels: 8 before, 1 after
// ONE: verify: ok
// OK: verify: ok
//
// RUN: %mlirfuse explain %t/flat.mlir | %FileCheck %s --check-prefix=FLAT
// RUN: %mlirfuse-opt %t/flat.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=FLATFUSED
// RUN: %mlirfuse compile %t/flat.mlir --attention on -o %t/flat.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: %FileCheck %s --check-prefix=FLATGRID < %t/flat.json
// RUN: %mlirfuse verify %t/flat.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/flat1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/flat.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/flat3.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/flat.mlir --schedule gpu --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/flat1.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/flat.mlir --schedule gpu --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' --inputs %t/flat3.npz | %FileCheck %s --check-prefix=OK
// FLAT: attention flat:7: ok [ok]: attention over ?x16x16 scores
// FLATFUSED-LABEL: func.func @flat
// FLATFUSED: %[[N:.*]] = tensor.dim %arg0, %c0
// FLATFUSED: "fusion.group"
// FLATFUSED: tensor.empty(%[[N]]) : tensor<?x16xf32>
// FLATFUSED: fusion.pattern = "attention"
// FLATFUSED-NOT: linalg.batch_matmul
// FLATGRID: "grid": [
// FLATGRID-NEXT: {
// FLATGRID-NEXT: "arg": 0,
// FLATGRID-NEXT: "dim": 0

//--- heads.mlir
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
func.func @heads(%q: tensor<?x8x4xf32>, %kt: tensor<?x4x48xf32>, %v: tensor<?x48x4xf32>,
                 %mask: tensor<?x1x1x48xf32>) -> tensor<?x8x2x4xf32> {
  %c0 = arith.constant 0 : index
  %batch = tensor.dim %mask, %c0 : tensor<?x1x1x48xf32>
  %bh = tensor.dim %q, %c0 : tensor<?x8x4xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e3 = tensor.empty(%bh) : tensor<?x8x48xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x8x48xf32>) -> tensor<?x8x48xf32>
  %s3 = linalg.batch_matmul ins(%q, %kt : tensor<?x8x4xf32>, tensor<?x4x48xf32>)
        outs(%f3 : tensor<?x8x48xf32>) -> tensor<?x8x48xf32>
  %s = tensor.expand_shape %s3 [[0, 1], [2], [3]] output_shape [%batch, 2, 8, 48]
       : tensor<?x8x48xf32> into tensor<?x2x8x48xf32>
  %e = tensor.empty(%batch) : tensor<?x2x8x48xf32>
  %x = linalg.generic {indexing_maps = [#m4, #mask, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%s, %mask : tensor<?x2x8x48xf32>, tensor<?x1x1x48xf32>) outs(%e : tensor<?x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<?x2x8x48xf32>
  %er = tensor.empty(%batch) : tensor<?x2x8x1xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<?x2x8x1xf32>) -> tensor<?x2x8x1xf32>
  %mx = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x : tensor<?x2x8x48xf32>) outs(%mi : tensor<?x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<?x2x8x1xf32>
  %ex = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<?x2x8x48xf32>, tensor<?x2x8x1xf32>) outs(%e : tensor<?x2x8x48xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<?x2x8x48xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<?x2x8x1xf32>) -> tensor<?x2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#m4, #row], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
         ins(%ex : tensor<?x2x8x48xf32>) outs(%si : tensor<?x2x8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<?x2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#m4, #row, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<?x2x8x48xf32>, tensor<?x2x8x1xf32>) outs(%e : tensor<?x2x8x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<?x2x8x48xf32>
  %p3 = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<?x2x8x48xf32> into tensor<?x8x48xf32>
  %eo = tensor.empty(%bh) : tensor<?x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<?x8x4xf32>) -> tensor<?x8x4xf32>
  %o = linalg.batch_matmul ins(%p3, %v : tensor<?x8x48xf32>, tensor<?x48x4xf32>)
       outs(%fo : tensor<?x8x4xf32>) -> tensor<?x8x4xf32>
  %oh = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [%batch, 2, 8, 4]
        : tensor<?x8x4xf32> into tensor<?x2x8x4xf32>
  %et = tensor.empty(%batch) : tensor<?x8x2x4xf32>
  %t = linalg.transpose ins(%oh : tensor<?x2x8x4xf32>) outs(%et : tensor<?x8x2x4xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<?x8x2x4xf32>
}

//--- flat.mlir
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @flat(%q: tensor<?x16x8xf32>, %kt: tensor<?x8x16xf32>, %v: tensor<?x16x8xf32>) -> tensor<?x16x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.35355339 : f32
  %n = tensor.dim %q, %c0 : tensor<?x16x8xf32>
  %es = tensor.empty(%n) : tensor<?x16x16xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<?x16x16xf32>) -> tensor<?x16x16xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<?x16x8xf32>, tensor<?x8x16xf32>) outs(%fs : tensor<?x16x16xf32>) -> tensor<?x16x16xf32>
  %x = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%s : tensor<?x16x16xf32>) outs(%es : tensor<?x16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %later = arith.cmpi ugt, %j, %i : index
    %y = arith.mulf %a, %scale : f32
    %z = arith.select %later, %ninf, %y : f32
    linalg.yield %z : f32
  } -> tensor<?x16x16xf32>
  %er = tensor.empty(%n) : tensor<?x16xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<?x16xf32>) -> tensor<?x16xf32>
  %mx = linalg.generic {indexing_maps = [#m3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<?x16x16xf32>) outs(%mi : tensor<?x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.maximumf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<?x16xf32>
  %ex = linalg.generic {indexing_maps = [#m3, #row3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %mx : tensor<?x16x16xf32>, tensor<?x16xf32>) outs(%es : tensor<?x16x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<?x16x16xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<?x16xf32>) -> tensor<?x16xf32>
  %sum = linalg.generic {indexing_maps = [#m3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%ex : tensor<?x16x16xf32>) outs(%si : tensor<?x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %o : f32
    linalg.yield %y : f32
  } -> tensor<?x16xf32>
  %p = linalg.generic {indexing_maps = [#m3, #row3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ex, %sum : tensor<?x16x16xf32>, tensor<?x16xf32>) outs(%es : tensor<?x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.divf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<?x16x16xf32>
  %eo = tensor.empty(%n) : tensor<?x16x8xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<?x16x8xf32>) -> tensor<?x16x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<?x16x16xf32>, tensor<?x16x8xf32>) outs(%fo : tensor<?x16x8xf32>) -> tensor<?x16x8xf32>
  return %o : tensor<?x16x8xf32>
}
