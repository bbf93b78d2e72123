// The back end's remaining refusal codes, each shown by `explain` once its
// predicate is registered (`--backend gpu`, as `mlirfuse compile` plans) and
// avoided by the plan and the compile (see lowerability-codes.mlir for the
// others).
// RUN: rm -rf %t && split-file %s %t
// gpu-attention-registers: D = Dv = 96, so Q's row and the accumulators do
// not fit the one-thread-per-row attention kernel; the analysis alone takes
// the chain, the back end refuses it and compile builds the unfused chain.
// RUN: %mlirfuse explain %t/wide.mlir | %FileCheck %s --check-prefix=TAKEN
// RUN: %mlirfuse explain %t/wide.mlir --backend gpu | %FileCheck %s --check-prefix=WIDE
// RUN: %mlirfuse-opt %t/wide.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on})' | %FileCheck %s --check-prefix=KERNEL
// RUN: %mlirfuse compile %t/wide.mlir --attention on -o %t/wide.ptx | %FileCheck %s --check-prefix=NOKERNEL
// TAKEN: attention attn:5: ok [ok]: attention over 2x8x32 scores
// WIDE: attention attn:5: refused [gpu-attention-registers]: D + Dv = 192 floats per thread
// KERNEL: fusion.pattern = "attention"
// NOKERNEL: kernels: 3
// NOKERNEL-NOT: attention schedule
// A chain whose scores are static while Q and K have a dynamic depth is no
// attention kernel for the analysis already (the kernel counts depths at
// compile time; batch dims, query rows and keys may be dynamic):
// `not-attention`, and fusion goes on without it.
// RUN: %mlirfuse explain %t/form.mlir | %FileCheck %s --check-prefix=FORM
// RUN: %mlirfuse-opt %t/form.mlir --pass-pipeline='builtin.module(mlirfuse-fuse{attention=on search=auto})' | %FileCheck %s --check-prefix=NOATTN
// RUN: %mlirfuse compile %t/form.mlir --attention on -o %t/form.ptx | %FileCheck %s --check-prefix=NOKERNEL
// FORM: attention attn:5: refused [not-attention]: Q, K or V has a dynamic depth count: only batch dims, query rows and keys may be dynamic
// NOATTN-NOT: fusion.pattern = "attention"
// gpu-dynamic-group: two results of dynamic extents that share no producer
// would need one loop nest each in one kernel, unless their results have one
// type and proven equal dims (then they are tiled alike, one dynamic loop for
// both); a result and its transpose are not.
// RUN: %mlirfuse explain %t/dynamic.mlir --group 4,5 | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse explain %t/dynamic.mlir --group 4,5 --backend gpu | %FileCheck %s --check-prefix=DYNAMIC
// RUN: %mlirfuse plan %t/dynamic.mlir --backend gpu | %FileCheck %s --check-prefix=TWO
// RUN: %mlirfuse compile %t/dynamic.mlir -o %t/dynamic.ptx | %FileCheck %s --check-prefix=COMPILED
// RUN: %mlirfuse explain %t/alike.mlir --group 3,4 --backend gpu | %FileCheck %s --check-prefix=ACCEPT
// RUN: %mlirfuse plan %t/alike.mlir --backend gpu | %FileCheck %s --check-prefix=ONEALIKE
// RUN: %mlirfuse compile %t/alike.mlir -o %t/alike.ptx | %FileCheck %s --check-prefix=COMPILEDONE
// RUN: %python -c "import numpy as n; n.savez('%t/alike.npz', arg0=n.random.default_rng(0).standard_normal((3, 16)).astype(n.float32))"
// RUN: %mlirfuse verify %t/alike.mlir --schedule gpu --inputs %t/alike.npz | %FileCheck %s --check-prefix=VERIFIED
// ACCEPT: group {{.*}}: ok [ok]
// DYNAMIC: group siblings:4,siblings:5: refused [gpu-dynamic-group]
// ONEALIKE: @alike: 1 kernels
// COMPILEDONE: kernels: 1
// VERIFIED: verify: ok
// TWO: @siblings: 2 kernels
// COMPILED: kernels: 2

//--- wide.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rowr = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @attn(%q: tensor<2x8x96xf32>, %kt: tensor<2x96x32xf32>, %v: tensor<2x32x96xf32>) -> tensor<2x8x96xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x8x96xf32>, tensor<2x96x32xf32>) outs(%f : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x32xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %gt = arith.cmpi ugt, %j, %i : index
    %y = arith.mulf %x, %scale : f32
    %z = arith.select %gt, %ninf, %y : f32
    linalg.yield %z : f32
  } -> tensor<2x8x32xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mx = linalg.generic {indexing_maps = [#map, #rowr], iterator_types = ["parallel", "parallel", "reduction"]} ins(%c : tensor<2x8x32xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#map, #rowr, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %mx : tensor<2x8x32xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %e1 = tensor.empty() : tensor<2x8x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x32xf32>) outs(%si : tensor<2x8x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %s1: f32, %o: f32):
    %y = arith.divf %x, %s1 : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %eo = tensor.empty() : tensor<2x8x96xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x8x96xf32>) -> tensor<2x8x96xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x32xf32>, tensor<2x32x96xf32>) outs(%fo : tensor<2x8x96xf32>) -> tensor<2x8x96xf32>
  return %o : tensor<2x8x96xf32>
}
//--- form.mlir
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#rowr = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @attn(%q: tensor<2x8x?xf32>, %kt: tensor<2x?x32xf32>, %v: tensor<2x32x4xf32>) -> tensor<2x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x8x?xf32>, tensor<2x?x32xf32>) outs(%f : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x32xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %gt = arith.cmpi ugt, %j, %i : index
    %y = arith.mulf %x, %scale : f32
    %z = arith.select %gt, %ninf, %y : f32
    linalg.yield %z : f32
  } -> tensor<2x8x32xf32>
  %er = tensor.empty() : tensor<2x8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mx = linalg.generic {indexing_maps = [#map, #rowr], iterator_types = ["parallel", "parallel", "reduction"]} ins(%c : tensor<2x8x32xf32>) outs(%mi : tensor<2x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8xf32>
  %ex = linalg.generic {indexing_maps = [#map, #rowr, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %mx : tensor<2x8x32xf32>, tensor<2x8xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %e1 = tensor.empty() : tensor<2x8x1xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x32xf32>) outs(%si : tensor<2x8x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<2x8x1xf32>
  %p = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<2x8x32xf32>, tensor<2x8x1xf32>) outs(%e : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %s1: f32, %o: f32):
    %y = arith.divf %x, %s1 : f32
    linalg.yield %y : f32
  } -> tensor<2x8x32xf32>
  %eo = tensor.empty() : tensor<2x8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x8x32xf32>, tensor<2x32x4xf32>) outs(%fo : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  return %o : tensor<2x8x4xf32>
}
//--- dynamic.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
func.func @siblings(%a: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<16x?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %et = tensor.empty(%n) : tensor<16x?xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #tr2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x16xf32>) outs(%et : tensor<16x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<16x?xf32>
  return %0, %1 : tensor<?x16xf32>, tensor<16x?xf32>
}

//--- alike.mlir
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @alike(%a: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  return %0, %1 : tensor<?x16xf32>, tensor<?x16xf32>
}
