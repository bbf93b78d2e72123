// The `reduce` schedule (cooperative reductions over several or non-innermost
// loops: a block per output group, threads over the reduced elements, one
// partial per thread combined by a block-wide gpu.all_reduce, shfl.sync.bfly
// in the PTX): GroupNorm statistics and normalisation over a channel group x
// spatial, BatchNorm statistics (batch and spatial reduced, channels
// parallel), a reduction of a matrix to a scalar and its mean (a 0-d
// epilogue, as a group). Each compiles without spills for sm_90 and sm_80,
// ptxas assembles it, and its GPU schedule run on the CPU matches the
// original.
// REQUIRES: ptxas
// RUN: split-file %s %t
// RUN: %mlirfuse compile %t/gn.mlir --chip sm_90 -o %t/gn.sm_90.ptx | %FileCheck %s --check-prefixes=GN,NOSPILL
// RUN: ptxas -arch=sm_90 %t/gn.sm_90.ptx -o %t/gn.cubin
// RUN: %mlirfuse compile %t/gn.mlir --chip sm_80 -o %t/gn.sm_80.ptx | %FileCheck %s --check-prefixes=GN,NOSPILL
// RUN: ptxas -arch=sm_80 %t/gn.sm_80.ptx -o %t/gn.cubin
// RUN: %FileCheck %s --check-prefix=SHFL < %t/gn.sm_90.ptx
// RUN: %mlirfuse verify %t/gn.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/bn.mlir --chip sm_90 -o %t/bn.sm_90.ptx | %FileCheck %s --check-prefixes=BN,NOSPILL
// RUN: ptxas -arch=sm_90 %t/bn.sm_90.ptx -o %t/bn.cubin
// RUN: %mlirfuse compile %t/bn.mlir --chip sm_80 -o %t/bn.sm_80.ptx | %FileCheck %s --check-prefixes=BN,NOSPILL
// RUN: ptxas -arch=sm_80 %t/bn.sm_80.ptx -o %t/bn.cubin
// RUN: %FileCheck %s --check-prefix=SHFL < %t/bn.sm_80.ptx
// RUN: %mlirfuse verify %t/bn.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/full.mlir --chip sm_90 -o %t/full.sm_90.ptx | %FileCheck %s --check-prefixes=FULL,NOSPILL
// RUN: ptxas -arch=sm_90 %t/full.sm_90.ptx -o %t/full.cubin
// RUN: %mlirfuse compile %t/full.mlir --chip sm_80 -o %t/full.sm_80.ptx | %FileCheck %s --check-prefixes=FULL,NOSPILL
// RUN: ptxas -arch=sm_80 %t/full.sm_80.ptx -o %t/full.cubin
// RUN: %mlirfuse verify %t/full.mlir --schedule gpu | %FileCheck %s --check-prefix=OK
// RUN: %mlirfuse compile %t/mean0g.mlir --no-fuse --chip sm_90 -o %t/mean0g.sm_90.ptx | %FileCheck %s --check-prefixes=FULL,NOSPILL
// RUN: ptxas -arch=sm_90 %t/mean0g.sm_90.ptx -o %t/mean0g.cubin
// RUN: %mlirfuse compile %t/mean0g.mlir --no-fuse --chip sm_80 -o %t/mean0g.sm_80.ptx | %FileCheck %s --check-prefixes=FULL,NOSPILL
// RUN: ptxas -arch=sm_80 %t/mean0g.sm_80.ptx -o %t/mean0g.cubin
// RUN: %mlirfuse verify %t/mean0g.mlir --schedule gpu --pass-pipeline 'builtin.module(canonicalize)' | %FileCheck %s --check-prefix=OK
// GN: kernels: 1
// GN-NEXT: k0: reduce schedule, block (256, 1, 1)
// BN: kernels: 1
// BN-NEXT: k0: reduce schedule, block (256, 1, 1)
// FULL: kernels: 1
// FULL-NEXT: k0: reduce schedule, block (192, 1, 1)
// NOSPILL: {{_k0 +[0-9]+ +0 +0 }}
// SHFL: shfl.sync.bfly
// OK: verify: ok

//--- gn.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @groupnorm(%x: tensor<2x32x4x64xf32>) -> tensor<2x32x4x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e2 = tensor.empty() : tensor<2x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x32xf32>) -> tensor<2x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<2x32x4x64xf32>) outs(%f : tensor<2x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x32xf32>
  %e4 = tensor.empty() : tensor<2x32x4x64xf32>
  %c = linalg.generic {indexing_maps = [#id, #out, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %sum : tensor<2x32x4x64xf32>, tensor<2x32xf32>) outs(%e4 : tensor<2x32x4x64xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x32x4x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x32xf32>) -> tensor<2x32xf32>
  %sq = linalg.generic {indexing_maps = [#id, #out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%c : tensor<2x32x4x64xf32>) outs(%f2 : tensor<2x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #out, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %sq : tensor<2x32x4x64xf32>, tensor<2x32xf32>) outs(%e4 : tensor<2x32x4x64xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %r = math.rsqrt %ve : f32
    %o2 = arith.mulf %a, %r : f32
    linalg.yield %o2 : f32
  } -> tensor<2x32x4x64xf32>
  return %y : tensor<2x32x4x64xf32>
}

//--- bn.mlir
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
#v = affine_map<(d0) -> (d0)>
func.func @bnstats(%x: tensor<8x16x8x8xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 512.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.generic {indexing_maps = [#id, #ch], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x : tensor<8x16x8x8xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %mean = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%sum : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %mean : tensor<16xf32>
}

//--- full.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>
func.func @full(%x: tensor<64x48xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<64x48xf32>) outs(%f : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %sum : tensor<f32>
}

//--- mean0g.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>
func.func @mean0g(%x: tensor<64x48xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 3072.0 : f32
  %r = "fusion.group"() ({
    %e = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<64x48xf32>) outs(%f : tensor<f32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %m = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%sum : tensor<f32>) outs(%e : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %r = arith.divf %s, %n : f32
      linalg.yield %r : f32
    } -> tensor<f32>
    "gpu.yield"(%m) : (tensor<f32>) -> ()
  }) {fusion.pattern = "reduction-epilogue", fusion.id = 0 : i64, resultSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 1, 0>} : () -> tensor<f32>
  return %r : tensor<f32>
}
