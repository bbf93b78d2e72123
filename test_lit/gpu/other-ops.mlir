// Ops beyond the four workloads: named elementwise ops (generalized first),
// pooling (a windowed generic: conv schedule), sibling row reductions in one
// group (their loops fused), boolean results (i1 widened to bytes, kept
// scalar). Each compiles to its kernels and its GPU schedule matches the
// original on the CPU.
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/named.mlir --no-fuse | %FileCheck %s --check-prefix=NAMED
// RUN: %mlirfuse verify %t/named.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/pool.mlir --no-fuse | %FileCheck %s --check-prefix=POOL
// RUN: %mlirfuse verify %t/pool.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/stats.mlir --no-fuse --emit-gpu %t/stats.gpu.mlir | %FileCheck %s --check-prefix=STATS
// RUN: %FileCheck %s --check-prefix=STATSGPU < %t/stats.gpu.mlir
// RUN: %mlirfuse verify %t/stats.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/mask.mlir --no-fuse | %FileCheck %s --check-prefix=MASK
// RUN: %mlirfuse verify %t/mask.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// A tall tensor: the loop with most blocks goes to grid x (y and z stop at 65535).
// RUN: %mlirfuse compile %t/tall.mlir --emit-gpu %t/tall.gpu.mlir > /dev/null
// RUN: %FileCheck %s --check-prefix=TALL < %t/tall.gpu.mlir
// TALL: gpu.launch_func {{.*}} blocks in (%c100000, %c2, %c1)
// NAMED: kernels: 2
// NAMED-NEXT: k0: elementwise schedule
// NAMED-NEXT: k1: elementwise schedule
// POOL: kernels: 1
// POOL-NEXT: k0: conv schedule
// STATS: kernels: 1
// STATS-NEXT: k0: row schedule
// Both sibling reductions are split over the block's threads (the sibling
// root was left out of the thread level: each thread summed the whole row
// into the same output address, a race `race_check.py` refuses).
// STATSGPU: gpu.func @stats_k0
// STATSGPU-NOT: scf.for
// STATSGPU: gpu.all_reduce
// STATSGPU-NOT: scf.for
// STATSGPU: gpu.all_reduce
// STATSGPU-NOT: scf.for
// STATSGPU: gpu.return
// MASK: kernels: 1
// OK: verify: ok

//--- named.mlir
func.func @named(%a: tensor<16x64xf32>, %b: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %e = tensor.empty() : tensor<16x64xf32>
  %s = linalg.add ins(%a, %b : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %m = linalg.mul ins(%s, %a : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %m : tensor<16x64xf32>
}
//--- pool.mlir
func.func @pool(%x: tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32> {
  %ninf = arith.constant -3.4e38 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x8x16x16xf32>, tensor<2x2xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %p : tensor<1x8x8x8xf32>
}
//--- stats.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @stats(%x: tensor<16x256xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = "fusion.group"() ({
    %e = tensor.empty() : tensor<16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x256xf32>) outs(%f : tensor<16xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    } -> tensor<16xf32>
    %q = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x256xf32>) outs(%f : tensor<16xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %m = arith.mulf %v, %v : f32
      %a = arith.addf %m, %acc : f32
      linalg.yield %a : f32
    } -> tensor<16xf32>
    "gpu.yield"(%s, %q) : (tensor<16xf32>, tensor<16xf32>) -> ()
  }) {fusion.pattern = "sibling", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>} : () -> (tensor<16xf32>, tensor<16xf32>)
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xf32>
}
//--- mask.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @mask(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xi1> {
  %e = tensor.empty() : tensor<8x64xi1>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf ogt, %x, %y : f32
    linalg.yield %c : i1
  } -> tensor<8x64xi1>
  return %m : tensor<8x64xi1>
}
//--- tall.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tall(%a: tensor<100000x1024xf32>) -> tensor<100000x1024xf32> {
  %e = tensor.empty() : tensor<100000x1024xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<100000x1024xf32>) outs(%e : tensor<100000x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<100000x1024xf32>
  return %0 : tensor<100000x1024xf32>
}
