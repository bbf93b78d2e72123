// The partitioned schedule over dynamic extents (docs/gpu-lowering.md,
// "Refused" and `partition_merge.py`): grouped-query attention's rotary
// scalings of Q (4 heads) and K (2 heads) over a dynamic sequence length S
// share no producer and differ in their static head counts. Each is a part
// of one launch (`opshape.part_key`: (4, ?, 16) and (2, ?, 16)): each part's
// block loop runs over S, and the merged loop over the sum of the parts'
// block counts, computed on the host; the manifest's grid adds the two
// sizes. Verified under the GPU schedule at S = 37, 5 and 1. Before, the
// two were refused one kernel (`gpu-dynamic-group`: "independent results
// with dynamic loop extents") and launched as two. @chains is GPT-J's query
// and key rotations over a dynamic S, grouped: two chains of one shape that
// read different inputs, so their tiled loops read their bounds off two
// `tensor.dim`s of two arguments, which nothing in the kernel proves equal,
// and upstream's sibling fusion refused to merge them ("operations cannot
// be fused": the kernel failed to compile). Tiling now retries such a
// kernel as two parts (`gpu/dynamic_parts.py`): one launch, verified at
// S = 37 and 1. @contractions: two
// independent matmuls of dynamic M and different N stay two kernels, as
// they would when static.
// RUN: split-file %s %t
// RUN: %python -c "import numpy as n; r=n.random.default_rng(0); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/rope{s}.npz', arg0=f(1,4,s,16), arg1=f(1,2,s,16), arg2=f(1,1,s,16)) for s in (37, 5, 1)]"
// RUN: %mlirfuse plan %t/rope.mlir --backend gpu | %FileCheck %s --check-prefix=PLAN
// RUN: %mlirfuse compile %t/rope.mlir -o %t/rope.ptx | %FileCheck %s --check-prefix=KERNEL
// RUN: %FileCheck %s --check-prefix=GRID < %t/rope.json
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope37.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope5.npz | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse verify %t/rope.mlir --schedule gpu --inputs %t/rope1.npz | %FileCheck %s --check-prefix=OK
// RUN: %python -c "import numpy as n; r=n.random.default_rng(1); f=lambda *s: r.standard_normal(s).astype(n.float32); [n.savez(f'%t/chains{s}.npz', arg0=f(1,s,4,8), arg1=f(1,s,4,8), arg2=f(1,s,4,8), arg3=f(1,s,4,8), arg4=f(1,s,1,8)) for s in (37, 1)]"
// RUN: %mlirfuse compile %t/chains.mlir --no-fuse -o %t/chains.ptx | %FileCheck %s --check-prefix=CHAINS
// RUN: %mlirfuse verify %t/chains.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' --inputs %t/chains37.npz | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse verify %t/chains.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' --inputs %t/chains1.npz | %FileCheck %s --check-prefix=VERIFIED
// RUN: %mlirfuse explain %t/contractions.mlir --group 5,8 --backend gpu | %FileCheck %s --check-prefix=WHY
// PLAN-LABEL: @rope: 1 kernels
// PLAN-NEXT: group 0: sibling ops [3,5]
// KERNEL: kernels: 1
// KERNEL-NEXT: k0: partitioned(elementwise+elementwise) schedule
// GRID: "grid": [
// GRID-NEXT: {
// GRID-NEXT: "add": [
// OK: kernels: 2 before, 1 after
// OK: verify: ok
// CHAINS: kernels: 1
// CHAINS-NEXT: k0: partitioned(fallback+fallback) schedule
// VERIFIED: verify: ok
// WHY: refused [gpu-dynamic-group]: independent contractions with dynamic loop extents

//--- rope.mlir
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#heads = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
func.func @rope(%q: tensor<1x4x?x16xf32>, %k: tensor<1x2x?x16xf32>, %t: tensor<1x1x?x16xf32>) -> (tensor<1x4x?x16xf32>, tensor<1x2x?x16xf32>) {
  %c2 = arith.constant 2 : index
  %s = tensor.dim %q, %c2 : tensor<1x4x?x16xf32>
  %eq = tensor.empty(%s) : tensor<1x4x?x16xf32>
  %rq = linalg.generic {indexing_maps = [#id4, #heads, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q, %t : tensor<1x4x?x16xf32>, tensor<1x1x?x16xf32>) outs(%eq : tensor<1x4x?x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x4x?x16xf32>
  %ek = tensor.empty(%s) : tensor<1x2x?x16xf32>
  %rk = linalg.generic {indexing_maps = [#id4, #heads, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k, %t : tensor<1x2x?x16xf32>, tensor<1x1x?x16xf32>) outs(%ek : tensor<1x2x?x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.addf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x2x?x16xf32>
  return %rq, %rk : tensor<1x4x?x16xf32>, tensor<1x2x?x16xf32>
}

//--- chains.mlir
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
func.func @chains(%a: tensor<1x?x4x8xf32>, %b: tensor<1x?x4x8xf32>, %c: tensor<1x?x4x8xf32>, %d: tensor<1x?x4x8xf32>, %t: tensor<1x?x1x8xf32>) -> (tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>) {
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %a, %c1 : tensor<1x?x4x8xf32>
  %0 = tensor.empty(%dim) : tensor<1x?x4x8xf32>
  %r:2 = "fusion.group"() ({
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %t : tensor<1x?x4x8xf32>, tensor<1x?x1x8xf32>) outs(%0 : tensor<1x?x4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.mulf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<1x?x4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b, %3 : tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>) outs(%0 : tensor<1x?x4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.addf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<1x?x4x8xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %t : tensor<1x?x4x8xf32>, tensor<1x?x1x8xf32>) outs(%0 : tensor<1x?x4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.mulf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<1x?x4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d, %6 : tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>) outs(%0 : tensor<1x?x4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.addf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<1x?x4x8xf32>
    "gpu.yield"(%4, %7) : (tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>) -> ()
  }) {fusion.id = 0 : i64, fusion.pattern = "elementwise-chain", resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>)
  return %r#0, %r#1 : tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>
}

//--- contractions.mlir
func.func @contractions(%x: tensor<?x64xf32>, %wq: tensor<64x128xf32>, %wk: tensor<64x32xf32>) -> (tensor<?x128xf32>, tensor<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %eq = tensor.empty(%m) : tensor<?x128xf32>
  %fq = linalg.fill ins(%zero : f32) outs(%eq : tensor<?x128xf32>) -> tensor<?x128xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<?x64xf32>, tensor<64x128xf32>) outs(%fq : tensor<?x128xf32>) -> tensor<?x128xf32>
  %ek = tensor.empty(%m) : tensor<?x32xf32>
  %fk = linalg.fill ins(%zero : f32) outs(%ek : tensor<?x32xf32>) -> tensor<?x32xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<?x64xf32>, tensor<64x32xf32>) outs(%fk : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %q, %k : tensor<?x128xf32>, tensor<?x32xf32>
}
